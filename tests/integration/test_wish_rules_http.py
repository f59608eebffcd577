"""WISH rules added for issue 9 through HTTP against the real servers, quoting the seed."""

from __future__ import annotations

from typing import Any

from tests.conftest import Api

BASE = {"str": 2, "ag": 2, "to": 2, "int": 2, "wp": 2, "fel": 2}


async def campaign(api: Api, **sheet: Any) -> dict[str, Any]:
    ann, bob = await api.token("ann"), await api.token("bob")
    cid = (await api.ok(ann, "CreateCampaign", {"name": "Capes", "ruleset": "wish"}))["campaign_id"]
    await api.ok(ann, "AddMember", {"campaign_id": cid, "user": "bob", "role": "player"})
    body = {"characteristics": BASE, "phase": "play", **sheet}
    await api.ok(bob, "CreateCharacter", {"campaign_id": cid, "name": "Hero",
                                          "character_id": "hero", "sheet": body})
    await api.ok(ann, "CreateCharacter", {"campaign_id": cid, "name": "Goon",
                                          "character_id": "foe", "sheet": {
                                              "characteristics": BASE, "phase": "play"}})
    return {"ann": ann, "bob": bob, "cid": cid}


async def rolled_pool(api: Api, t: dict[str, Any], **spec: Any) -> dict[str, int]:
    out = await api.ok(t["bob"], "wish.RollCheck", {"campaign_id": t["cid"],
                                                    "character_id": "hero", **spec})
    [event] = [e for e in out["events"] if e["type"] == "wish.CheckRolled"]
    pool: dict[str, int] = event["data"]["check"]["pool"]
    return pool


async def test_standing_dice_of_origin_looks_and_wealth_through_http(api: Api) -> None:
    """L877 Natural Competence "add to all checks"; L1359 Scary Looking: social encounters with
    normals add dice "except for Intimidation with which you gain"; L1301 Wealthy per level."""
    t = await campaign(api, origin="Natural", facilitators=["Wealthy", "Wealthy"],
                       hindrances=[{"name": "Scary Looking", "points": 2}])
    assert await rolled_pool(api, t, characteristic="str") == {"CHR": 2, "FRT": 1}
    assert await rolled_pool(api, t, skill="Charm", tags=["normals"]) == {
        "CHR": 2, "FRT": 1, "MIS": 2}
    assert await rolled_pool(api, t, skill="Intimidate", tags=["normals"]) == {
        "CHR": 2, "FRT": 2}
    assert await rolled_pool(api, t, skill="Charm", tags=["money"]) == {"CHR": 2, "FRT": 3}
