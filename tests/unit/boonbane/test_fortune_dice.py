"""Fortune's "Or treat any d6 roll as a 6." (L47) on a damage roll's d6 (L29), a Misfire d6
(L128) and a Spell Consequence d6 (L416), declared on the command that rolls the die; decided
and folded without I/O, each event read again by the audit against the draws."""

from __future__ import annotations

from typing import Any, Final

from contracts.rulesets.boonbane import AttackRoll
from contracts.rulesets.boonbane.overlays import CastSpell
from contracts.rulesets.boonbane.play import AreaDamage, AreaTarget
from domain.dice import ScriptedDice
from domain.rulesets.boonbane import BOONBANE
from tests.unit.boonbane.test_turns import Table

C: Final = "c"


def _audited(t: Table, cmd: Any, faces: list[int]) -> list[Any]:
    dice = ScriptedDice(faces)
    events = BOONBANE.decide(cmd, t.states, t.options, dice)
    assert dice.remaining == 0
    rolled = [e for e in events if e.type in BOONBANE.roll_events]
    assert BOONBANE.reread(rolled[0].type, rolled[0].data, dice.drawn) == []
    for ev in events:
        t.states[ev.stream] = BOONBANE.evolve(t.states.get(ev.stream), ev.type, ev.data)
    return events


def _types(events: list[Any]) -> list[str]:
    return [e.type.removeprefix("boonbane.") for e in events]


def test_fortune_makes_the_lowest_damage_d6_a_6() -> None:
    t = Table(hero={"fortune": 1}, ogre={"kind": "npc", "health": 30})
    area = AreaDamage(campaign_id=C, dice=2, bonus=1, fortune_by="hero",
                      targets=[AreaTarget(character_id="ogre")])
    # 2d6 + 1 showing 2 and 5: the 2 is read as a 6, so 6 + 5 + 1 = 12 damage (L47, L29)
    events = _audited(t, area, [2, 5])
    assert _types(events) == ["DamageRolled", "FortuneSpent", "DamageTaken"]
    rolled = events[0].data
    assert (rolled["dice"], rolled["fortune_die"], rolled["amount"]) == ([2, 5], 0, 12)
    assert events[1].data["rolled"] == 2 and events[1].data["use"] == "damage_six"
    assert t.sheet("ogre")["damage"] == 12 and t.sheet("hero")["fortune"] == 0
    # none left: refused with the rule, nothing decided (L45)
    t.refused(area, "boonbane.fortune L45")


def test_fortune_is_not_spent_on_damage_dice_that_show_6_and_only_on_d6() -> None:
    t = Table(hero={"fortune": 1}, ogre={"kind": "npc", "health": 30})
    events = _audited(t, AreaDamage(campaign_id=C, dice=1, fortune_by="hero",
                                    targets=[AreaTarget(character_id="ogre")]), [6])
    assert _types(events) == ["DamageRolled", "DamageTaken"] and t.sheet("hero")["fortune"] == 1
    t.refused(AreaDamage(campaign_id=C, sides=8, fortune_by="hero",
                         targets=[AreaTarget(character_id="ogre")]), "boonbane.fortune L47")
    # the seed gives Fortune to players (L45-L47): a non-player creature spends none
    t.refused(AreaDamage(campaign_id=C, fortune_by="ogre",
                         targets=[AreaTarget(character_id="hero")]), "boonbane.fortune L47")


def test_fortune_reads_an_odd_misfire_d6_as_a_6_so_the_weapon_jams_instead() -> None:
    t = Table(hero={"fortune": 2, "agility": 0}, mark={})
    attack = AttackRoll(campaign_id=C, character_id="hero", target_id="mark",
                        attribute="agility", misfire=True, fortune="misfire_six")
    # Agi 0 (-10) and d20 5: total -5, "if the attack roll is 0 or less, roll d6" (L128); the
    # d6 shows 3, odd ("explodes for 2d6"), read as a 6, even: "needs 1 minute of repair"
    events = _audited(t, attack, [5, 3])
    assert _types(events) == ["RollMade", "FortuneSpent"]
    roll = events[0].data
    assert (roll["misfire"], roll["misfire_fortune"], roll["jammed"]) == ([3], True, True)
    assert events[1].data["rolled"] == 3 and t.sheet("hero")["fortune"] == 1
    assert t.sheet("hero")["damage"] == 0 and t.sheet("hero")["jammed_weapons"] == [
        "misfire weapon"]


def test_fortune_is_kept_when_the_misfire_d6_is_even_or_no_misfire_comes() -> None:
    t = Table(hero={"fortune": 1, "agility": 0}, mark={})
    attack = AttackRoll(campaign_id=C, character_id="hero", target_id="mark",
                        attribute="agility", misfire=True, fortune="misfire_six")
    events = _audited(t, attack, [15])  # total 5: no misfire (L128)
    assert _types(events) == ["RollMade"] and t.sheet("hero")["fortune"] == 1
    events = _audited(t, attack, [1, 4])  # even: it jams anyway, nothing to change
    assert _types(events) == ["RollMade"] and t.sheet("hero")["fortune"] == 1
    # an attack without a Misfire weapon has no Misfire d6
    t.refused(AttackRoll(campaign_id=C, character_id="hero", target_id="mark",
                         fortune="misfire_six"), "boonbane.fortune L47")


def test_fortune_reads_the_spell_consequence_d6_as_a_6() -> None:
    t = Table(mage={"fortune": 1})
    cast = CastSpell(campaign_id=C, character_id="mage", spell="bolt", rank=3, fortune_six=True)
    # "Roll 1d6: ... 6 Corruption +1 and anomaly" (L416): the 2 read as a 6
    events = _audited(t, cast, [2])
    assert _types(events) == ["SpellCast", "FortuneSpent"]
    spell = events[0].data
    assert (spell["d6"], spell["fortune_six"], spell["result"]) == (2, True, 6)
    assert spell["outcome"] == "Corruption +1 and anomaly L416"
    assert t.sheet("mage")["corruption"] == 1 and t.sheet("mage")["fortune"] == 0
    t.refused(cast, "boonbane.fortune L45")
