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


async def test_out_of_warranty_partially_overcome_through_http(api: Api) -> None:
    """L895: 'This Hindrance can be partially overcome for 5 advances, which allows a
    character's own abilities to heal their Wounds normally, but still not benefit from healing
    from external sources'."""
    t = await wish_campaign(api)
    await create(api, t, "bot", {"characteristics": BASE, "phase": "play", "origin": "Robot",
                                 "wounds_lost": 5, "advances": 5})
    await refused(api, t, "wish.Heal", {"character_id": "bot", "wounds": 1, "source": "own"},
                  409, "wish.origin.robot.out_of_warranty L895", "payload.wounds")
    paid = await api.ok(t["ann"], "wish.OvercomeOriginHindrance", {
        "campaign_id": t["cid"], "character_id": "bot", "name": "Out of Warranty"})
    assert event(paid, "wish.OriginHindranceOvercome")["cost"] == 5
    await refused(api, t, "wish.Heal", {"character_id": "bot", "wounds": 1},
                  409, "wish.origin.robot.out_of_warranty L895", "payload.source")
    await refused(api, t, "wish.Heal", {"character_id": "bot", "wounds": 1, "source": "pal"},
                  422, "", "payload.source")
    own = await api.ok(t["ann"], "wish.Heal", {"campaign_id": t["cid"], "character_id": "bot",
                                               "wounds": 2, "source": "own"})
    bot = await character(api, t, "bot", own["position"])
    assert bot["sheet"]["wounds_lost"] == 3
    assert bot["sheet"]["advances"] == 0


async def test_travel_checks_through_http(api: Api) -> None:
    """L1104 Winged: 'your Superflight is Strength based. You gain [a die] when diving'; L1176
    Blur: 'acquired and trained ... once you have two automatic successes', Combat Mode only;
    L1110 Rocket-man's device statistics in the read; L1188 Dematerialization's limit."""
    t = await wish_campaign(api)
    skills = {
        "Superflight (Winged)": {"characteristic": "ag", "kind": "travel", "mode": "Winged"},
        "Superrunning (Blur)": {"characteristic": "ag", "kind": "travel", "mode": "Blur",
                                "ranks": 1},
        "Superflight (Rocket-man)": {"characteristic": "ag", "kind": "travel",
                                     "mode": "Rocket-man", "ranks": 1},
        "Teleportation (Dematerialization)": {"characteristic": "int", "kind": "travel",
                                              "mode": "Dematerialization", "ranks": 1},
    }
    await create(api, t, "ace", {"characteristics": {**BASE, "str": 3}, "phase": "play",
                                 "experience": 20, "skills": skills})
    me = {"campaign_id": t["cid"], "character_id": "ace"}
    dive = await api.ok(t["ann"], "wish.TravelCheck", {**me, "skill": "Superflight (Winged)",
                                                       "purpose": "dive"})
    rolled = event(dive, "wish.CheckRolled")["check"]
    assert (rolled["characteristic"], rolled["pool"]) == ("str", {"CHR": 3, "FRT": 1})
    assert event(dive, "wish.TravelResolved")["mode"] == "Winged"
    await refused(api, t, "wish.TravelCheck", {"character_id": "ace", "skill": "Superrunning (Blur)"},
                  409, "wish.travel.superrunning.blur L1176", "payload.encounter_id")
    await refused(api, t, "wish.TravelCheck", {"character_id": "ace",
                                               "skill": "Teleportation (Dematerialization)",
                                               "dematerialize": 2},
                  422, "L1188", "payload.dematerialize")
    await refused(api, t, "wish.TravelCheck", {"character_id": "ace",
                                               "skill": "Superflight (Winged)", "purpose": "zoom"},
                  422, "", "payload.purpose")
    await api.ok(t["ann"], "wish.StartEncounter", {"campaign_id": t["cid"], "encounter_id": "f",
                                                   "participants": ["ace"]})
    blur = await api.ok(t["ann"], "wish.TravelCheck", {**me, "skill": "Superrunning (Blur)",
                                                       "encounter_id": "f"})
    assert event(blur, "wish.TravelResolved")["automatic_successes"] == 2
    ace = await character(api, t, "ace", blur["position"])
    assert ace["derived"]["travel"]["Superflight (Rocket-man)"]["device"] == {
        "defense": 2, "soak": 11, "wounds": 7}
    # L1176: 'as a React with Recharge (2) ... gain +1 DEF until your next Beginning of Turn'
    dodged = await api.ok(t["ann"], "wish.TravelCheck", {**me, "skill": "Superrunning (Blur)",
                                                         "purpose": "react", "encounter_id": "f"})
    ace = await character(api, t, "ace", dodged["position"])
    assert [c["name"] for c in ace["sheet"]["conditions"]] == ["Warded"]
    assert ace["sheet"]["travel_recharge"] == {"Superrunning (Blur)": 2}
    await refused(api, t, "wish.TravelCheck", {"character_id": "ace",
                                               "skill": "Superrunning (Blur)",
                                               "purpose": "react", "encounter_id": "f"},
                  409, "wish.travel.superrunning.blur L1176, L510", "payload.skill")


