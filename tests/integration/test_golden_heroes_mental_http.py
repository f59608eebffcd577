"""Golden Heroes Magic and Mental Attacks through HTTP against real PostgreSQL and Redis (L99):
opposed 1d20 + Ego, the attacker strictly greater; refusals append nothing."""

from __future__ import annotations

from tests.conftest import Api
from tests.integration.test_golden_heroes_combat_http import log_length

PSI = {"attributes": {"ego": 15, "strength": 10, "dexterity": 12, "vigour": 12},
       "max_htc": 40, "htc": 40, "max_htk": 40, "htk": 40, "generated": True}


async def test_mental_attack_through_http(api: Api) -> None:
    ann = await api.token("ann")
    cid = (await api.ok(ann, "CreateCampaign", {"name": "Capes",
                                                "ruleset": "golden-heroes"}))["campaign_id"]
    for chid in ("psi", "foe"):
        await api.ok(ann, "CreateCharacter", {"campaign_id": cid, "name": chid,
                                              "character_id": chid, "sheet": PSI})
    t = {"ann": ann, "cid": cid}
    before = await log_length(api, t)
    spell = await api.command(ann, "golden-heroes.MentalAttack", {
        "campaign_id": cid, "character_id": "psi", "target_id": "foe", "kind": "magic"})
    assert spell.status_code == 422, spell.text
    assert (spell.json()["field"], spell.json()["rule"]) == (
        "payload.kind", "golden-heroes.magic-attack L99")
    assert await log_length(api, t) == before
    done = await api.ok(ann, "golden-heroes.MentalAttack", {
        "campaign_id": cid, "character_id": "psi", "target_id": "foe", "resist": True})
    ev = done["events"][0]["data"]
    assert ev["attacker_total"] == ev["attacker_die"] + 15
    assert ev["defender_total"] == ev["defender_die"] + 15 + 5  # resisting: +5 (L99)
    assert ev["success"] is (ev["attacker_total"] > ev["defender_total"])
