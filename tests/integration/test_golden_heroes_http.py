"""Golden Heroes through HTTP against real PostgreSQL and Redis: generation, strikes, odds."""

from __future__ import annotations

from fractions import Fraction

from tests.conftest import Api
from tests.unit.golden_heroes.test_strike import COLUMNS, MATRIX


async def test_strike_odds_route_matches_the_to_hit_matrix(api: Api) -> None:
    token = await api.token("ann")
    # WC 2 against DC 6 needs 10 (digest §3.3): 11 faces of 20 hit
    r = await api.get(token, "/v1/rulesets/golden-heroes/odds", wc=2, dc=6)
    assert r.status_code == 200, r.text
    assert r.json() == {"need": 10, "p_success": "11/20", "p_critical_hit": "1/20",
                        "p_critical_miss": "1/20"}
    # DC 1-4 count as 5 (L79): WC 0 against DC 1 needs 13; +7 (L82's example) needs 6
    r = await api.get(token, "/v1/rulesets/golden-heroes/odds", wc=0, dc=1, modifier=7)
    assert r.json()["p_success"] == str(Fraction(15, 20))
    bad = await api.get(token, "/v1/rulesets/golden-heroes/odds", wc=6, dc=6)
    assert bad.status_code == 422 and bad.json()["field"] == "wc", bad.text
    for name, value in (("dc", 13), ("dc", 0), ("modifier", 41), ("wc", "two")):
        bad = await api.get(token, "/v1/rulesets/golden-heroes/odds",
                            **{"wc": 2, "dc": 6, name: value})
        assert bad.status_code == 422 and bad.json()["field"] == name, bad.text


async def test_every_wc_and_dc_pair_agrees_with_the_digests_to_hit_matrix(api: Api) -> None:
    token = await api.token("ann")
    for wc in range(6):
        for dc in range(1, 13):
            r = await api.get(token, "/v1/rulesets/golden-heroes/odds", wc=wc, dc=dc)
            need = MATRIX[wc][COLUMNS.index(max(dc, 5))]  # DC 1-4 count as 5 (L79)
            assert r.json() == {"need": need, "p_success": str(Fraction(21 - need, 20)),
                                "p_critical_hit": "1/20", "p_critical_miss": "1/20"}, (wc, dc)


async def test_the_dexterity_18_attacker_behind_an_unaware_foe_is_plus_7(api: Api) -> None:
    """L82: "a character with a Dexterity of 18 who attacked from behind and the foe was
    unaware of the attack would get +3 (Dexterity bonus) +2 (from behind) +2 (foe unaware): a
    total bonus of +7"."""
    ann = await api.token("ann")
    cid = (await api.ok(ann, "CreateCampaign", {"name": "Ambush",
                                                "ruleset": "golden-heroes"}))["campaign_id"]
    for ch, dex in (("hero", 18), ("foe", 10)):
        made = await api.ok(ann, "CreateCharacter", {"campaign_id": cid, "name": ch, "character_id": ch,
                                              "sheet": {"attributes": {
                                                  "ego": 10, "strength": 10, "dexterity": dex,
                                                  "vigour": 10}, "generated": True,
                                                  "max_htc": 30, "htc": 30, "max_htk": 30,
                                                  "htk": 30}})
    read = await api.get(ann, f"/v1/campaigns/{cid}/characters/foe", position=made["position"])
    assert read.status_code == 200, read.text
    odds = await api.client.post(f"/v1/campaigns/{cid}/characters/hero/check-odds",
                                 json={"target_id": "foe", "circumstances": ["behind", "unaware"]},
                                 headers=api.auth(ann))
    assert odds.status_code == 200, odds.text
    assert odds.json()["modifier"] == 7
    assert [m["value"] for m in odds.json()["modifiers"]] == [3, 2, 2]
    # WC2 + DC6 + 7 needs a natural 3: 18 faces of 20 (the 1 always misses)
    assert odds.json()["odds"]["p_success"] == "9/10"
    done = await api.ok(ann, "golden-heroes.Strike", {
        "campaign_id": cid, "character_id": "hero", "target_id": "foe",
        "circumstances": ["behind", "unaware"]})
    data = done["events"][0]["data"]
    assert [(m["source"], m["value"]) for m in data["modifiers"]] == [
        ("dexterity 18 (L7)", 3), ("behind (L80-L82)", 2), ("unaware (L80-L82)", 2)]
    assert data["total"] == data["natural"] + 2 + 6 + 7


