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


async def test_basic_actions_and_grandstand_through_http(api: Api) -> None:
    """L443 Recover "moves a character automatically one step closer to Defensive"; L448
    Reposition "one step closer to Offensive"; L550 a Grandstand maneuver grants Protected
    "until their next Turn begins"; a refused command appends nothing."""
    t = await campaign(api)
    cid, bob, ann = t["cid"], t["bob"], t["ann"]
    hero = {"campaign_id": cid, "character_id": "hero", "encounter_id": "fight"}
    foe = {"campaign_id": cid, "character_id": "foe", "encounter_id": "fight"}
    await api.ok(ann, "wish.StartEncounter", {"campaign_id": cid, "encounter_id": "fight",
                                              "participants": ["hero", "foe"]})
    await api.ok(bob, "wish.StartTurn", hero)
    stood = await api.ok(bob, "wish.Grandstand", hero)
    [added] = [e for e in stood["events"] if e["type"] == "wish.ConditionAdded"]
    assert added["data"]["condition"]["name"] == "Protected"
    for bad, field in (({"action": "Brace"}, "action"), ({"action": "Ward", "speed": 1}, "speed")):
        refused = await api.command(bob, "wish.TakeBasicAction", {**hero, **bad})
        assert refused.status_code == 422, refused.text
        assert field in refused.json()["field"]
    moved = await api.ok(bob, "wish.TakeBasicAction", {**hero, "action": "Recover"})
    [stance] = [e for e in moved["events"] if e["type"] == "wish.StanceSet"]
    assert stance["data"]["position"] == -1
    again = await api.command(bob, "wish.TakeBasicAction", {**hero, "action": "Dare"})
    assert again.status_code == 409 and "L380" in again.json()["rule"]
    await api.ok(bob, "wish.EndTurn", hero)
    # the goon attacks the Protected hero: one challenge die more (L1501)
    await api.ok(ann, "wish.StartTurn", foe)
    hit = await api.ok(ann, "wish.Attack", {**foe, "target_id": "hero", "skill": "Melee Skill"})
    [roll] = [e for e in hit["events"] if e["type"] == "wish.CheckRolled"]
    assert roll["data"]["check"]["pool"].get("CHL") == 1
    await api.ok(ann, "wish.EndTurn", foe)
    await api.ok(ann, "wish.EndRound", {"campaign_id": cid, "encounter_id": "fight"})
    began = await api.ok(bob, "wish.StartTurn", hero)
    assert [e["data"]["cause"] for e in began["events"]
            if e["type"] == "wish.ConditionRemoved"] == [
        "turn began (Grandstand L550)", "turn began (Recover L443)"]  # L443: Recover's Exposed
    pushed = await api.ok(bob, "wish.TakeBasicAction", {**hero, "action": "Reposition"})
    assert [e["data"]["position"] for e in pushed["events"] if e["type"] == "wish.StanceSet"] == [0]


async def test_reposition_recover_and_ward_through_http(api: Api) -> None:
    """L448 Reposition: "use their Action for an extra maneuver"; L443 Recover: "catch their
    breath but leaves them slightly vulnerable" (option recover_basic_action: 1 stress and 1
    fatigue, Exposed until the next Turn begins); L445 Ward: "protect themselves and nearby
    allies" (option ward_basic_action: Protected, engaged allies only)."""
    t = await campaign(api, stress=2, fatigue=1)
    cid, bob, ann = t["cid"], t["bob"], t["ann"]
    await api.ok(ann, "CreateCharacter", {"campaign_id": cid, "name": "Pal", "character_id": "pal",
                                          "sheet": {"characteristics": BASE, "phase": "play"}})
    hero = {"campaign_id": cid, "character_id": "hero", "encounter_id": "fight"}
    foe = {"campaign_id": cid, "character_id": "foe", "encounter_id": "fight"}
    await api.ok(ann, "wish.StartEncounter", {"campaign_id": cid, "encounter_id": "fight",
                                              "participants": ["hero", "foe", "pal"]})
    await api.ok(bob, "wish.StartTurn", hero)
    await api.ok(bob, "wish.TakeManeuver", {**hero, "kind": "movement"})  # the free one
    await api.ok(bob, "wish.TakeBasicAction", {**hero, "action": "Reposition"})
    bought = await api.ok(bob, "wish.TakeManeuver", {**hero, "kind": "movement"})
    assert not [e for e in bought["events"] if e["type"] == "wish.Exerted"]  # no fatigue
    extra = await api.ok(bob, "wish.TakeManeuver", {**hero, "kind": "movement"})
    assert [e["data"]["fatigue"] for e in extra["events"] if e["type"] == "wish.Exerted"] == [1]
    await api.ok(bob, "wish.EndTurn", hero)
    await api.ok(ann, "wish.SetSeparation", {"campaign_id": cid, "encounter_id": "fight",
                                             "character_id": "foe", "target_id": "hero",
                                             "maneuvers": 2})
    await api.ok(ann, "wish.StartTurn", foe)
    far = await api.command(ann, "wish.TakeBasicAction", {**foe, "action": "Ward",
                                                          "allies": ["hero"]})
    assert far.status_code == 409 and far.json()["field"] == "payload.allies", far.text
    warded = await api.ok(ann, "wish.TakeBasicAction", {**foe, "action": "Ward",
                                                        "allies": ["pal"]})
    assert sorted(e["stream_id"].split("/")[-1] for e in warded["events"]
                  if e["type"] == "wish.ConditionAdded") == ["foe", "pal"]
    await api.ok(ann, "wish.EndTurn", foe)
    await api.ok(ann, "wish.EndRound", {"campaign_id": cid, "encounter_id": "fight"})
    await api.ok(bob, "wish.StartTurn", hero)
    rested = await api.ok(bob, "wish.TakeBasicAction", {**hero, "action": "Recover"})
    [restored] = [e for e in rested["events"] if e["type"] == "wish.Restored"]
    assert (restored["data"]["stress"], restored["data"]["fatigue"]) == (1, 1)
    [exposed] = [e for e in rested["events"] if e["type"] == "wish.ConditionAdded"]
    assert exposed["data"]["condition"]["name"] == "Exposed"


