"""The WISH ruleset through HTTP against real servers: sheets, checks, refusals, an encounter."""

from __future__ import annotations

from typing import Any

from tests.conftest import Api

HERO = {"characteristics": {"str": 5, "ag": 2, "to": 2, "int": 2, "wp": 2, "fel": 2},
        "phase": "play", "fortune": 1, "fortune_rating": 2}
FOE = {"characteristics": {"str": 2, "ag": 2, "to": 1, "int": 2, "wp": 2, "fel": 2},
       "phase": "play", "soak": 1}


async def wish_campaign(api: Api) -> dict[str, Any]:
    ann, bob = await api.token("ann"), await api.token("bob")
    cid = (await api.ok(ann, "CreateCampaign", {"name": "Capes", "ruleset": "wish"}))["campaign_id"]
    await api.ok(ann, "AddMember", {"campaign_id": cid, "user": "bob", "role": "player"})
    hero = await api.ok(bob, "CreateCharacter", {"campaign_id": cid, "name": "Titan",
                                                 "character_id": "hero", "sheet": HERO})
    foe = await api.ok(ann, "CreateCharacter", {"campaign_id": cid, "name": "Goon",
                                                "character_id": "foe", "sheet": FOE})
    # Reads in the tests pass no position: let the read models reach the setup's last write.
    assert (await api.get(ann, f"/v1/campaigns/{cid}", position=foe["position"])).status_code == 200
    return {"ann": ann, "bob": bob, "cid": cid, "position": hero["position"]}


async def log_length(api: Api, t: dict[str, Any]) -> int:
    events = (await api.get(t["ann"], f"/v1/campaigns/{t['cid']}/events", limit=1000)).json()
    return len(events["events"])


async def character(api: Api, t: dict[str, Any], cid: str, position: int) -> dict[str, Any]:
    response = await api.get(t["ann"], f"/v1/campaigns/{t['cid']}/characters/{cid}",
                             position=position)
    assert response.status_code == 200, response.text
    result: dict[str, Any] = response.json()
    return result


async def test_sheets_are_validated_on_create_naming_each_field(api: Api) -> None:
    t = await wish_campaign(api)
    bad = {"characteristics": {"str": 9, "ag": 2, "to": 2, "int": 2, "wp": -1}, "fortune": "lots"}
    response = await api.command(t["bob"], "CreateCharacter", {"campaign_id": t["cid"],
                                                               "name": "Bad", "sheet": bad})
    assert response.status_code == 422, response.text
    problem = response.json()
    fields = {e["field"] for e in problem.get("errors", [{"field": problem["field"]}])}
    assert all(f.startswith("payload.sheet") for f in fields)
    assert problem["field"].startswith("payload.sheet")
    assert await log_length(api, t) == 4  # created, member, two characters: nothing more


async def test_str5_two_steps_offensive_rolls_two_offensive_three_characteristic(api: Api) -> None:
    """Seed L91: 'a Str 5 character two steps Offensive rolls two offensive and three
    characteristic dice'; the second step costs 1 stress (L83)."""
    t = await wish_campaign(api)
    cid = t["cid"]
    shifted = await api.ok(t["bob"], "wish.ShiftStance", {"campaign_id": cid,
                                                          "character_id": "hero", "steps": 2})
    hero = await character(api, t, "hero", shifted["position"])
    assert hero["sheet"]["stance"]["position"] == 2 and hero["sheet"]["stress"] == 1
    rolled = await api.ok(t["bob"], "wish.RollCheck", {"campaign_id": cid, "character_id": "hero",
                                                       "characteristic": "str"})
    [event] = [e for e in rolled["events"] if e["type"] == "wish.CheckRolled"]
    check = event["data"]["check"]
    assert check["pool"] == {"CHR": 3, "OFF": 2}
    dice = [d["die"] for d in check["dice"]]
    assert sorted(dice) == ["CHR", "CHR", "CHR", "OFF", "OFF"]
    assert all(1 <= d["face"] <= (8 if d["die"] == "CHR" else 10) for d in check["dice"])
    rolls = (await api.get(t["bob"], f"/v1/campaigns/{cid}/rolls",
                           position=rolled["position"])).json()
    assert rolls[0]["type"] == "wish.CheckRolled" and rolls[0]["position"] == event["position"]
    odds = (await api.client.post(f"/v1/campaigns/{cid}/characters/hero/check-odds",
                                  json={"characteristic": "str"},
                                  headers=api.auth(t["bob"]))).json()
    assert odds["pool"] == {"CHR": 3, "OFF": 2}


