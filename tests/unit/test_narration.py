"""Event lines (``domain.narration``) in each ruleset's own terms, made from events its own
deciders record, against the seed's numbers: checks and rolls, damage, conditions, turns and
rounds, advancement. Characters appear as ``{character:<id>}`` tokens. No I/O."""

from __future__ import annotations

import re
from typing import Any

import msgspec

from contracts.narration import EventLine
from contracts.rulesets import boonbane as bb
from contracts.rulesets import golden_heroes as gh
from contracts.rulesets import potential as pt
from contracts.rulesets import wish as w
from contracts.rulesets.boonbane import play as bbp
from domain.dice import ScriptedDice
from domain.narration import event_label, line
from domain.rulesets import RULESETS
from domain.rulesets.boonbane import BOONBANE
from domain.rulesets.golden_heroes import generation, strike
from domain.rulesets.potential import POTENTIAL
from domain.rulesets.wish import WISH
from services.application.contract_modules import event_types
from tests.unit.golden_heroes.world import World, sheet
from tests.unit.potential.resisting import strike as potential_strike
from tests.unit.potential.test_potential_turns import SHEET, Table, adv
from tests.unit.wish.builders import build_sheet

CAMEL = re.compile(r"\b[A-Z][a-z]+[A-Z][A-Za-z]*\b")


def said(ruleset: Any, cmd: msgspec.Struct, states: dict[str, Any], faces: list[int],
         options: dict[str, Any] | None = None) -> list[tuple[str, EventLine | None]]:
    """Each event a command records, with its line (the character from its stream)."""
    events = ruleset.decide(cmd, states, ruleset.validate_options(options or {}),
                            ScriptedDice(faces))
    out = []
    for ev in events:
        data = msgspec.to_builtins(ev.data)
        character = ev.stream.split(":", 1)[1] if ev.stream.startswith("character:") else None
        out.append((ev.type, line(ev.type, data, character)))
        if ev.stream in states:
            states[ev.stream] = ruleset.evolve(states[ev.stream], ev.type, data)
    return out


def only(lines: list[tuple[str, EventLine | None]], event_type: str) -> EventLine:
    [found] = [said_ for t, said_ in lines if t == event_type]
    assert found is not None
    return found


# --------------------------------------------------------------------------- WISH (seed 000)


def wish_table() -> dict[str, Any]:
    foe = build_sheet(characteristics={"to": 1}, soak=1)
    return {"character:hero": build_sheet(skills={"Athletics": {"characteristic": "str",
                                                                "ranks": 1}}),
            "character:foe": foe, "encounter:brawl": None}


def test_wish_check_names_each_die_face_and_its_symbols() -> None:
    """L4 "8: 1 success", L8 "4: 1 boon", L44 "2: 2 failures", L40 "6: 2 banes", L48 "6: 1
    serendipity": net -1 success is a failure (L522-524), 1 boon against 2 banes 1 bane."""
    cmd = w.RollCheck(campaign_id="c", character_id="hero", characteristic="str",
                      skill="Athletics", difficulty=2)
    check = only(said(WISH, cmd, wish_table(), [8, 4, 2, 6, 6]), "wish.CheckRolled")
    assert check.outcome == "failure"
    assert check.text == (
        "{character:hero} rolled Athletics (Str): failure, -1 net successes, 1 bane, "
        "1 serendipity. Dice: Characteristic 8 (1 success); Characteristic 4 (1 boon); "
        "Challenge 2 (2 failures); Challenge 6 (2 banes); Expertise 6 (1 serendipity).")


def test_wish_attack_hit_and_damage_less_soak() -> None:
    """Two Characteristic 8s: 2 net successes, a hit; the goon's Soak 1 takes one off (L185)."""
    table = wish_table()
    lines = said(WISH, w.Attack(campaign_id="c", character_id="hero", target_id="foe",
                                characteristic="str"), table, [8, 8])
    hit = only(lines, "wish.CheckRolled")
    assert hit.outcome == "success" and hit.text.startswith(
        "{character:hero} attacked {character:foe} (Str): a hit, 2 net successes.")
    damage = only(lines, "wish.DamageTaken")
    assert re.fullmatch(r"\{character:foe\} took (\d+) physical damage \((\d+) less 1 "
                        r"mitigated\): \1 Wounds? lost\.", damage.text), damage.text
    more = only(said(WISH, w.ApplyDamage(campaign_id="c", character_id="foe", amount=3), table,
                     []), "wish.DamageTaken")
    assert more.text.startswith("{character:foe} took 2 physical damage (3 less 1 mitigated)")


