"""Golden Heroes Judo Throw (L116, L239) against the seed's table (no I/O)."""

from __future__ import annotations

import msgspec
import pytest

from contracts.rulesets import golden_heroes as c
from domain.errors import DomainError
from domain.rulesets.golden_heroes import GOLDEN_HEROES, judo
from tests.unit.golden_heroes.world import World, sheet

CID = "camp"
RULE = "golden-heroes.judo-throw L116"
JUDOKA = [{"power": "martial_arts", "grade": 2, "choice": "oriental,judo_throw"}]


def thrown(events: list[object]) -> c.JudoThrown:
    return msgspec.convert(events[0].data, c.JudoThrown)  # type: ignore[attr-defined]


def throw(w: World, faces: list[int], declare: bool = True, **kw: object) -> list[object]:
    if declare:  # the foe's punch, declared before its strike roll (L116)
        w.run(c.Strike(campaign_id=CID, character_id="foe", target_id="judoka", declare=True,
                       encounter_id=kw.get("encounter_id")))  # type: ignore[arg-type]
    cmd = c.JudoThrow(campaign_id=CID, **{"character_id": "judoka", "target_id": "foe", **kw})  # type: ignore[arg-type]
    return list(w.run(cmd, faces))


def test_the_judo_throw_table() -> None:
    rows = {t: judo.read(t) for t in range(3, 12)}
    assert [(t, r.thrown, r.frames_lost, r.damage) for t, r in rows.items()] == [
        (3, False, 0, False), (4, False, 0, False), (5, True, 1, False), (6, True, 1, False),
        (7, True, 1, False), (8, True, 1, True), (9, True, 1, True), (10, True, 2, True),
        (11, True, 2, True)]
    assert [judo.htk_from_die(d) for d in range(1, 7)] == [1, 1, 2, 2, 3, 3]


def test_the_option_costs_a_power_roll() -> None:
    w = World(judoka=sheet(powers=[{"power": "martial_arts", "choice": "oriental"}],
                           power_rolls_left=1))
    w.run(c.ChoosePowerOption(campaign_id=CID, character_id="judoka", power="martial_arts",
                              choice="oriental,judo_throw"))
    assert w.sheet("judoka").power_rolls_left == 0
    with pytest.raises(DomainError) as err:
        throw(World(judoka=sheet(powers=[{"power": "martial_arts"}]), foe=sheet()), [15],
              declare=False)
    assert (err.value.field, err.value.rule) == ("character_id", RULE)


def test_grab_then_1d6_plus_twice_the_grade_plus_dexterity() -> None:
    # Dexterity 17: +2 (L7); grade 2: +4; a 4 makes 10: thrown, two Frames lost, damage
    w = World(judoka=sheet(powers=JUDOKA, attributes={"dexterity": 17, "strength": 18}),
              foe=sheet())
    ev = thrown(throw(w, [15, 4, 5]))
    assert (ev.grab.hit, ev.total, ev.result, ev.frames_lost, ev.htk) == (True, 10, "thrown",
                                                                           2, 3)
    pending = w.sheet("foe").pending_attack
    assert pending is not None and (pending.htc_dice, pending.htk_plus) == (2, 3)
    assert pending.damage_modifier == 3  # Strength 18's Damage Modifier applies (L116)
    with pytest.raises(DomainError) as err:
        w.run(c.Respond(campaign_id=CID, character_id="foe", response="dodge"), [6])
    assert err.value.rule == RULE
    res = w.run(c.Respond(campaign_id=CID, character_id="foe"), [2, 3])
    assert res[0].data["htc_taken"] == 2 + 3 + 3 and res[0].data["htk_taken"] == 3
    # a missed grab throws nothing; a 1 + 4 - 1 total of 4 fails
    w = World(judoka=sheet(powers=JUDOKA, attributes={"dexterity": 5}), foe=sheet())
    assert thrown(throw(w, [5])).result == "grab missed"
    w = World(judoka=sheet(powers=JUDOKA, attributes={"dexterity": 5}), foe=sheet())
    ev = thrown(throw(w, [17, 1]))
    assert (ev.total, ev.result, ev.frames_lost) == (4, "throw fails", 0)
    assert w.sheet("foe").pending_attack is None


def test_in_a_fight_two_future_frames_and_the_victims_next_frames_lost() -> None:
    w = World(judoka=sheet(powers=JUDOKA), foe=sheet())
    w.run(c.StartCombat(campaign_id=CID, encounter_id="fight", heroes=["foe"],
                        villains=["judoka"]))
    w.run(c.RollInitiative(campaign_id=CID, encounter_id="fight"), [6, 5])  # foe wins 1
    events = throw(w, [15, 3], encounter_id="fight")  # 3 + 4 = 7: the next Frame lost
    used = [e.data for e in events if e.type.endswith("FramesUsed")]  # type: ignore[attr-defined]
    assert [(u["character_id"], u["activity"], u["slots"]) for u in used] == [
        ("judoka", "response", [1, 2]), ("foe", "recovering", [2])]  # its punch had slot 1
    # after the strike roll it is too late (L116)
    w2 = World(judoka=sheet(powers=JUDOKA), foe=sheet())
    w2.run(c.Strike(campaign_id=CID, character_id="foe", target_id="judoka"), [15])
    with pytest.raises(DomainError) as err:
        throw(w2, [15, 3], declare=False)
    assert (err.value.field, err.value.rule) == ("character_id", RULE)


