"""WISH rules read against the seed line by line, through HTTP against real servers: leaving an
Archetype (L726-745), origin picks (L785, L840-869), Held (L1461), Blinded and Disappeared
(L1467, L1509), Enlivened and Invigorated (L1478, L1507), unknown payload fields."""

from __future__ import annotations

from typing import Any

from tests.conftest import Api
from tests.integration.test_wish_http import log_length, wish_campaign

BASE = {"str": 2, "ag": 2, "to": 2, "int": 2, "wp": 2, "fel": 2}


async def create(api: Api, t: dict[str, Any], cid: str, sheet: dict[str, Any]) -> None:
    await api.ok(t["ann"], "CreateCharacter", {"campaign_id": t["cid"], "name": cid,
                                               "character_id": cid, "sheet": sheet})


async def refused(api: Api, t: dict[str, Any], type_: str, payload: dict[str, Any],
                  status: int, rule: str, field: str) -> None:
    """The command is refused with the rule and the field named, and appends nothing."""
    before = await log_length(api, t)
    response = await api.command(t["ann"], type_, {"campaign_id": t["cid"], **payload})
    assert response.status_code == status, response.text
    problem = response.json()
    assert rule in problem["rule"], problem
    assert problem["field"] == field, problem
    assert await log_length(api, t) == before


def event(result: dict[str, Any], type_: str) -> dict[str, Any]:
    [found] = [e for e in result["events"] if e["type"] == type_]
    data: dict[str, Any] = found["data"]
    return data


async def test_leaving_a_tier_with_no_raise_needs_it_completed_L726_L745(api: Api) -> None:
    """L726: 'A character can switch ... once they have completed 5, 10, or 15 advances in their
    current Archetype'; 1-4: N/A. L745: 'If you switch to a new Archetype you will spend 1
    advance (as you are leaving a completed Archetype)'."""
    t = await wish_campaign(api)
    await create(api, t, "rookie", {"characteristics": BASE, "phase": "play", "advances": 10,
                                    "archetype_tiers": [{"archetype": "Brick", "advances": 0}]})
    await refused(api, t, "wish.ChooseArchetype", {"character_id": "rookie",
                                                   "archetype": "Speedster"},
                  409, "wish.archetype.switch L726", "payload.archetype")
    await create(api, t, "veteran", {
        "characteristics": BASE, "phase": "play", "advances": 10,
        "archetype_tiers": [{"archetype": "Brick", "tier": 1, "advances": 15},
                            {"archetype": "Brick", "tier": 2, "advances": 0}]})
    done = await api.ok(t["ann"], "wish.ChooseArchetype", {
        "campaign_id": t["cid"], "character_id": "veteran", "archetype": "Speedster"})
    assert event(done, "wish.ArchetypeChosen")["cost"] == 1


async def test_animal_anatomy_bonuses_go_to_physical_characteristics_only_L785(api: Api) -> None:
    """L785: 'Animal Anatomy: 3 +1 bonuses to apply to Physical characteristics.'"""
    t = await wish_campaign(api)
    await create(api, t, "cat", {"characteristics": BASE, "phase": "creation"})
    for picks in ({"str": 1, "ag": 1, "int": 1}, {"str": 1, "ag": 1, "soak": 1}):
        await refused(api, t, "wish.ChooseOrigin", {"character_id": "cat",
                                                    "origin": "Anthropomorphic", "picks": picks},
                      422, "wish.origin.anthropomorphic L785", "payload.picks")
    done = await api.ok(t["ann"], "wish.ChooseOrigin", {
        "campaign_id": t["cid"], "character_id": "cat", "origin": "Anthropomorphic",
        "picks": {"str": 1, "ag": 1, "to": 1}})
    cat = (await api.get(t["ann"], f"/v1/campaigns/{t['cid']}/characters/cat",
                         position=done["position"])).json()["sheet"]
    assert [cat["characteristics"][k] for k in ("str", "ag", "to")] == [3, 3, 3]


