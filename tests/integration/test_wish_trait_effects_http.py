"""DoT (L256), Deflect (L271), Rally and the Rally Step (L257, L1405, digest G-8) and Dare
(L450) through HTTP against real servers."""

from __future__ import annotations

from typing import Any

from tests.conftest import Api
from tests.integration.test_wish_departures_http import wish_campaign
from tests.integration.test_wish_http import character
from tests.integration.test_wish_rule_fixes import BASE, create, event, refused


async def test_a_dot_triggers_at_the_targets_end_of_turn_until_it_expires_L256(
        api: Api) -> None:
    """L256: 'DoT effects will stipulate the target they affect and provide both a time frame
    defining how frequently it triggers and what effect it has when it does trigger. DoT's
    will also indicate when or under what conditions they expire either in terms of recharge
    tokens or a statement regarding how or when it terminates.'"""
    t = await wish_campaign(api)
    cid, ann = t["cid"], t["ann"]
    acid = {"Acid": {"traits": ["DoT"], "dot": {"damage": 2, "count": 2}}}
    await create(api, t, "hero", {"characteristics": {**BASE, "str": 5}, "phase": "play",
                                  "stunts": acid})
    # Toughness 5: 15 Wounds (L192), more than a hit (5 + at most 5) and the DoT's 4
    await create(api, t, "foe", {"characteristics": {**BASE, "to": 5}, "phase": "play"})
    await refused(api, t, "CreateCharacter", {
        "character_id": "bad", "name": "Bad", "sheet": {
            "characteristics": BASE, "stunts": {"X": {"traits": ["Ranged"],
                                                      "dot": {"damage": 1}}}}},
        422, "wish.trait.dot L256", "payload.sheet.stunts.X.dot")
    for _ in range(12):  # the campaign's dice: attack until one hits
        swing = await api.ok(ann, "wish.Attack", {"campaign_id": cid, "character_id": "hero",
                                                  "target_id": "foe", "characteristic": "str",
                                                  "stunt": "Acid"})
        if event(swing, "wish.CheckRolled")["check"]["result"]["success"]:
            break
    placed = event(swing, "wish.DoTPlaced")["dot"]
    assert (placed["stunt"], placed["source_id"], placed["remaining"]) == ("Acid", "hero", 2)
    foe = (await character(api, t, "foe", swing["position"]))["sheet"]
    assert [d["stunt"] for d in foe["dots"]] == ["Acid"]  # visible on the target's sheet
    hurt = foe["wounds_lost"]
    f = {"campaign_id": cid, "encounter_id": "f"}
    me = {**f, "character_id": "foe"}
    await api.ok(ann, "wish.StartEncounter", {**f, "participants": ["hero", "foe"]})
    for left in (1, 0):
        await api.ok(ann, "wish.StartTurn", me)
        ended = await api.ok(ann, "wish.EndTurn", me)
        assert event(ended, "wish.DoTTriggered")["remaining"] == left
        taken = [e["data"] for e in ended["events"] if e["type"] == "wish.DamageTaken"]
        assert taken[0]["source"] == "DoT Acid" and taken[0]["taken"] == 2
        await api.ok(ann, "wish.EndRound", f)
    assert event(ended, "wish.DoTExpired")["cause"] == "count L256"
    await api.ok(ann, "wish.StartTurn", me)
    after = await api.ok(ann, "wish.EndTurn", me)
    assert "wish.DoTTriggered" not in [e["type"] for e in after["events"]]
    foe = (await character(api, t, "foe", after["position"]))["sheet"]
    assert foe["dots"] == [] and foe["wounds_lost"] == hurt + 4


async def test_a_deflect_react_nullifies_the_next_attack_as_its_card_declares_L271(
        api: Api) -> None:
    """L271: 'An effect with the Deflect trait have the potential to nullify an attack either
    partially or completely.' L270: Blast effects 'cannot be parried or deflected'."""
    t = await wish_campaign(api)
    cid, ann = t["cid"], t["ann"]
    cards = {"Force Wall": {"traits": ["Deflect"], "recharge_rating": 2,
                            "deflect": {"nullifies": "all"}},
             "Mirror": {"traits": ["Deflect"], "deflect": {"nullifies": "successes",
                                                           "amount": 1}}}
    await create(api, t, "hero", {"characteristics": {**BASE, "str": 5}, "phase": "play",
                                  "stunts": {"Fireball": {"sfx": "Fire", "traits": ["Burst"]}}})
    await create(api, t, "foe", {"characteristics": BASE, "phase": "play", "stunts": cards})
    f = {"campaign_id": cid, "encounter_id": "f"}
    await api.ok(ann, "wish.StartEncounter", {**f, "participants": ["hero", "foe"]})
    wall = {**f, "character_id": "foe", "attacker_id": "hero", "action": "Deflect",
            "stunt": "Force Wall"}
    await refused(api, t, "wish.React", {**wall, "stunt": None}, 422,
                  "wish.trait.deflect L271", "payload.stunt")
    declared = await api.ok(ann, "wish.React", wall)
    assert event(declared, "wish.RechargeTokensAdded")["stunts"] == {"Force Wall": 2}
    blow = {"campaign_id": cid, "character_id": "hero", "target_id": "foe",
            "characteristic": "str"}
    swing = await api.ok(ann, "wish.Attack", blow)
    used = event(swing, "wish.ReactUsed")
    assert used["stunt"] == "Force Wall" and used["net_after"] <= 0  # completely (L271)
    assert "wish.DamageTaken" not in [e["type"] for e in swing["events"]]
    await refused(api, t, "wish.React", wall, 409, "wish.stunt.recharge L510", "payload.stunt")
    await api.ok(ann, "wish.React", {**wall, "stunt": "Mirror"})
    blast = await api.ok(ann, "wish.Attack", {**blow, "characteristic": "ag",
                                              "stunt": "Fireball"})
    assert "wish.ReactUsed" not in [e["type"] for e in blast["events"]]  # L270
    foe = (await character(api, t, "foe", blast["position"]))["sheet"]
    assert foe["react"]["stunt"] == "Mirror"  # still declared, for a deflectable attack
    partial = await api.ok(ann, "wish.Attack", blow)
    used = event(partial, "wish.ReactUsed")
    assert used["net_after"] == used["attack_net"] - 1  # partially: 1 success less