def test_a_recorded_judo_throw_is_reread() -> None:
    w = World(judoka=sheet(powers=JUDOKA), foe=sheet())
    data = throw(w, [15, 3])[0].data  # type: ignore[attr-defined]
    assert GOLDEN_HEROES.reread("golden-heroes.JudoThrown", data, [(20, 15), (6, 3)]) == []
    assert GOLDEN_HEROES.reread("golden-heroes.JudoThrown", {**data, "total": 9},
                                [(20, 15), (6, 3)]) == ["total 9 recorded, the rule gives 7 (L116)"]


def test_the_option_lets_the_thrown_victim_respond() -> None:
    w = World({"judo_damage_response": "any"}, judoka=sheet(powers=JUDOKA), foe=sheet())
    throw(w, [15, 6, 2])  # 6 + 4 = 10: thrown with damage
    res = w.run(c.Respond(campaign_id=CID, character_id="foe", response="dodge"), [6])
    assert res[0].data["response_result"] == "full" and res[0].data["htc_taken"] == 0


def test_the_judo_throw_answers_a_declared_melee_attack_before_its_strike_roll() -> None:
    # "The Judo Throw may only be accomplished if the character attempting it has just been
    # attacked in melee but before the strike roll for that attack is made." (L116)
    w = World(judoka=sheet(powers=JUDOKA), foe=sheet(), goon=sheet())
    with pytest.raises(DomainError) as err:
        throw(w, [15, 3], declare=False)  # not attacked: nothing to answer
    assert (err.value.field, err.value.rule) == ("target_id", RULE)
    assert w.log == []
    # the foe declares its punch: no die is rolled, the declaration waits on the judoka
    events = w.run(c.Strike(campaign_id=CID, character_id="foe", target_id="judoka",
                            declare=True))
    assert [e.type for e in events] == ["golden-heroes.AttackDeclared"]
    declared = w.sheet("judoka").declared_attack
    assert declared is not None and (declared.attacker_id, declared.melee) == ("foe", True)
    # only its attacker is thrown
    with pytest.raises(DomainError) as err:
        throw(w, [15, 3], declare=False, target_id="goon")
    assert err.value.rule == RULE
    # a second declaration waits for the first's roll
    with pytest.raises(DomainError) as err:
        w.run(c.Strike(campaign_id=CID, character_id="foe", target_id="judoka", declare=True))
    assert (err.value.field, err.value.rule) == ("declare", RULE)
    # a 1 + 4 = 5: thrown, and the punch it declared is not made
    ev = thrown(throw(w, [15, 1], declare=False))
    assert ev.result == "thrown" and w.sheet("judoka").declared_attack is None


def test_a_failed_judo_throw_leaves_the_declared_attack_to_be_rolled() -> None:
    w = World(judoka=sheet(powers=JUDOKA, attributes={"dexterity": 5}), foe=sheet())
    w.run(c.Strike(campaign_id=CID, character_id="foe", target_id="judoka", declare=True))
    assert thrown(throw(w, [5], declare=False)).result == "grab missed"
    assert w.sheet("judoka").declared_attack is not None
    # the roll must be of the attack declared
    with pytest.raises(DomainError) as err:
        w.run(c.Strike(campaign_id=CID, character_id="foe", target_id="judoka",
                       attack="energy_attack"), [15])
    assert err.value.field == "attack"
    events = w.run(c.Strike(campaign_id=CID, character_id="foe", target_id="judoka"), [15])
    assert [e.type for e in events] == ["golden-heroes.StrikeRolled",
                                        "golden-heroes.AttackDeclared",
                                        "golden-heroes.HitPending"]
    assert w.sheet("judoka").declared_attack is None
    # after the strike roll it is too late (L116)
    with pytest.raises(DomainError) as err:
        throw(w, [15, 3], declare=False)
    assert err.value.rule == RULE


def test_a_declared_attack_spends_its_frames_once() -> None:
    w = World(judoka=sheet(powers=JUDOKA), foe=sheet())
    w.run(c.StartCombat(campaign_id=CID, encounter_id="fight", heroes=["foe"],
                        villains=["judoka"]))
    w.run(c.RollInitiative(campaign_id=CID, encounter_id="fight"), [6, 5])
    events = w.run(c.Strike(campaign_id=CID, character_id="foe", target_id="judoka",
                            encounter_id="fight", declare=True))
    assert [e.data["slots"] for e in events if e.type.endswith("FramesUsed")] == [[1]]  # type: ignore[attr-defined]
    events = w.run(c.Strike(campaign_id=CID, character_id="foe", target_id="judoka",
                            encounter_id="fight"), [15])
    assert not [e for e in events if e.type.endswith("FramesUsed")]
    assert w.encounter().used["foe"] == [1]