async def test_origin_abilities_in_play_through_http(api: Api) -> None:
    """L837 Mystical Reality: '1 stress to force a re-roll of all fortune and misfortune dice
    ... the second roll stands'; L777 Xeno: 'suffers 3 Grit whenever they are reminded', 'can
    be overcome for 3 creation points or advances'; L799 Cosmic Winds needs a serendipity."""
    t = await wish_campaign(api)
    cid, ann, bob = t["cid"], t["ann"], t["bob"]
    await create(api, t, "mage", {"characteristics": BASE, "phase": "play", "origin": "Mystic"})
    await create(api, t, "et", {"characteristics": BASE, "phase": "play", "origin": "Alien",
                                "advances": 3})
    await create(api, t, "star", {"characteristics": BASE, "phase": "play", "origin": "Cosmic"})
    rolled = await api.ok(bob, "wish.RollCheck", {
        "campaign_id": cid, "character_id": "hero", "characteristic": "ag",
        "sources": [{"source": "luck", "die": "FRT", "count": 2}]})
    check_id = event(rolled, "wish.CheckRolled")["check_id"]
    bent = await api.ok(ann, "wish.UseMysticalReality", {
        "campaign_id": cid, "character_id": "mage", "check_id": check_id, "roller_id": "hero"})
    again = event(bent, "wish.CheckRerolled")
    assert [d["die"] for d in again["replaced"]] == ["FRT", "FRT"]
    assert [d["die"] for d in again["dice"]] == ["FRT", "FRT"]
    assert (await character(api, t, "mage", bent["position"]))["sheet"]["stress"] == 1
    await refused(api, t, "wish.UseMysticalReality", {"character_id": "mage",
                                                      "check_id": check_id, "roller_id": "hero"},
                  409, "wish.origin.mystic.mystical_reality L837", "payload.check_id")
    player = await api.command(bob, "wish.RemindXeno", {"campaign_id": cid, "character_id": "et"})
    assert player.status_code == 403
    reminded = await api.ok(ann, "wish.RemindXeno", {"campaign_id": cid, "character_id": "et"})
    assert (await character(api, t, "et", reminded["position"]))["sheet"]["grit_lost"] == 3
    await api.ok(ann, "wish.OvercomeOriginHindrance", {"campaign_id": cid, "character_id": "et",
                                                       "name": "Xeno"})
    await refused(api, t, "wish.RemindXeno", {"character_id": "et"},
                  409, "wish.origin.alien.xeno L777", "payload.character_id")
    plain = await api.ok(ann, "wish.RollCheck", {"campaign_id": cid, "character_id": "star",
                                                 "characteristic": "str"})
    await refused(api, t, "wish.UseCosmicWinds", {
        "character_id": "star", "check_id": event(plain, "wish.CheckRolled")["check_id"],
        "effect": "reset_fortune"}, 409, "wish.origin.cosmic.cosmic_winds L799",
        "payload.check_id")  # characteristic dice show no serendipity (L3-9)


