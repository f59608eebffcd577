"""Hide (L185-L190) and Find (L172-L174), decided and folded without I/O: a hidden attacker's
boon and its reveal, the guess an attack on a hidden creature needs, finding it."""

from __future__ import annotations

from contracts.rulesets.boonbane import AttackRoll
from contracts.rulesets.boonbane.overlays import CastSpell
from contracts.rulesets.boonbane.stealth import Find, Hide, Reveal
from tests.unit.boonbane.test_turns import Table

C = "c"


def _sources(events: list[object]) -> dict[str, tuple[int, int]]:
    made = next(e.data for e in events if e.type == "boonbane.RollMade")  # type: ignore[attr-defined]
    return {s["line"]: (s["boons"], s["banes"]) for s in made["sources"]}


def test_a_hidden_attacker_has_a_boon_and_is_revealed_by_attacking() -> None:
    t = Table(rogue={"agility": 12}, guard={})
    # Agi 12 (+2): d20 7 totals 9, not hidden; d20 8 totals 10, hidden (L186)
    assert len(t.send(Hide(campaign_id=C, character_id="rogue"), [7])) == 1
    assert t.sheet("rogue")["hidden"] is False
    t.send(Hide(campaign_id=C, character_id="rogue"), [8])
    assert t.sheet("rogue")["hidden"] is True
    t.refused(Hide(campaign_id=C, character_id="rogue"), "boonbane.hide L186")
    # 1 boon against the guard's Defense (L189), then revealed (L188)
    events = t.send(AttackRoll(campaign_id=C, character_id="rogue", target_id="guard",
                               attribute="agility"), [10, 3])
    assert _sources(events) == {"L189": (1, 0)}
    assert events[-1].type == "boonbane.HiddenChanged" and t.sheet("rogue")["hidden"] is False


def test_an_attack_on_a_hidden_creature_needs_its_location_guessed() -> None:
    t = Table(rogue={"hidden": True}, guard={})
    # no guess: a miss with no roll (L190, digest D-31)
    [miss] = t.send(AttackRoll(campaign_id=C, character_id="guard", target_id="rogue"), [])
    assert miss.data["automatic"] == "hidden target, location not guessed L190 D-31"
    # a correct guess: 3 banes (L190)
    events = t.send(AttackRoll(campaign_id=C, character_id="guard", target_id="rogue",
                               situations=["guessed_location"]), [15, 1, 2, 3])
    assert _sources(events) == {"L190": (0, 3)}


def test_find_reveals_a_hidden_creature_and_casting_reveals_the_caster() -> None:
    t = Table(rogue={"hidden": True, "agility": 12}, guard={"perception": 14}, mage={"hidden": True})
    t.refused(Find(campaign_id=C, character_id="rogue", target_id="guard"), "boonbane.find L174")
    # Perception 14 (+4) against Agi 12: d20 7 totals 11, a miss; d20 8 totals 12, found
    events = t.send(Find(campaign_id=C, character_id="guard", target_id="rogue"), [7])
    assert events[0].data["stat"] == "perception" and events[0].data["target_number"] == 12
    assert t.sheet("rogue")["hidden"] is True
    t.send(Find(campaign_id=C, character_id="guard", target_id="rogue"), [8])
    assert t.sheet("rogue")["hidden"] is False
    events = t.send(CastSpell(campaign_id=C, character_id="mage", spell="light"))
    assert events[-1].data["cause"] == "revealed by casting L188"
    t.refused(Reveal(campaign_id=C, character_id="mage"), "boonbane.hide L188")
