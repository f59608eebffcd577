"""A Wielder's hindrances while they stand, through HTTP against the real servers (L923-924)."""

from __future__ import annotations

from typing import Any

from tests.conftest import Api
from tests.integration.test_wish_http import character, wish_campaign
from tests.integration.test_wish_rule_fixes import BASE, create, event, refused

BOLT = {"rating": 1, "wielded": True, "justification": "device"}
HAMMER = {"kind": "item_of_power", "stunts": ["Bolt"]}


async def _turn(api: Api, t: dict[str, Any], verb: str) -> dict[str, Any]:
    return await api.ok(t["ann"], f"wish.{verb}", {"campaign_id": t["cid"], "encounter_id": "e",
                                                   "character_id": "thor"})


async def _bolt(api: Api, t: dict[str, Any]) -> dict[str, Any]:
    return await api.ok(t["ann"], "wish.RollCheck", {
        "campaign_id": t["cid"], "character_id": "thor", "encounter_id": "e",
        "characteristic": "wp", "stunt": "Bolt"})


async def test_limited_charges_count_rounds_and_stop_the_item_L924(api: Api) -> None:
    """L924: 'can only be used for (Character Rank x 25) Rounds per day. Any Round in which any
    Wielded ability is used counts towards this total. After this limit has been exceeded, none
    of the character's Wielded abilities can be used until the item of power has been
    recharged'. Rank 1 (0 XP, L641): 25 Rounds; 24 are already used today."""
    t = await wish_campaign(api)
    used = [f"old#{n}" for n in range(1, 25)]
    await create(api, t, "thor", {"characteristics": BASE, "phase": "play", "origin": "Wielder",
                                  "stunts": {"Bolt": BOLT}, "devices": {"Mjolnir": HAMMER},
                                  "charged_rounds": used})
    await api.ok(t["ann"], "wish.StartEncounter", {"campaign_id": t["cid"], "encounter_id": "e",
                                                   "participants": ["thor"]})
    await _turn(api, t, "StartTurn")
    first = await _bolt(api, t)
    assert event(first, "wish.ChargeRoundUsed") == {"round": "e#1", "used": 25, "limit": 25}
    await _turn(api, t, "EndTurn")
    await api.ok(t["ann"], "wish.EndRound", {"campaign_id": t["cid"], "encounter_id": "e"})
    await _turn(api, t, "StartTurn")
    base = {"character_id": "thor", "encounter_id": "e", "characteristic": "wp"}
    await refused(api, t, "wish.RollCheck", {**base, "stunt": "Bolt"},
                  409, "wish.origin.wielder.limited_charges L924", "payload.stunt")
    player = await api.command(t["bob"], "wish.RechargeItemOfPower",
                               {"campaign_id": t["cid"], "character_id": "thor"})
    assert player.status_code == 403, player.text  # "usually a story event": the GM's call
    done = await api.ok(t["ann"], "wish.RechargeItemOfPower",
                        {"campaign_id": t["cid"], "character_id": "thor"})
    assert event(done, "wish.ItemOfPowerRecharged") == {"rounds_used": 25}
    after = await _bolt(api, t)
    assert event(after, "wish.ChargeRoundUsed") == {"round": "e#2", "used": 1, "limit": 25}
    thor = await character(api, t, "thor", after["position"])
    assert thor["sheet"]["charged_rounds"] == ["e#2"]
    await refused(api, t, "wish.RechargeItemOfPower", {"character_id": "hero"},
                  409, "wish.origin.wielder.limited_charges L924", "payload.character_id")


