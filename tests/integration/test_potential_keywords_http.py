"""Potential keyword hooks, approval, unconsciousness, minor opponents and whose turn it is,
through HTTP against real PostgreSQL and Redis; every refusal names its rule and appends nothing."""

from __future__ import annotations

from typing import Any

from tests.conftest import Api

R = "potential"


def adv(id_: str, cp: int = 4, modifier: int = 0, **kw: Any) -> dict[str, Any]:
    return {"id": id_, "title": id_.title(), "cp": cp, "modifier": modifier, **kw}


HERO = {"advantages": [adv("sword", 8, 2), adv("bow", 6, 1, keywords=["Range"], range=10),
                       adv("snare", 5, 0, keywords=["Status"], status="Entangled"),
                       adv("ambush", 5, 1, keywords=["Opportunity"]),
                       adv("luck", 4, 0, keywords=["Dice"], reroll=6),
                       adv("body", 25, keywords=["Life"])], "free_resist": "sword"}
ALLY = {"advantages": [adv("coach", 6, 3, keywords=["Aid Other"]), adv("hide", 6,
                                                                      keywords=["Life"])]}
MINOR = {"fixed_score": 9, "advantages": [adv("hide", 5, keywords=["Life"])]}


class Table:
    def __init__(self, api: Api, gm: str, cid: str) -> None:
        self.api, self.gm, self.cid = api, gm, cid

    async def ok(self, type_: str, payload: dict[str, Any], token: str | None = None
                 ) -> dict[str, Any]:
        return await self.api.ok(token or self.gm, f"{R}.{type_}",
                                 {"campaign_id": self.cid, **payload})

    async def refused(self, type_: str, payload: dict[str, Any], rule: str, status: int,
                      token: str | None = None) -> None:
        before = await self.log_len()
        r = await self.api.command(token or self.gm, f"{R}.{type_}",
                                   {"campaign_id": self.cid, **payload})
        assert r.status_code == status and r.json()["rule"] == rule, r.text
        assert await self.log_len() == before

    async def log_len(self) -> int:
        page = await self.api.get(self.gm, f"/v1/campaigns/{self.cid}/events", limit=1000)
        assert page.status_code == 200, page.text
        return len(page.json()["events"])

    async def sheet(self, ch: str, at: dict[str, Any]) -> dict[str, Any]:
        read = await self.api.get(self.gm, f"/v1/campaigns/{self.cid}/characters/{ch}",
                                  position=at["position"])
        assert read.status_code == 200, read.text
        body: dict[str, Any] = read.json()["sheet"]
        return body


async def _table(api: Api, options: dict[str, Any] | None = None) -> tuple[Table, str]:
    gm, bob = await api.token("ann"), await api.token("bob")
    cid = (await api.ok(gm, "CreateCampaign", {"name": "Keywords", "ruleset": R,
                                               "options": options or {}}))["campaign_id"]
    await api.ok(gm, "AddMember", {"campaign_id": cid, "user": "bob", "role": "player"})
    await api.ok(gm, "CreateCharacter", {"campaign_id": cid, "name": "hero", "character_id": "hero",
                                         "sheet": HERO})
    await api.ok(bob, "CreateCharacter", {"campaign_id": cid, "name": "ally",
                                          "character_id": "ally", "sheet": ALLY})
    made = await api.ok(gm, "CreateCharacter", {"campaign_id": cid, "name": "minor",
                                                "character_id": "minor", "sheet": MINOR})
    # the event log is read through the campaign's read model: wait until it has the campaign
    seen = await api.get(gm, f"/v1/campaigns/{cid}", position=made["position"])
    assert seen.status_code == 200, seen.text
    return Table(api, gm, cid), bob


