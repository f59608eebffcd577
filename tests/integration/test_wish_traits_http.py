"""WISH traits, justifications and devices through HTTP against real servers, quoting the
seed (L232-376)."""

from __future__ import annotations

from tests.conftest import Api
from tests.integration.test_wish_departures_http import wish_campaign
from tests.integration.test_wish_rule_fixes import BASE, create, event, refused


async def test_traits_and_justifications_through_http_L249_L328_L345_L362(api: Api) -> None:
    """L249 'Push: any ability with this Trait moves a character one step towards Offensive
    when it is used'; L345 Arcane 'when they are taken by a character with the Mystic Origin or
    the Arts Arcane Skill trained or access to the Magic SFX'; L362 'Karmic Stunts cannot be used
    while a character has less than 1 current fortune point'; L328 Device 'a 1 point Hindrance
    per Stunt'."""
    t = await wish_campaign(api)
    cid, ann = t["cid"], t["ann"]
    bad = await api.command(ann, "CreateCharacter", {
        "campaign_id": cid, "character_id": "x", "name": "X", "sheet": {
            "characteristics": BASE, "stunts": {"Zap": {"justification": "arcane"}}}})
    assert bad.status_code == 422 and bad.json()["rule"] == "wish.justification.arcane L345"
    await create(api, t, "hero", {"characteristics": BASE, "phase": "play", "origin": "Natural",
                                  "fortune": 0, "stunts": {
                                      "Rush": {"traits": ["Melee", "Push"]},
                                      "Fate": {"justification": "karmic"},
                                      "Blaster": {"traits": ["Ranged"]}}})
    rushed = await api.ok(ann, "wish.RollCheck", {"campaign_id": cid, "character_id": "hero",
                                                  "characteristic": "str", "stunt": "Rush"})
    assert event(rushed, "wish.StanceSet")["position"] == 1
    await refused(api, t, "wish.RollCheck", {"character_id": "hero", "characteristic": "wp",
                                             "stunt": "Fate"},
                  409, "wish.justification.karmic L362", "payload.stunt")
    made = await api.ok(ann, "wish.TakeHindrance", {"campaign_id": cid, "character_id": "hero",
                                                    "name": "Device", "stunt": "Blaster"})
    assert event(made, "wish.HindranceTaken")["points"] == 1
    sheet = (await api.get(ann, f"/v1/campaigns/{cid}/characters/hero",
                           position=made["position"])).json()["sheet"]
    assert sheet["stunts"]["Blaster"]["justification"] == "device"
    assert sheet["hindrance_points"] == 1


async def test_devices_are_targeted_broken_and_repaired_L311_L322(api: Api) -> None:
    """L311 'Characters targeting a Detached Device directly add [dice] to their dice pool';
    L317 'Detached Devices have (7 + SR) Soak and SR # of Wounds'; L320 'Devices do not take
    automatic Wounds'; L326 'All of the Stunts in the Gear SFX have the Device justification'."""
    t = await wish_campaign(api)
    cid, ann = t["cid"], t["ann"]
    await create(api, t, "hero", {"characteristics": {**BASE, "str": 5}, "phase": "play"})
    made = await api.ok(ann, "CreateCharacter", {
        "campaign_id": cid, "character_id": "doc", "name": "Doc", "sheet": {
            "characteristics": BASE, "phase": "play",
            "stunts": {"Blaster": {"rating": 1, "sfx": "Gear"}},
            "devices": {"Raygun": {"kind": "detached", "stunts": ["Blaster"]}}}})
    view = (await api.get(ann, f"/v1/campaigns/{cid}/characters/doc",
                          position=made["position"])).json()
    assert view["derived"]["devices"]["Raygun"]["soak"] == 8  # 7 + SR 1
    assert view["derived"]["devices"]["Raygun"]["wounds"] == 1
    # 5 Strength dice against the gun; base damage 8 + net successes beats Soak 8 on any hit.
    # The dice are the campaign's: shoot until one hits (a miss changes nothing).
    for _ in range(12):
        shot = await api.ok(ann, "wish.Attack", {"campaign_id": cid, "character_id": "hero",
                                                 "target_id": "doc", "characteristic": "str",
                                                 "device": "Raygun", "base_damage": 8})
        rolled = event(shot, "wish.CheckRolled")
        assert rolled["check"]["pool"].get("CHL") == 1
        assert "wish.DamageTaken" not in [e["type"] for e in shot["events"]]
        if rolled["check"]["result"]["success"]:
            break
    hit = event(shot, "wish.DeviceDamaged")
    assert hit["soak"] == 8 and hit["wounds_lost"] == 1 and hit["broken"] is True
    await refused(api, t, "wish.RollCheck", {"character_id": "doc", "characteristic": "ag",
                                             "stunt": "Blaster"},
                  409, "wish.device L301", "payload.stunt")
    await api.ok(ann, "wish.RestoreDevice", {"campaign_id": cid, "character_id": "doc",
                                             "device": "Raygun", "how": "repair"})
    await api.ok(ann, "wish.RollCheck", {"campaign_id": cid, "character_id": "doc",
                                         "characteristic": "ag", "stunt": "Blaster"})


