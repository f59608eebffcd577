"""Traits (L232-281) and justifications (L283-376) of stunts."""

from __future__ import annotations

from typing import Any

import pytest

from contracts.rulesets.wish import Attack, Purchase, RollCheck, SpendAdvance, TakeHindrance
from domain.dice import ScriptedDice
from domain.errors import DomainError, StateConflict
from domain.rulesets.wish import WISH, justifications, traits
from domain.rulesets.wish import sheet as sheets
from domain.rulesets.wish.state import Stunt
from tests.unit.wish.builders import build_sheet, states


def run(st: dict[str, Any], cmd: Any, dice: list[int] | None = None) -> dict[str, Any]:
    st = dict(st)
    for e in WISH.decide(cmd, st, {}, ScriptedDice(dice or [])):
        st[e.stream] = WISH.evolve(st.get(e.stream), e.type, e.data)
    return st


def test_the_seeds_traits_and_only_those_L240_L281() -> None:
    for t in ("Open", "Push", "Delay", "Passive", "React", "Persisted", "Burst", "Blast",
              "Pierce (3)", "Unreliable (2)", "3 Turns", "Fire", "Might"):
        assert traits.known(t), t
    for t in ("Sneaky", "Pierce", "Pierce (x)", "Gadget (2)"):
        assert not traits.known(t), t
    with pytest.raises(DomainError) as err:
        build_sheet(stunts={"Bash": {"traits": ["Melee", "Sneaky"]}})
    assert (err.value.field, err.value.rule) == ("sheet.stunts.Bash.traits", "wish.trait L232-281")


def test_push_and_delay_move_the_stance_when_used_L249_L250() -> None:
    st = states(hero=build_sheet(stunts={"Rush": {"traits": ["Push"]},
                                         "Guard": {"traits": ["Delay"]}}))
    pushed = run(st, RollCheck(campaign_id="c", character_id="hero", characteristic="str",
                               stunt="Rush"), [1, 1])
    assert pushed["character:hero"]["stance"]["position"] == 1
    back = run(pushed, RollCheck(campaign_id="c", character_id="hero", characteristic="str",
                                 stunt="Guard"), [1, 1, 1])
    assert back["character:hero"]["stance"]["position"] == 0


def test_a_movement_stunt_does_not_work_while_held_L245_L1461() -> None:
    st = states(hero=build_sheet(characteristics={"str": 2}, stunts={"Leap": {"traits": [
        "Movement"]}}, conditions=[{"id": "c1", "name": "Held", "tokens": 2}]))
    with pytest.raises(StateConflict) as err:
        WISH.decide(RollCheck(campaign_id="c", character_id="hero", characteristic="int",
                              stunt="Leap"), st, {}, ScriptedDice([1, 1]))
    assert err.value.rule == "wish.trait.movement L245, L1461"


def test_pierce_lowers_the_targets_soak_L272() -> None:
    """'Pierce (3) is synonymous with -3 Soak' (L272)."""
    st = states(hero=build_sheet(stunts={"Lance": {"traits": ["Pierce (3)"]}}),
                foe=build_sheet(soak=3))
    faces = [8, 8]  # two CHR 8s: success each (L7)
    hit = WISH.decide(Attack(campaign_id="c", character_id="hero", target_id="foe",
                             characteristic="str", stunt="Lance", base_damage=4),
                      st, {}, ScriptedDice(faces))
    [taken] = [e for e in hit if e.type == "wish.DamageTaken"]
    plain = WISH.decide(Attack(campaign_id="c", character_id="hero", target_id="foe",
                               characteristic="str", base_damage=4), st, {}, ScriptedDice(faces))
    [soaked] = [e for e in plain if e.type == "wish.DamageTaken"]
    assert taken.data["wounds_lost"] == soaked.data["wounds_lost"] + 3


def test_intrinsic_justifications_of_gear_magic_and_mind_L326_L345_L356() -> None:
    hero = sheets.load(build_sheet())
    assert justifications.effective(hero, Stunt(sfx="Gear")) == "device"
    assert justifications.effective(hero, Stunt(sfx="Gear", facilitators=["Innate"])) == "innate"
    assert justifications.effective(hero, Stunt(sfx="Magic")) == "arcane"
    assert justifications.effective(hero, Stunt(sfx="Magic", traits=["Passive"])) == "innate"
    assert justifications.effective(hero, Stunt(sfx="Mind")) == "psychic"
    assert justifications.effective(hero, Stunt(sfx="Fire")) == "innate"


