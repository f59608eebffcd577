"""WISH origin abilities through HTTP against the real servers (L767-924): the free skills an
Origin trains, the player's free choices, a Robot's repairs, the figures in character reads."""

from __future__ import annotations

from tests.conftest import Api
from tests.integration.test_wish_http import character, wish_campaign
from tests.integration.test_wish_rule_fixes import BASE, create, event, refused


async def test_origin_skills_choices_and_derived_figures_through_http(api: Api) -> None:
    """L787 Animal Instincts: 'Train all 4 for free'; L878 Natural Talent: 'Select any 5 Basic
    skills and train them (select specializations)'; L788 Animal Recovery in the read."""
    t = await wish_campaign(api)
    for cid in ("cat", "ace"):
        await create(api, t, cid, {"characteristics": BASE, "phase": "creation"})
    cat = await api.ok(t["ann"], "wish.ChooseOrigin", {
        "campaign_id": t["cid"], "character_id": "cat", "origin": "Anthropomorphic",
        "picks": {"str": 1, "ag": 1, "to": 1}})
    assert sorted(event(cat, "wish.OriginSkillsGranted")["skills"]) == [
        "Animalsmarts", "Intuition", "Observation", "Trailsmarts"]
    read = await character(api, t, "cat", cat["position"])
    assert read["sheet"]["skills"]["Observation"]["ranks"] == 1
    assert read["derived"]["origin"]["end_of_turn_recovery"] == {"wounds": 1}
    assert read["derived"]["origin"]["archetype_sfx"] == ["Feral"]
    await api.ok(t["ann"], "wish.ChooseOrigin", {"campaign_id": t["cid"], "character_id": "ace",
                                                 "origin": "Natural"})
    await refused(api, t, "wish.ChooseOriginGrants",
                  {"character_id": "ace", "skills": ["Athletics", "Medicine", "Charm", "Drive",
                                                     "Stealth"]},
                  422, "wish.origin.natural L878", "payload.skills")
    await refused(api, t, "wish.ChooseOriginGrants", {"character_id": "ace", "skils": []},
                  422, "", "payload.skils")
    five = ["Athletics", "Stealth", "Charm", "Drive", "Observation"]
    done = await api.ok(t["ann"], "wish.ChooseOriginGrants", {
        "campaign_id": t["cid"], "character_id": "ace", "skills": five,
        "specializations": {"Drive": "getaway"}})
    ace = await character(api, t, "ace", done["position"])
    assert [ace["sheet"]["skills"][n]["ranks"] for n in five] == [1] * 5
    assert ace["derived"]["origin"]["archetype_skills"] == five
    assert ace["sheet"]["specializations"] == [{"name": "getaway", "target": "Drive", "level": 1}]
    await refused(api, t, "wish.ChooseOriginGrants", {"character_id": "ace", "skills": five},
                  409, "wish.origin L753", "payload.character_id")


async def test_a_robot_is_repaired_not_healed_through_http(api: Api) -> None:
    """L895 Out of Warranty: 'Robots cannot heal damage, they must be be Repaired'."""
    t = await wish_campaign(api)
    await create(api, t, "bot", {"characteristics": BASE, "phase": "play", "origin": "Robot",
                                 "wounds_lost": 5})
    await refused(api, t, "wish.Heal", {"character_id": "bot", "wounds": 2},
                  409, "wish.origin.robot.out_of_warranty L895", "payload.wounds")
    fixed = await api.ok(t["ann"], "wish.Repair", {"campaign_id": t["cid"], "character_id": "bot",
                                                   "wounds": 2})
    assert event(fixed, "wish.Restored")["cause"] == "repair"
    bot = await character(api, t, "bot", fixed["position"])
    assert bot["sheet"]["wounds_lost"] == 3
    assert bot["derived"]["origin"]["immunities"] == ["poison", "disease"]  # L894