async def test_range_bands_and_movement_through_http(api: Api) -> None:
    """L413: from the outer edge of Extreme to engaged is 11 maneuvers; L380: the first
    maneuver is free and each extra costs 1 fatigue; L408: "Observation checks gain X at
    Extreme range" (3 misfortune dice, the digest's restoration)."""
    t = await campaign(api)
    cid, bob, ann = t["cid"], t["bob"], t["ann"]
    hero = {"campaign_id": cid, "character_id": "hero", "encounter_id": "chase"}
    await api.ok(ann, "wish.StartEncounter", {"campaign_id": cid, "encounter_id": "chase",
                                              "participants": ["hero", "foe"]})
    placed = await api.ok(ann, "wish.SetSeparation", {**hero, "target_id": "foe",
                                                      "band": "Extreme"})
    assert placed["events"][0]["data"] == {"pair": "foe|hero", "maneuvers": 11, "band": "Extreme"}
    await api.ok(bob, "wish.StartTurn", hero)
    moved = await api.ok(bob, "wish.Move", {**hero, "target_id": "foe", "maneuvers": 2})
    [sep] = [e for e in moved["events"] if e["type"] == "wish.SeparationSet"]
    assert sep["data"] == {"pair": "foe|hero", "maneuvers": 9, "band": "Extreme"}
    assert [e["data"]["fatigue"] for e in moved["events"] if e["type"] == "wish.Exerted"] == [1]
    over = await api.command(bob, "wish.Move", {**hero, "target_id": "foe", "maneuvers": 10})
    assert over.status_code == 409 and over.json()["field"].endswith("maneuvers")
    typo = await api.command(bob, "wish.Move", {**hero, "target": "foe", "maneuvers": 1})
    assert typo.status_code == 422 and "target" in typo.json()["field"]
    looked = await api.ok(bob, "wish.RollCheck", {**hero, "skill": "Observation",
                                                  "target_id": "foe", "tags": ["detect"]})
    [roll] = [e for e in looked["events"] if e["type"] == "wish.CheckRolled"]
    assert roll["data"]["check"]["pool"] == {"CHR": 2, "MIS": 3}


async def test_improvise_adds_the_improvisation_rank_L1068(api: Api) -> None:
    """L1068: the Improvisation skill "adds their skill Rank to the Improvise dice pool" (the
    digest reads Rank as that many Expertise dice); L456: Improvise is a check tagged so."""
    skills = {"Improvisation": {"characteristic": "wp", "kind": "advanced", "ranks": 2,
                                "acquired": True}}
    t = await campaign(api, skills=skills, experience=30)
    assert await rolled_pool(api, t, skill="Athletics", tags=["improvise"]) == {
        "CHR": 2, "EXP": 2}
    assert await rolled_pool(api, t, skill="Athletics") == {"CHR": 2}  # not improvised


async def test_a_pinned_card_is_played_as_a_react_or_lost_L446(api: Api) -> None:
    """L446 Pin: 'turn an Action card into a React by declaring a trigger event; if the event
    occurs before the character's next action they play the pinned Action as if it were a
    React, otherwise the Action is lost'."""
    t = await campaign(api, stunts={"Bash": {"rating": 2}})
    cid, bob, ann = t["cid"], t["bob"], t["ann"]
    hero = {"campaign_id": cid, "character_id": "hero", "encounter_id": "fight"}
    foe = {"campaign_id": cid, "character_id": "foe", "encounter_id": "fight"}
    await api.ok(ann, "wish.StartEncounter", {"campaign_id": cid, "encounter_id": "fight",
                                              "participants": ["hero", "foe"]})
    await api.ok(bob, "wish.StartTurn", hero)
    await api.ok(bob, "wish.TakeBasicAction", {**hero, "action": "Pin",
                                               "trigger": "the goon charges",
                                               "pinned_card": "Bash"})
    await api.ok(bob, "wish.EndTurn", hero)
    await api.ok(ann, "wish.StartTurn", foe)
    played = await api.ok(bob, "wish.PlayPinned", {**hero, "target_id": "foe",
                                                   "skill": "Melee Skill"})
    types = [e["type"] for e in played["events"]]
    assert types[0] == "wish.PinnedPlayed" and "wish.CheckRolled" in types
    again = await api.command(bob, "wish.PlayPinned", {**hero, "target_id": "foe"})
    assert again.status_code == 409 and again.json()["rule"] == "wish.basic_action.pin L446"
    await api.ok(ann, "wish.EndTurn", foe)
    await api.ok(ann, "wish.EndRound", {"campaign_id": cid, "encounter_id": "fight"})
    await api.ok(bob, "wish.StartTurn", hero)
    await api.ok(bob, "wish.TakeBasicAction", {**hero, "action": "Pin", "trigger": "never",
                                               "pinned_card": "Bash"})
    await api.ok(bob, "wish.EndTurn", hero)
    await api.ok(ann, "wish.StartTurn", foe)
    await api.ok(ann, "wish.EndTurn", foe)
    await api.ok(ann, "wish.EndRound", {"campaign_id": cid, "encounter_id": "fight"})
    began = await api.ok(bob, "wish.StartTurn", hero)
    assert [e["data"]["card"] for e in began["events"] if e["type"] == "wish.PinLapsed"] == [
        "Bash"]