def test_chosen_justifications_need_the_seeds_eligibility_L328_L345_L356_L370() -> None:
    with pytest.raises(DomainError) as err:
        build_sheet(stunts={"Zap": {"justification": "arcane"}})
    assert err.value.rule == "wish.justification.arcane L345"
    build_sheet(origin="Mystic", stunts={"Zap": {"justification": "arcane"}})
    build_sheet(skills={"Arts Arcane": {"characteristic": "int", "kind": "advanced", "ranks": 1}},
                stunts={"Zap": {"justification": "arcane"}})
    build_sheet(origin="Natural", stunts={"Luck": {"justification": "karmic"}})
    with pytest.raises(DomainError):
        build_sheet(stunts={"Mind Blast": {"justification": "psychic"}})
    with pytest.raises(DomainError) as err:
        build_sheet(stunts={"Zap": {"justification": "holy"}})
    assert err.value.rule == "wish.justification L283"


def test_karmic_stunts_need_one_fortune_L362() -> None:
    st = states(hero=build_sheet(origin="Cosmic", fortune=0,
                                 stunts={"Fate": {"justification": "karmic"}}))
    with pytest.raises(StateConflict) as err:
        WISH.decide(RollCheck(campaign_id="c", character_id="hero", characteristic="wp",
                              stunt="Fate"), st, {}, ScriptedDice([1, 1]))
    assert err.value.rule == "wish.justification.karmic L362"


def test_making_a_stunt_a_device_is_a_hindrance_for_those_who_may_L328() -> None:
    cmd = TakeHindrance(campaign_id="c", character_id="hero", name="Device", stunt="Blaster")
    anyone = states(hero=build_sheet(stunts={"Blaster": {}}))
    with pytest.raises(StateConflict):
        WISH.decide(cmd, anyone, {}, ScriptedDice([]))
    tech = run(states(hero=build_sheet(origin="Technologist", stunts={"Blaster": {}})), cmd)
    hero = tech["character:hero"]
    assert hero["stunts"]["Blaster"]["justification"] == "device"
    assert hero["hindrance_points"] == 1


def test_a_bought_stunt_carries_its_traits_and_justification_L500_L289() -> None:
    st = states(hero=build_sheet(origin="Mystic", advances=3))
    cmd = SpendAdvance(campaign_id="c", character_id="hero", purchase=Purchase(
        kind="stunt", target="Hex", sfx="Bedevil", traits=["Mental", "Push"],
        justification="arcane"))
    hero = run(st, cmd)["character:hero"]
    stunt = hero["stunts"]["Hex"]
    assert (stunt["traits"], stunt["justification"]) == (["Mental", "Push"], "arcane")
    assert stunt["off_sfx"] is True and hero["advances"] == 0  # no Bedevil access: 1 + 2 (L476)
    bad = SpendAdvance(campaign_id="c", character_id="hero", purchase=Purchase(
        kind="stunt", target="Odd", traits=["Weird"]))
    with pytest.raises(DomainError) as err:
        WISH.decide(bad, st, {}, ScriptedDice([]))
    assert err.value.field == "purchase.traits"


def test_an_unreliable_stunt_fails_on_its_calamities_until_restored_L273() -> None:
    """'if an effect were Unreliable (2) and two calamities were rolled in a related check the
    effect would fail and become unusable' (L273). Face 1 of the challenge die is a calamity."""
    from contracts.rulesets.wish import RestoreStunt

    st = states(hero=build_sheet(stunts={"Jet": {"traits": ["Unreliable (2)"]}}))
    use = RollCheck(campaign_id="c", character_id="hero", characteristic="str", stunt="Jet",
                    difficulty=2)
    once = run(st, use, [1, 1, 1, 2])  # CHR, CHR, then CHL 1 (calamity) and CHL 2
    assert once["character:hero"]["stunts"]["Jet"]["unusable"] is False
    failed = WISH.decide(use, st, {}, ScriptedDice([1, 1, 1, 1]))
    assert [e.type for e in failed][-1] == "wish.StuntFailed"
    broken = run(st, use, [1, 1, 1, 1])
    with pytest.raises(StateConflict) as err:
        WISH.decide(use, broken, {}, ScriptedDice([1, 1, 1, 1]))
    assert err.value.rule == "wish.trait.unreliable L273"
    back = run(broken, RestoreStunt(campaign_id="c", character_id="hero", stunt="Jet"))
    assert back["character:hero"]["stunts"]["Jet"]["unusable"] is False


