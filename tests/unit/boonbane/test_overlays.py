"""The Overlay module (L335-L417), decided and folded without I/O, against the seed's numbers."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Final

import msgspec
import pytest

from contracts.rulesets.boonbane import ChallengeRoll, FateRoll, TakeDamage
from contracts.rulesets.boonbane import overlays as o
from contracts.rulesets.boonbane.overlays import ReinterpretAction, StartSession
from domain.dice import ScriptedDice
from domain.errors import DomainError
from domain.rulesets.boonbane import BOONBANE
from domain.rulesets.boonbane.overlays import spell_consequence
from tests.unit.boonbane import digest_oracle as oracle
from tests.unit.boonbane.test_turns import Table

C: Final = "c"


class One:
    """One creature's sheet, commands decided and folded in turn."""

    def __init__(self, options: dict[str, Any] | None = None, **sheet: Any) -> None:
        self.states: dict[str, Any] = {"character:x": BOONBANE.validate_sheet(sheet, {})}
        self.options = BOONBANE.validate_options(options or {})

    def send(self, cmd: msgspec.Struct, faces: list[int] | None = None) -> list[dict[str, Any]]:
        dice = ScriptedDice(faces or [])
        events = BOONBANE.decide(cmd, self.states, self.options, dice)
        assert dice.remaining == 0
        if events and events[0].type in BOONBANE.roll_events:
            assert BOONBANE.reread(events[0].type, events[0].data, dice.drawn) == []
        for ev in events:
            self.states[ev.stream] = BOONBANE.evolve(self.states[ev.stream], ev.type, ev.data)
        return [{"type": e.type, **e.data} for e in events]

    @property
    def sheet(self) -> dict[str, Any]:
        out: dict[str, Any] = self.states["character:x"]
        return out

    def roll(self, faces: list[int], **extra: Any) -> dict[str, Any]:
        return self.send(ChallengeRoll(campaign_id=C, character_id="x", stat="will", **extra),
                         faces)[0]


def test_spell_consequence_table_and_the_scene_bonus() -> None:
    # digest §2.8: the outcome distribution for each bonus j matches the oracle's model
    for j in range(6):
        dist: dict[str, Fraction] = {}
        for d6 in range(1, 7):
            key = spell_consequence.outcome(min(6, d6 + j)).split(" L")[0]
            dist[key] = dist.get(key, Fraction(0)) + Fraction(1, 6)
        want = {k.split(" (")[0]: v for k, v in oracle.spell_consequence(j).items() if v}
        assert dist == want
    one = One(corruption=0)
    cast = o.CastSpell(campaign_id=C, character_id="x", spell="bolt", rank=3)
    first = one.send(cast, [1])[0]
    assert (first["d6"], first["bonus"], first["result"], first["outcome"]) == (
        1, 0, 1, "no effect L416")
    # a rank 0 spell cast for the first time rolls nothing (L415)
    quiet = one.send(o.CastSpell(campaign_id=C, character_id="x", spell="light"))[0]
    assert quiet["d6"] is None and quiet["triggers"] == []
    # digest Appendix B 10: the third triggering cast with d6 5: +2 = 7, counted as 6 ->
    # Corruption +1 and an anomaly; "bolt" again is also a repeated casting (L415)
    second = one.send(cast, [2])[0]
    assert second["result"] == 3 and "repeated casting L415" in second["triggers"]
    third = one.send(cast, [5])[0]
    assert (third["bonus"], third["result"], third["outcome"]) == (
        2, 6, "Corruption +1 and anomaly L416")
    assert one.sheet["corruption"] == 1
    # 4-5: Exposure +1; the scene's end forgets the casts (L417)
    one.send(o.EndScene(campaign_id=C, participants=["x"]))
    assert one.send(cast, [4])[0]["outcome"] == "Exposure +1 L416"
    assert one.sheet["exposure_tier"] == 1 and one.sheet["triggering_casts"] == 1


def test_insanity_thresholds_and_the_will_penalty() -> None:
    one = One()
    ev = one.send(o.ChangeInsanity(campaign_id=C, character_id="x", change=9, reason="tome"))[0]
    # at 3, 6 and 9 (L389-L391); at 9 +1 Exposure tier
    assert ev["effects"][:3] == ["Insanity 3: minor behavior distortion L389",
                                 "Insanity 6: persistent delusion with mechanical impact L390",
                                 "Insanity 9: gain +1 Exposure tier L391"]
    assert one.sheet["exposure_tier"] == 1 and one.sheet["insanity_thresholds"] == [3, 6, 9]
    # -1 per 3 Insanity on Will challenge rolls (L387): -3 at 9
    roll = one.roll([13])
    assert roll["modifier"] == -3 and roll["total"] == 10 and roll["success"] is True
    # falling below and crossing 9 again re-arms it (D-43), 12 gives a permanent trait (L392)
    one.send(o.ChangeInsanity(campaign_id=C, character_id="x", change=-1, reason="rest"))
    one.send(o.ChangeInsanity(campaign_id=C, character_id="x", change=4, reason="gaze"))
    assert one.sheet["exposure_tier"] == 2
    assert one.sheet["traits"] == ["permanent instability trait L392"]
    once = One({"threshold_rearm": False}, insanity=9, insanity_thresholds=[3, 6, 9])
    once.send(o.ChangeInsanity(campaign_id=C, character_id="x", change=-1, reason="rest"))
    once.send(o.ChangeInsanity(campaign_id=C, character_id="x", change=1, reason="again"))
    assert once.sheet["exposure_tier"] == 0