async def test_aid_opportunity_range_status_and_rerolls(api: Api) -> None:
    t, bob = await _table(api)
    # Dice (L25): luck rerolls any face up to 6 once, keeping the replaced face
    lucky = (await t.ok("TakeAction", {"character_id": "hero", "focus": "gamble",
                                       "advantages": ["luck"], "resistance": 1}))
    lp = lucky["events"][0]["data"]["pool"]
    assert [r["index"] for r in lp["rerolls"]] == [0] and len(lp["faces"]) == 1
    await t.ok("StartCombat", {"participants": ["hero", "ally", "minor"], "first": "hero"})
    # only the nominee takes the next turn (L37); outside its turn no action (L40)
    await t.refused("StartTurn", {"character_id": "ally"}, "potential.nominee-takes-turn L37", 409)
    await t.ok("StartTurn", {"character_id": "hero"})
    # Aid Other (L63): Bob offers his ally's coach; the hero's pool gains 1d6+3, Bob pays
    act = {"character_id": "hero", "focus": "drive", "advantages": ["sword"],
           "aid_from": ["ally"], "resistance": 9}
    await t.refused("TakeAction", act, "potential.aid L63", 409)
    await t.refused("OfferAid", {"character_id": "ally", "to": "hero", "advantage": "hide"},
                    "potential.aid L63", 422, token=bob)
    await t.ok("OfferAid", {"character_id": "ally", "to": "hero", "advantage": "coach"}, bob)
    done = await t.ok("TakeAction", act)
    pool = done["events"][0]["data"]["pool"]
    assert pool["sources"] == ["sword", "ally/coach"] and pool["modifier"] == 5
    assert pool["score"] == sum(pool["faces"]) + 5
    assert (await t.sheet("ally", done))["dynamic"] == {"bank": 3, "spent": 1}
    await t.refused("TakeAction", act, "potential.aid L63", 409)  # the offer is used once
    # Range (L66): the bow reaches 10; at 25 the GL's score gains two 1d6+0
    shot = await t.ok("TakeAction", {"character_id": "hero", "focus": "shoot",
                                     "advantages": ["bow"], "distance": 25, "resistance": 4})
    data = shot["events"][0]["data"]
    assert len(data["hindrance_faces"]) == 2
    assert data["resistance"] == 4 + sum(data["hindrance_faces"])
    # Status (L67) against the minor opponent's fixed 9 (P-40): a hit entangles it
    hit = await t.ok("Attack", {"character_id": "hero", "target_id": "minor", "focus": "snare",
                                "advantages": ["snare"], "situation_bonuses": 3,
                                "damaging": False})
    att = hit["events"][0]["data"]
    assert att["defence"]["fixed"] == 9 and att["defence"]["score"] == 9
    minor = await t.sheet("minor", hit)
    assert [s["name"] for s in minor["statuses"]] == (["Entangled"] if att["hit"] else [])
    assert minor["pending_damage"] == 0  # a non-damaging attack harms nothing (P-41)
    await t.ok("EndTurn", {"character_id": "hero", "nominate": "minor"})
    # Opportunity (L65): in the minor opponent's turn the hero may act only with ambush
    await t.ok("StartTurn", {"character_id": "minor"})
    await t.refused("TakeAction", {"character_id": "hero", "focus": "x", "advantages": ["sword"],
                                   "resistance": 1}, "potential.own-turn L40", 409)
    await t.ok("TakeAction", {"character_id": "hero", "focus": "x", "advantages": ["ambush"],
                              "resistance": 1})
    # a minor opponent attacks with its fixed score and has no potential to bid (P-40)
    back = await t.ok("Attack", {"character_id": "minor", "target_id": "hero", "focus": "club",
                                 "resistance": {"decline": True}})
    assert back["events"][0]["data"]["attack"]["score"] == 9
    assert back["events"][0]["data"]["degree"] == 8  # 9 against the declined 1 (L54)
    await t.ok("DiscardLife", {"character_id": "hero", "advantages": ["body"]})


