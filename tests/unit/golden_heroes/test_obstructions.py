"""Golden Heroes push-back into obstructions (L119, digest decision #14): a further 1d6 HTC when
driven into a solid obstruction, ploughing through 2 m for each 4 HTK of it (no I/O)."""

from __future__ import annotations

import msgspec

from contracts.rulesets import golden_heroes as c
from domain.rulesets.golden_heroes import GOLDEN_HEROES
from domain.rulesets.golden_heroes.obstructions import path
from tests.unit.golden_heroes.world import World, sheet

CID = "camp"


def test_the_path_of_a_push_back() -> None:
    assert [vars_(path(4, None, None)), vars_(path(4, 6, None))] == [(4, False, False)] * 2
    assert vars_(path(4, 2, None)) == (2, True, False)  # stopped by a wall that holds
    assert vars_(path(4, 4, None)) == (4, True, False)  # reached it exactly
    assert vars_(path(6, 2, 3)) == (6, True, True)  # 3 HTK: less than 4, no metres off
    assert vars_(path(6, 2, 4)) == (4, True, True)  # 4 HTK: 2 m off the 4 left, 2 go on
    assert vars_(path(6, 2, 8)) == (2, True, False)  # 8 HTK: 4 m off, nothing left
    assert vars_(path(0, 0, None)) == (0, False, False)  # no push-back, no collision


def vars_(p: object) -> tuple[int, bool, bool]:
    return (p.distance, p.hit, p.through)  # type: ignore[attr-defined]


def test_driven_into_a_wall_takes_a_further_1d6_htc() -> None:
    w = World(hero=sheet(attributes={"strength": 25}), foe=sheet(max_htc=60, max_htk=60))
    strike = c.Strike(campaign_id=CID, character_id="hero", target_id="foe",
                      obstruction_metres=0)
    assert w.run(strike, [15])[0].data["hit"]
    # fist 2d6 = 12 HTC, 1d6-6 = 0 HTK, Strength 25 +10 on HTC (L118, L131): 22 HTC, 2 over
    # the threshold of 20: 2 m (L119) into the wall behind: +1d6 = 4; the fall check d20 = 1
    ev = msgspec.convert(w.run(c.Respond(campaign_id=CID, character_id="foe"),
                               [6, 6, 6, 4, 1])[0].data, c.AttackResolved)
    assert (ev.pushback_metres, ev.pushback_distance, ev.collision_die) == (2, 0, 4)
    assert (ev.htc_taken, ev.htk_taken, ev.ploughed_through, ev.fell) == (26, 0, False, False)
    assert ev.steps[-1].step == "driven into an obstruction: +1d6 HTC (L119)"
    assert w.sheet("foe").htc == 60 - 26
    draws = [(6, 6), (6, 6), (6, 6), (6, 4), (20, 1)]
    assert GOLDEN_HEROES.reread("golden-heroes.AttackResolved", msgspec.to_builtins(ev),
                                draws) == []