def test_melee_and_ranged_stunts_at_their_range_L241_L242() -> None:
    """Melee: 'usable while engaged with an opponent' (L241); Ranged: 'usable at close or longer
    range' (L242)."""
    from contracts.rulesets.wish import SetSeparation, StartEncounter, StartTurn

    st = states(hero=build_sheet(stunts={"Jab": {"traits": ["Melee"]},
                                         "Shot": {"traits": ["Ranged"]},
                                         "Whip": {"traits": ["Melee", "Ranged"]}}),
                foe=build_sheet())
    st = run(st, StartEncounter(campaign_id="c", encounter_id="e", participants=["hero", "foe"]))
    st = run(st, StartTurn(campaign_id="c", encounter_id="e", character_id="hero"))

    def use(state: dict[str, Any], stunt: str) -> None:
        WISH.decide(RollCheck(campaign_id="c", character_id="hero", target_id="foe",
                              encounter_id="e", characteristic="str", stunt=stunt),
                    state, {}, ScriptedDice([1] * 10))

    close = run(st, SetSeparation(campaign_id="c", encounter_id="e", character_id="hero",
                                  target_id="foe", maneuvers=1))
    with pytest.raises(StateConflict) as err:
        use(close, "Jab")
    assert err.value.rule == "wish.trait.melee L241"
    use(close, "Shot")
    use(close, "Whip")
    engaged = run(st, SetSeparation(campaign_id="c", encounter_id="e", character_id="hero",
                                    target_id="foe", maneuvers=0))
    with pytest.raises(StateConflict) as err:
        use(engaged, "Shot")
    assert err.value.rule == "wish.trait.ranged L242"
    use(engaged, "Jab")
    WISH.decide(RollCheck(campaign_id="c", character_id="hero", target_id="foe", encounter_id="e",
                          characteristic="str", stunt="Shot"), engaged,
                {"trait_ranges_enforced": False}, ScriptedDice([1] * 10))


def test_sfx_stunts_cost_more_without_the_sfx_L277_L476_L478() -> None:
    """L277 'a character must have the appropriate SFX to purchase or advance an ability with the
    corresponding Trait at the normal price'; L476 '2 additional ... to acquire Rating 1, and 1
    additional ... each to raise the Rating by 1'; L1212 an origin's SFX counts."""
    def cost(sheet: dict[str, Any], kind: str, target: str, sfx: str = "Open") -> int:
        st = states(hero=sheet)
        [spent] = WISH.decide(SpendAdvance(campaign_id="c", character_id="hero", purchase=Purchase(
            kind=kind, target=target, sfx=sfx)), st, {}, ScriptedDice([]))  # type: ignore[arg-type]
        return int(spent.data["cost"])

    brick = build_sheet(advances=9, archetype_tiers=[{"archetype": "Brick"}],
                        stunts={"Smash": {"sfx": "Might"}, "Zap": {"sfx": "Electric"}})
    assert cost(brick, "stunt", "Haymaker", "Might") == 1
    assert cost(brick, "stunt", "Jolt", "Electric") == 3
    assert cost(brick, "stunt", "Dodge", "Open") == 1
    assert cost(brick, "stunt_rating", "Smash") == 1
    assert cost(brick, "stunt_rating", "Zap") == 2
    cat = build_sheet(advances=9, origin="Anthropomorphic")  # Animal Ferocity: Feral (L789)
    assert cost(cat, "stunt", "Claws", "Feral") == 1
    mage = build_sheet(advances=9, origin="Mystic", origin_talent="Spellcaster")  # Magic (L843)
    assert cost(mage, "stunt", "Bolt", "Magic") == 1