async def test_illegal_commands_are_refused_with_the_rule_and_append_nothing(api: Api) -> None:
    t = await wish_campaign(api)
    cid = t["cid"]
    before = await log_length(api, t)
    cases = [
        ("wish.SpendFortune", {"character_id": "hero", "points": 2}, "wish.fortune.spend L220",
         409),
        ("wish.ShiftStance", {"character_id": "hero", "steps": 3}, "wish.stance.shift L83", 422),
        ("wish.SpendAdvance", {"character_id": "hero", "purchase": {"kind": "characteristic",
                                                                    "target": "str"}},
         "L153", 409),
        ("wish.AwardExperience", {"character_id": "hero", "xp": 5}, "campaign.gm-only", 403),
        ("wish.ShiftStance", {"character_id": "foe", "steps": 1}, "character.owner-only", 403),
    ]
    for type_, payload, rule, status in cases:
        response = await api.command(t["bob"], type_, {"campaign_id": cid, **payload})
        assert response.status_code == status, (type_, response.text)
        assert rule in response.json()["rule"], (type_, response.json())
    # shifting past the end of the meter (L89): two steps, then two more the same way
    await api.ok(t["bob"], "wish.ShiftStance", {"campaign_id": cid, "character_id": "hero",
                                                "steps": -2})
    past = await api.command(t["bob"], "wish.ShiftStance", {"campaign_id": cid,
                                                            "character_id": "hero", "steps": -1})
    assert past.status_code in (409, 422) and "wish.stance.meter L89" in past.json()["rule"]
    assert past.json()["field"] == "payload.steps"
    assert await log_length(api, t) == before + 1
    generic = await api.ok(t["ann"], "CreateCampaign", {"name": "Plain"})
    wrong = await api.command(t["ann"], "wish.ShiftStance", {
        "campaign_id": generic["campaign_id"], "character_id": "x", "steps": 1})
    assert wrong.status_code == 422 and wrong.json()["rule"] == "campaign.ruleset-command"


async def test_damage_until_death_ends_in_the_state_the_rules_give(api: Api) -> None:
    """Goon: To 1 -> 11 Wounds (10 + To, L192), Soak 1 (L185: less Soak, minimum 1).
    Wounds taken at 0 Wounds are criticals (L206); more criticals than Toughness is death (L208)."""
    t = await wish_campaign(api)
    cid, ann = t["cid"], t["ann"]
    await api.ok(ann, "wish.StartEncounter", {"campaign_id": cid, "encounter_id": "brawl",
                                              "participants": ["hero", "foe"]})
    # The hero attacks with real (seed-derived) dice; whatever lands is recorded and applied.
    await api.ok(t["bob"], "wish.StartTurn", {"campaign_id": cid, "encounter_id": "brawl",
                                              "character_id": "hero"})
    blow = await api.ok(t["bob"], "wish.Attack", {"campaign_id": cid, "character_id": "hero",
                                                  "target_id": "foe", "encounter_id": "brawl",
                                                  "skill": "Melee Skill"})
    taken = sum(e["data"]["taken"] for e in blow["events"] if e["type"] == "wish.DamageTaken")
    foe = await character(api, t, "foe", blow["position"])
    assert foe["derived"]["current_wounds"] == 11 - taken
    await api.ok(t["bob"], "wish.EndTurn", {"campaign_id": cid, "encounter_id": "brawl",
                                            "character_id": "hero"})
    # The GM's damage, with exact numbers: bring the goon to exactly 0 Wounds.
    remaining = 11 - taken
    if remaining:
        hit = await api.ok(ann, "wish.ApplyDamage", {"campaign_id": cid, "character_id": "foe",
                                                     "amount": remaining + 1})  # less Soak 1
        foe = await character(api, t, "foe", hit["position"])
    assert foe["derived"]["current_wounds"] == 0 and foe["derived"]["unconscious"]
    assert foe["sheet"]["criticals"] == [] and not foe["derived"]["dead"]
    # 3 damage less Soak 1 = 2 wounds at 0 Wounds: 2 criticals > Toughness 1: dead.
    last = await api.ok(ann, "wish.ApplyDamage", {"campaign_id": cid, "character_id": "foe",
                                                  "amount": 3})
    [damage] = [e for e in last["events"] if e["type"] == "wish.DamageTaken"]
    assert damage["data"]["taken"] == 2 and damage["data"]["dead"] is True
    foe = await character(api, t, "foe", last["position"])
    assert foe["sheet"]["wounds_lost"] == 11 and len(foe["sheet"]["criticals"]) == 2
    assert foe["derived"]["dead"] and foe["derived"]["current_wounds"] == 0
    # The dead cannot act (L208): refused, nothing appended.
    before = await log_length(api, t)
    dead_act = await api.command(ann, "wish.RollCheck", {"campaign_id": cid, "character_id": "foe",
                                                         "characteristic": "str"})
    assert dead_act.status_code == 409 and "L208" in dead_act.json()["rule"]
    assert await log_length(api, t) == before
    encounter = (await api.get(ann, f"/v1/campaigns/{cid}/encounters/brawl")).json()
    assert encounter["participants"] == ["hero", "foe"]