def test_corruption_thresholds_and_interaction_boons() -> None:
    one = One()
    ev = one.send(o.ChangeCorruption(campaign_id=C, character_id="x", change=6, reason="pact"))[0]
    assert ev["effects"] == ["Corruption 3: subtle environmental reactions L347",
                             "Corruption 6: spell side effects begin L348"]
    # every 2 Corruption: 1 boon with corrupted entities, 1 bane with non-corrupted NPCs
    roll = one.roll([10, 1, 2, 3], interaction="corrupted")
    assert roll["boons"] == 3 and roll["kept"] == 3
    assert one.roll([10, 4, 5, 6], interaction="non_corrupted")["banes"] == 3


def test_exposure_gain_relief_and_the_tier_banes() -> None:
    # digest Appendix B 9: tier 1 + an artifact -> tier 2; Perception gets 1 bane, not 2
    one = One(exposure_tier=1)
    used = one.send(o.UseArtifact(campaign_id=C, character_id="x", artifact="lens",
                                  grade="major", effect="see the unseen", insanity=1,
                                  aftereffect="nightmares"))[0]
    assert [s.split(":")[0] for s in used["steps"]] == [
        "primary effect", "immediate cost", "Exposure check", "aftereffect"]  # L341
    assert one.sheet["exposure_tier"] == 2 and one.sheet["insanity"] == 1
    perception = one.send(ChallengeRoll(campaign_id=C, character_id="x", stat="perception"),
                          [10, 3])[0]
    assert perception["banes"] == 1 and perception["sources"][0]["line"] == "L371"
    one.send(o.TriggerExposure(campaign_id=C, character_id="x", trigger="forbidden_information"))
    over = one.send(o.TriggerExposure(campaign_id=C, character_id="x", trigger="artifact"))[0]
    assert one.sheet["exposure_tier"] == 3 and over["effects"][0].endswith("D-47")
    one.send(o.RelieveExposure(campaign_id=C, character_id="x", cause="safe_rest"))
    assert one.sheet["exposure_tier"] == 2


def test_escalation_tokens_from_failed_critical_rolls_clear_on_success() -> None:
    one = One()
    failed = one.send(ChallengeRoll(campaign_id=C, character_id="x", stat="will",
                                    task_key="ritual", critical=True), [2])
    assert failed[-1]["type"] == "boonbane.EscalationChanged" and failed[-1]["tokens"] == 1
    one.send(ChallengeRoll(campaign_id=C, character_id="x", stat="will", task_key="ritual",
                           critical=True), [3, 1])
    assert one.sheet["escalation"] == {"ritual": 2}
    # each token 1 bane on the related roll (L360); success clears them (L361)
    ok = one.send(ChallengeRoll(campaign_id=C, character_id="x", stat="will", task_key="ritual"),
                  [20, 1, 1])
    assert ok[0]["banes"] == 2 and ok[0]["success"] is True and one.sheet["escalation"] == {}


def test_repetition_banes_second_third_fourth_time() -> None:
    one = One()
    banes = []
    for faces in ([10], [10, 1], [10, 1, 1], [10, 1, 1, 1], [10, 1, 1, 1]):
        banes.append(one.roll(faces, action_key="melee")["banes"])
    assert banes == [0, 1, 2, 3, 3]  # L409-L411
    assert one.roll([10], action_key="shove")["banes"] == 0  # resets when it changes (L412)
    exempt = One({"repetition_exempt": ["melee"]})
    assert [exempt.roll([10], action_key="melee")["banes"] for _ in range(3)] == [0, 0, 0]