async def test_mystic_primeval_and_destined_can_be_taken_L866_L869(api: Api) -> None:
    """L866-867: 'Primeval: Four +1 bonuses ... However, you do not get the "Mystical Advantage"
    bonus creation points.' L868-869: 'Destined: +5 Fortune points'. L838-839: Mystical
    Advantage +10 creation points, Mystical Mystery +1 Fortune point."""
    t = await wish_campaign(api)
    for cid in ("sage", "chosen", "vague"):
        await create(api, t, cid, {"characteristics": BASE, "phase": "creation"})
    primeval = await api.ok(t["ann"], "wish.ChooseOrigin", {
        "campaign_id": t["cid"], "character_id": "sage", "origin": "Mystic", "talent": "Primeval",
        "picks": {"int": 1, "wp": 1, "str": 1, "psyche": 1}})
    sage = (await api.get(t["ann"], f"/v1/campaigns/{t['cid']}/characters/sage",
                          position=primeval["position"])).json()["sheet"]
    assert sage["creation_points"] == 60  # Classic's 60 (L627), no Mystical Advantage
    assert (sage["characteristics"]["int"], sage["psyche"], sage["fortune_rating"]) == (3, 1, 3)
    assert sage["origin_talent"] == "Primeval"
    destined = await api.ok(t["ann"], "wish.ChooseOrigin", {
        "campaign_id": t["cid"], "character_id": "chosen", "origin": "Mystic",
        "talent": "Destined"})
    chosen = (await api.get(t["ann"], f"/v1/campaigns/{t['cid']}/characters/chosen",
                            position=destined["position"])).json()["sheet"]
    assert (chosen["fortune_rating"], chosen["creation_points"]) == (2 + 1 + 5, 70)
    await refused(api, t, "wish.ChooseOrigin", {"character_id": "vague", "origin": "Mystic"},
                  422, "wish.origin.mystic L840", "payload.talent")


async def test_held_refuses_physical_checks_that_are_not_attacks_L1461(api: Api) -> None:
    """L1461 (Held): 'You cannot take movement maneuvers or physical actions.'"""
    t = await wish_campaign(api)
    await create(api, t, "bound", {"characteristics": BASE, "phase": "play", "serial": 1,
                                   "conditions": [{"id": "cond-1", "name": "Held", "tokens": 3}]})
    await refused(api, t, "wish.RollCheck", {"character_id": "bound", "characteristic": "str"},
                  409, "wish.condition.held L1461", "payload.character_id")
    await api.ok(t["ann"], "wish.RollCheck", {"campaign_id": t["cid"], "character_id": "bound",
                                              "characteristic": "int"})


def defense_dice(result: dict[str, Any]) -> int:
    sources = event(result, "wish.CheckRolled")["check"]["sources"]
    return sum(s["count"] for s in sources if s["source"] == "target Defense")


async def test_blinded_targets_and_disappeared_attackers_deny_innate_defense_L1467_L1509(
    api: Api,
) -> None:
    """L1467 (Blinded): 'You do not get the benefit of your innate DEF trait vs. attackers'.
    L1509 (Disappeared): 'Opponents that cannot sense you do not get the benefit of their innate
    DEF trait vs you'."""
    t = await wish_campaign(api)
    blind = [{"id": "cond-1", "name": "Blinded", "tokens": 2}]
    gone = [{"id": "cond-1", "name": "Disappeared", "tokens": 2}]
    await create(api, t, "seeing", {"characteristics": BASE, "phase": "play", "defense": 2})
    await create(api, t, "blind", {"characteristics": BASE, "phase": "play", "defense": 2,
                                   "serial": 1, "conditions": blind})
    await create(api, t, "ghost", {"characteristics": BASE, "phase": "play", "serial": 1,
                                   "conditions": gone})
    attack = {"campaign_id": t["cid"], "character_id": "hero", "characteristic": "str"}
    seen = await api.ok(t["ann"], "wish.Attack", {**attack, "target_id": "seeing"})
    assert defense_dice(seen) == 2  # L184: the target's Defense, when it sees the blow
    unseeing = await api.ok(t["ann"], "wish.Attack", {**attack, "target_id": "blind"})
    assert defense_dice(unseeing) == 0
    unseen = await api.ok(t["ann"], "wish.Attack", {**attack, "character_id": "ghost",
                                                    "target_id": "seeing"})
    assert defense_dice(unseen) == 0


