"""The Golden Heroes Energy Attack pool through HTTP against real PostgreSQL and Redis (L178):
15 dice over 5 Rounds of a fight; a blast the pool cannot pay is refused and appends nothing."""

from __future__ import annotations

from tests.conftest import Api
from tests.integration.test_golden_heroes_combat_http import log_length

BLASTER = {"attributes": {"ego": 10, "strength": 10, "dexterity": 12, "vigour": 12},
           "max_htc": 40, "htc": 40, "max_htk": 40, "htk": 40, "generated": True,
           "powers": [{"power": "energy_attack"}]}


async def test_energy_pool_through_http(api: Api) -> None:
    ann = await api.token("ann")
    cid = (await api.ok(ann, "CreateCampaign", {"name": "Capes",
                                                "ruleset": "golden-heroes"}))["campaign_id"]
    for chid in ("hero", "foe"):
        await api.ok(ann, "CreateCharacter", {"campaign_id": cid, "name": chid,
                                              "character_id": chid, "sheet": BLASTER})
    base = {"campaign_id": cid, "encounter_id": "brawl"}
    await api.ok(ann, "golden-heroes.StartCombat", {**base, "heroes": ["hero"],
                                                    "villains": ["foe"]})
    ini = (await api.ok(ann, "golden-heroes.RollInitiative", base))["events"][-1]["data"]
    heroes, villains = ini["rolls"][-1]
    if heroes < villains:
        await api.ok(ann, "golden-heroes.EndPhase", base)  # part 1 is the villains'
    blast = {**base, "character_id": "hero", "target_id": "foe", "attack": "energy_attack"}
    for _ in range(4):  # a 2-frame blast waits for a part of the round with 2 frames (L41-L42)
        response = await api.command(ann, "golden-heroes.Strike", {**blast, "energy_htc_dice": 6,
                                                                   "energy_htk_dice": 4})
        if response.status_code == 200:
            break
        assert response.json()["rule"] in ("golden-heroes.frames L41-L42",
                                           "golden-heroes.round-sequence L46-L47"), response.text
        await api.ok(ann, "golden-heroes.EndPhase", base)
    assert response.status_code == 200, response.text
    done = response.json()
    strike = done["events"][0]["data"]
    spent = 10 + (1 if strike["critical"] == "miss" and strike["critical_die"] == 3 else 0)
    assert strike["energy_pool"] == {"encounter_id": "brawl", "from_round": 1, "spent": spent,
                                     "size": 15}
    read = await api.get(ann, f"/v1/campaigns/{cid}/characters/hero", position=done["position"])
    assert read.json()["sheet"]["energy_pool"]["spent"] == spent
    if strike["hit"]:  # the foe takes it before anyone strikes it again (L79)
        await api.ok(ann, "golden-heroes.Respond", {**base, "character_id": "foe"})
    t = {"ann": ann, "cid": cid}
    before = await log_length(api, t)
    over = await api.command(ann, "golden-heroes.Strike", {**blast, "energy_htc_dice": 3,
                                                           "energy_htk_dice": 3})
    assert over.status_code == 409, over.text
    assert over.json()["rule"] == "golden-heroes.energy-attack L178"
    assert await log_length(api, t) == before
