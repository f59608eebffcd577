"""Golden Heroes general force fields through HTTP against real PostgreSQL and Redis
(L206-L207): a General Force Wall formed in front of an ally, its caster refused any other
action, a blow on the ally struck at DC10 and stopped.

The service rolls its own seed-derived dice; the test picks each command id whose faces give
the step it scripts (docs/fair-dice.md).
"""

from __future__ import annotations

from collections.abc import Callable

from tests.conftest import Api
from tests.integration.scripted_dice import Draw, scripted_command_id, secret_seed
from tests.integration.test_golden_heroes_combat_http import log_length

R = "golden-heroes"


def body(dex: int, **more: object) -> dict[str, object]:
    return {"attributes": {"ego": 10, "strength": 14, "dexterity": dex, "vigour": 12},
            "max_htc": 40, "htc": 40, "max_htk": 40, "htk": 40, "generated": True, **more}


async def test_a_general_force_wall_through_http(api: Api) -> None:
    ann = await api.token("ann")
    cid = (await api.ok(ann, "CreateCampaign", {"name": "Wall", "ruleset": R}))["campaign_id"]
    wall = {"power": "force_field", "choice": "general_force_wall",
            "rolled": {"barrier_htk": 9, "shield_absorbs": 12, "wall_htk": 30}}
    for ch, sheet in (("caster", body(14, powers=[wall])), ("ward", body(12)),
                      ("brute", body(10))):
        await api.ok(ann, "CreateCharacter", {"campaign_id": cid, "name": ch,
                                              "character_id": ch, "sheet": sheet})
    seed = await secret_seed(api.database_url, cid)

    def pick(tag: str, wanted: Callable[[Draw], bool]) -> str:
        return scripted_command_id(seed, cid, tag, wanted)

    fight = {"campaign_id": cid, "encounter_id": "gate"}
    t = {"ann": ann, "cid": cid}
    await api.ok(ann, f"{R}.StartCombat", {**fight, "heroes": ["caster", "ward"],
                                           "villains": ["brute"]})
    await api.ok(ann, f"{R}.RollInitiative", fight,
                 pick("ini", lambda d: d(0, 10) - d(1, 10) >= 7))
    r = await api.ok(ann, f"{R}.PlaceForceField", {**fight, "character_id": "caster",
                                                   "field": "general_force_wall",
                                                   "protects": ["ward"]})
    enc = await api.get(ann, f"/v1/campaigns/{cid}/encounters/gate", position=r["position"])
    assert enc.json()["fields"] == [{"caster_id": "caster", "field": "general_force_wall",
                                     "strength": 30, "protects": ["ward"]}]
    before = await log_length(api, t)
    busy = await api.command(ann, f"{R}.Act", {**fight, "character_id": "caster",
                                               "activity": "frame"})
    assert busy.status_code == 409, busy.text
    assert busy.json()["rule"] == "golden-heroes.force-field L206-L207"
    assert await log_length(api, t) == before
    for ch in ("caster", "ward"):
        await api.ok(ann, f"{R}.Act", {**fight, "character_id": ch, "activity": "pass"})
    await api.ok(ann, f"{R}.EndPhase", fight)
    # the brute's fist on the ward strikes the wall: d20 + WC2 + DC10 (L206)
    r = await api.ok(ann, f"{R}.Strike", {**fight, "character_id": "brute", "target_id": "ward"},
                     pick("blow", lambda d: 6 <= d(0, 20) <= 19))
    blow = r["events"][0]["data"]
    assert (blow["defence_class"], blow["total"], blow["hit"]) == (10, blow["natural"] + 12, True)
    r = await api.ok(ann, f"{R}.Respond", {**fight, "character_id": "ward"})
    res = r["events"][0]["data"]
    assert (res["htc_taken"], res["htk_taken"], res["htc"]) == (0, 0, 40)
    assert "general force wall 30 HTK (L206)" in [s["step"] for s in res["steps"]]