async def test_critical_intolerance_and_item_of_power_through_http(api: Api) -> None:
    """L897 Critical Intolerance: the chosen stunt 'becomes unusable until the critical Wound is
    repaired'; L920: attacks on an Item of Power add dice (Appendix A row 22)."""
    t = await wish_campaign(api)
    cid, ann, bob = t["cid"], t["ann"], t["bob"]
    await create(api, t, "bot", {"characteristics": BASE, "phase": "play", "origin": "Robot",
                                 "stunts": {"Zap": {"rating": 1}},
                                 "criticals": [{"id": "crit-1", "name": "gears", "severity": 1}]})
    await create(api, t, "king", {"characteristics": BASE, "phase": "play", "origin": "Wielder"})
    pick = {"campaign_id": cid, "character_id": "bot", "critical_id": "crit-1", "stunt": "Zap"}
    assert (await api.command(bob, "wish.ChooseMalfunction", pick)).status_code == 403
    await api.ok(ann, "wish.ChooseMalfunction", pick)
    await refused(api, t, "wish.RollCheck", {"character_id": "bot", "characteristic": "str",
                                             "stunt": "Zap"},
                  409, "wish.origin.robot.critical_intolerance L897", "payload.stunt")
    fixed = await api.ok(ann, "wish.Repair", {"campaign_id": cid, "character_id": "bot",
                                              "treat": ["crit-1"]})
    assert event(fixed, "wish.MalfunctionRepaired") == {"stunt": "Zap", "critical_id": "crit-1"}
    await api.ok(ann, "wish.RollCheck", {"campaign_id": cid, "character_id": "bot",
                                         "characteristic": "str", "stunt": "Zap"})
    hit = await api.ok(bob, "wish.Attack", {"campaign_id": cid, "character_id": "hero",
                                            "target_id": "king", "skill": "Melee Skill",
                                            "tags": ["item_of_power"]})
    assert event(hit, "wish.CheckRolled")["check"]["pool"] == {"CHR": 5, "CHL": 1, "MIS": 1}


async def test_a_mystical_reality_reroll_is_verified_from_the_export(api: Api) -> None:
    """L837: 'the second roll stands': the re-rolled dice are drawn from the campaign's seed
    like any others, and the audit re-reads the second roll from its draws."""
    import json

    from domain.audit import verify_export

    t = await wish_campaign(api)
    cid, ann = t["cid"], t["ann"]
    await create(api, t, "mage", {"characteristics": BASE, "phase": "play", "origin": "Mystic"})
    rolled = await api.ok(ann, "wish.RollCheck", {
        "campaign_id": cid, "character_id": "mage", "characteristic": "wp",
        "sources": [{"source": "luck", "die": "MIS", "count": 3}]})
    bent = await api.ok(ann, "wish.UseMysticalReality", {
        "campaign_id": cid, "character_id": "mage",
        "check_id": event(rolled, "wish.CheckRolled")["check_id"]})
    [rerolled] = [e for e in bent["events"] if e["type"] == "wish.CheckRerolled"]
    await api.ok(ann, "RotateSeed", {"campaign_id": cid})
    response = await api.get(ann, f"/v1/campaigns/{cid}/export")
    lines = response.content.splitlines()
    clean = verify_export(lines)
    assert clean.ok and clean.rolls_verified == 2, clean.failures
    tampered = []
    for raw in lines:
        item = json.loads(raw)
        if item.get("position") == rerolled["position"]:
            item["data"]["tally"]["F"] += 1
        tampered.append(json.dumps(item).encode())
    report = verify_export(tampered)
    assert not report.ok
    assert [f.position for f in report.failures] == [rerolled["position"]]