def test_wish_conditions_turns_rounds_and_experience() -> None:
    table = wish_table()
    gained = only(said(WISH, w.AddCondition(campaign_id="c", character_id="hero",
                                            name="Staggered"), table, []), "wish.ConditionAdded")
    assert gained.text.startswith("{character:hero} gained the condition Staggered")
    cond_id = table["character:hero"]["conditions"][0]["id"]
    lost = only(said(WISH, w.RemoveCondition(campaign_id="c", character_id="hero",
                                             condition_id=cond_id), table, []),
                "wish.ConditionRemoved")
    assert lost.text == f"{{character:hero}} lost a condition ({cond_id}, removed)."
    started = said(WISH, w.StartEncounter(campaign_id="c", encounter_id="brawl",
                                          participants=["hero", "foe"]), table, [])
    assert only(started, "wish.EncounterStarted").text == \
        "An encounter began: {character:hero}, {character:foe}."
    assert line("wish.TurnStarted", {"character_id": "hero"}).text == \
        "{character:hero}'s turn began."  # type: ignore[union-attr]
    assert line("wish.RoundEnded", {"round": 2}).text == "Round 2 ended."  # type: ignore[union-attr]
    xp = only(said(WISH, w.AwardExperience(campaign_id="c", character_id="hero", xp=2), table,
                   []), "wish.ExperienceAwarded")
    assert xp.text == "{character:hero} gained 2 XP (2 advances)."  # 1 advance per XP (L605)


# --------------------------------------------------------------------------- Golden Heroes (002)


def test_golden_heroes_strike_roll_and_its_critical_hit_table_entry() -> None:
    """L79: d20 + WC + DC, DC 1-4 adding 5, 18 or more hits; an unmodified 20 is a critical hit
    and d10 6 on the Critical Hit Table is the nerve centre: +1d6 HTC (L88)."""
    miss = strike.resolve(ScriptedDice([10]), character_id="a", target_id="b", weapon_class=2,
                          defence_class=3, modifiers=[], attacker_superpowered=True,
                          target_superpowered=True)
    said_ = line("golden-heroes.StrikeRolled", msgspec.to_builtins(miss))
    assert said_ == EventLine(text="{character:a} struck at {character:b} with fist: "
                                   "10 + WC 2 + DC 5 = 17, a miss.", outcome="failure")
    crit = strike.resolve(ScriptedDice([20, 6]), character_id="a", target_id="b",
                          weapon_class=0, defence_class=1, modifiers=[],
                          attacker_superpowered=True, target_superpowered=True)
    text = line("golden-heroes.StrikeRolled", msgspec.to_builtins(crit)).text  # type: ignore[union-attr]
    assert text.endswith("a hit - a CRITICAL HIT (d10 6: nerve centre: +1d6 HTC).")
    fumble = strike.resolve(ScriptedDice([1, 5]), character_id="a", target_id="b",
                            weapon_class=5, defence_class=12, modifiers=[],
                            attacker_superpowered=True, target_superpowered=True)
    text = line("golden-heroes.StrikeRolled", msgspec.to_builtins(fumble)).text  # type: ignore[union-attr]
    assert "CRITICAL MISS (d10 5: left open: the next attack on them gets +2" in text  # L95


