"""Fortune turns a failed roll into a success (L45: "Spend 1 point of Fortune to turn a failed roll
into a success."), and the success does what the action's success does: for EVERY rolled action
whose success has an effect, the effect after a failure turned by Fortune is the effect the
dice's own success gives (L11: "On a success, the attack deals damage or applies its effect.")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import msgspec
import pytest

from contracts.rulesets.boonbane import AttackRoll, ChallengeRoll, Stabilize, TakeDamage
from contracts.rulesets.boonbane import grabs as g
from contracts.rulesets.boonbane.concentration import Concentrate
from contracts.rulesets.boonbane.play import (
    CheckSurprise,
    Distract,
    Feint,
    Help,
    Participant,
    SpendFortune,
    StartEncounter,
    TakeTurn,
)
from contracts.rulesets.boonbane.stealth import Find, Hide
from domain.errors import DomainError
from domain.rulesets.boonbane import BOONBANE
from domain.rulesets.boonbane.success import EFFECTS, UNDOES_FAILURE

C: Final = "c"
E: Final = "e"
ENC: Final = {"campaign_id": C, "encounter_id": E}


class D20s:
    """Dice whose d20s are scripted; every d6 shows 3, every d3 2."""

    def __init__(self, d20s: list[int]) -> None:
        self.d20s = list(d20s)

    def roll(self, sides: int) -> int:
        if sides == 20:
            return self.d20s.pop(0)
        return 3 if sides == 6 else 2


class Play:
    def __init__(self, **sheets: dict[str, Any]) -> None:
        self.states: dict[str, Any] = {f"character:{k}": BOONBANE.validate_sheet(v, {})
                                       for k, v in sheets.items()}

    def send(self, cmd: msgspec.Struct, d20s: list[int] | None = None) -> list[Any]:
        dice = D20s(d20s or [])
        events = BOONBANE.decide(cmd, self.states, {}, dice)
        assert dice.d20s == [], "a scripted d20 was not rolled"
        for ev in events:
            self.states[ev.stream] = BOONBANE.evolve(self.states.get(ev.stream), ev.type, ev.data)
        return events

    def sheet(self, cid: str) -> dict[str, Any]:
        out: dict[str, Any] = self.states[f"character:{cid}"]
        return out


# the acting hero (Str 12: Shove 3 yards, Driving 2), an ally, a Size 1/2 foe
HERO: Final = {"fortune": 3, "strength": 12, "speed": 10}
GRABBED_BY_FOE: Final = {"afflictions": [{"name": "grabbed", "source": "foe", "rounds": 2}]}
GRABBING_FOE: Final = {"round_effects": [{"kind": "grabbing", "source": "grab L180",
                                          "target_id": "foe", "until_round": 2}]}
FOE_GRABBED: Final = {"afflictions": [{"name": "grabbed", "source": "hero", "rounds": 2}]}


def _play(hero: dict[str, Any] | None = None, foe: dict[str, Any] | None = None,
          ally: dict[str, Any] | None = None, encounter: bool = True) -> Play:
    t = Play(hero={**HERO, **(hero or {})}, ally={"health": 10, **(ally or {})},
             foe={"kind": "npc", "size": 0.5, **(foe or {})})
    if encounter:
        t.send(StartEncounter(**ENC, participants=[Participant(character_id=c)
                                                   for c in ("hero", "ally", "foe")]))
        t.send(TakeTurn(**ENC, character_id="hero", turn="slow"))
    return t


def _hero(**fields: Any) -> dict[str, Any]:
    return {**ENC, "character_id": "hero", **fields}


# action -> (its seed line, the table, the command, the target Fortune's success acts on, d20s
# after the action's own d20: those of a roll its success calls for)
Case = tuple[str, Callable[[], Play], msgspec.Struct, str | None, list[int]]
CASES: Final[dict[str, Case]] = {
    "knock_down": ("L195", _play, g.KnockDown(**_hero(target_id="foe")), "foe", []),
    "shove": ("L232", _play, g.Shove(**_hero(target_id="foe")), "foe", []),
    "disarm": ("L155", _play, g.Disarm(**_hero(target_id="foe", item="dagger")), "foe", []),
    "grab": ("L180", _play, g.Grab(**_hero(target_id="foe")), "foe", []),
    "escape": ("L167", lambda: _play(hero=GRABBED_BY_FOE, foe={
        "round_effects": [{"kind": "grabbing", "source": "grab L180", "target_id": "hero",
                           "until_round": 2}]}),
               g.Escape(**_hero(target_id="foe")), "foe", []),
    "pull": ("L212", lambda: _play(hero=GRABBING_FOE, foe=FOE_GRABBED),
             g.Pull(**_hero(target_id="foe")), "foe", []),
    "hide": ("L186", _play, Hide(**_hero()), None, []),
    "find": ("L174", lambda: _play(foe={"hidden": True}),
             Find(**_hero(target_id="foe")), "foe", []),
    "help": ("L184", _play, Help(**_hero(target_id="ally")), "ally", []),
    "distract": ("L160", _play, Distract(**_hero(target_id="foe")), "foe", []),
    "feint": ("L171", _play, Feint(**_hero(target_id="foe")), "foe", []),
    "feint_safe_movement": ("L171", _play,
                            Feint(**_hero(target_id="foe", choice="safe_movement")), "foe", []),
    "stabilize": ("L237", lambda: _play(ally={"damage": 10}, encounter=False),
                  Stabilize(campaign_id=C, character_id="hero", target_id="ally"), "ally", []),
    "driving": ("L199", _play, AttackRoll(**_hero(target_id="foe", situations=["driving"])),
                "foe", []),
    "shifting": ("L202", _play, AttackRoll(**_hero(target_id="foe", situations=["shifting"])),
                 "foe", []),
    # the foe's Agi challenge roll (d20 1) fails: it falls prone (L203)
    "knocking": ("L203", _play, AttackRoll(**_hero(target_id="foe",
                                                   situations=["unbalancing"])), "foe", [1]),
}


def _after(events: list[Any], kind: str) -> list[tuple[str, str, dict[str, Any]]]:
    """The events after the first one of ``kind``: what the success did."""
    first = next(i for i, ev in enumerate(events) if ev.type == f"boonbane.{kind}")
    return [(ev.stream, ev.type, ev.data) for ev in events[first + 1:]]


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_failure_fortune_turns_into_a_success_does_what_the_dice_success_does(name: str) -> None:
    line, table, cmd, target, then = CASES[name]
    by_dice = _after(table().send(cmd, [20, *then]), "RollMade")
    assert by_dice, f"{name}: the dice's success does something ({line})"
    turned = table()
    failed = turned.send(cmd, [1])
    roll = next(ev for ev in failed if ev.type == "boonbane.RollMade")
    assert roll.data["success"] is False
    assert [ev for ev in failed if ev.type not in ("boonbane.RollMade", "boonbane.ActionUsed")
            ] == [], "a failure does nothing"
    spend = SpendFortune(campaign_id=C, character_id="hero", use="succeed", target_id=target)
    events = turned.send(spend, then)
    assert events[0].type == "boonbane.FortuneAmended" and events[0].data["success"] is True
    assert turned.sheet("hero")["fortune"] == 2
    assert _after(events, "FortuneAmended") == by_dice, f"{name} ({line})"


def test_every_success_effect_is_covered() -> None:
    """The table above covers every action whose success has an effect; the three effects that
    undo a failure have their own tests below."""
    assert set(EFFECTS) - UNDOES_FAILURE == set(CASES) - {"feint_safe_movement"}
    assert {"resisted", "not_surprised", "kept_concentration"} == UNDOES_FAILURE


def test_fortune_names_the_creature_its_success_acts_on() -> None:
    t = _play()
    t.send(g.KnockDown(**_hero(target_id="foe")), [1])
    before = dict(t.states)
    for target, rule_field in ((None, "target_id"), ("ally", "target_id")):
        with pytest.raises(DomainError) as err:
            BOONBANE.decide(SpendFortune(campaign_id=C, character_id="hero", use="succeed",
                                         target_id=target), t.states, {}, D20s([]))
        assert (err.value.field, err.value.rule) == (rule_field, "boonbane.fortune L45")
    assert t.states == before


def test_fortune_after_a_failed_knock_down_knocks_the_target_prone() -> None:
    """L195 "On success the target falls prone." after L45's Fortune success."""
    t = _play()
    t.send(g.KnockDown(**_hero(target_id="foe")), [1])
    assert "prone" not in BOONBANE.derived(t.sheet("foe"), {})["afflictions"]
    t.send(SpendFortune(campaign_id=C, character_id="hero", use="succeed", target_id="foe"))
    assert "prone" in BOONBANE.derived(t.sheet("foe"), {})["afflictions"]