async def test_justification_lines_through_http_L367_L520(api: Api) -> None:
    """L367 Karmic '1 fortune: add 1 success to your check result; you may use this ability more
    than once'; L520 'the GM chooses detrimental options'."""
    t = await wish_campaign(api)
    cid, bob = t["cid"], t["bob"]
    await api.ok(bob, "CreateCharacter", {
        "campaign_id": cid, "character_id": "lucky", "name": "Lucky", "sheet": {
            "characteristics": BASE, "phase": "play", "origin": "Cosmic", "fortune": 2,
            "stunts": {"Fate": {"justification": "karmic"}, "Punch": {}}}})
    rolled = await api.ok(bob, "wish.RollCheck", {"campaign_id": cid, "character_id": "lucky",
                                                  "characteristic": "wp", "stunt": "Fate",
                                                  "check_id": "k1"})
    before = event(rolled, "wish.CheckRolled")["check"]["result"]["net_successes"]
    bought = await api.ok(bob, "wish.ChooseJustificationLine", {
        "campaign_id": cid, "character_id": "lucky", "check_id": "k1", "line": "fortune",
        "times": 2})
    assert event(bought, "wish.FortuneSpent")["points"] == 2
    assert event(bought, "wish.JustificationLineTriggered")["result"]["net_successes"] == (
        before + 2)
    imposed = await api.command(bob, "wish.ImposeJustificationLine", {
        "campaign_id": cid, "character_id": "lucky", "check_id": "k1", "line": "?"})
    assert imposed.status_code == 403, imposed.text
    await api.ok(bob, "wish.RollCheck", {"campaign_id": cid, "character_id": "lucky",
                                         "characteristic": "str", "stunt": "Punch",
                                         "check_id": "k2"})
    await refused(api, t, "wish.ChooseJustificationLine", {
        "character_id": "lucky", "check_id": "k2", "line": "fortune"},
        422, "wish.justification.lines L338-368", "payload.line")


async def test_an_unreliable_stunt_is_restored_only_by_the_gm_L273(api: Api) -> None:
    """L273 'If the effect does not state a means to return itself to re-usability it should
    remain unusable for at least an Act, or require some significant action or effort'."""
    t = await wish_campaign(api)
    cid, ann, bob = t["cid"], t["ann"], t["bob"]
    made = await api.ok(bob, "CreateCharacter", {
        "campaign_id": cid, "character_id": "jet", "name": "Jet", "sheet": {
            "characteristics": BASE, "phase": "play",
            "stunts": {"Pack": {"traits": ["Movement", "Unreliable (2)"], "unusable": True}}}})
    await refused(api, t, "wish.RollCheck", {"character_id": "jet", "characteristic": "ag",
                                             "stunt": "Pack"},
                  409, "wish.trait.unreliable L273", "payload.stunt")
    by_player = await api.command(bob, "wish.RestoreStunt", {"campaign_id": cid,
                                                             "character_id": "jet",
                                                             "stunt": "Pack"})
    assert by_player.status_code == 403, by_player.text
    back = await api.ok(ann, "wish.RestoreStunt", {"campaign_id": cid, "character_id": "jet",
                                                   "stunt": "Pack"})
    assert back["position"] > made["position"]
    await api.ok(bob, "wish.RollCheck", {"campaign_id": cid, "character_id": "jet",
                                         "characteristic": "ag", "stunt": "Pack"})