def test_golden_heroes_damage_after_a_dodge_and_the_generation_dice() -> None:
    """The digest's worked example (appendix B): Str 25 from behind on Armour G1 with a 9 hits
    (18); the dodge glances; 7 HTC halved by the divider to 3 HTC, 0 HTK (L101, L119)."""
    world = World(hero=sheet(attributes={"strength": 25}),
                  foe=sheet(powers=[{"power": "armour", "grade": 1}]))
    world.run(gh.Strike(campaign_id="c", character_id="hero", target_id="foe",
                        circumstances=["behind"], to_htk=10), [9])
    [resolved, *_] = world.run(gh.Respond(campaign_id="c", character_id="foe", response="dodge"),
                               [4, 3, 4, 3])
    text = line(resolved.type, resolved.data).text  # type: ignore[union-attr]
    assert text.startswith("{character:foe} answered with a dodge (4): glancing; "
                           "{character:foe} took 3 HTC and 0 HTK from {character:hero}'s fist")
    assert text.endswith("now HTC 37, HTK 40.")
    # L3: 3d6 per attribute; L9: 1d6 per point of Vigour for each of HTC and HTK
    faces = [1, 2, 3, 6, 6, 6, 4, 4, 4, 1, 1, 1] + [6, 5, 4] + [1, 2, 3]
    made = generation.generate("x", "superpowered", ScriptedDice(faces), "3d6")
    assert line("golden-heroes.CharacterGenerated", msgspec.to_builtins(made)).text == (  # type: ignore[union-attr]
        "{character:x} was generated (3d6): Ego 6 (1, 2, 3), Strength 18 (6, 6, 6), "
        "Dexterity 12 (4, 4, 4), Vigour 3 (1, 1, 1); HTC 15, HTK 6.")


def test_golden_heroes_conditions_phases_and_dups() -> None:
    noted = line("golden-heroes.ConditionNoted", {"encounter_id": "f", "character_id": "a",
                                                  "condition": "stunned"})
    assert noted == EventLine(text="{character:a} is now stunned.")
    assert line("golden-heroes.PhaseEnded", {"encounter_id": "f", "round": 1, "phase": 2,
                                             "next_phase": 0}).text == \
        "Round 1: phase 2 ended; the round is over."  # type: ignore[union-attr]
    assert line("golden-heroes.FramesUsed", {}) is None  # bookkeeping


# --------------------------------------------------------------------------- Boonbane (001)


def test_boonbane_boons_show_every_d6_and_the_one_that_counted() -> None:
    """L14: "Each boon adds 1d6. Keep the highest boon die and add it to the d20"; L16 boons
    and banes cancel one for one. d20 9 + Str 3 + the highest of 2, 5, 3 = 17 vs Defense 14."""
    states = {f"character:{k}": BOONBANE.validate_sheet(v, {}) for k, v in {
        "hero": {"strength": 13, "afflictions": [{"name": "frightened"}]},
        "foe": {"defense": 14, "afflictions": [{"name": "prone"}, {"name": "stunned"}]}}.items()}
    cmd = bb.AttackRoll(campaign_id="c", character_id="hero", target_id="foe",
                        situations=["feinted"])
    roll = only(said(BOONBANE, cmd, states, [9, 2, 5, 3]), "boonbane.RollMade")
    assert roll == EventLine(
        text="{character:hero} made a Strength attack roll against {character:foe}: d20 9 + 5 "
             "(3 boons: d6 2, 5, 3, highest counts) + 3 = 17 against 14, success.",
        outcome="success")
    states["character:hero"] = BOONBANE.validate_sheet({"agility": 12}, {})
    banes = only(said(BOONBANE, bb.ChallengeRoll(campaign_id="c", character_id="hero",
                                                 stat="agility", situational_banes=2), states,
                      [10, 4, 6]), "boonbane.RollMade")
    assert "- 6 (2 banes: d6 4, 6, highest counts)" in banes.text and banes.outcome in (
        "success", "failure")


def test_boonbane_damage_and_afflictions() -> None:
    """L26: Damage equal to Health incapacitates; L27: never past Health."""
    states = {"character:x": BOONBANE.validate_sheet({"health": 11}, {})}
    hurt = only(said(BOONBANE, bb.TakeDamage(campaign_id="c", character_id="x", amount=6),
                     states, []), "boonbane.DamageTaken")
    assert hurt.text == "{character:x} took 6 damage: Damage 6 of Health 11, injured."
    added = only(said(BOONBANE, bbp.AddAffliction(campaign_id="c", character_id="x",
                                                  name="frightened"), states, []),
                 "boonbane.AfflictionAdded")
    assert added.text.startswith("{character:x} is now frightened")
    removed = only(said(BOONBANE, bbp.RemoveAffliction(campaign_id="c", character_id="x",
                                                       name="frightened"), states, []),
                   "boonbane.AfflictionRemoved")
    assert removed.text == "{character:x} is no longer frightened."


