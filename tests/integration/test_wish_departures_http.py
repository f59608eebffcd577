"""WISH departures closed, through HTTP against real servers, quoting the seed: the Alien's and
Wielder's restricted points (L776, L921), stunt costs (L508), travel-mode characteristics
(L1084-1198) and assists (L384-388)."""

from __future__ import annotations

from typing import Any

from tests.conftest import Api
from tests.integration.test_wish_rule_fixes import BASE, create, event, refused


async def wish_campaign(api: Api, options: dict[str, Any] | None = None) -> dict[str, Any]:
    ann, bob = await api.token("ann"), await api.token("bob")
    cid = (await api.ok(ann, "CreateCampaign", {"name": "Capes", "ruleset": "wish",
                                                "options": options or {}}))["campaign_id"]
    await api.ok(ann, "AddMember", {"campaign_id": cid, "user": "bob", "role": "player"})
    return {"ann": ann, "bob": bob, "cid": cid}


async def test_alien_and_wielder_points_buy_only_what_the_seed_names_L776_L921(api: Api) -> None:
    """L776 'Alien Advantages: Spend 10 creation points to purchase any skill, or a Stunt from
    the Alien Traits SFX'; L921 'A Wielder receives +40 points with which to purchase abilities
    that their item of power allows them to use'."""
    t = await wish_campaign(api)
    cid, ann = t["cid"], t["ann"]
    await create(api, t, "et", {"characteristics": BASE, "phase": "creation"})
    chosen = await api.ok(ann, "wish.ChooseOrigin", {
        "campaign_id": cid, "character_id": "et", "origin": "Alien", "sfx": "Feral",
        "picks": {"str": 1, "ag": 1, "to": 1, "int": 1, "fel": -1}})
    assert event(chosen, "wish.OriginChosen")["restricted"] is True
    sheet = (await api.get(ann, f"/v1/campaigns/{cid}/characters/et",
                           position=chosen["position"])).json()["sheet"]
    assert sheet["creation_points"] == 60 and sheet["restricted_points"] == {"alien": 10}
    await refused(api, t, "wish.SpendAdvance", {
        "character_id": "et", "currency": "alien",
        "purchase": {"kind": "characteristic", "target": "str"}},
        422, "wish.origin.alien L776", "payload.purchase.kind")
    await refused(api, t, "wish.SpendAdvance", {
        "character_id": "et", "currency": "alien",
        "purchase": {"kind": "stunt", "target": "Zap", "sfx": "Electric"}},
        422, "wish.origin.alien L776", "payload.purchase.sfx")
    bought = await api.ok(ann, "wish.SpendAdvance", {
        "campaign_id": cid, "character_id": "et", "currency": "alien",
        "purchase": {"kind": "stunt", "target": "Claws", "sfx": "Feral"}})
    assert event(bought, "wish.AdvanceSpent")["cost"] == 1
    await refused(api, t, "wish.FinishCreation", {"character_id": "et"},
                  409, "wish.creation L581", "payload.creation_points")

    await create(api, t, "thor", {"characteristics": BASE, "phase": "creation"})
    await api.ok(ann, "wish.ChooseOrigin", {"campaign_id": cid, "character_id": "thor",
                                            "origin": "Wielder"})
    await refused(api, t, "wish.SpendAdvance", {
        "character_id": "thor", "currency": "wielded",
        "purchase": {"kind": "skill_rank", "target": "Athletics"}},
        422, "wish.origin.wielder L921", "payload.purchase.kind")
    hammer = await api.ok(ann, "wish.SpendAdvance", {
        "campaign_id": cid, "character_id": "thor", "currency": "wielded",
        "purchase": {"kind": "stunt", "target": "Hammer", "sfx": "Might"}})
    sheet = (await api.get(ann, f"/v1/campaigns/{cid}/characters/thor",
                           position=hammer["position"])).json()["sheet"]
    assert sheet["restricted_points"] == {"wielded": 39} and sheet["creation_points"] == 60
    assert sheet["stunts"]["Hammer"]["wielded"] is True
    assert sheet["stunts"]["Hammer"]["justification"] == "device"


async def test_origin_points_as_general_points_is_a_named_option_D16(api: Api) -> None:
    t = await wish_campaign(api, options={"origin_points_restricted": False})
    await create(api, t, "et", {"characteristics": BASE, "phase": "creation"})
    chosen = await api.ok(t["ann"], "wish.ChooseOrigin", {
        "campaign_id": t["cid"], "character_id": "et", "origin": "Wielder"})
    sheet = (await api.get(t["ann"], f"/v1/campaigns/{t['cid']}/characters/et",
                           position=chosen["position"])).json()["sheet"]
    assert sheet["creation_points"] == 100 and sheet["restricted_points"] == {}


async def test_a_stunt_cost_is_paid_up_front_L508(api: Api) -> None:
    """L508: '"Stress: 1, Fitness: 1" would indicate a Stunt that require a character to suffer 1
    stress and 1 fatigue ... The cost is paid up front, before a Stunt is put into play and
    before any checks are made'; L1313 Tireless 'decrease its cost by Fatigue: 1'."""
    t = await wish_campaign(api)
    cid, ann = t["cid"], t["ann"]
    await create(api, t, "hero", {"characteristics": BASE, "phase": "play", "fortune": 0,
                                  "stunts": {"Bash": {"cost": {"stress": 1, "fatigue": 1}},
                                             "Lucky": {"cost": {"fortune": 1}},
                                             "Easy": {"cost": {"fatigue": 1},
                                                      "facilitators": ["Tireless"]}}})
    used = await api.ok(ann, "wish.RollCheck", {"campaign_id": cid, "character_id": "hero",
                                                "characteristic": "str", "stunt": "Bash"})
    assert [e["type"] for e in used["events"]][:2] == ["wish.StuntCostPaid", "wish.CheckRolled"]
    assert event(used, "wish.StuntCostPaid") == {"stunt": "Bash", "stress": 1, "fatigue": 1}
    sheet = (await api.get(ann, f"/v1/campaigns/{cid}/characters/hero",
                           position=used["position"])).json()["sheet"]
    assert (sheet["stress"], sheet["fatigue"]) == (1, 1)
    eased = await api.ok(ann, "wish.RollCheck", {"campaign_id": cid, "character_id": "hero",
                                                 "characteristic": "str", "stunt": "Easy"})
    assert "wish.StuntCostPaid" not in [e["type"] for e in eased["events"]]
    await refused(api, t, "wish.RollCheck", {"character_id": "hero", "characteristic": "str",
                                             "stunt": "Lucky"},
                  409, "wish.stunt.cost L508", "payload.stunt")
