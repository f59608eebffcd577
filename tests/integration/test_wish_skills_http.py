"""WISH skills through HTTP against real servers, quoting the seed: the free specialization
with the first training rank (L986) and SFX Mastery skills (L1070-1074)."""

from __future__ import annotations

from tests.conftest import Api
from tests.integration.test_wish_departures_http import wish_campaign
from tests.integration.test_wish_rule_fixes import BASE, create, event, refused


async def test_the_first_rank_brings_a_free_specialization_L986(api: Api) -> None:
    """L986 'When a character trains the first rank in a skill, they may choose a specialization
    with that skill for free'."""
    t = await wish_campaign(api)
    cid, ann = t["cid"], t["ann"]
    await create(api, t, "runner", {"characteristics": BASE, "phase": "play", "advances": 2,
                                    "experience": 20})
    trained = await api.ok(ann, "wish.SpendAdvance", {
        "campaign_id": cid, "character_id": "runner",
        "purchase": {"kind": "skill_rank", "target": "Athletics",
                     "specializations": [{"name": "Running", "target": "Athletics"}]}})
    assert event(trained, "wish.AdvanceSpent")["cost"] == 1
    sheet = (await api.get(ann, f"/v1/campaigns/{cid}/characters/runner",
                           position=trained["position"])).json()["sheet"]
    assert sheet["advances"] == 1
    assert sheet["specializations"] == [{"name": "Running", "target": "Athletics", "level": 1}]
    await refused(api, t, "wish.SpendAdvance", {
        "character_id": "runner",
        "purchase": {"kind": "skill_rank", "target": "Athletics",
                     "specializations": [{"name": "Lifting", "target": "Athletics"}]}},
        409, "wish.specialization.free L986", "payload.purchase.specializations")


async def test_mastery_skills_are_acquired_and_use_their_characteristic_L1070_L1074(
        api: Api) -> None:
    """L1073 'Cold Mastery (Wp): Used by the Cold SFX'; L1044 'acquiring an advanced skill costs
    1 advance'; Stone Mastery's characteristic is unstated (L864): the campaign option."""
    t = await wish_campaign(api, options={"mastery_characteristics": {"Stone Mastery": "str"}})
    cid, ann = t["cid"], t["ann"]
    await create(api, t, "frost", {"characteristics": {**BASE, "wp": 4}, "phase": "play",
                                   "advances": 2})
    await refused(api, t, "wish.RollCheck", {"character_id": "frost", "skill": "Cold Mastery"},
                  422, "wish.skill.advanced L1044", "payload.skill")
    for mastery in ("Cold Mastery", "Stone Mastery"):
        await api.ok(ann, "wish.SpendAdvance", {
            "campaign_id": cid, "character_id": "frost",
            "purchase": {"kind": "acquire_skill", "target": mastery}})
    rolled = await api.ok(ann, "wish.RollCheck", {"campaign_id": cid, "character_id": "frost",
                                                  "skill": "Cold Mastery"})
    check = event(rolled, "wish.CheckRolled")["check"]
    assert check["characteristic"] == "wp" and check["pool"] == {"CHR": 4}
    sheet = (await api.get(ann, f"/v1/campaigns/{cid}/characters/frost",
                           position=rolled["position"])).json()["sheet"]
    assert sheet["skills"]["Stone Mastery"]["characteristic"] == "str"
