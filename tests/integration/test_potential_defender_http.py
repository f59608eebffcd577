"""Issue 22 through HTTP against real PostgreSQL and Redis: nobody decides for another player's
Potential character. The attacked character's controller (or the GM) answers with its
resistance action, and a bid for the initiative is the bidder's own; every refusal is 403 and
appends nothing.

L50 "Any time a character is attacked ... they have a resistance action to protect themselves."
L37 "The characters' potential is bid until someone yields, with the winning character having
     to spend that much of their potential."
"""

from __future__ import annotations

from typing import Any

from tests.conftest import Api

R = "potential"


def adv(id_: str, cp: int = 4, modifier: int = 0, **kw: Any) -> dict[str, Any]:
    return {"id": id_, "title": id_.title(), "cp": cp, "modifier": modifier, **kw}


SHEET = {"advantages": [adv("blade", 8, 2), adv("parry", 5, 1), adv("guard", 6, 2),
                        adv("body", 25, keywords=["Life"])], "free_resist": "guard"}


async def test_only_the_defenders_controller_answers_and_bids_are_the_bidders(api: Api) -> None:
    ann, bob, cat = await api.token("ann"), await api.token("bob"), await api.token("cat")
    cid = (await api.ok(ann, "CreateCampaign", {"name": "Sides", "ruleset": R}))["campaign_id"]
    for user in ("bob", "cat"):
        await api.ok(ann, "AddMember", {"campaign_id": cid, "user": user, "role": "player"})
    for token, ch in ((bob, "hero"), (cat, "rogue"), (ann, "foe")):
        made = await api.ok(token, "CreateCharacter", {"campaign_id": cid, "name": ch,
                                                       "character_id": ch, "sheet": SHEET})
    assert (await api.get(ann, f"/v1/campaigns/{cid}", position=made["position"])).status_code == 200

    async def log_len() -> int:
        page = await api.get(ann, f"/v1/campaigns/{cid}/events", limit=1000)
        assert page.status_code == 200, page.text
        return len(page.json()["events"])

    async def refused(token: str, type_: str, payload: dict[str, Any], status: int,
                      rule: str | None = None, field: str | None = None) -> None:
        before = await log_len()
        r = await api.command(token, f"{R}.{type_}", {"campaign_id": cid, **payload})
        assert r.status_code == status, r.text
        assert rule is None or r.json()["rule"] == rule, r.text
        assert field is None or r.json()["field"] == field, r.text
        assert await log_len() == before  # nothing appended

    async def sheet(ch: str, at: dict[str, Any]) -> dict[str, Any]:
        read = await api.get(ann, f"/v1/campaigns/{cid}/characters/{ch}", position=at["position"])
        assert read.status_code == 200, read.text
        body: dict[str, Any] = read.json()["sheet"]
        return body

    # The attacker no longer states the defender's resistance: the field is gone (L50)
    await refused(bob, "Attack", {"character_id": "hero", "target_id": "rogue", "focus": "cut",
                                  "advantages": ["blade"], "resistance": {"decline": True}},
                  422, field="payload.resistance")
    # Bob's hero attacks Cat's rogue; Bob may not answer for the rogue (spending its tokens or
    # declining its defence), nor for the GM's foe; Cat answers for her own character
    await api.ok(bob, f"{R}.Attack", {"campaign_id": cid, "character_id": "hero",
                                      "target_id": "rogue", "focus": "cut",
                                      "advantages": ["blade"]})
    for answer in ({"advantages": ["parry"]}, {"decline": True}):
        await refused(bob, "Resist", {"character_id": "rogue", "attacker_id": "hero", **answer},
                      403, rule="character.owner-only")
    done = await api.ok(cat, f"{R}.Resist", {"campaign_id": cid, "character_id": "rogue",
                                             "attacker_id": "hero", "advantages": ["parry"]})
    att = next(e["data"] for e in done["events"] if e["type"] == f"{R}.AttackResolved")
    assert att["defence"]["sources"] == ["guard", "parry"]  # the free resist joins (L52)
    assert att["defence"]["cost"] == {"dynamic": 1, "static": 0}
    if att["degree"]:
        await api.ok(cat, f"{R}.DiscardLife", {"campaign_id": cid, "character_id": "rogue",
                                               "advantages": ["body"]})
    await api.ok(bob, f"{R}.Attack", {"campaign_id": cid, "character_id": "hero",
                                      "target_id": "foe", "focus": "cut", "advantages": ["blade"]})
    await refused(bob, "Resist", {"character_id": "foe", "attacker_id": "hero", "decline": True},
                  403, rule="character.owner-only")
    await api.ok(ann, f"{R}.Resist", {"campaign_id": cid, "character_id": "foe",
                                      "attacker_id": "hero"})

    # Seizing the initiative (L37): each bid names the bidder's own character
    await api.ok(ann, f"{R}.StartCombat", {"campaign_id": cid,
                                           "participants": ["hero", "rogue", "foe"],
                                           "first": "foe"})
    await refused(bob, "SeizeInitiative", {"character_id": "rogue", "tokens": 1}, 403,
                  rule="character.owner-only")
    await api.ok(bob, f"{R}.SeizeInitiative", {"campaign_id": cid, "character_id": "hero",
                                               "tokens": 1})
    await refused(cat, "YieldInitiative", {"character_id": "foe", "to": "hero"}, 403,
                  rule="character.owner-only")
    await refused(bob, "SeizeInitiative", {"character_id": "foe", "tokens": 2}, 403,
                  rule="character.owner-only")
    # Cat joins with her own rogue; the GM's foe (the nominee) and Bob's hero yield to it
    await api.ok(cat, f"{R}.SeizeInitiative", {"campaign_id": cid, "character_id": "rogue",
                                               "tokens": 2})
    await api.ok(ann, f"{R}.YieldInitiative", {"campaign_id": cid, "character_id": "foe",
                                               "to": "rogue"})
    won = await api.ok(bob, f"{R}.YieldInitiative", {"campaign_id": cid, "character_id": "hero",
                                                     "to": "rogue"})
    seized = next(e["data"] for e in won["events"] if e["type"] == f"{R}.InitiativeSeized")
    assert seized["character_id"] == "rogue" and seized["cost"] == {"dynamic": 2, "static": 0}
    rogue, hero = await sheet("rogue", won), await sheet("hero", won)
    assert rogue["dynamic"]["bank"] == 2 and hero["dynamic"]["bank"] == 4  # only the winner pays
    combat = await api.get(ann, f"/v1/campaigns/{cid}/encounters/combat", position=won["position"])
    assert combat.json()["next"] == "rogue" and combat.json()["auction"] is None