def test_boonbane_a_grab_is_said_once() -> None:
    """L179-L181: a grab is recorded on both creatures' streams; the table reads it once."""
    started = {"grabber_id": "hero", "target_id": "foe", "until_round": 2}
    assert line("boonbane.GrabStarted", {**started, "character_id": "hero"}) is None
    assert line("boonbane.GrabStarted", {**started, "character_id": "foe"}) == EventLine(
        text="{character:hero} grabbed {character:foe}.")
    ended = line("boonbane.GrabEnded", {**started, "character_id": "foe",
                                        "cause": "escaped L167"})
    assert ended == EventLine(text="{character:foe} is no longer grabbed by {character:hero} "
                                   "(escaped).")


# --------------------------------------------------------------------------- Potential (003)


def test_potential_attack_degree_of_success_and_life_discarded() -> None:
    """L54: the attacker must beat the resistance; "How hurt they are is the difference between
    the two rolls, known as the degree of success"; L57: discard Life advantages to cover it."""
    t = Table(y={"advantages": [adv("arm", 5, keywords=["Life"])]}, z=SHEET)
    [resolved, *_] = potential_strike(t, pt.Attack(campaign_id="c", character_id="z",
                                               target_id="y", focus="x",
                                               advantages=["cut", "dodge"]), (6, 6),
                                  decline=True)
    said_ = line("potential.AttackResolved", resolved)
    assert said_ is not None and said_.outcome == "success"
    assert said_.text.startswith("{character:z} attacked {character:y} (x): d6 6, 6 + 2: "
                                 "score 14 against ")
    assert said_.text.endswith("a hit, degree of success 13: 13 damage to cover.")
    [discarded] = t.do(pt.DiscardLife(campaign_id="c", character_id="y", advantages=["arm"]))
    assert line("potential.LifeDiscarded", discarded).text == (  # type: ignore[union-attr]
        "{character:y} discarded arm (5 CP) against 13 damage; every Life advantage is gone.")


def test_potential_action_and_status() -> None:
    """A tie fails (L25): 3 + 3 + 6 = 12 against 12."""
    s = POTENTIAL.validate_sheet({"advantages": [adv("a", modifier=6), adv("b")]}, {})
    [ev] = POTENTIAL.decide(pt.TakeAction(campaign_id="c", character_id="h", focus="climb",
                                          advantages=["a", "b"], resistance=12),
                            {"character:h": s}, {}, ScriptedDice([3, 3]))
    assert line(ev.type, ev.data) == EventLine(
        text="{character:h} acted (climb): d6 3, 3 + 6: score 12 against resistance 12, "
             "failure.", outcome="failure")
    status = line("potential.StatusApplied", {"character_id": "y", "status": {
        "name": "Dazed", "source_id": "z", "advantage": "stun", "degree": 2}})
    assert status == EventLine(text="{character:y} is now Dazed (from {character:z}'s stun).")


# --------------------------------------------------------------------------- every event type


def test_every_event_type_has_a_label_in_words_and_unknown_ones_a_generic_line() -> None:
    types = set(event_types())
    for ruleset in RULESETS.values():
        types |= set(getattr(ruleset, "roll_events", ()))
    for event_type in types:
        label = event_label(event_type)
        assert label and not CAMEL.search(label) and "." not in label, (event_type, label)
    generic = line("wish.SomethingNew", {"character_id": "hero"})
    assert generic == EventLine(text="{character:hero}: something new.")
    assert line("boonbane.OddThing", {}) == EventLine(text="Odd thing.")
    # an older event of a known type that lacks a field: its label, never an error
    assert line("wish.CheckRolled", {}) == EventLine(text="Check rolled.")