def test_fortune_after_a_failed_stabilize_heals_1() -> None:
    """L237 "On a success, it heals 1 damage." after a Fortune success: the disabled ally is
    no longer incapacitated (L61) and no longer defenseless (L33)."""
    t = _play(ally={"damage": 10}, encounter=False)
    t.send(Stabilize(campaign_id=C, character_id="hero", target_id="ally"), [1])
    assert (t.sheet("ally")["damage"], t.sheet("ally")["life_state"]) == (10, "disabled")
    t.send(SpendFortune(campaign_id=C, character_id="hero", use="succeed", target_id="ally"))
    assert (t.sheet("ally")["damage"], t.sheet("ally")["life_state"]) == (9, "active")
    assert "defenseless" not in BOONBANE.derived(t.sheet("ally"), {})["afflictions"]


def test_fortune_on_a_failed_resist_roll_keeps_the_creature_standing() -> None:
    """Unbalancing (L203) "it makes an Agi challenge roll or falls prone": the prone a failed
    roll gave ends when Fortune turns that roll into a success (L45)."""
    t = _play(foe={"kind": "pc", "size": 1, "fortune": 1})
    t.send(AttackRoll(**_hero(target_id="foe", situations=["unbalancing"])), [20, 1])
    assert "prone" in BOONBANE.derived(t.sheet("foe"), {})["afflictions"]
    events = t.send(SpendFortune(campaign_id=C, character_id="foe", use="succeed"))
    assert [ev.type for ev in events] == ["boonbane.FortuneAmended", "boonbane.AfflictionRemoved"]
    assert "prone" not in BOONBANE.derived(t.sheet("foe"), {})["afflictions"]


