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


async def test_fortune_reads_a_fate_roll_as_a_6(api: Api) -> None:
    t = await _table(api, {"hero": ("bob", {"fortune": 1, "health": 6})})
    bob: str = t.bob  # type: ignore[attr-defined]
    await t.ok("TakeDamage", {"character_id": "hero", "amount": 5})
    await t.ok("TakeDamage", {"character_id": "hero", "amount": 1})  # disabled (L65)
    r = await t.ok("FateRoll", {"character_id": "hero"})
    face = r["events"][0]["data"]["d6"]
    spend = {"character_id": "hero", "use": "fate_six"}
    if face == 6:  # already a 6: nothing for Fortune to do (L47)
        await t.refused("SpendFortune", spend, 409, "boonbane.fortune L47", token=bob)
        return
    r = await t.ok("SpendFortune", spend, token=bob)
    amended = r["events"][0]
    assert amended["type"] == f"{R}.FateAmended" and amended["data"]["rolled"] == face
    # a disabled character's 6 (L36): heal 1 and impaired for 1 minute
    hero = await t.read("characters/hero", r)
    assert (hero["sheet"]["life_state"], hero["sheet"]["damage"], hero["sheet"]["fortune"]) == (
        "active", 5, 0)
    assert "impaired" in hero["derived"]["afflictions"]
    assert "defenseless" not in hero["derived"]["afflictions"]
