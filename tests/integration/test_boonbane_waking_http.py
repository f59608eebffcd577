"""Unconscious for 1d3 hours and waking through HTTP against real PostgreSQL and Redis: a
non-player creature unconscious at L64 wakes when its hours pass and heals 1 (digest D-13)."""

from __future__ import annotations

from tests.conftest import Api

R = "boonbane"


async def test_an_unconscious_npc_wakes_after_its_d3_hours_and_heals_one(api: Api) -> None:
    gm = await api.token("ann")
    cid = (await api.ok(gm, "CreateCampaign", {"name": "Wake", "ruleset": R}))["campaign_id"]
    await api.ok(gm, "CreateCharacter", {"campaign_id": cid, "name": "brute",
                                         "character_id": "brute",
                                         "sheet": {"kind": "npc", "health": 8}})
    base = {"campaign_id": cid, "character_id": "brute"}
    await api.ok(gm, f"{R}.TakeDamage", {**base, "amount": 7})
    taken = await api.ok(gm, f"{R}.TakeDamage", {**base, "amount": 1,
                                                 "npc_outcome": "unconscious"})
    hours = taken["events"][0]["data"]["d3"]
    assert 1 <= hours <= 3  # unconscious for 1d3 hours (L64)
    # hours must be a positive whole number; a refused command appends nothing
    bad = await api.command(gm, f"{R}.PassTime", {**base, "hours": 0})
    assert bad.status_code == 422 and "hours" in bad.text
    typo = await api.command(gm, f"{R}.PassTime", {**base, "hour": 1})
    assert typo.status_code == 422 and "hour" in typo.text
    if hours > 1:
        r = await api.ok(gm, f"{R}.PassTime", {**base, "hours": hours - 1})
        [ev] = r["events"]
        assert ev["data"]["woke"] is False and ev["data"]["life_state"] == "unconscious"
    r = await api.ok(gm, f"{R}.PassTime", {**base, "hours": 1})
    [ev] = r["events"]
    assert ev["type"] == f"{R}.TimePassed" and ev["data"]["woke"] is True
    got = await api.get(gm, f"/v1/campaigns/{cid}/characters/brute", position=r["position"])
    body = got.json()
    assert body["sheet"]["life_state"] == "active" and body["sheet"]["damage"] == 7
    assert body["derived"]["incapacitated"] is False
    assert "unconscious" not in body["derived"]["afflictions"]
