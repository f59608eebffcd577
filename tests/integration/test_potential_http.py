"""The Potential ruleset through HTTP against real PostgreSQL and Redis: sheets, actions,
attacks met by a resistance with the free resist, Life discards, readiness, odds."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from tests.conftest import Api
from tests.unit.potential import digest_tables as tables
from tests.unit.potential.test_potential_odds_tables import shown

R = "potential"


def adv(id_: str, cp: int = 4, modifier: int = 0, **kw: Any) -> dict[str, Any]:
    return {"id": id_, "title": id_.title(), "cp": cp, "modifier": modifier, **kw}


HERO = {"advantages": [adv("sword", 8, 2), adv("shield", 6, 1), adv("lore", 5, 0,
                                                                  keywords=["Static"])],
        "free_resist": "shield"}
FOE = {"advantages": [adv("dodge", 6, 2), adv("parry", 5, 1), adv("heart", 10, keywords=["Life"]),
                      adv("limb", 4, keywords=["Life"]), adv("grit", 6, keywords=["Life"])],
       "free_resist": "dodge"}


async def _campaign(api: Api, gm: str) -> str:
    cid: str = (await api.ok(gm, "CreateCampaign", {"name": "Potential",
                                                    "ruleset": R}))["campaign_id"]
    for ch, sheet in (("hero", HERO), ("foe", FOE)):
        await api.ok(gm, "CreateCharacter", {"campaign_id": cid, "name": ch, "character_id": ch,
                                             "sheet": sheet})
    return cid


async def _sheet(api: Api, token: str, cid: str, ch: str, position: Any) -> dict[str, Any]:
    read = await api.get(token, f"/v1/campaigns/{cid}/characters/{ch}", position=position)
    assert read.status_code == 200, read.text
    sheet: dict[str, Any] = read.json()["sheet"]
    return sheet


async def test_odds_route_answers_the_digest_vectors(api: Api) -> None:
    t = await api.token("ann")
    r = await api.get(t, f"/v1/rulesets/{R}/odds", dice=4, resistance=14)
    assert r.status_code == 200, r.text
    assert r.json()["p_success"] == "575/1296"  # digest §2.2
    r = await api.get(t, f"/v1/rulesets/{R}/odds", dice=3, resistance=10)
    assert r.json()["degrees"] == {"0": "1/2", "1": "1/8", "2": "25/216", "3": "7/72",
                                   "4": "5/72", "5": "5/108", "6": "1/36", "7": "1/72",
                                   "8": "1/216"}
    r = await api.get(t, f"/v1/rulesets/{R}/odds", dice=1, resistance=1)
    assert r.json()["p_success"] == "5/6"  # the L53 score of one
    r = await api.get(t, f"/v1/rulesets/{R}/odds", dice=2, opposed_dice=2)
    assert r.json()["p_success"] == "575/1296"  # P(2d6 > 2d6), ties to the resister
    for params, field in (({"dice": 0, "resistance": 3}, "dice"),
                          ({"dice": 2, "resistance": "x"}, "resistance"),
                          ({"dice": 2, "resistence": 3}, "resistence"),
                          ({"dice": 2}, "resistance"),
                          ({"dice": 2, "resistance": 3, "opposed_dice": 1}, "resistance"),
                          ({"dice": 2, "bonus": "x", "resistance": 3}, "bonus"),
                          ({"dice": 2, "bonus": -1, "resistance": 3}, "bonus"),
                          ({"dice": 31, "resistance": 3}, "dice"),
                          ({"dice": 2, "opposed_dice": -1}, "opposed_dice"),
                          ({"dice": 2, "opposed_dice": 1, "opposed_bonus": "y"},
                           "opposed_bonus")):
        bad = await api.get(t, f"/v1/rulesets/{R}/odds", **params)
        assert 400 <= bad.status_code < 500 and bad.json()["field"] == field, (params, bad.text)


async def test_odds_route_answers_the_digest_tables(api: Api) -> None:
    """Every cell of the digest's section 2.2 table (P(n d6 > R)) and of its section 2.5
    opposed table (ties to the resister), asked of the HTTP route."""
    t = await api.token("ann")
    for row in tables.rows(tables.BEAT_R):
        for n, cell in enumerate(row[1:], start=1):
            r = await api.get(t, f"/v1/rulesets/{R}/odds", dice=n, resistance=row[0])
            assert r.status_code == 200, r.text
            assert shown(Fraction(r.json()["p_success"]), cell, 4), (n, row[0], r.text)
    for row in tables.rows(tables.OPPOSED_HIT):
        for d, cell in enumerate(row[1:], start=1):
            r = await api.get(t, f"/v1/rulesets/{R}/odds", dice=row[0][2:], opposed_dice=d)
            assert r.status_code == 200, r.text
            assert shown(Fraction(r.json()["p_success"]), cell, 4), (row[0], d, r.text)


async def test_bad_sheets_are_refused_naming_the_field(api: Api) -> None:
    gm = await api.token("ann")
    cid = (await api.ok(gm, "CreateCampaign", {"name": "P", "ruleset": R}))["campaign_id"]
    for sheet, field in (({"advantages": [adv("a", cp=30)]}, "advantages[0].cp"),
                         ({"advantages": [adv("a", modifier=7)]}, "advantages[0].modifier"),
                         ({"advantages": [adv("a", cp=3)]}, "advantages[0].cp"),  # L11
                         ({"advantages": [{"id": "a", "title": "A"}]}, "advantages[0].cp"),
                         ({"advantages": [adv("rock", modifier=1, equipment="mundane")
                                          | {"cp": None}]}, "advantages[0].modifier"),  # L14
                         ({"advantages": [adv("a", keywords=["Lfe"])]},
                          "advantages[0].keywords[0]"),
                         ({"advantages": [adv("a"), adv("a")]}, "advantages[1].id"),
                         ({"dynamic": {"bank": -1}}, "dynamic.bank"),
                         ({"advantages": [adv("a")], "free_resist": "z"}, "free_resist")):
        r = await api.command(gm, "CreateCharacter", {"campaign_id": cid, "name": "x",
                                                      "character_id": "x", "sheet": sheet})
        assert r.status_code == 422 and r.json()["field"] == f"payload.sheet.{field}", r.text
    # the bounds' edges are accepted, and a new character has 4 dynamic and 2 static (L5)
    made = await api.ok(gm, "CreateCharacter", {"campaign_id": cid, "name": "x",
                                                "character_id": "x", "sheet": {"advantages": [
                                                    adv("low", 4, 0), adv("high", 25, 6),
                                                    adv("rock", equipment="mundane")
                                                    | {"cp": None}]}})
    sheet = await _sheet(api, gm, cid, "x", made["position"])
    assert sheet["dynamic"] == {"bank": 4, "spent": 0} and sheet["static"] == {"bank": 2,
                                                                               "spent": 0}
    assert [(a["cp"], a["modifier"]) for a in sheet["advantages"]] == [(4, 0), (25, 6), (None, 0)]


async def test_action_attack_discard_and_refusals(api: Api) -> None:
    gm = await api.token("ann")
    cid = await _campaign(api, gm)
    # narrative action (L17-26): the score is the faces plus the modifiers; beats 6 or fails
    done = await api.ok(gm, f"{R}.TakeAction", {
        "campaign_id": cid, "character_id": "hero", "focus": "force the gate",
        "advantages": ["sword", "lore"], "situation_bonuses": 1, "resistance": 6,
        "approved_by": ["ann"]})
    data = done["events"][-1]["data"]
    pool = data["pool"]
    assert pool["sources"] == ["sword", "lore", "situation"] and len(pool["faces"]) == 3
    assert pool["score"] == sum(pool["faces"]) + 2
    assert data["success"] == (pool["score"] > 6) and data["approved_by"] == ["ann"]
    assert pool["cost"] == {"dynamic": 1, "static": 1}
    # the potential action (L29): no advantages, one dynamic token, 1d6+0
    done = await api.ok(gm, f"{R}.TakeAction", {
        "campaign_id": cid, "character_id": "hero", "focus": "find a way round",
        "potential_action": True, "resistance": 3})
    pool = done["events"][-1]["data"]["pool"]
    assert pool["sources"] == ["potential action"] and pool["modifier"] == 0
    assert pool["score"] == pool["faces"][0] and pool["cost"] == {"dynamic": 1, "static": 0}
    # narrative concentration (L28): one spare dynamic token for +1d6+0
    done = await api.ok(gm, f"{R}.TakeAction", {
        "campaign_id": cid, "character_id": "hero", "focus": "pick the lock",
        "advantages": ["sword", "shield"], "concentration": True, "resistance": 9})
    pool = done["events"][-1]["data"]["pool"]
    assert pool["sources"] == ["sword", "shield", "concentration"]
    assert pool["score"] == sum(pool["faces"]) + 3 and pool["cost"] == {"dynamic": 3, "static": 0}
    # four dynamic advantages leave no spare token for concentration (L28)
    many = {"advantages": [adv(f"a{i}") for i in range(4)]}
    await api.ok(gm, "CreateCharacter", {"campaign_id": cid, "name": "m", "character_id": "m",
                                         "sheet": many})
    r = await api.command(gm, f"{R}.TakeAction", {
        "campaign_id": cid, "character_id": "m", "focus": "x", "concentration": True,
        "advantages": ["a0", "a1", "a2", "a3"], "resistance": 9})
    assert r.status_code == 422 and r.json()["rule"] == "potential.spend-potential L22", r.text
    # combat with readiness (L33-35): the foe starts with two dynamic spent
    started = await api.ok(gm, f"{R}.StartCombat", {"campaign_id": cid,
                                                    "participants": ["hero", "foe"],
                                                    "readiness": {"foe": 2}})
    foe = await _sheet(api, gm, cid, "foe", started["position"])
    assert foe["dynamic"] == {"bank": 2, "spent": 2} and foe["in_combat"]
    await api.ok(gm, f"{R}.StartTurn", {"campaign_id": cid, "character_id": "hero"})
    r = await api.command(gm, f"{R}.TakeAction", {  # concentration: narrative only (P-3)
        "campaign_id": cid, "character_id": "hero", "focus": "x", "concentration": True,
        "advantages": ["sword"], "resistance": 3})
    assert r.status_code == 422 and r.json()["field"] == "payload.concentration", r.text
    # an attack met by the target's own resistance action: the free resist and one paid
    # advantage (L50-54)
    await api.ok(gm, f"{R}.Attack", {
        "campaign_id": cid, "character_id": "hero", "target_id": "foe", "focus": "cut",
        "advantages": ["sword"], "situation_bonuses": 3})
    hit = await api.ok(gm, f"{R}.Resist", {
        "campaign_id": cid, "character_id": "foe", "attacker_id": "hero",
        "free_resist": True, "advantages": ["parry"]})
    att = next(e["data"] for e in hit["events"] if e["type"] == f"{R}.AttackResolved")
    assert att["defence"]["sources"] == ["dodge", "parry"]
    assert att["defence"]["cost"] == {"dynamic": 1, "static": 0}  # the free resist is free
    assert att["defence"]["score"] == sum(att["defence"]["faces"]) + 3
    assert att["attack"]["score"] == sum(att["attack"]["faces"]) + 2
    assert att["degree"] == max(0, att["attack"]["score"] - att["defence"]["score"])
    hero = await _sheet(api, gm, cid, "hero", hit["position"])
    foe = await _sheet(api, gm, cid, "foe", hit["position"])
    assert hero["dynamic"] == {"bank": 3, "spent": 1}
    assert foe["dynamic"] == {"bank": 1, "spent": 3} and foe["pending_damage"] == att["degree"]
    dos = att["degree"]
    if dos:
        # a discard that does not cover, or discards more than needed, is refused (P-17)
        short = ["limb"] if dos > 4 else None
        if short:
            r = await api.command(gm, f"{R}.DiscardLife", {"campaign_id": cid,
                                                           "character_id": "foe",
                                                           "advantages": short})
            assert r.status_code == 422 and r.json()["rule"] == "potential.discard-covers L57"
        if dos <= 16:  # heart and grit (16) cover it: all three discard more than needed
            r = await api.command(gm, f"{R}.DiscardLife", {
                "campaign_id": cid, "character_id": "foe",
                "advantages": ["heart", "limb", "grit"]})
            assert r.status_code == 422 and r.json()["rule"] == \
                "potential.discard-irreducible P-17", r.text
        choice = (["limb"] if dos <= 4 else ["grit"] if dos <= 6 else ["heart"] if dos <= 10
                  else ["heart", "grit"] if dos <= 16 else ["heart", "limb", "grit"])
        ok = await api.ok(gm, f"{R}.DiscardLife", {"campaign_id": cid, "character_id": "foe",
                                                    "advantages": choice})
        foe = await _sheet(api, gm, cid, "foe", ok["position"])
        gone = {a["id"] for a in foe["advantages"] if a["discarded"]}
        assert gone == set(choice) and foe["pending_damage"] == 0
    # refusals append nothing: a discarded or unknown advantage, potential the hero lacks
    before = (await _sheet(api, gm, cid, "hero", hit["position"]))
    for payload, rule in (({"advantages": ["sword", "sword"]}, "potential.once-per-action L39"),
                          ({"advantages": ["axe"]}, "potential.available L19"),
                          ({"potential_action": True, "situation_bonuses": 0,
                            "advantages": ["sword"]}, "potential.potential-action L29")):
        r = await api.command(gm, f"{R}.TakeAction", {"campaign_id": cid, "character_id": "hero",
                                                      "focus": "x", "resistance": 3, **payload})
        assert r.status_code == 422 and r.json()["rule"] == rule, r.text
    typo = await api.command(gm, f"{R}.TakeAction", {"campaign_id": cid, "character_id": "hero",
                                                     "focus": "x", "resistance": 3,
                                                     "advantage": ["sword"]})
    assert typo.status_code == 422 and "advantage" in typo.json()["field"], typo.text
    # static: the lore token is back after combat? no: in combat the bank holds 2 static
    await api.ok(gm, f"{R}.TakeAction", {"campaign_id": cid, "character_id": "hero",
                                         "focus": "recall", "advantages": ["lore"],
                                         "resistance": 3})
    await api.ok(gm, f"{R}.TakeAction", {"campaign_id": cid, "character_id": "hero",
                                         "focus": "recall", "advantages": ["lore"],
                                         "resistance": 3})
    lack = await api.command(gm, f"{R}.TakeAction", {"campaign_id": cid, "character_id": "hero",
                                                     "focus": "recall", "advantages": ["lore"],
                                                     "resistance": 3})
    assert lack.status_code == 422 and lack.json()["rule"] == "potential.spend-potential L22"
    assert before["static"] == {"bank": 2, "spent": 0}
    # check-odds for a concrete declared action: sword (1d6+2) + 1 situation die vs 10
    odds = await api.client.post(f"/v1/campaigns/{cid}/characters/hero/check-odds",
                                 json={"advantages": ["sword"], "situation_bonuses": 1,
                                       "resistance": 10}, headers=api.auth(gm))
    assert odds.status_code == 200, odds.text
    body = odds.json()
    # P(2d6 + 2 > 10) = P(2d6 > 8) = 10/36 (digest §2.2, n=2 R=8: 0.2778)
    assert body["odds"]["p_success"] == "5/18" and body["cost"] == {"dynamic": 1, "static": 0}
    ended = await api.ok(gm, f"{R}.EndCombat", {"campaign_id": cid,
                                                "participants": ["hero", "foe"]})
    hero = await _sheet(api, gm, cid, "hero", ended["position"])
    assert hero["dynamic"] == {"bank": 4, "spent": 0} and hero["static"] == {"bank": 2, "spent": 0}


async def test_healing_is_a_recorded_gm_decision_or_the_end_of_combat_option(api: Api) -> None:
    gm, bob = await api.token("ann"), await api.token("bob")
    for policy in ("manual", "end_of_combat"):
        cid = (await api.ok(gm, "CreateCampaign", {
            "name": "Heal", "ruleset": R, "options": {"recovery_policy": policy}}))["campaign_id"]
        await api.ok(gm, "AddMember", {"campaign_id": cid, "user": "bob", "role": "player"})
        sheet = {"advantages": [adv("arm", 6, keywords=["Life"], discarded=True)]}
        await api.ok(gm, "CreateCharacter", {"campaign_id": cid, "name": "h", "character_id": "h",
                                             "sheet": sheet})
        await api.ok(gm, f"{R}.StartCombat", {"campaign_id": cid, "participants": ["h"]})
        if policy == "manual":
            heal = {"campaign_id": cid, "character_id": "h", "advantage": "arm",
                    "reason": "the medic's kit"}
            r = await api.command(bob, f"{R}.RecoverAdvantage", heal)
            assert r.status_code == 403, r.text  # the GM decides healing (P-20)
            done = await api.ok(gm, f"{R}.RecoverAdvantage", heal)
            assert done["events"][-1]["data"]["reason"] == "the medic's kit"
        else:
            done = await api.ok(gm, f"{R}.EndCombat", {"campaign_id": cid, "participants": ["h"]})
            assert done["events"][0]["data"]["recovered"] == ["arm"]
        read = await api.get(gm, f"/v1/campaigns/{cid}/characters/h", position=done["position"])
        assert read.json()["sheet"]["advantages"][0]["discarded"] is False