async def test_generate_then_strike_records_every_die_and_modifier(api: Api) -> None:
    ann = await api.token("ann")
    cid = (await api.ok(ann, "CreateCampaign", {"name": "Heroes",
                                                "ruleset": "golden-heroes"}))["campaign_id"]
    for ch in ("hero", "foe"):
        await api.ok(ann, "CreateCharacter", {"campaign_id": cid, "name": ch,
                                              "character_id": ch, "sheet": {}})
        await api.ok(ann, "golden-heroes.GenerateCharacter",
                     {"campaign_id": cid, "character_id": ch})
    again = await api.command(ann, "golden-heroes.GenerateCharacter",
                              {"campaign_id": cid, "character_id": "hero"})
    assert again.status_code == 409 and again.json()["field"] == "payload.character_id"
    result = await api.ok(ann, "golden-heroes.Strike",
                          {"campaign_id": cid, "character_id": "hero", "target_id": "foe",
                           "circumstances": ["behind", "unaware"]})
    data = result["events"][0]["data"]
    sources = [m["source"] for m in data["modifiers"]]
    assert "behind (L80-L82)" in sources and "unaware (L80-L82)" in sources
    assert data["total"] == data["natural"] + 2 + 6 + sum(m["value"] for m in data["modifiers"])
    assert data["hit"] == (data["natural"] == 20 or (data["natural"] != 1 and data["total"] >= 18))
    read = await api.get(ann, f"/v1/campaigns/{cid}/characters/hero",
                         position=result["position"])
    assert read.status_code == 200, read.text
    sheet = read.json()["sheet"]
    assert set(sheet["attributes"]) == {"ego", "strength", "dexterity", "vigour"}
    assert all(3 <= v <= 18 for v in sheet["attributes"].values())
    # check-odds: the strike this attacker would make, every automatic modifier applied
    dex = sheet["attributes"]["dexterity"]
    dex_mod = 3 if dex == 18 else 2 if dex == 17 else 1 if dex == 16 else 0 if dex >= 6 else dex - 6
    odds = await api.client.post(f"/v1/campaigns/{cid}/characters/hero/check-odds",
                                 json={"target_id": "foe", "circumstances": ["behind", "unaware"]},
                                 headers=api.auth(ann))
    assert odds.status_code == 200, odds.text
    body = odds.json()
    assert body["modifier"] == dex_mod + 4 and body["defence_class"] == 6
    need = min(max(18 - 2 - 6 - dex_mod - 4, 2), 20)
    assert body["odds"]["p_success"] == str(Fraction(21 - need, 20))
    typo = await api.command(ann, "golden-heroes.Strike",
                             {"campaign_id": cid, "character_id": "hero", "target_id": "foe",
                              "circumstance": ["behind"]})
    assert typo.status_code == 422 and "circumstance" in typo.json()["field"], typo.text
    both = await api.command(ann, "golden-heroes.Strike",
                             {"campaign_id": cid, "character_id": "hero", "target_id": "foe",
                              "circumstances": ["behind", "above"]})
    assert both.status_code == 422 and both.json()["field"] == "payload.circumstances"


async def test_equipment_and_costume_through_http(api: Api) -> None:
    """L29: up to 3 items besides the costume, Armour's suit among them; no weapon without a
    power that specifies one; Suit Padding is DC 5."""
    ann = await api.token("ann")
    cid = (await api.ok(ann, "CreateCampaign", {"name": "Kit",
                                                "ruleset": "golden-heroes"}))["campaign_id"]
    await api.ok(ann, "CreateCharacter", {"campaign_id": cid, "name": "Hero",
                                          "character_id": "hero", "sheet": {
                                              "generated": True, "attributes": {
                                                  "ego": 10, "strength": 10, "dexterity": 10,
                                                  "vigour": 10},
                                              "powers": [{"power": "armour"}]}})
    me = {"campaign_id": cid, "character_id": "hero"}
    rifle = await api.command(ann, "golden-heroes.ChooseEquipment", {
        **me, "items": [{"name": "rifle", "kind": "weapon", "weapon_type": "heavy_projectile"}]})
    assert rifle.status_code == 422, rifle.text
    assert (rifle.json()["rule"], rifle.json()["field"]) == ("golden-heroes.equipment L29",
                                                             "payload.items[0].kind")
    four = await api.command(ann, "golden-heroes.ChooseEquipment", {
        **me, "items": [{"name": n} for n in ("rope", "tracer", "radio")]})
    assert four.status_code == 422 and four.json()["field"] == "payload.items"
    done = await api.ok(ann, "golden-heroes.ChooseEquipment", {
        **me, "items": [{"name": "rope"}, {"name": "Suit Padding", "kind": "padding"}]})
    assert done["events"][0]["data"]["granted"] == ["suit of armour"]
    read = await api.get(ann, f"/v1/campaigns/{cid}/characters/hero", position=done["position"])
    sheet = read.json()["sheet"]
    assert sheet["equipment"] == ["suit of armour", "rope", "Suit Padding"]
    assert sheet["defence_class"] == 5
    assert read.json()["derived"]["defence_class"] == 4  # Armour grade 1 is DC 4 (L174)