async def test_pool_odds_match_the_seed_die_ratios(api: Api) -> None:
    """Seed L37: the challenge die has 'a 12.5% calamity ratio' (1 face in 8)."""
    token = await api.token("ann")
    response = await api.get(token, "/v1/rulesets/wish/odds", pool="CHL:1")
    assert response.status_code == 200, response.text
    odds = response.json()
    calamity = sum(_fraction(o["probability"]) for o in odds["outcomes"] if o["calamity"] == 1)
    assert calamity == _fraction("1/8")
    chr_odds = (await api.get(token, "/v1/rulesets/wish/odds", pool="CHR:1")).json()
    # L3-11: four success faces of eight.
    assert _fraction(chr_odds["p_success"]) == _fraction("1/2")
    bad = await api.get(token, "/v1/rulesets/wish/odds", pool="CHR:x")
    assert bad.status_code == 422 and bad.json()["field"] == "pool"
    huge = await api.get(token, "/v1/rulesets/wish/odds", pool="CHR:500")
    assert huge.status_code == 422 and huge.json()["rule"] == "wish.odds.size"
    listed = (await api.get(token, "/v1/rulesets")).json()
    assert {r["id"] for r in listed} >= {"generic", "wish"}


def _fraction(text: str) -> Any:
    from fractions import Fraction

    return Fraction(text)


async def test_turns_conditions_and_advancement_through_http(api: Api) -> None:
    """Brief conditions stack as instances (L1399) and tick at End of Turn (L1393); one free
    maneuver, then 1 fatigue each (L380); recharge tokens come off at End of Turn (L510);
    a GM's experience gives advances, and a characteristic costs its new rating (L143-145)."""
    t = await wish_campaign(api)
    cid, ann, bob = t["cid"], t["ann"], t["bob"]
    await api.ok(ann, "CreateCharacter", {"campaign_id": cid, "name": "Spark", "character_id": "spark",
                                          "owner": "bob", "sheet": {
                                              **HERO, "stunts": {"Bash": {"rating": 3,
                                                                          "recharge_rating": 2,
                                                                          "recharge_tokens": 2}}}})
    hero = {"campaign_id": cid, "character_id": "spark"}
    await api.ok(ann, "wish.StartEncounter", {"campaign_id": cid, "encounter_id": "e",
                                              "participants": ["spark"]})
    await api.ok(ann, "wish.AddCondition", {**hero, "name": "Exposed", "tokens": 5})
    await api.ok(ann, "wish.AddCondition", {**hero, "name": "Exposed", "tokens": 3})
    turn = {"campaign_id": cid, "encounter_id": "e", "character_id": "spark"}
    await api.ok(bob, "wish.StartTurn", turn)
    for _ in range(3):
        await api.ok(bob, "wish.TakeManeuver", {**turn, "kind": "movement"})
    ended = await api.ok(bob, "wish.EndTurn", turn)
    assert [e["type"] for e in ended["events"]][-2:] == ["wish.ConditionsTicked", "wish.TurnEnded"]
    spark = await character(api, t, "spark", ended["position"])
    sheet = spark["sheet"]
    assert [(c["name"], c["tokens"]) for c in sheet["conditions"]] == [("Exposed", 4), ("Exposed", 2)]
    assert sheet["fatigue"] == 2 and sheet["stunts"]["Bash"]["recharge_tokens"] == 1
    encounter = (await api.get(ann, f"/v1/campaigns/{cid}/encounters/e",
                               position=ended["position"])).json()
    assert encounter["acted"] == ["spark"]

    awarded = await api.ok(ann, "wish.AwardExperience", {**hero, "xp": 5, "reason": "session"})
    assert (await character(api, t, "spark", awarded["position"]))["sheet"]["advances"] == 5
    bought = await api.ok(bob, "wish.SpendAdvance", {**hero, "purchase": {
        "kind": "characteristic", "target": "ag"}})
    spark = await character(api, t, "spark", bought["position"])
    assert spark["sheet"]["characteristics"]["ag"] == 3 and spark["sheet"]["advances"] == 5 - 3
    rolled = await api.ok(ann, "wish.RollBriefCondition", {**hero, "table": "malign"})
    [table_roll] = [e for e in rolled["events"] if e["type"] == "wish.BriefConditionRolled"]
    draws = table_roll["metadata"]["dice"]["draws"]
    assert [d["face"] for d in draws] == table_roll["data"]["rolls"]
    assert all(d["sides"] == 100 for d in draws)