async def test_challenges_rulings_and_unconsciousness(api: Api) -> None:
    t, bob = await _table(api)
    combo = {"advantages": ["sword", "bow"]}
    act = {"character_id": "hero", "focus": "both", "resistance": 3, **combo}
    # any member may challenge (L21); until the GM rules the combination is refused
    await t.ok("ChallengeCombination", {"challenged_id": "hero", "reason": "a bow and a sword?",
                                        **combo}, bob)
    await t.refused("TakeAction", act, "potential.appropriate L21", 409)
    await t.refused("RuleOnCombination", {"character_id": "hero", "approved": True, **combo},
                    "campaign.gm-only", 403, token=bob)
    await t.ok("RuleOnCombination", {"character_id": "hero", "approved": False,
                                     "reason": "two hands", **combo})
    await t.refused("TakeAction", act, "potential.appropriate L21", 409)
    await t.ok("RuleOnCombination", {"character_id": "hero", "approved": True, **combo})
    assert (await t.ok("TakeAction", act))["events"][0]["data"]["approval"] == "gm"
    # unconsciousness is the GM's decision (P-35): no actions, resistance one (L53)
    await t.refused("SetConscious", {"character_id": "ally", "conscious": False, "reason": "x"},
                    "campaign.gm-only", 403, token=bob)
    await t.ok("SetConscious", {"character_id": "ally", "conscious": False, "reason": "clubbed"})
    await t.refused("TakeAction", {"character_id": "ally", "focus": "x", "advantages": ["coach"],
                                   "resistance": 1}, "potential.unconscious L53", 409, token=bob)
    out = await t.ok("Attack", {"character_id": "hero", "target_id": "ally", "focus": "x",
                                "advantages": ["sword"]})
    assert out["events"][0]["data"]["defence"]["refused_to_one"] == "unconscious (L53)"
    assert out["events"][0]["data"]["hit"]  # 1d6+2 always beats one
    await t.ok("SetConscious", {"character_id": "ally", "conscious": True, "reason": "wakes"})
    # the free resist changes only by the GM, after retraining (L52)
    change = {"character_id": "hero", "advantage": "bow", "reason": "archery lessons"}
    await t.refused("StartRetraining", change, "campaign.gm-only", 403, token=bob)
    await t.ok("StartRetraining", change)
    # the hero's resistance is its controller's to choose (L50): the GM sends this attack
    mid = await t.ok("Attack", {"character_id": "ally", "target_id": "hero", "focus": "x",
                                "advantages": ["coach"], "resistance": {"free_resist": True}})
    assert mid["events"][0]["data"]["defence"]["sources"] == ["sword"]
    done = await t.ok("CompleteRetraining", {"character_id": "hero"})
    assert (await t.sheet("hero", done))["free_resist"] == "bow"
    # a minor action is the GM's to allow (L40) and costs nothing
    await t.refused("MinorAction", {"character_id": "ally", "description": "shouts"},
                    "campaign.gm-only", 403, token=bob)
    said = await t.ok("MinorAction", {"character_id": "ally", "description": "shouts"})
    assert (await t.sheet("ally", said))["dynamic"]["spent"] == 0


async def test_gm_approves_mode_and_life_exhausted_knocks_out(api: Api) -> None:
    t, bob = await _table(api, {"appropriateness": "gm_approves",
                                "on_life_exhausted": "unconscious"})
    await t.refused("TakeAction", {"character_id": "ally", "focus": "x", "advantages": ["coach"],
                                   "resistance": 1}, "potential.appropriate L21", 409, token=bob)
    await t.ok("RuleOnCombination", {"character_id": "hero", "advantages": ["sword", "ambush"],
                                     "approved": True})
    # 2d6+3 against the declined 1 does 4-14: the ally's hide (CP 6) may not cover it
    hit = await t.ok("Attack", {"character_id": "hero", "target_id": "ally", "focus": "x",
                                "advantages": ["sword", "ambush"], "resistance": {"decline": True}})
    dos = hit["events"][0]["data"]["degree"]
    done = await t.ok("DiscardLife", {"character_id": "ally", "advantages": ["hide"]}, bob)
    ally = await t.sheet("ally", done)
    assert ally["conscious"] is (dos <= 6)  # exhausted only when CP 6 falls short (P-18)
