"""Hide (L185-L190) and Find (L172-L174) through HTTP against real PostgreSQL and Redis; the
scores make every outcome certain."""

from __future__ import annotations

from tests.conftest import Api
from tests.integration.test_boonbane_play_http import R, _table


async def test_hide_attack_with_a_boon_then_a_hidden_target_needs_a_guess(api: Api) -> None:
    t = await _table(api, {"rogue": ("bob", {"agility": 30}),
                           "guard": ("ann", {"kind": "npc", "perception": 30, "agility": 5})})
    bob: str = t.bob  # type: ignore[attr-defined]
    # Agi 30 (+20) cannot fail the Agi challenge roll (L186)
    r = await t.ok("Hide", {"character_id": "rogue"}, token=bob)
    assert (await t.read("characters/rogue", r))["sheet"]["hidden"] is True
    # the guard cannot see where it is: a miss with no roll (L190, D-31)
    r = await t.ok("AttackRoll", {"character_id": "guard", "target_id": "rogue"})
    assert r["events"][0]["data"]["automatic"] == "hidden target, location not guessed L190 D-31"
    # the rogue attacks with 1 boon (L189) and is revealed (L188)
    r = await t.ok("AttackRoll", {"character_id": "rogue", "target_id": "guard",
                                  "attribute": "agility"}, token=bob)
    roll = r["events"][0]["data"]
    assert {s["line"]: s["boons"] for s in roll["sources"]} == {"L189": 1}
    assert r["events"][-1]["type"] == f"{R}.HiddenChanged"
    assert (await t.read("characters/rogue", r))["sheet"]["hidden"] is False
    # hidden again, then found: Perception 30 (+20) against Agi 30 needs a d20 of 10 or more
    await t.ok("Hide", {"character_id": "rogue"}, token=bob)
    r = await t.ok("Find", {"character_id": "guard", "target_id": "rogue"})
    roll = r["events"][0]["data"]
    assert (roll["stat"], roll["against"], roll["target_number"]) == ("perception", "agility", 30)
    hidden = (await t.read("characters/rogue", r))["sheet"]["hidden"]
    assert hidden == (not roll["success"])
