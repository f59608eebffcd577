"""Golden Heroes free responses through HTTP against real PostgreSQL and Redis (L60, L101):
four free responses a round to WC 0/1 attacks, then a future frame each; a fifth with no
frame left this round or next is refused naming the rule and appends nothing.

The service rolls its own seed-derived dice; the test picks each command id whose faces give
the step it scripts (docs/fair-dice.md).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.conftest import Api
from tests.integration.scripted_dice import Draw, scripted_command_id, secret_seed

R = "golden-heroes"


def body(dex: int, kind: str = "superpowered") -> dict[str, Any]:
    return {"attributes": {"ego": 10, "strength": 12, "dexterity": dex, "vigour": 12},
            "max_htc": 60, "htc": 60, "max_htk": 60, "htk": 60, "generated": True,
            "character_type": kind, **({"weapon_class": 0, "defence_class": 11}
                                       if kind == "non_superpowered" else {})}


async def test_a_fifth_free_response_is_refused_without_a_frame(api: Api) -> None:
    gm = await api.token("ann")
    cid = (await api.ok(gm, "CreateCampaign", {"name": "Mob", "ruleset": R}))["campaign_id"]
    cast = {"hero": body(12), "foe": body(14), "thug1": body(9, "non_superpowered"),
            "thug2": body(8, "non_superpowered"), "thug3": body(7, "non_superpowered")}
    for ch, sheet in cast.items():
        await api.ok(gm, "CreateCharacter", {"campaign_id": cid, "name": ch,
                                             "character_id": ch, "sheet": sheet})
    seed = await secret_seed(api.database_url, cid)
    fight = {"campaign_id": cid, "encounter_id": "alley"}

    def pick(tag: str, wanted: Callable[[Draw], bool]) -> str:
        return scripted_command_id(seed, cid, tag, wanted)

    async def log_len() -> int:
        page = await api.get(gm, f"/v1/campaigns/{cid}/events", limit=1000)
        return len(page.json()["events"])

    await api.ok(gm, f"{R}.StartCombat", {**fight, "heroes": ["hero"],
                                          "villains": ["foe", "thug1", "thug2", "thug3"]})
    # the heroes win by 7 or more: 4 frames, all the hero's, spent in part 1 (L44-L46)
    await api.ok(gm, f"{R}.RollInitiative", fight,
                 pick("ini", lambda d: d(0, 10) - d(1, 10) >= 7))
    await api.ok(gm, f"{R}.Act", {**fight, "character_id": "hero", "activity": "pass"})
    await api.ok(gm, f"{R}.EndPhase", fight)
    dodge = {**fight, "character_id": "hero", "response": "dodge", "full_dodge": False}
    # the foe's four fists (WC2, a natural 10-19 hits DC6) each borrow a frame of next round;
    # the thugs' four (WC0, a natural 12-19 hits) are free (L101)
    blows = (("foe", 10),) * 4 + (("thug1", 12),) * 2 + (("thug2", 12),) * 2
    for n, (attacker, low) in enumerate(blows):
        await api.ok(gm, f"{R}.Strike", {**fight, "character_id": attacker, "target_id": "hero"},
                     pick(f"s{n}", lambda d, low=low: low <= d(0, 20) <= 19))
        r = await api.ok(gm, f"{R}.Respond", dodge)
        used = next(e["data"] for e in r["events"] if e["type"].endswith("FramesUsed"))
        assert (used["free"], used["next_round"]) == ((False, 1) if attacker == "foe"
                                                      else (True, 0))
    enc = await api.get(gm, f"/v1/campaigns/{cid}/encounters/alley", position=r["position"])
    assert enc.json()["borrowed"]["hero"] == 4 and enc.json()["free_responses"]["hero"] == 4
    await api.ok(gm, f"{R}.Strike", {**fight, "character_id": "thug3", "target_id": "hero"},
                 pick("s9", lambda d: 12 <= d(0, 20) <= 19))
    before = await log_len()
    fifth = await api.command(gm, f"{R}.Respond", dodge)
    assert fifth.status_code == 409, fifth.text
    assert (fifth.json()["rule"], fifth.json()["field"]) == (
        "golden-heroes.free-responses L101", "payload.response")
    assert await log_len() == before
    # taking the blow costs nothing
    await api.ok(gm, f"{R}.Respond", {**fight, "character_id": "hero"})