async def test_limited_charges_overcome_counts_nothing_L924(api: Api) -> None:
    """L924: 'This Hindrance can be overcome for 5 creation points or advances'."""
    t = await wish_campaign(api)
    await create(api, t, "thor", {"characteristics": BASE, "phase": "play", "origin": "Wielder",
                                  "stunts": {"Bolt": BOLT}, "devices": {"Mjolnir": HAMMER},
                                  "advances": 5, "charged_rounds": [f"o#{n}" for n in range(25)]})
    await api.ok(t["ann"], "wish.OvercomeOriginHindrance", {
        "campaign_id": t["cid"], "character_id": "thor", "name": "Limited Charges"})
    await api.ok(t["ann"], "wish.StartEncounter", {"campaign_id": t["cid"], "encounter_id": "e",
                                                   "participants": ["thor"]})
    await _turn(api, t, "StartTurn")
    free = await _bolt(api, t)
    assert "wish.ChargeRoundUsed" not in [e["type"] for e in free["events"]]


async def _buy(api: Api, t: dict[str, Any], name: str, archetype_raise: bool) -> dict[str, Any]:
    done = await api.ok(t["ann"], "wish.SpendAdvance", {
        "campaign_id": t["cid"], "character_id": "thor",
        "purchase": {"kind": "stunt", "target": name, "sfx": "Might",
                     "archetype_raise": archetype_raise}})
    sheet: dict[str, Any] = (await character(api, t, "thor", done["position"]))["sheet"]
    return sheet


async def test_limited_advancement_makes_archetype_advances_wielded_L923(api: Api) -> None:
    """L923: 'all Archetype advances except "Open" advances are considered to be Wielded
    Abilities. Non-Archetype advances and "Open" Archetype advances are unaffected. This
    Hindrance costs 5 creation points or advances to overcome completely'."""
    t = await wish_campaign(api)
    await create(api, t, "thor", {
        "characteristics": BASE, "phase": "play", "origin": "Wielder", "advances": 30,
        "devices": {"Mjolnir": {"kind": "item_of_power", "state": "disarmed"}},
        "archetype_tiers": [{"archetype": "Brick"}]})
    sheet = await _buy(api, t, "Smash", archetype_raise=True)
    assert sheet["stunts"]["Smash"]["wielded"] is True
    assert sheet["stunts"]["Smash"]["justification"] == "device"
    sheet = await _buy(api, t, "Leap", archetype_raise=False)  # not an Archetype advance
    assert sheet["stunts"]["Leap"]["wielded"] is False
    # a Wielded ability needs the item of power (L921): Mjolnir is disarmed
    await refused(api, t, "wish.RollCheck", {"character_id": "thor", "characteristic": "str",
                                             "stunt": "Smash"},
                  409, "wish.device L301, L921", "payload.stunt")
    await api.ok(t["ann"], "wish.RollCheck", {"campaign_id": t["cid"], "character_id": "thor",
                                              "characteristic": "str", "stunt": "Leap"})
    for n in range(4):  # the Tier's other 4 stunt raises; the next falls to "Open" (L697-706)
        await _buy(api, t, f"Blow {n}", archetype_raise=True)
    sheet = await _buy(api, t, "Open Blow", archetype_raise=True)
    assert sheet["archetype_tiers"][-1]["raises"]["open"] == 1
    assert sheet["stunts"]["Open Blow"]["wielded"] is False and sheet["stunts"]["Blow 3"]["wielded"]
    await api.ok(t["ann"], "wish.OvercomeOriginHindrance", {
        "campaign_id": t["cid"], "character_id": "thor", "name": "Limited Advancement"})
    await create(api, t, "odin", {
        "characteristics": BASE, "phase": "play", "origin": "Wielder", "advances": 5,
        "overcome": ["Limited Advancement"], "archetype_tiers": [{"archetype": "Brick"}]})
    free = await api.ok(t["ann"], "wish.SpendAdvance", {
        "campaign_id": t["cid"], "character_id": "odin",
        "purchase": {"kind": "stunt", "target": "Smash", "sfx": "Might", "archetype_raise": True}})
    assert "wielded" not in next(e["data"] for e in free["events"]
                                 if e["type"] == "wish.AdvanceSpent")