def test_invulnerability_and_death_state() -> None:
    one = One(health=10)
    hit = lambda amount, status: one.send(TakeDamage(  # noqa: E731
        campaign_id=C, character_id="x", amount=amount, invulnerability=status))[0]
    assert hit(9, "unmet")["applied"] == 0  # L396
    assert hit(9, "partial")["applied"] == 4  # L397: halved, rounded down
    assert hit(3, "met")["applied"] == 3 and one.sheet["damage"] == 7
    # the Death State option: massive damage marks the creature dead instead (L352-L355)
    marked = One({"death_mode": "death_state"}, health=10)
    ev = marked.send(TakeDamage(campaign_id=C, character_id="x", amount=10))[0]
    assert ev["marked_dead"] is True and marked.sheet["marked_dead"] is True
    roll = marked.roll([10, 4])
    assert roll["banes"] == 1 and roll["sources"][0]["line"] == "L355"
    with pytest.raises(DomainError) as err:
        marked.send(TakeDamage(campaign_id=C, character_id="x", amount=1))
    assert err.value.rule == "boonbane.death-state D-60"
    ended = marked.send(o.FulfillDeathCondition(campaign_id=C, character_id="x"))[0]
    assert ended["damage"] == 9 and marked.sheet["marked_dead"] is False  # L356, D-60
    # a dying character's Fate 1 becomes the Death State too
    dying = One({"death_mode": "death_state"}, health=4, damage=4, life_state="dying",
                afflictions=[{"name": "unconscious", "source": "dying L40"}])
    fate = dying.send(FateRoll(campaign_id=C, character_id="x"), [1])[0]
    assert fate["marked_dead"] is True and dying.sheet["afflictions"] == []


def test_knowledge_gate_unknown_fails_partial_reduces() -> None:
    one = One()
    gate = one.roll([], knowledge="old tongue")
    assert gate["automatic"] == "knowledge gate 'old tongue' unknown L402 L405"
    one.send(o.SetKnowledge(campaign_id=C, character_id="x", gate="old tongue", level="partial"))
    assert one.roll([10], knowledge="old tongue")["reduced_effect"] is True  # L403
    one.send(o.SetKnowledge(campaign_id=C, character_id="x", gate="old tongue", level="known"))
    assert one.roll([10], knowledge="old tongue")["reduced_effect"] is False  # L404
    soft = One({"knowledge_gate_unknown": "reduced_effect"})
    assert soft.roll([10], knowledge="old tongue")["reduced_effect"] is True


def test_the_remaining_options_change_what_they_name() -> None:
    # D-14: Health 9, Damage 4: injured only when half is rounded down
    assert BOONBANE.derived(BOONBANE.validate_sheet({"health": 9, "damage": 4}, {}), {})[
        "injured"] is False
    assert BOONBANE.derived(BOONBANE.validate_sheet({"health": 9, "damage": 4}, {}),
                            {"injured_threshold": "floor_half"})["injured"] is True
    # D-54: a related roll uses its tokens up
    used = One({"escalation_consumed_on_use": True}, escalation={"seal": 2})
    roll = used.send(ChallengeRoll(campaign_id=C, character_id="x", stat="will",
                                   task_key="seal"), [1, 1, 1])
    assert roll[0]["banes"] == 2 and used.sheet["escalation"] == {}
    kept = One(escalation={"seal": 2})
    kept.send(ChallengeRoll(campaign_id=C, character_id="x", stat="will", task_key="seal"),
              [1, 1, 1])
    assert kept.sheet["escalation"] == {"seal": 2}
    # D-47 and D-48: a sealed artifact's check adds 2 tiers, held to a top tier of 2
    art = One({"artifact_exposure_by_grade": {"sealed": 2}, "exposure_max_tier": 2})
    art.send(o.UseArtifact(campaign_id=C, character_id="x", artifact="orb", grade="sealed"))
    assert art.sheet["exposure_tier"] == 2
    over = art.send(o.TriggerExposure(campaign_id=C, character_id="x", trigger="artifact"))[0]
    assert over["effects"] == ["Exposure overflow at tier 2 (artifact L379) D-47"]
    # D-17: 10 rounds a minute make the Fate 6 impairment last 10 rounds
    fast = One({"rounds_per_minute": 10}, health=4, damage=4, life_state="disabled")
    fast.send(FateRoll(campaign_id=C, character_id="x"), [6])
    assert [a["rounds"] for a in fast.sheet["afflictions"] if a["name"] == "impaired"] == [10]


def test_the_tier_two_reinterpretation_is_once_per_session() -> None:
    t = Table(calm={"exposure_tier": 1}, torn={"exposure_tier": 2})
    ask = {"campaign_id": "c", "action": "open the door", "interpretation": "bar the door"}
    t.refused(ReinterpretAction(character_id="calm", **ask), "boonbane.exposure L371")
    [ev] = t.send(ReinterpretAction(character_id="torn", **ask))
    assert ev.type == "boonbane.ActionReinterpreted" and t.sheet("torn")["reinterpreted"]
    t.refused(ReinterpretAction(character_id="torn", **ask), "boonbane.exposure L371")
    t.send(StartSession(campaign_id="c", participants=["torn", "calm"]))
    assert t.sheet("torn")["reinterpreted"] is False
    t.send(ReinterpretAction(character_id="torn", **ask))


def test_every_3_insanity_is_a_step_of_exposure_frequency_for_the_gm() -> None:
    for insanity, steps in ((2, 0), (3, 1), (8, 2), (12, 4)):
        sheet = BOONBANE.validate_sheet({"insanity": insanity}, {})
        assert BOONBANE.derived(sheet, {})["exposure_frequency_steps"] == steps  # L388
