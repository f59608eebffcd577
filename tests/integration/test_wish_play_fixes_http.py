"""WISH rules found wrong in play, played again through HTTP against real servers: Reposition
after a paid maneuver (L380, L448), a Grandstand without a maneuver (L548-550), the refusals
of an occupied turn and a malformed move (L261, L409), assistance nobody gave and the
defender's opposition (L384-388, L1011, L1017-1018), and a seated character's check in its
table's roll list."""

from __future__ import annotations

from typing import Any

from tests.conftest import Api
from tests.integration.test_wish_departures_http import wish_campaign
from tests.integration.test_wish_rule_fixes import BASE, create, event, refused


async def fight(api: Api) -> dict[str, Any]:
    t = await wish_campaign(api)
    ritual = {"Ritual": {"sfx": "Magic", "traits": ["2 Turns"], "recharge_rating": 3}}
    await create(api, t, "hero", {"characteristics": BASE, "phase": "play", "stunts": ritual})
    await create(api, t, "foe", {"characteristics": BASE, "phase": "play"})
    e = {"campaign_id": t["cid"], "encounter_id": "e"}
    await api.ok(t["ann"], "wish.StartEncounter", {**e, "participants": ["hero", "foe"]})
    await api.ok(t["ann"], "wish.SetSeparation", {**e, "character_id": "hero",
                                                  "target_id": "foe", "maneuvers": 7})
    await api.ok(t["ann"], "wish.StartTurn", {**e, "character_id": "hero"})
    return {**t, "e": e}


def fatigue(result: dict[str, Any]) -> int:
    return sum(ev["data"]["fatigue"] for ev in result["events"] if ev["type"] == "wish.Exerted")


async def test_reposition_after_a_paid_maneuver_buys_a_free_one_L380_L448(api: Api) -> None:
    """L380: "A character can perform one free maneuver during his turn ... each additional
    maneuver costs on fatigue"; L448 Reposition: "Allows a character to use their Action for an
    extra maneuver". Two moves (one paid), Reposition, one move: 1 fatigue in all."""
    t = await fight(api)
    hero = {**t["e"], "character_id": "hero"}
    two = await api.ok(t["ann"], "wish.Move", {**hero, "target_id": "foe", "maneuvers": 2})
    await api.ok(t["ann"], "wish.TakeBasicAction", {**hero, "action": "Reposition"})
    one = await api.ok(t["ann"], "wish.Move", {**hero, "target_id": "foe", "maneuvers": 1})
    assert (fatigue(two), fatigue(one)) == (1, 0)
    assert event(one, "wish.ManeuverTaken")["free"] is True


async def test_a_grandstand_without_a_maneuver_grants_nothing_L548_L550(api: Api) -> None:
    """L548: "Typically a Grandstand is combined with an action and is a roleplaying element
    which takes no additional time"; L550: only "where a Grandstand does use an extra maneuver"
    does the character gain Protected."""
    t = await fight(api)
    hero = {**t["e"], "character_id": "hero"}
    done = await api.ok(t["ann"], "wish.Grandstand", {**hero, "maneuver": False})
    assert [ev["type"] for ev in done["events"]] == ["wish.Grandstanded"]
    sheet = (await api.get(t["ann"], f"/v1/campaigns/{t['cid']}/characters/hero",
                           position=done["position"])).json()["sheet"]
    assert sheet["conditions"] == []
    moved = await api.ok(t["ann"], "wish.Move", {**hero, "target_id": "foe", "maneuvers": 1})
    assert fatigue(moved) == 0  # the turn's free maneuver was still there (L380)


async def test_refusals_name_the_right_rule_and_kind_L261_L409(api: Api) -> None:
    """L261 X Turns: "preventing them from altering their stance, taking any maneuvers at all,
    or taking their normal Action" (not L264 Persisted); a malformed field is a 422 before any
    state is read; "Plot range" is narrative (L409), a 409 for a well-formed move."""
    t = await fight(api)
    hero = {**t["e"], "character_id": "hero"}
    await refused(api, t, "wish.Move", {**hero, "target_id": "foe", "maneuvers": 0},
                  422, "wish.range L402-419", "payload.maneuvers")
    await refused(api, t, "wish.Move", {**t["e"], "character_id": "foe", "target_id": "hero",
                                        "maneuvers": 0},  # not its turn: still the field's fault
                  422, "wish.range L402-419", "payload.maneuvers")
    await api.ok(t["ann"], "wish.SetSeparation", {**hero, "target_id": "foe", "band": "Plot"})
    await refused(api, t, "wish.Move", {**hero, "target_id": "foe", "maneuvers": -1},
                  409, "wish.range.plot L409", "payload.maneuvers")
    await api.ok(t["ann"], "wish.BeginExtended", {**hero, "stunt": "Ritual"})
    await refused(api, t, "wish.TakeManeuver", {**hero, "kind": "interact"},
                  409, "wish.trait.x_turns L261", "payload.kind")
    await refused(api, t, "wish.TakeBasicAction", {**hero, "action": "Recover"},
                  409, "wish.trait.x_turns L261", "payload.character_id")


async def players(api: Api) -> dict[str, Any]:
    """Ann the GM with her NPC ``goon``; Bob's ``doc``; Cat's ``nurse``."""
    t = await wish_campaign(api)
    cid = t["cid"]
    cat = await api.token("cat")
    await api.ok(t["ann"], "AddMember", {"campaign_id": cid, "user": "cat", "role": "player"})
    for user, name in ((t["bob"], "doc"), (cat, "nurse")):
        await api.ok(user, "CreateCharacter", {"campaign_id": cid, "name": name,
                                               "character_id": name, "sheet": {
                                                   "characteristics": BASE, "phase": "play"}})
    await create(api, t, "goon", {"characteristics": BASE, "phase": "play"})
    return {**t, "cat": cat}