def test_fortune_on_a_failed_surprise_check_leaves_the_creature_unsurprised() -> None:
    """L109 "On a failure, the creature is surprised until the end of the first round.": a
    failure Fortune turns into a success (L45) is no failure."""
    t = _play(encounter=False)
    t.send(StartEncounter(**ENC, participants=[Participant(character_id="hero")]))
    t.send(CheckSurprise(**ENC, character_id="hero"), [1])
    assert "surprised" in BOONBANE.derived(t.sheet("hero"), {})["afflictions"]
    t.send(SpendFortune(campaign_id=C, character_id="hero", use="succeed"))
    assert "surprised" not in BOONBANE.derived(t.sheet("hero"), {})["afflictions"]
    t.send(TakeTurn(**ENC, character_id="hero", turn="fast"))  # it acts in the first round


def test_fortune_on_a_failed_concentration_roll_keeps_the_concentration() -> None:
    """L147 "If you take damage ..., make a Will challenge roll or lose concentration.": a Will
    roll Fortune turns into a success (L45) loses nothing."""
    t = _play(hero={"health": 20}, encounter=False)
    t.send(Concentrate(campaign_id=C, character_id="hero", effect="light"))
    t.send(TakeDamage(campaign_id=C, character_id="hero", amount=2), [1])
    assert t.sheet("hero")["concentrating"] is None
    t.send(SpendFortune(campaign_id=C, character_id="hero", use="succeed"))
    assert t.sheet("hero")["concentrating"] == "light"


def test_fortune_success_on_a_critical_task_clears_its_escalation() -> None:
    """L359 "On failed critical rolls, gain an Escalation token." and L361 "Escalation clears
    when the related task succeeds": a failure Fortune turns into a success clears them."""
    t = _play(encounter=False)
    roll = ChallengeRoll(campaign_id=C, character_id="hero", stat="will", task_key="vault",
                         critical=True)
    t.send(roll, [1])
    assert t.sheet("hero")["escalation"] == {"vault": 1}
    t.send(SpendFortune(campaign_id=C, character_id="hero", use="succeed"))
    assert t.sheet("hero")["escalation"] == {}


def test_a_boon_die_fortune_treats_as_a_6_that_makes_the_roll_succeed_does_its_success() -> None:
    """L47 "Or treat any d6 roll as a 6.": a Knock Down by a smaller creature has 1 boon (L194);
    d20 8 + Str modifier 2 + boon die 3 = 13 fails against Agi 14, read as a 6 it is 16: the
    target falls prone (L195)."""
    t = _play(hero={"size": 0.5}, foe={"size": 1, "agility": 14})
    [_, roll] = t.send(g.KnockDown(**_hero(target_id="foe")), [8])
    assert (roll.data["net"], roll.data["total"], roll.data["success"]) == (1, 13, False)
    events = t.send(SpendFortune(campaign_id=C, character_id="hero", use="six",
                                 target_id="foe"))
    assert events[0].data["total"] == 16 and events[0].data["success"] is True
    assert "prone" in BOONBANE.derived(t.sheet("foe"), {})["afflictions"]