async def test_melee_and_ranged_stunts_keep_to_their_range_L241_L242(api: Api) -> None:
    """L241 'Melee: any ability with this Trait is usable while engaged with an opponent'; L242
    'Ranged: any ability with this Trait is usable at close or longer range'."""
    t = await wish_campaign(api)
    cid, ann = t["cid"], t["ann"]
    await create(api, t, "hero", {"characteristics": BASE, "phase": "play", "stunts": {
        "Jab": {"traits": ["Melee"]}, "Shot": {"traits": ["Ranged"]}}})
    await create(api, t, "foe", {"characteristics": BASE, "phase": "play"})
    fight = {"campaign_id": cid, "encounter_id": "fight"}
    await api.ok(ann, "wish.StartEncounter", {**fight, "participants": ["hero", "foe"]})
    await api.ok(ann, "wish.SetSeparation", {**fight, "character_id": "hero", "target_id": "foe",
                                             "band": "Medium"})
    await api.ok(ann, "wish.StartTurn", {**fight, "character_id": "hero"})
    await refused(api, t, "wish.Attack", {**fight, "character_id": "hero", "target_id": "foe",
                                          "characteristic": "str", "stunt": "Jab"},
                  409, "wish.trait.melee L241", "payload.stunt")
    shot = await api.ok(ann, "wish.Attack", {**fight, "character_id": "hero", "target_id": "foe",
                                             "characteristic": "ag", "stunt": "Shot",
                                             "mode": "ranged"})
    assert event(shot, "wish.CheckRolled")["check_id"]


async def test_the_new_wish_events_export_and_verify(api: Api) -> None:
    """Stunt costs, justification lines and attacks on devices keep the audit trail whole: the
    export verifies once the seed is revealed (docs/fair-dice.md)."""
    from domain.audit import verify_export

    t = await wish_campaign(api)
    cid, ann = t["cid"], t["ann"]
    await create(api, t, "hero", {"characteristics": {**BASE, "str": 4}, "phase": "play",
                                  "origin": "Cosmic", "fortune": 2, "stunts": {
                                      "Fate": {"justification": "karmic",
                                               "cost": {"stress": 1}}}})
    await create(api, t, "doc", {"characteristics": BASE, "phase": "play",
                                 "stunts": {"Blaster": {"sfx": "Gear"}},
                                 "devices": {"Raygun": {"stunts": ["Blaster"]}}})
    await api.ok(ann, "wish.RollCheck", {"campaign_id": cid, "character_id": "hero",
                                         "characteristic": "wp", "stunt": "Fate",
                                         "check_id": "k"})
    await api.ok(ann, "wish.ChooseJustificationLine", {"campaign_id": cid, "character_id": "hero",
                                                       "check_id": "k", "line": "fortune"})
    await api.ok(ann, "wish.Attack", {"campaign_id": cid, "character_id": "hero",
                                      "target_id": "doc", "characteristic": "str",
                                      "device": "Raygun", "base_damage": 9})
    await api.ok(ann, "RotateSeed", {"campaign_id": cid})
    response = await api.get(ann, f"/v1/campaigns/{cid}/export")
    assert response.status_code == 200, response.text
    report = verify_export(response.content.splitlines())
    assert report.ok, report.failures
    assert report.rolls_verified >= 2
