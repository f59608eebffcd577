"""WISH initiative (digest G-7; L449, L1456), dying (G-3; L196, L208) and Charge (L451)
through HTTP against the real servers; refusals append nothing."""

from __future__ import annotations

from tests.conftest import Api
from tests.integration.test_wish_http import character, log_length, wish_campaign
from tests.integration.test_wish_rule_fixes import BASE, create, event, refused


async def test_rolled_initiative_orders_turns_and_charge_through_http(api: Api) -> None:
    """G-7: each side's slots ordered by an initiative check; the next turn is the top open
    slot's side. L451 Charge: 'an extra maneuver to engage an opponent and then make a Melee
    Strike, though not without cost' (G-2: 1 fatigue), one step closer to Offensive."""
    t = await wish_campaign(api)
    cid, ann, bob = t["cid"], t["ann"], t["bob"]
    f = {"campaign_id": cid, "encounter_id": "f"}
    await api.ok(ann, "wish.StartEncounter", {**f, "participants": ["hero", "foe"]})
    sides = {"hero": "heroes", "foe": "villains"}
    player = await api.command(bob, "wish.RollInitiative", {**f, "sides": sides})
    assert player.status_code == 403, player.text
    rolled = await api.ok(ann, "wish.RollInitiative", {**f, "sides": sides})
    assert len([e for e in rolled["events"] if e["type"] == "wish.CheckRolled"]) == 2
    tracker = (await api.get(ann, f"/v1/campaigns/{cid}/encounters/f",
                             position=rolled["position"])).json()["initiative"]
    scores = [(s["net_successes"], s["net_boons"]) for s in tracker]
    assert scores == sorted(scores, reverse=True) and len(tracker) == 2
    first = "hero" if tracker[0]["side"] == "heroes" else "foe"
    second = "foe" if first == "hero" else "hero"
    await refused(api, t, "wish.StartTurn", {"encounter_id": "f", "character_id": second},
                  409, "wish.initiative G-7", "payload.character_id")
    await api.ok(ann, "wish.SetSeparation", {**f, "character_id": first, "target_id": second,
                                             "maneuvers": 1})
    started = await api.ok(ann, "wish.StartTurn", {**f, "character_id": first})
    assert event(started, "wish.InitiativeSlotTaken") == {"slot": 0}
    charged = await api.ok(ann, "wish.Charge", {**f, "character_id": first, "target_id": second})
    assert event(charged, "wish.Exerted") == {"fatigue": 1, "cause": "Charge"}
    assert event(charged, "wish.SeparationSet")["maneuvers"] == 0
    assert event(charged, "wish.StanceSet")["position"] == 1
    assert event(charged, "wish.CheckRolled")["kind"] == "attack"
    await refused(api, t, "wish.Charge", {"encounter_id": "f", "character_id": first,
                                          "target_id": second},
                  409, "wish.encounter.action L380", "payload.character_id")  # one Action


async def test_bleeding_out_and_first_aid_with_the_dying_option_through_http(api: Api) -> None:
    """L196: at 0 Wounds 'unconscious and in danger of dying'; with option dying = bleed_out
    (G-3) each Round's end is a critical until first aid stabilizes; L208: more criticals than
    Toughness and the character dies."""
    ann = await api.token("ann")
    made = await api.ok(ann, "CreateCampaign", {"name": "Grim", "ruleset": "wish",
                                                "options": {"dying": "bleed_out"}})
    t = {"ann": ann, "cid": made["campaign_id"]}
    await create(api, t, "down", {"characteristics": {**BASE, "to": 1}, "phase": "play",
                                  "wounds_lost": 11})
    await create(api, t, "medic", {"characteristics": BASE, "phase": "play"})
    f = {"campaign_id": t["cid"], "encounter_id": "f"}
    started = await api.ok(ann, "wish.StartEncounter", {**f, "participants": ["down", "medic"]})
    # the refusal below counts the log: let the read models reach the setup first
    await character(api, t, "down", started["position"])
    await refused(api, t, "wish.EndRound", {"encounter_id": "f"}, 422, "wish.dying G-3",
                  "payload.participants")
    ended = await api.ok(ann, "wish.EndRound", {**f, "participants": ["down", "medic"]})
    assert event(ended, "wish.LastingInflicted")["lasting"]["name"] == "bleeding out"
    down = await character(api, t, "down", ended["position"])
    assert (down["derived"]["dying"], down["derived"]["bleeding"]) == (True, True)
    assert down["derived"]["criticals_to_death"] == 1  # To 1: a second critical kills (L208)
    before = await log_length(api, t)
    aid = await api.ok(ann, "wish.Stabilize", {"campaign_id": t["cid"], "character_id": "medic",
                                               "target_id": "down"})
    assert await log_length(api, t) > before
    roll = event(aid, "wish.CheckRolled")["check"]
    assert roll["skill"] == "First Aid" and roll["pool"].get("CHR") == 2
    stabilized = [e for e in aid["events"] if e["type"] == "wish.Stabilized"]
    assert bool(stabilized) == roll["result"]["success"]
    again = await api.ok(ann, "wish.EndRound", {**f, "participants": ["down", "medic"]})
    down = await character(api, t, "down", again["position"])
    assert down["derived"]["dead"] is not bool(stabilized)


async def test_basic_reacts_through_http(api: Api) -> None:
    """L438 Brace: 'a mild Soak bonus but only works vs physical attacks' (G-2: +2 Soak); L439
    Parry: 'only works vs opponents you are engaged with'; L441 Riposte: 'played after being
    attacked'."""
    t = await wish_campaign(api)
    cid, ann = t["cid"], t["ann"]
    f = {"campaign_id": cid, "encounter_id": "f"}
    await api.ok(ann, "wish.StartEncounter", {**f, "participants": ["hero", "foe"]})
    vs = {"encounter_id": "f", "character_id": "foe", "attacker_id": "hero"}
    await refused(api, t, "wish.React", {**vs, "action": "Parry"},
                  409, "wish.basic_action.parry L439", "payload.attacker_id")
    await refused(api, t, "wish.React", {**vs, "action": "Riposte"},
                  409, "wish.basic_action.riposte L441", "payload.attacker_id")
    await refused(api, t, "wish.React", {**vs, "action": "Brace", "difficulty": 1},
                  422, "wish.basic_action.brace L438", "payload.difficulty")
    braced = await api.ok(ann, "wish.React", {**f, **vs, "action": "Brace"})
    assert (await character(api, t, "foe", braced["position"]))["sheet"]["react"] == {
        "action": "Brace", "attacker_id": "hero", "net_successes": 0, "stunt": None}
    await api.ok(ann, "wish.StartTurn", {**f, "character_id": "hero"})
    hit = await api.ok(ann, "wish.Attack", {**f, "character_id": "hero", "target_id": "foe",
                                            "skill": "Melee Skill"})
    used = [e["data"] for e in hit["events"] if e["type"] == "wish.ReactUsed"]
    if event(hit, "wish.CheckRolled")["check"]["result"]["success"]:
        [brace] = used  # Str 5 + net successes, less the Brace's 2, before Soak (L185)
        assert brace["damage_after"] == max(1, brace["damage"] - 2)
        assert event(hit, "wish.DamageTaken")["wounds_lost"] == max(1, brace["damage_after"] - 1)
    else:
        assert used == []  # a miss leaves the Brace for the next attack
    riposte = await api.ok(ann, "wish.React", {**f, **vs, "action": "Riposte"})
    rolled = event(riposte, "wish.CheckRolled")
    assert rolled["kind"] == "attack" and rolled["check"]["pool"].get("CHL") == 1
