"""Travel skills and their modes on a sheet and in a plain check, through HTTP (L1084-1198)."""

from __future__ import annotations

from typing import Any

from tests.conftest import Api
from tests.integration.test_wish_http import log_length, wish_campaign
from tests.integration.test_wish_rule_fixes import BASE, create, event


async def _bad_sheet(api: Api, t: dict[str, Any], skills: dict[str, Any]) -> dict[str, str]:
    """The sheet is refused (422), nothing appended; each problem's field -> rule."""
    before = await log_length(api, t)
    response = await api.command(t["ann"], "CreateCharacter", {
        "campaign_id": t["cid"], "name": "Bad", "character_id": "bad",
        "sheet": {"characteristics": BASE, "phase": "play", "skills": skills}})
    assert response.status_code == 422, response.text
    problem = response.json()
    assert await log_length(api, t) == before
    return {e["field"]: e["rule"] for e in problem.get("errors", [problem])}


async def test_travel_modes_are_checked_when_a_sheet_is_created_L1084(api: Api) -> None:
    """L1084: a Travel skill is acquired in a mode, each mode effectively its own skill; L1104
    Winged: 'your Superflight is Strength based' (Superflight is Ag, L1096); L1092 a GM may
    define a custom mode."""
    t = await wish_campaign(api)
    travel = {"kind": "travel", "ranks": 0}
    errors = await _bad_sheet(api, t, {
        "Superflight": {**travel, "characteristic": "ag"},  # no mode
        "Superleap (Acrobatic)": {**travel, "characteristic": "ag", "mode": "Elastic"},
        "Superflight (Winged)": {**travel, "characteristic": "int", "mode": "Winged"},
        "Hoverboarding (Fast)": {**travel, "characteristic": "ag", "mode": "Fast"},
        "Teleportation (Gate)": {"characteristic": "int", "kind": "advanced", "mode": "Gate"},
    })
    assert errors == {
        "payload.sheet.skills.Superflight.mode": "wish.travel L1084",
        "payload.sheet.skills.Superleap (Acrobatic)": "wish.travel L1084",
        "payload.sheet.skills.Superflight (Winged).characteristic": "wish.travel L1104",
        "payload.sheet.skills.Hoverboarding (Fast)": "wish.travel L1076",
        "payload.sheet.skills.Teleportation (Gate).kind": "wish.travel L1084",
    }
    await create(api, t, "ace", {"characteristics": {**BASE, "str": 4}, "phase": "play",
                                 "skills": {
        "Superflight (Winged)": {**travel, "characteristic": "ag", "mode": "Winged"},
        "Superflight (Jet Boots)": {**travel, "characteristic": "ag", "mode": "Jet Boots"}}})


async def test_a_plain_check_with_a_travel_skill_uses_its_modes_characteristic_L1104(
        api: Api) -> None:
    """L1104 Winged: 'your Superflight is Strength based': a plain wish.RollCheck with
    Superflight (Winged) rolls Str 4, not Ag 2; a custom mode keeps Superflight's Ag (L1092)."""
    t = await wish_campaign(api)
    travel = {"kind": "travel", "ranks": 0}
    await create(api, t, "ace", {"characteristics": {**BASE, "str": 4}, "phase": "play",
                                 "skills": {
        "Superflight (Winged)": {**travel, "characteristic": "ag", "mode": "Winged"},
        "Superflight (Jet Boots)": {**travel, "characteristic": "ag", "mode": "Jet Boots"}}})
    me = {"campaign_id": t["cid"], "character_id": "ace"}
    winged = await api.ok(t["ann"], "wish.RollCheck", {**me, "skill": "Superflight (Winged)"})
    check = event(winged, "wish.CheckRolled")["check"]
    assert check["characteristic"] == "str" and check["pool"] == {"CHR": 4}
    boots = await api.ok(t["ann"], "wish.RollCheck", {**me, "skill": "Superflight (Jet Boots)"})
    check = event(boots, "wish.CheckRolled")["check"]
    assert check["characteristic"] == "ag" and check["pool"] == {"CHR": 2}


async def test_superrunning_calamity_and_gate_allocations_through_http(api: Api) -> None:
    """L1160 Superrunning: 'calamities generally indicate a loss of control or severe fatigue
    (suffer 3 fatigue)'; L1192 Gate: boons and extra successes 1:1 on Recharge tokens (1 Round
    each, beyond the first) or on doubling its size from 2 people."""
    t = await wish_campaign(api)
    travel = {"kind": "travel", "ranks": 0, "acquired": True}
    await create(api, t, "ace", {"characteristics": {**BASE, "int": 5}, "phase": "play",
                                 "skills": {
        "Superrunning (Fleet)": {**travel, "characteristic": "ag", "mode": "Fleet"},
        "Teleportation (Gate)": {**travel, "characteristic": "int", "mode": "Gate"}}})
    me = {"campaign_id": t["cid"], "character_id": "ace"}
    seen = 0
    for _ in range(40):  # 4 challenge dice: a calamity 1 time in 8 each (L45)
        run = await api.ok(t["ann"], "wish.TravelCheck", {**me, "skill": "Superrunning (Fleet)",
                                                          "difficulty": 4})
        done = event(run, "wish.TravelResolved")
        causes = [e["data"] for e in run["events"] if e["type"] == "wish.Exerted"
                  and e["data"]["cause"] == "Superrunning calamity L1160"]
        if done["calamities"]:
            seen += 1
            assert done["calamity_effect"] == {"fatigue": 3}
            assert causes == [{"fatigue": 3, "cause": "Superrunning calamity L1160"}]
        else:
            assert causes == [] and done["calamity_effect"] == {}
        if seen >= 2:
            break
    assert seen >= 2
    gate = await api.ok(t["ann"], "wish.TravelCheck", {**me, "skill": "Teleportation (Gate)",
                                                       "gate_doublings": 1})
    done = event(gate, "wish.TravelResolved")
    if done["success"]:
        n = done["gate_allocations"]
        doubled = min(1, n)
        assert done["gate"] == {"doublings": doubled, "recharge_tokens": n - doubled,
                                "rounds": 1 + n - doubled, "people": 2 * 2 ** doubled}
    bad = await api.command(t["ann"], "wish.TravelCheck", {**me, "skill": "Teleportation (Gate)",
                                                          "gate_doublings": -1})
    assert bad.status_code == 422 and bad.json()["field"] == "payload.gate_doublings"
    other = await api.command(t["ann"], "wish.TravelCheck", {
        **me, "skill": "Superrunning (Fleet)", "gate_doublings": 1})
    assert other.status_code == 422, other.text
    assert other.json()["rule"] == "wish.travel.teleportation.gate L1192"
