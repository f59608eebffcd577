"""The README's WISH walkthrough (origin points, stunts, Travel modes, devices), step by step
through HTTP against the real servers."""

from __future__ import annotations

from tests.conftest import Api
from tests.integration.test_wish_rule_fixes import event

BASE = {"str": 2, "ag": 2, "to": 2, "int": 2, "wp": 2, "fel": 2}


async def test_the_readme_wish_steps(api: Api) -> None:
    ann = await api.token("ann")
    c = "cosmos"
    await api.ok(ann, "CreateCampaign", {"campaign_id": c, "name": "Cosmos", "ruleset": "wish"})
    await api.ok(ann, "CreateCharacter", {"campaign_id": c, "character_id": "et", "name": "Et",
                                          "sheet": {"characteristics": BASE}})
    await api.ok(ann, "wish.ChooseOrigin", {"campaign_id": c, "character_id": "et",
                                            "origin": "Alien", "picks": {
                                                "str": 1, "ag": 1, "to": 1, "int": 1, "fel": -1}})
    await api.ok(ann, "wish.ChooseOriginGrants", {"campaign_id": c, "character_id": "et",
                                                  "sfx": "Feral"})
    await api.ok(ann, "wish.SpendAdvance", {"campaign_id": c, "character_id": "et",
                                            "currency": "alien", "purchase": {
                                                "kind": "stunt", "target": "Claws", "sfx": "Feral",
                                                "cost": {"fatigue": 1}}})
    leap = await api.ok(ann, "wish.SpendAdvance", {"campaign_id": c, "character_id": "et",
                                                   "currency": "alien", "purchase": {
                                                       "kind": "acquire_skill",
                                                       "target": "Superleap",
                                                       "mode": "Strong Legs"}})
    et = (await api.get(ann, f"/v1/campaigns/{c}/characters/et",
                        position=leap["position"])).json()["sheet"]
    assert et["restricted_points"] == {"alien": 8}
    assert et["skills"]["Superleap (Strong Legs)"]["characteristic"] == "str"  # L1124
    assert et["stunts"]["Claws"]["cost"]["fatigue"] == 1
    await api.ok(ann, "CreateCharacter", {
        "campaign_id": c, "character_id": "doc", "name": "Doc", "sheet": {
            "characteristics": BASE, "phase": "play",
            "stunts": {"Blaster": {"sfx": "Gear", "traits": ["Ranged", "Push"]}},
            "devices": {"Raygun": {"kind": "detached", "stunts": ["Blaster"]}}}})
    used = await api.ok(ann, "wish.RollCheck", {"campaign_id": c, "character_id": "doc",
                                                "characteristic": "ag", "stunt": "Blaster"})
    assert event(used, "wish.StanceSet")["position"] == 1  # Push (L249)
    await api.ok(ann, "CreateCharacter", {
        "campaign_id": c, "character_id": "brute", "name": "Brute", "sheet": {
            "characteristics": {**BASE, "str": 5}, "phase": "play"}})
    for _ in range(12):  # the campaign's dice: try until the disarm hits
        swing = await api.ok(ann, "wish.Attack", {"campaign_id": c, "character_id": "brute",
                                                  "target_id": "doc", "characteristic": "str",
                                                  "device": "Raygun", "disarm": True})
        if event(swing, "wish.CheckRolled")["check"]["result"]["success"]:
            break
    assert event(swing, "wish.DeviceDisarmed")["device"] == "Raygun"
    blocked = await api.command(ann, "wish.RollCheck", {"campaign_id": c, "character_id": "doc",
                                                        "characteristic": "ag", "stunt": "Blaster"})
    assert blocked.status_code == 409, blocked.text
    back = await api.ok(ann, "wish.RestoreDevice", {"campaign_id": c, "character_id": "doc",
                                                    "device": "Raygun", "how": "recover"})
    assert event(back, "wish.DeviceRestored") == {"device": "Raygun", "how": "recover"}
