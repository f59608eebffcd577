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
    added = await api.ok(ann, "AddMember", {"campaign_id": cid, "user": "bob", "role": "player"})
    # the read models reach the setup before the tests read the log
    assert (await api.get(ann, f"/v1/campaigns/{cid}", position=added["position"])).status_code == 200
    return {"ann": ann, "bob": bob, "cid": cid}


async def test_alien_and_wielder_points_buy_only_what_the_seed_names_L776_L921(api: Api) -> None:
    """L776 'Alien Advantages: Spend 10 creation points to purchase any skill, or a Stunt from
    the Alien Traits SFX'; L921 'A Wielder receives +40 points with which to purchase abilities
    that their item of power allows them to use'."""
    t = await wish_campaign(api)
    cid, ann = t["cid"], t["ann"]
    await create(api, t, "et", {"characteristics": BASE, "phase": "creation"})
    chosen = await api.ok(ann, "wish.ChooseOrigin", {
        "campaign_id": cid, "character_id": "et", "origin": "Alien",
        "picks": {"str": 1, "ag": 1, "to": 1, "int": 1, "fel": -1}})
    # Alien Traits: "Choose any one SFX" (L775)
    await api.ok(ann, "wish.ChooseOriginGrants", {"campaign_id": cid, "character_id": "et",
                                                  "sfx": "Feral"})
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

    # a Brick: Might is an Archetype SFX, so a Might stunt costs the normal price (L277)
    await create(api, t, "thor", {"characteristics": BASE, "phase": "creation",
                                  "archetype_tiers": [{"archetype": "Brick"}]})
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


async def test_a_travel_mode_sets_its_skill_characteristic_L1084_L1104(api: Api) -> None:
    """L1084 'A character must pick a mode for their Travel Skill when they acquire the Skill.
    Two different modes of the same Travel skill are effectively two different skills'; L1104
    'Winged: ... your Superflight is Strength based'."""
    t = await wish_campaign(api)
    cid, ann = t["cid"], t["ann"]
    await create(api, t, "hawk", {"characteristics": {**BASE, "str": 4}, "phase": "creation"})
    await refused(api, t, "wish.SpendAdvance", {
        "character_id": "hawk", "currency": "creation",
        "purchase": {"kind": "acquire_skill", "target": "Superflight"}},
        422, "wish.skill.travel L1084", "payload.purchase.mode")
    await api.ok(ann, "wish.SpendAdvance", {
        "campaign_id": cid, "character_id": "hawk", "currency": "creation",
        "purchase": {"kind": "acquire_skill", "target": "Superflight", "mode": "Winged"}})
    rolled = await api.ok(ann, "wish.RollCheck", {"campaign_id": cid, "character_id": "hawk",
                                                  "skill": "Superflight (Winged)"})
    check = event(rolled, "wish.CheckRolled")["check"]
    assert check["characteristic"] == "str" and check["pool"] == {"CHR": 4}


async def test_assists_are_checked_L384_L388(api: Api) -> None:
    """L386 'a character could not assist a doctor using the Medicine skill unless they
    themselves also had the Medicine skill'; L388 'A character cannot assist themselves'."""
    t = await wish_campaign(api)
    cid, ann = t["cid"], t["ann"]
    medicine = {"Medicine": {"characteristic": "int", "kind": "advanced"}}
    await create(api, t, "doc", {"characteristics": BASE, "phase": "play", "skills": medicine})
    await create(api, t, "nurse", {"characteristics": BASE, "phase": "play", "skills": medicine})
    await create(api, t, "pal", {"characteristics": BASE, "phase": "play"})
    base = {"character_id": "doc", "skill": "Medicine"}
    # naming the nurse before it assisted gives no die: it is refused (L384)
    await refused(api, t, "wish.RollCheck", {**base, "assisted_by": ["nurse"]},
                  409, "wish.maneuver.assist L384", "payload.assisted_by")
    # the Assist maneuver is the assistant's own; out of an encounter it costs nothing (L378)
    await refused(api, t, "wish.TakeManeuver", {"character_id": "pal", "kind": "assist",
                                                "ally_id": "doc", "skill": "Medicine"},
                  409, "wish.maneuver.assist L386", "payload.skill")
    await api.ok(ann, "wish.TakeManeuver", {"campaign_id": cid, "character_id": "nurse",
                                            "kind": "assist", "ally_id": "doc",
                                            "skill": "Medicine"})
    helped = await api.ok(ann, "wish.RollCheck", {"campaign_id": cid, "character_id": "doc",
                                                  "skill": "Medicine", "assisted_by": ["nurse"]})
    assert event(helped, "wish.CheckRolled")["check"]["pool"] == {"CHR": 2, "FRT": 1}
    await refused(api, t, "wish.RollCheck", {**base, "assisted_by": ["doc"]},
                  422, "wish.maneuver.assist L388", "payload.assisted_by")
    await refused(api, t, "wish.RollCheck", {**base, "assists": 2},
                  422, "wish.maneuver.assist L386-388", "payload.assists")


async def test_wielded_points_pay_off_the_wielders_hindrances_L922_L924(api: Api) -> None:
    """L922 'the +40 points granted by Wielded Abilities can be used to pay off either or both of
    the Limited Advancement and Limited Charges Hindrances'; L923 'This Hindrance costs 5
    creation points or advances to overcome completely'."""
    t = await wish_campaign(api)
    cid, ann = t["cid"], t["ann"]
    await create(api, t, "thor", {"characteristics": BASE, "phase": "creation"})
    await api.ok(ann, "wish.ChooseOrigin", {"campaign_id": cid, "character_id": "thor",
                                            "origin": "Wielder"})
    paid = await api.ok(ann, "wish.OvercomeOriginHindrance", {
        "campaign_id": cid, "character_id": "thor", "name": "Limited Advancement",
        "wielded": True})
    assert event(paid, "wish.OriginHindranceOvercome")["cost"] == 5
    sheet = (await api.get(ann, f"/v1/campaigns/{cid}/characters/thor",
                           position=paid["position"])).json()["sheet"]
    assert "Limited Advancement" in sheet["overcome"]
    assert sheet["restricted_points"] == {"wielded": 35} and sheet["creation_points"] == 60
