"""WISH odds through HTTP against the real servers: exact by default, every Expertise chain
counted (L47-53), nothing left out; the listing depth is a WISH odds parameter; check-odds the
same."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from tests.conftest import Api
from tests.integration.test_wish_http import character, wish_campaign


def total(odds: dict[str, Any]) -> Fraction:
    return sum((Fraction(o["probability"]) for o in odds["outcomes"]), Fraction(0))


async def test_odds_with_expertise_are_exact_by_default_L47_L49(api: Api) -> None:
    """Digest §1.3 pool B, 3 CHR + 1 EXP + 2 CHL: P(success) 0.481110 (serendipity kept), and
    0.530258 downgraded; L47: one Expertise die succeeds 1 time in 3, every chain counted."""
    token = await api.token("ann")
    one = (await api.get(token, "/v1/rulesets/wish/odds", pool="EXP:1")).json()
    assert one["tail"] == "0" and total(one) == 1
    assert Fraction(one["p_success"]) == Fraction(1, 3)
    # listed to the highest unchained net (1) and 2 chains more; 4 or more in closed form, one
    # outcome for each way the last die stops (boon, serendipity, blank)
    beyond = [o for o in one["outcomes"] if o["at_least"]]
    assert {o["net_successes"] for o in beyond} == {4}
    assert sum(Fraction(o["probability"]) for o in beyond) == Fraction(
        1, 6) ** 3 * Fraction(5, 6) * Fraction(1, 5) + Fraction(1, 6) ** 4
    pool_b = (await api.get(token, "/v1/rulesets/wish/odds", pool="CHR:3,EXP:1,CHL:2")).json()
    assert pool_b["tail"] == "0" and total(pool_b) == 1
    assert abs(float(Fraction(pool_b["p_success"])) - 0.481110) < 1e-6
    downgraded = (await api.get(token, "/v1/rulesets/wish/odds", pool="CHR:3,EXP:1,CHL:2",
                                downgrade="true")).json()
    assert abs(float(Fraction(downgraded["p_success"])) - 0.530258) < 1e-6
    deep = (await api.get(token, "/v1/rulesets/wish/odds", pool="CHR:3,EXP:1,CHL:2",
                          depth=6)).json()
    assert deep["chain_depth"] == 6 and deep["p_success"] == pool_b["p_success"]
    assert total(deep) == 1 and len(deep["outcomes"]) > len(pool_b["outcomes"])
    too_deep = await api.get(token, "/v1/rulesets/wish/odds", pool="EXP:1", depth=31)
    assert too_deep.status_code == 422 and too_deep.json()["field"] == "depth", too_deep.text


async def test_check_odds_with_a_trained_skill_are_exact(api: Api) -> None:
    """A trained rank adds one Expertise die (L47, L994); the check's odds count every chain."""
    t = await wish_campaign(api)
    made = await api.ok(t["ann"], "CreateCharacter", {
        "campaign_id": t["cid"], "name": "Ace", "character_id": "ace", "sheet": {
            "characteristics": {"str": 3, "ag": 2, "to": 2, "int": 2, "wp": 2, "fel": 2},
            "phase": "play",
            "skills": {"Athletics": {"characteristic": "str", "ranks": 1}}}})
    await character(api, t, "ace", made["position"])
    r = await api.client.post(f"/v1/campaigns/{t['cid']}/characters/ace/check-odds",
                              json={"skill": "Athletics", "difficulty": 2},
                              headers=api.auth(t["ann"]))
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["pool"] == {"CHR": 3, "EXP": 1, "CHL": 2}
    assert body["odds"]["tail"] == "0" and total(body["odds"]) == 1
    assert abs(float(Fraction(body["odds"]["p_success"])) - 0.481110) < 1e-6