async def end_turn(api: Api, t: dict[str, Any], cid: str, **extra: Any) -> Any:
    enc = f"fight-{cid}"
    await api.ok(t["ann"], "wish.StartEncounter", {"campaign_id": t["cid"], "encounter_id": enc,
                                                   "participants": [cid]})
    await api.ok(t["ann"], "wish.StartTurn", {"campaign_id": t["cid"], "encounter_id": enc,
                                              "character_id": cid})
    return await api.command(t["ann"], "wish.EndTurn", {"campaign_id": t["cid"],
                                                        "encounter_id": enc, "character_id": cid,
                                                        **extra})


async def test_enlivened_and_invigorated_remove_recharge_tokens_L1478_L1507(api: Api) -> None:
    """L1507 (Enlivened): 'During your End of Turn phase you may remove 1 recharge token from all
    of your recharging non-Ongoing abilities.' L1478 (Invigorated): '... 1 recharge token from
    one of your recharging non-Ongoing abilities.' Both on top of the usual 1 (L510)."""
    t = await wish_campaign(api)
    stunts = {"Blast": {"recharge_rating": 3, "recharge_tokens": 3},
              "Zap": {"recharge_rating": 3, "recharge_tokens": 3},
              "Aura": {"recharge_rating": 3, "recharge_tokens": 3, "traits": ["Ongoing"]}}
    for cid, name in (("lively", "Enlivened"), ("vigorous", "Invigorated"), ("plain", None)):
        conds = [{"id": "cond-1", "name": name, "tokens": 3}] if name else []
        await create(api, t, cid, {"characteristics": BASE, "phase": "play", "serial": 1,
                                   "stunts": stunts, "conditions": conds})
    plain = await end_turn(api, t, "plain")
    assert event(plain.json(), "wish.RechargeTokensRemoved")["stunts"] == {
        "Blast": 1, "Zap": 1, "Aura": 1}
    lively = await end_turn(api, t, "lively")
    assert event(lively.json(), "wish.RechargeTokensRemoved")["stunts"] == {
        "Blast": 2, "Zap": 2, "Aura": 1}
    wrong = await end_turn(api, t, "vigorous", invigorated_stunt="Aura")
    assert wrong.status_code == 422 and wrong.json()["field"] == "payload.invigorated_stunt"
    await api.ok(t["ann"], "wish.EndEncounter", {"campaign_id": t["cid"],
                                                 "encounter_id": "fight-vigorous",
                                                 "participants": ["vigorous"]})
    vigorous = await end_turn(api, t, "vigorous", invigorated_stunt="Zap")
    assert event(vigorous.json(), "wish.RechargeTokensRemoved")["stunts"] == {
        "Blast": 1, "Zap": 2, "Aura": 1}


async def test_unknown_payload_fields_are_refused_naming_the_field(api: Api) -> None:
    """A misspelt field is a 422 naming it, at the top of a payload and inside it."""
    t = await wish_campaign(api)
    cases = [
        ("wish.ShiftStance", {"character_id": "hero", "stepz": 1}, "payload.stepz"),
        ("wish.SpendAdvance", {"character_id": "hero",
                               "purchase": {"kind": "characteristic", "targte": "str"}},
         "payload.purchase.targte"),
        ("wish.ChooseOrigin", {"character_id": "hero", "origin": "Mystic", "talnet": "Seer"},
         "payload.talnet"),
        ("CreateCharacter", {"name": "Typo", "character_id": "typo", "sheet": {
            "characteristics": BASE, "stunts": {"Zap": {"ratin": 2}}}},
         "payload.sheet.stunts.Zap.ratin"),
    ]
    for type_, payload, field in cases:
        before = await log_length(api, t)
        response = await api.command(t["ann"], type_, {"campaign_id": t["cid"], **payload})
        assert response.status_code == 422, response.text
        assert field in response.text, response.json()
        assert await log_length(api, t) == before