async def test_assistance_nobody_gave_is_refused_L384(api: Api) -> None:
    """L384: "Performing the Assist maneuver allows an ally engaged with the assisting
    character to add to their next check". Bob's check naming Cat's nurse, or Ann's goon, gains
    no die unless that character took the Assist maneuver, by its own controller's command."""
    t = await players(api)
    cid, bob, cat = t["cid"], t["bob"], t["cat"]
    doc = {"campaign_id": cid, "character_id": "doc"}
    for payload in ({**doc, "characteristic": "str", "assisted_by": ["nurse"]},
                    {**doc, "characteristic": "str", "assisted_by": ["goon"]}):
        answer = await api.command(bob, "wish.RollCheck", payload)
        assert answer.status_code == 409, answer.text
        assert (answer.json()["rule"], answer.json()["field"]) == (
            "wish.maneuver.assist L384", "payload.assisted_by")
    answer = await api.command(bob, "wish.Attack", {**doc, "target_id": "goon",
                                                    "skill": "Melee Skill",
                                                    "assisted_by": ["nurse"]})
    assert answer.status_code == 409 and answer.json()["field"] == "payload.assisted_by"
    answer = await api.command(bob, "wish.ContestedCheck", {
        **doc, "target_id": "goon", "skill": "Stealth", "opposition": {},
        "assisted_by": ["nurse"]})
    assert answer.status_code == 409 and answer.json()["field"] == "payload.assisted_by"
    # Bob cannot take the nurse's maneuver for it; Cat can
    answer = await api.command(bob, "wish.TakeManeuver", {
        "campaign_id": cid, "character_id": "nurse", "kind": "assist", "ally_id": "doc"})
    assert answer.status_code == 403, answer.text
    given = await api.ok(cat, "wish.TakeManeuver", {"campaign_id": cid, "character_id": "nurse",
                                                    "kind": "assist", "ally_id": "doc"})
    assert event(given, "wish.AssistGiven") == {"by": "nurse", "skill": None}
    helped = await api.ok(bob, "wish.RollCheck", {**doc, "characteristic": "str",
                                                  "assisted_by": ["nurse"]})
    assert event(helped, "wish.CheckRolled")["check"]["pool"] == {"CHR": 2, "FRT": 1}
    assert event(helped, "wish.AssistsUsed")["by"] == ["nurse"]
    again = await api.command(bob, "wish.RollCheck", {**doc, "characteristic": "str",
                                                      "assisted_by": ["nurse"]})
    assert again.status_code == 409  # used by the check it helped (L384 "their next check")


async def test_the_challenger_does_not_choose_the_defenders_opposition_L1011_L1018(
        api: Api) -> None:
    """L1011 Stealth "is usually opposed by Observation"; L1018 Guile "is generally opposed by
    Intuition or Discipline". Bob's contest against Ann's goon rolls what the rules name, on
    the goon's sheet; Bob may not choose it or add to it."""
    t = await players(api)
    cid, bob = t["cid"], t["bob"]
    doc = {"campaign_id": cid, "character_id": "doc", "target_id": "goon"}
    for opposition, field in (({"characteristic": "str"}, "payload.opposition.characteristic"),
                              ({"skill": "Athletics"}, "payload.opposition.skill"),
                              ({"skill": "Observation", "sources": [
                                  {"source": "x", "die": "MIS", "count": 4}]},
                               "payload.opposition.sources")):
        answer = await api.command(bob, "wish.ContestedCheck", {**doc, "skill": "Stealth",
                                                                "opposition": opposition})
        assert answer.status_code == 422, answer.text
        assert answer.json()["field"] == field and "L1011" in answer.json()["rule"]
    sneak = await api.ok(bob, "wish.ContestedCheck", {**doc, "skill": "Stealth",
                                                      "opposition": {}})
    rolled = [ev for ev in sneak["events"] if ev["type"] == "wish.CheckRolled"]
    assert rolled[1]["stream_id"].endswith("/goon")
    assert (rolled[1]["data"]["check"]["skill"], rolled[1]["data"]["check"]["characteristic"]) \
        == ("Observation", "int")


async def test_a_seated_characters_check_is_in_its_tables_roll_list(api: Api) -> None:
    """A check made for a character seated at a table carries no table; the table's roll list
    holds it (with its outcome) because its character sits there, and another table's does
    not."""
    t = await players(api)
    cid, ann, bob = t["cid"], t["ann"], t["bob"]
    for table in ("t1", "t2"):
        await api.ok(ann, "CreateTable", {"campaign_id": cid, "name": table, "table_id": table})
    await api.ok(bob, "SeatCharacter", {"campaign_id": cid, "table_id": "t1",
                                        "character_id": "doc"})
    await api.ok(t["cat"], "SeatCharacter", {"campaign_id": cid, "table_id": "t2",
                                             "character_id": "nurse"})
    rolled = await api.ok(bob, "wish.RollCheck", {"campaign_id": cid, "character_id": "doc",
                                                  "characteristic": "str"})
    boxed = await api.ok(bob, "RollDice", {"campaign_id": cid, "expression": "1d6",
                                           "table_id": "t1"})
    here = (await api.get(bob, f"/v1/campaigns/{cid}/rolls", table_id="t1",
                          position=boxed["position"])).json()
    assert [r["position"] for r in here] == [boxed["position"], rolled["position"]]
    result = here[1]["data"]["check"]["result"]
    assert set(result) >= {"net_successes", "success"}
    there = (await api.get(bob, f"/v1/campaigns/{cid}/rolls", table_id="t2",
                           position=boxed["position"])).json()
    assert there == []
