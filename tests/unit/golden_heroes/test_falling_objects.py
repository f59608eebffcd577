"""Golden Heroes falling objects (L136) against the seed's worked example: a safe from 20 m does
16 plus 6, 22, split 11 HTC and 11 HTK; a hand-hurled missile the victim responds to (no I/O)."""

from __future__ import annotations

import pytest

from contracts.rulesets import golden_heroes as c
from domain.errors import DomainError
from domain.rulesets.golden_heroes import falling_objects
from tests.unit.golden_heroes.world import World, sheet

CID = "camp"


def test_the_safe_from_20_metres_does_16_plus_6_split_11_and_11() -> None:
    w = World(foe=sheet(max_htc=60, max_htk=60))
    fell, pending = w.run(c.DropObject(campaign_id=CID, character_id="foe", object_size=4,
                                       metres=20))
    assert fell.data == {"character_id": "foe", "object_size": 4, "metres": 20,
                         "throw_strength": 16, "modifier": 6, "damage": 22, "htc": 11, "htk": 11,
                         "rounds_to_fall": 1, "metres_left": None, "response_succeeds": False}
    attack = w.sheet("foe").pending_attack
    assert attack is not None and (attack.htc_plus, attack.htk_plus) == (11, 11)
    assert (attack.weapon_class, attack.parry_row) == (2, "missile_hh")  # hand-hurled (L131)


def test_the_modifier_is_2_per_5_metres_over_5_at_most_100_and_halves_round_htc_up() -> None:
    assert [falling_objects.modifier(m) for m in (0, 4, 5, 9, 10, 24, 25)] == [0, 0, 0, 0, 2, 6, 8]
    assert falling_objects.modifier(100_000) == 100
    assert falling_objects.split(22) == (11, 11) and falling_objects.split(51) == (26, 25)


def test_the_victim_responds_and_takes_it_through_the_pipeline() -> None:
    # a heavy lorry (Size 11, Throw 51) from 5 m: 51 = 26 HTC + 25 HTK, dodged at -2 (L103)
    w = World(foe=sheet(max_htc=60, max_htk=60))
    w.run(c.DropObject(campaign_id=CID, character_id="foe", object_size=11, metres=5))
    again = c.DropObject(campaign_id=CID, character_id="foe", object_size=0, metres=5)
    with pytest.raises(DomainError) as err:
        w.run(again)
    assert err.value.rule == "golden-heroes.response L79"
    events = w.run(c.Respond(campaign_id=CID, character_id="foe", response="dodge"), [5, 20])
    res = events[0].data
    # 5 + Dodge Modifier (DC6 +1, the size -2) - WC 2 = 2: a glancing blow (L66, L101)
    assert (res["response_total"], res["response_result"]) == (2, "glancing")
    # glancing: half of 51 (25, rounded down) off, HTK first (L103): 26 HTC, 0 HTK
    assert (res["htc_taken"], res["htk_taken"]) == (26, 0)
    assert w.sheet("foe").htc == 34 and w.sheet("foe").pending_attack is None


def test_the_heavy_lorry_at_40_metres_a_round_and_being_knocked_clear() -> None:
    """L139-L140: a heavy lorry (Size 11, Throw 51) at 40 m a Round does 51 + 10 = 61, 31 HTC
    and 30 HTK; pushed back, an automatic dodge against WC2 without Dodge Modifiers that does
    not fail knocks the victim clear with half the HTK."""
    assert [falling_objects.ram_modifier(s) for s in (40, 41, 20, 19, 12)] == [10, 10, 0, -2, -16]
    for clear_die, clear, htk in ((4, True, 15), (3, False, 30)):
        w = World(foe=sheet(max_htc=80, max_htk=80))
        ev = w.run(c.Ram(campaign_id="c", character_id="foe", vehicle_size=11, speed=40))[0].data
        assert (ev["damage"], ev["htc"], ev["htk"]) == (61, 31, 30)
        # 31 HTC over the threshold of 20 pushes back (L119); then the fall d20
        res = w.run(c.Respond(campaign_id="c", character_id="foe"), [clear_die, 10])[0].data
        assert (res["clear_die"], res["knocked_clear"], res["htk_taken"]) == (clear_die, clear,
                                                                               htk)
        assert res["pushback_metres"] == 6


def test_objects_fall_40_then_140_then_220_then_320_metres_a_round() -> None:
    # "objects fall 40m in one Round, a further 140m in the 2nd Round, 220m in the 3rd, and
    # 320m in each subsequent Round ... the safe would take 1 Round to fall" (L136)
    assert [falling_objects.rounds_to_fall(m) for m in (20, 40, 41, 180, 181, 400, 401, 720,
                                                        721)] == [1, 1, 2, 2, 3, 3, 4, 4, 5]


def test_a_response_with_20_metres_still_to_fall_automatically_succeeds() -> None:
    # "any Combat Response automatically succeeds if the object still has 20m or more to fall at
    # the time of the response" (L136): the safe seen from 40 m, 20 m still to fall
    w = World(foe=sheet(max_htc=60, max_htk=60))
    fell = w.run(c.DropObject(campaign_id=CID, character_id="foe", object_size=4, metres=40,
                              metres_left=20))[0].data
    assert (fell["rounds_to_fall"], fell["response_succeeds"]) == (1, True)
    res = w.run(c.Respond(campaign_id=CID, character_id="foe", response="dodge"))[0].data
    assert (res["response_dice"], res["htc_taken"], res["htk_taken"]) == ([], 0, 0)
    assert w.sheet("foe").htc == 60
    # with 19 m left the dodge is rolled as usual; no response at all takes it in full
    w.run(c.DropObject(campaign_id=CID, character_id="foe", object_size=4, metres=40,
                       metres_left=19))
    res = w.run(c.Respond(campaign_id=CID, character_id="foe"))[0].data
    assert (res["htc_taken"], res["htk_taken"]) == (15, 15)  # 16 + 14 = 30 (L136)
    with pytest.raises(DomainError) as err:
        w.run(c.DropObject(campaign_id=CID, character_id="foe", object_size=4, metres=10,
                           metres_left=20))
    assert err.value.field == "metres_left"
