"""Golden Heroes Magic and Mental Attacks (L99): opposed 1d20 + Ego, the attacker strictly
greater; resisting +5 for the next 2 frames; Personal Status over 20 against Mental Attacks
(L370, decision #45) (no I/O)."""

from __future__ import annotations

import msgspec
import pytest

from contracts.rulesets import golden_heroes as c
from domain.errors import DomainError
from domain.rulesets.golden_heroes import GOLDEN_HEROES
from tests.unit.golden_heroes.world import World, sheet

CID = "camp"
# Conscience 7 + Expression 6 + Success Rate 3 + Public Response 2 + Security 5 = 23 (L346)
CONFIDENT = {"conscience": 7, "expression": 6, "success_rate": 3, "public_response": 2,
             "security": 5}


def mental(w: World, faces: list[int], **kw: object) -> c.MentalAttackRolled:
    cmd = c.MentalAttack(campaign_id=CID, **{"character_id": "psi", "target_id": "foe", **kw})  # type: ignore[arg-type]
    return msgspec.convert(w.run(cmd, faces)[0].data, c.MentalAttackRolled)


def test_opposed_d20_plus_ego_and_a_tie_fails() -> None:
    w = World(psi=sheet(attributes={"ego": 15}), foe=sheet(attributes={"ego": 12}))
    ev = mental(w, [10, 13])
    assert (ev.attacker_total, ev.defender_total, ev.success) == (25, 25, False)
    assert mental(w, [11, 13]).success  # 26 > 25
    resisted = mental(w, [11, 13], resist=True)  # +5 (L99)
    assert (resisted.defender_total, resisted.success) == (30, False)


def test_personal_status_helps_against_mental_attacks_only() -> None:
    w = World(psi=sheet(attributes={"ego": 15}, powers=[{"power": "magic"}]),
              foe=sheet(attributes={"ego": 12}, ratings=CONFIDENT))
    ev = mental(w, [11, 13])
    assert (ev.status_bonus, ev.defender_total, ev.success) == (3, 28, False)  # 23: +3 (L370)
    spell = mental(w, [11, 13], kind="magic")
    assert (spell.status_bonus, spell.success) == (0, True)


def test_refusals_name_the_rule() -> None:
    w = World(psi=sheet(), foe=sheet(), out=sheet(htc=0))
    for kw, field, rule in (
            ({"kind": "magic"}, "kind", "golden-heroes.magic-attack L99"),
            ({"resist": True, "cannot_resist": True}, "resist",
             "golden-heroes.resist-mental-attack L99"),
            ({"resist": True, "target_id": "out"}, "resist",
             "golden-heroes.resist-mental-attack L99")):
        with pytest.raises(DomainError) as err:
            mental(w, [1, 1], **kw)
        assert (err.value.field, err.value.rule) == (field, rule)
    assert w.log == []


def test_resisting_in_a_fight_spends_the_next_2_frames() -> None:
    w = World(psi=sheet(), foe=sheet())
    w.run(c.StartCombat(campaign_id=CID, encounter_id="fight", heroes=["psi"], villains=["foe"]))
    w.run(c.RollInitiative(campaign_id=CID, encounter_id="fight"), [8, 2])
    events = w.run(c.MentalAttack(campaign_id=CID, character_id="psi", target_id="foe",
                                  resist=True, encounter_id="fight"), [5, 5])
    lost = events[1].data
    assert lost["character_id"] == "foe" and lost["activity"] == "recovering"
    assert len(lost["slots"]) + lost["next_round"] == 2


def test_reread_checks_the_totals() -> None:
    w = World(psi=sheet(attributes={"ego": 15}), foe=sheet(attributes={"ego": 12}))
    ev = msgspec.to_builtins(mental(w, [11, 13]))
    rt = "golden-heroes.MentalAttackRolled"
    assert GOLDEN_HEROES.reread(rt, ev, [(20, 11), (20, 13)]) == []
    assert GOLDEN_HEROES.reread(rt, {**ev, "success": False}, [(20, 11), (20, 13)])
    assert GOLDEN_HEROES.reread(rt, ev, [(20, 12), (20, 13)])
