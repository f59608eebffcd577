"""Golden Heroes pushing, lifting and throwing through HTTP against real PostgreSQL and Redis
(L70-L74): a mobile car pushed with half the Strength, a safe lifted, an unconscious thug
lifted without a roll and thrown at a foe as a Size 3 hand-hurled object; refusals append
nothing."""

from __future__ import annotations

from tests.conftest import Api
from tests.integration.test_golden_heroes_combat_http import log_length

R = "golden-heroes"


def body(strength: int, htc: int = 40) -> dict[str, object]:
    return {"attributes": {"ego": 10, "strength": strength, "dexterity": 12, "vigour": 12},
            "max_htc": 40, "htc": htc, "max_htk": 40, "htk": 40, "generated": True}


async def test_push_lift_and_throw_through_http(api: Api) -> None:
    ann = await api.token("ann")
    cid = (await api.ok(ann, "CreateCampaign", {"name": "Heave",
                                                "ruleset": R}))["campaign_id"]
    for ch, sheet in (("hero", body(16)), ("thug", body(10, htc=0)), ("foe", body(10))):
        await api.ok(ann, "CreateCharacter", {"campaign_id": cid, "name": ch,
                                              "character_id": ch, "sheet": sheet})
    t = {"ann": ann, "cid": cid}
    me = {"campaign_id": cid, "character_id": "hero"}
    before = await log_length(api, t)
    # a saloon car (Size 7) needs Strength 21 to push (L72-L74) ...
    car = await api.command(ann, f"{R}.Push", {**me, "object_size": 7})
    assert car.status_code == 422, car.text
    assert (car.json()["rule"], car.json()["field"]) == ("golden-heroes.push L70-L74",
                                                         "payload.object_size")
    heavy = await api.command(ann, f"{R}.Lift", {**me, "object_size": 6})
    assert heavy.status_code == 422 and heavy.json()["rule"] == "golden-heroes.lift L71-L74"
    # a conscious foe must be grabbed first (L71)
    unwilling = await api.command(ann, f"{R}.Lift", {**me, "target_id": "foe"})
    assert unwilling.status_code == 409 and unwilling.json()["field"] == "payload.target_id"
    assert await log_length(api, t) == before
    # ... half of it, 11, with the brakes off: Strength 16 shoves it aside (L70)
    r = await api.ok(ann, f"{R}.Push", {**me, "object_size": 7, "mobile": True})
    assert {k: r["events"][0]["data"][k] for k in ("need", "moves", "movement_metres")} == {
        "need": 11, "moves": "shoved_aside", "movement_metres": 0}
    # the safe (Size 4): lift 11, throw 16, so carried at the full Movement, 7 m (L10, L71)
    r = await api.ok(ann, f"{R}.Lift", {**me, "object_size": 4})
    assert (r["events"][0]["data"]["moves"], r["events"][0]["data"]["movement_metres"]) == (
        "full_movement", 7)
    # the unconscious thug: no roll to grab or lift (L73); thrown at the foe
    r = await api.ok(ann, f"{R}.Lift", {**me, "target_id": "thug"})
    read = await api.get(ann, f"/v1/campaigns/{cid}/characters/thug", position=r["position"])
    assert read.json()["sheet"]["grip"]["lifted"] is True
    assert read.json()["sheet"]["grip"]["struggling"] is False
    r = await api.ok(ann, f"{R}.Strike", {**me, "target_id": "foe", "thrown_id": "thug"})
    strike = r["events"][0]["data"]
    assert strike["attack_form"]["weapon_type"] == "hand_hurled_concussive"
    assert strike["attack_form"]["htc_plus"] == 3  # 2d6+3 HTC and 1d6 HTK (L131)
    assert strike["total"] == strike["natural"] + 2 + 6  # WC2 hand-hurled, DC6
    read = await api.get(ann, f"/v1/campaigns/{cid}/characters/thug", position=r["position"])
    assert read.json()["sheet"]["grip"] is None
