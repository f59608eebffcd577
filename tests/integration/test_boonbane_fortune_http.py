"""Another player's Fortune (L46) through HTTP against real PostgreSQL and Redis: only the
giver's player spends it, before the other character's roll, which has 2 boons."""

from __future__ import annotations

from tests.conftest import Api
from tests.integration.test_boonbane_play_http import R, _table


async def test_a_player_gives_their_own_fortune_never_anothers(api: Api) -> None:
    t = await _table(api, {"hero": ("bob", {"fortune": 1}), "ally": ("ann", {"fortune": 1})})
    bob: str = t.bob  # type: ignore[attr-defined]
    # Bob cannot spend the Fortune of a character he does not play
    await t.refused("GiveFortune", {"character_id": "ally", "target_id": "hero"}, 403,
                    "character.owner-only", token=bob)
    r = await t.ok("GiveFortune", {"character_id": "hero", "target_id": "ally"}, token=bob)
    assert [e["type"] for e in r["events"]] == [f"{R}.FortuneSpent", f"{R}.RoundEffectAdded"]
    assert (await t.read("characters/hero", r))["sheet"]["fortune"] == 0
    r = await t.ok("ChallengeRoll", {"character_id": "ally", "stat": "will"})
    roll = r["events"][0]["data"]
    assert {s["line"]: s["boons"] for s in roll["sources"]} == {"L46": 2}
    assert len(roll["d6"]) == 2 and roll["total"] == roll["d20"] + max(roll["d6"])
    await t.refused("GiveFortune", {"character_id": "hero", "target_id": "ally"}, 409,
                    "boonbane.fortune L45", token=bob)