async def test_rally_abilities_are_free_in_a_gm_called_rally_step_L257_G8(api: Api) -> None:
    """L257: 'Rally: a Trait that indicates an ability that can be used during Rally Steps. By
    default an ability with this Trait can be used normally like other abilities and also in
    Rally Steps as a kind of free Action, but some might indicate that they can only be used
    during Rally steps and at no other time.' L1405: Encounter conditions last 'until combat
    ends or a Rally Step happens'. Digest G-8 (option rally_step, default "gm_called")."""
    t = await wish_campaign(api)
    cid, ann = t["cid"], t["ann"]
    stunts = {"Battle Cry": {"traits": ["Rally"]},
              "Second Wind": {"traits": ["Rally"], "rally_only": True}}
    await create(api, t, "hero", {"characteristics": BASE, "phase": "play", "stunts": stunts})
    await create(api, t, "foe", {"characteristics": BASE, "phase": "play"})
    f = {"campaign_id": cid, "encounter_id": "f"}
    me = {**f, "character_id": "hero"}
    await api.ok(ann, "wish.StartEncounter", {**f, "participants": ["hero", "foe"]})
    await api.ok(ann, "wish.AddCondition", {"campaign_id": cid, "character_id": "hero",
                                            "name": "Exposed", "duration": "encounter"})
    use: dict[str, Any] = {**me, "characteristic": "wp", "stunt": "Second Wind"}
    await api.ok(ann, "wish.StartTurn", me)
    await refused(api, t, "wish.RollCheck", use, 409,
                  "wish.trait.rally L257", "payload.stunt")
    step = {**f, "participants": ["hero", "foe"]}
    await refused(api, t, "wish.RallyStep", step, 409, "wish.rally_step G-8",
                  "payload.encounter_id")  # not while a turn runs
    await api.ok(ann, "wish.EndTurn", me)
    began = await api.ok(ann, "wish.RallyStep", step)
    assert event(began, "wish.ConditionRemoved")["cause"] == "rally step L1405"
    for stunt in ("Second Wind", "Battle Cry"):
        free = await api.ok(ann, "wish.RollCheck", {**use, "stunt": stunt})
        types = [e["type"] for e in free["events"]]
        assert "wish.RallyAbilityUsed" in types and "wish.ActionTaken" not in types
    await api.ok(ann, "wish.StartTurn", {**f, "character_id": "foe"})  # the step is over
    await refused(api, t, "wish.RollCheck", {**use, "stunt": "Battle Cry"}, 409,
                  "wish.encounter.turn L380", "payload.character_id")  # no more free use


async def test_a_dare_makes_the_dared_opponents_attacks_on_others_harder_L450(
        api: Api) -> None:
    """L450: 'Dare: Allows a character to encourage opponents to attack them (rather than
    others); moves a character automatically one step closer to Offensive'. The seed has no
    write-up; option dare_basic_action (default "taunt": 1 challenge die on a dared
    opponent's attack on anyone else, until the darer's next turn)."""
    t = await wish_campaign(api)
    cid, ann = t["cid"], t["ann"]
    for name in ("hero", "foe", "ally"):
        await create(api, t, name, {"characteristics": BASE, "phase": "play"})
    f = {"campaign_id": cid, "encounter_id": "f"}
    await api.ok(ann, "wish.StartEncounter", {**f, "participants": ["hero", "foe", "ally"]})
    await api.ok(ann, "wish.StartTurn", {**f, "character_id": "hero"})
    dare = {**f, "character_id": "hero", "action": "Dare", "opponents": ["nobody"]}
    await refused(api, t, "wish.TakeBasicAction", dare, 422, "wish.basic_action.dare L450",
                  "payload.opponents")
    dared = await api.ok(ann, "wish.TakeBasicAction", {**dare, "opponents": ["foe"]})
    assert event(dared, "wish.Dared")["opponents"] == ["foe"]
    assert event(dared, "wish.StanceSet")["position"] == 1
    await api.ok(ann, "wish.EndTurn", {**f, "character_id": "hero"})
    await api.ok(ann, "wish.StartTurn", {**f, "character_id": "foe"})
    on_ally = await api.ok(ann, "wish.Attack", {**f, "character_id": "foe", "target_id": "ally",
                                                "characteristic": "str"})
    rolled = event(on_ally, "wish.CheckRolled")["check"]
    assert rolled["pool"].get("CHL") == 1
    assert any(s["source"] == "dared by hero L450" for s in rolled["sources"])
    await api.ok(ann, "wish.EndTurn", {**f, "character_id": "foe"})
    await api.ok(ann, "wish.EndRound", f)
    await api.ok(ann, "wish.StartTurn", {**f, "character_id": "hero"})  # the dare ends
    await api.ok(ann, "wish.EndTurn", {**f, "character_id": "hero"})
    await api.ok(ann, "wish.StartTurn", {**f, "character_id": "foe"})
    free = await api.ok(ann, "wish.Attack", {**f, "character_id": "foe", "target_id": "ally",
                                             "characteristic": "str"})
    assert event(free, "wish.CheckRolled")["check"]["pool"].get("CHL") is None