async def test_an_answer_the_defender_cannot_pay_for_scores_one(api: Api) -> None:
    """L53 "If a character is unable to defend themselves due to a shortage of potential ...
    they always have a resistance score of one": the attack is never refused for it, and the
    over-budget answer resolves it against one, spending nothing."""
    ann, bob = await api.token("ann"), await api.token("bob")
    cid = (await api.ok(ann, "CreateCampaign", {"name": "Short", "ruleset": R,
                                                "options": {"starting_dynamic": 1}}))["campaign_id"]
    await api.ok(ann, "AddMember", {"campaign_id": cid, "user": "bob", "role": "player"})
    await api.ok(bob, "CreateCharacter", {"campaign_id": cid, "name": "hero",
                                          "character_id": "hero", "sheet": SHEET})
    await api.ok(ann, "CreateCharacter", {"campaign_id": cid, "name": "foe",
                                          "character_id": "foe", "sheet": SHEET})
    await api.ok(bob, f"{R}.Attack", {"campaign_id": cid, "character_id": "hero",
                                      "target_id": "foe", "focus": "cut", "advantages": ["blade"]})
    # two dynamic advantages against a bank of one (L22): a shortage of potential
    done = await api.ok(ann, f"{R}.Resist", {"campaign_id": cid, "character_id": "foe",
                                             "attacker_id": "hero", "free_resist": False,
                                             "advantages": ["parry", "blade"]})
    att = next(e["data"] for e in done["events"] if e["type"] == f"{R}.AttackResolved")
    assert att["defence"]["score"] == 1 and att["defence"]["cost"] == {"dynamic": 0, "static": 0}
    assert att["defence"]["refused_to_one"] == "shortage of potential (L53)"
    assert att["hit"]  # blade 1d6+2 always beats one
