"""Burst (L270) through HTTP against real servers."""

from __future__ import annotations

from tests.conftest import Api
from tests.integration.test_wish_departures_http import wish_campaign
from tests.integration.test_wish_http import character
from tests.integration.test_wish_rule_fixes import BASE, create, refused

BLAST = {"Fireball": {"sfx": "Fire", "traits": ["Burst"]},
         "Fire Bolt": {"sfx": "Fire", "traits": ["Ranged"]}}


async def test_a_burst_attack_hits_the_engagement_and_cannot_be_parried_L270(api: Api) -> None:
    """L270: 'An effect with the Blast trait can affect an entire engagement rather than a
    single target. Blast effects cannot be parried or deflected, but can be dodged.'"""
    t = await wish_campaign(api)
    cid, ann = t["cid"], t["ann"]
    await create(api, t, "pyro", {"characteristics": BASE, "phase": "play", "stunts": BLAST})
    for name in ("orc", "goblin", "troll"):
        await create(api, t, name, {"characteristics": BASE, "phase": "play"})
    f = {"campaign_id": cid, "encounter_id": "f"}
    await api.ok(ann, "wish.StartEncounter", {**f, "participants": ["pyro", "orc", "goblin",
                                                                    "troll"]})
    for a, b, apart in (("pyro", "orc", 0), ("orc", "goblin", 0), ("orc", "troll", 2)):
        await api.ok(ann, "wish.SetSeparation", {**f, "character_id": a, "target_id": b,
                                                 "maneuvers": apart})
    await api.ok(ann, "wish.React", {**f, "character_id": "orc", "attacker_id": "pyro",
                                     "action": "Parry"})
    await api.ok(ann, "wish.StartTurn", {**f, "character_id": "pyro"})
    blast = {**f, "character_id": "pyro", "target_id": "orc", "mode": "ranged",
             "characteristic": "ag", "stunt": "Fireball"}
    await refused(api, t, "wish.Attack", {**blast, "engaged": ["troll"]},
                  409, "wish.trait.burst L270", "payload.engaged")
    await refused(api, t, "wish.Attack", {**blast, "stunt": "Fire Bolt", "engaged": ["goblin"]},
                  422, "wish.trait.burst L270", "payload.engaged")
    await refused(api, t, "wish.Attack", {**blast, "engaged": ["pyro"]},
                  422, "wish.trait.burst L270", "payload.engaged")
    hit = await api.ok(ann, "wish.Attack", {**blast, "engaged": ["goblin"]})
    types = [e["type"] for e in hit["events"]]
    assert "wish.ReactUsed" not in types  # the orc's Parry does not apply to a Burst
    orc = await character(api, t, "orc", hit["position"])
    assert orc["sheet"]["react"]["action"] == "Parry"  # still declared, unused
    rolled = next(e["data"] for e in hit["events"] if e["type"] == "wish.CheckRolled")
    # one roll, and the same net successes for the orc and the goblin: both hit or neither
    assert types.count("wish.DamageTaken") == (2 if rolled["check"]["result"]["success"] else 0)
