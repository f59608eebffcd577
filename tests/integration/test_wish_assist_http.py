"""The Assist maneuver (L382-388) through HTTP against real servers: a maneuver the assisting
ally takes on its own turn, paid like any maneuver (L380), adding a die to the engaged ally's
next check only (L384)."""

from __future__ import annotations

from tests.conftest import Api
from tests.integration.test_wish_departures_http import wish_campaign
from tests.integration.test_wish_rule_fixes import BASE, create, event, refused

MEDICINE = {"Medicine": {"characteristic": "int", "kind": "advanced"}}


async def test_the_assist_maneuver_helps_the_allys_next_check_L380_L388(api: Api) -> None:
    """L384 'Performing the Assist maneuver allows an ally engaged with the assisting character
    to add to their next check'; L386 'a character could not assist a doctor using the Medicine
    skill unless they themselves also had the Medicine skill'; L388 'A character cannot assist
    themselves'; L380 'each additional maneuver costs one fatigue'."""
    t = await wish_campaign(api)
    cid, ann = t["cid"], t["ann"]
    await create(api, t, "doc", {"characteristics": BASE, "phase": "play", "skills": MEDICINE})
    await create(api, t, "nurse", {"characteristics": BASE, "phase": "play", "skills": MEDICINE})
    await create(api, t, "pal", {"characteristics": BASE, "phase": "play"})
    ward = {"campaign_id": cid, "encounter_id": "ward"}
    await api.ok(ann, "wish.StartEncounter", {**ward, "participants": ["doc", "nurse", "pal"]})
    await api.ok(ann, "wish.StartTurn", {**ward, "character_id": "pal"})
    assist = {**ward, "kind": "assist", "skill": "Medicine"}
    await refused(api, t, "wish.TakeManeuver", {**assist, "character_id": "pal", "ally_id": "doc"},
                  409, "wish.maneuver.assist L386", "payload.skill")
    await refused(api, t, "wish.TakeManeuver", {**assist, "character_id": "pal", "ally_id": "pal"},
                  422, "wish.maneuver.assist L388", "payload.ally_id")
    await refused(api, t, "wish.TakeManeuver", {**ward, "character_id": "pal", "kind": "assist"},
                  422, "wish.maneuver.assist L384", "payload.ally_id")
    await api.ok(ann, "wish.EndTurn", {**ward, "character_id": "pal"})
    await api.ok(ann, "wish.StartTurn", {**ward, "character_id": "nurse"})
    await api.ok(ann, "wish.TakeManeuver", {**ward, "character_id": "nurse", "kind": "movement"})
    helped = await api.ok(ann, "wish.TakeManeuver", {**assist, "character_id": "nurse",
                                                     "ally_id": "doc"})
    # the nurse's second maneuver of the turn: 1 fatigue, suffered first (L380)
    assert event(helped, "wish.Exerted")["fatigue"] == 1
    assert event(helped, "wish.ManeuverTaken") == {"character_id": "nurse", "kind": "assist",
                                                   "fatigue": 1, "free": False,
                                                   "ally_id": "doc"}
    assert event(helped, "wish.AssistGiven") == {"by": "nurse", "skill": "Medicine"}
    await refused(api, t, "wish.TakeManeuver", {**assist, "character_id": "nurse",
                                                "ally_id": "doc"},
                  409, "wish.maneuver.assist L384", "payload.ally_id")
    await api.ok(ann, "wish.EndTurn", {**ward, "character_id": "nurse"})
    await api.ok(ann, "wish.StartTurn", {**ward, "character_id": "doc"})
    check = {**ward, "character_id": "doc", "skill": "Medicine"}
    rolled = await api.ok(ann, "wish.RollCheck", check)
    assert event(rolled, "wish.CheckRolled")["check"]["pool"] == {"CHR": 2, "FRT": 1}
    assert event(rolled, "wish.AssistsUsed")["by"] == ["nurse"]
    await api.ok(ann, "wish.EndTurn", {**ward, "character_id": "doc"})
    await api.ok(ann, "wish.EndRound", ward)
    await api.ok(ann, "wish.StartTurn", {**ward, "character_id": "doc"})
    again = await api.ok(ann, "wish.RollCheck", check)  # the assist was for the next check only
    assert event(again, "wish.CheckRolled")["check"]["pool"] == {"CHR": 2}


async def test_an_assist_without_the_advanced_skill_does_not_help_it_L386(api: Api) -> None:
    """L386: an Assist taken without naming the Advanced Skill the ally then uses is refused at
    the check, which appends nothing."""
    t = await wish_campaign(api)
    cid, ann = t["cid"], t["ann"]
    await create(api, t, "doc", {"characteristics": BASE, "phase": "play", "skills": MEDICINE})
    await create(api, t, "pal", {"characteristics": BASE, "phase": "play"})
    ward = {"campaign_id": cid, "encounter_id": "ward"}
    await api.ok(ann, "wish.StartEncounter", {**ward, "participants": ["doc", "pal"]})
    await api.ok(ann, "wish.StartTurn", {**ward, "character_id": "pal"})
    await api.ok(ann, "wish.TakeManeuver", {**ward, "character_id": "pal", "kind": "assist",
                                            "ally_id": "doc"})
    await api.ok(ann, "wish.EndTurn", {**ward, "character_id": "pal"})
    await api.ok(ann, "wish.StartTurn", {**ward, "character_id": "doc"})
    await refused(api, t, "wish.RollCheck", {**ward, "character_id": "doc", "skill": "Medicine"},
                  409, "wish.maneuver.assist L386", "payload.skill")
    plain = await api.ok(ann, "wish.RollCheck", {**ward, "character_id": "doc",
                                                 "characteristic": "str"})
    assert event(plain, "wish.CheckRolled")["check"]["pool"] == {"CHR": 2, "FRT": 1}
