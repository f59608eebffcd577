"""Golden Heroes power rolls through HTTP against real PostgreSQL and Redis (L11-L19)."""

from __future__ import annotations

from domain.rulesets.golden_heroes import power_table
from tests.conftest import Api


async def test_power_rolls_read_the_table_and_spend_the_campaigns_rolls(api: Api) -> None:
    ann = await api.token("ann")
    cid = (await api.ok(ann, "CreateCampaign", {"name": "Streets", "ruleset": "golden-heroes",
                                                "options": {"power_rolls": 6}}))["campaign_id"]
    await api.ok(ann, "CreateCharacter", {"campaign_id": cid, "name": "Nova",
                                          "character_id": "nova", "sheet": {}})
    early = await api.command(ann, "golden-heroes.RollPower", {"campaign_id": cid,
                                                               "character_id": "nova"})
    assert early.status_code == 409 and early.json()["rule"] == "golden-heroes.generation L3"
    gen = await api.ok(ann, "golden-heroes.GenerateCharacter", {"campaign_id": cid,
                                                                 "character_id": "nova"})
    assert gen["events"][0]["data"]["power_rolls"] == 6  # a "streets" campaign (L11)
    spent = 0
    last = gen
    while spent < 6:
        r = await api.command(ann, "golden-heroes.RollPower", {"campaign_id": cid,
                                                               "character_id": "nova"})
        if r.status_code == 409:  # a Magic/Psi roll needs 2 and only 1 is left: declined
            break
        assert r.status_code == 200, r.text
        last = r.json()
        ev = last["events"][0]["data"]
        row = power_table.row_for(ev["d100"][-1])
        assert ev["power"] == (row.power if row else "")  # the d100 read on the table (L14)
        assert ev["cost"] == (2 if row and row.mark.endswith("+") and ev["grade"] == 1 else 1)
        spent += ev["cost"]
    read = await api.get(ann, f"/v1/campaigns/{cid}/characters/nova", position=last["position"])
    sheet = read.json()["sheet"]
    assert sheet["power_rolls_left"] == 6 - spent
    none_left = await api.command(ann, "golden-heroes.RollPower", {"campaign_id": cid,
                                                                   "character_id": "nova"})
    if sheet["power_rolls_left"] == 0:
        assert none_left.status_code == 409
        assert none_left.json()["rule"] == "golden-heroes.power-rolls L11-L13"
    derived = read.json()["derived"]
    assert [p["power"] for p in derived["powers"]] == [p["power"] for p in sheet["powers"]]
    assert all(p["text"].startswith("L") for p in derived["powers"])
    unknown = await api.command(ann, "golden-heroes.ChoosePower", {
        "campaign_id": cid, "character_id": "nova", "power": "telekinesis"})
    assert unknown.status_code == 422 and unknown.json()["field"] == "payload.power"
