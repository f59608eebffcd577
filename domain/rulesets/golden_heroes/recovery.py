"""Recovery and aid (L122-L128): HTC a round of inaction, HTK an hour, hospital, first aid."""

from __future__ import annotations

import msgspec

from contracts.rulesets import golden_heroes as c
from domain.dice import Dice
from domain.errors import DomainError, StateConflict
from domain.rulesets.golden_heroes import coup_de_grace, powers, states, tables
from domain.rulesets.golden_heroes import state as st
from domain.rulesets.golden_heroes.decide_combat import char
from domain.rulesets.golden_heroes.events import Out, event

HTC_AID_DICE = 2  # smelling salts, brandy, cold water: 2d6 HTC (L124)
FIRST_AID_DICE = 1  # 1d6 HTK (L128)


def _after(sheet: st.GoldenHeroesSheet, htc: int, htk: int,
           hospitalised_at: str = "tenth_or_less") -> dict[str, object]:
    out = msgspec.structs.replace(sheet, htc=htc, htk=htk)
    out = msgspec.structs.replace(out, unconscious=states.latch_unconscious(out))
    return {"htc": htc, "htk": htk, "condition": states.htc_condition(out),
            "injury": states.htk_condition(out, hospitalised_at)}


def recover(cmd: c.Recover, sheet: st.GoldenHeroesSheet, dice: Dice,
            hospitalised_at: str = "tenth_or_less") -> list[Out]:
    """1d6 + the Vigour recovery modifier (L8): HTC a round of total inaction (L122-L123), an
    action with Fast Recovery (L209); HTK an hour (L128); in hospital 1 HTK a day (L128).
    From negative HTC a character recovers to 0, then rolls 1d20 each round and goes on only
    under its Vigour (L123)."""
    if states.htk_condition(sheet) in ("dead", "technically_dead"):
        raise StateConflict("character_id", "golden-heroes.technically-dead L128",
                            f"{cmd.character_id!r} is {states.htk_condition(sheet)}: revive first")
    mod = tables.band(tables.VIGOUR_RECOVERY, sheet.attributes.get("vigour", 10))
    body: dict[str, object] = {"character_id": cmd.character_id, "period": cmd.period,
                               "modifier": mod}
    htc, htk = sheet.htc, sheet.htk
    hospital = states.htk_condition(sheet, hospitalised_at) == "hospitalised"
    if sheet.no_recovery_hours > 0 and cmd.period == "hour":
        # a coup de grace: the hour passes without recovery (L78)
        body.update(_after(sheet, htc, htk, hospitalised_at), no_recovery_hours=sheet.no_recovery_hours - 1)
        return [event(char(cmd.character_id), c.Recovered(**body))]  # type: ignore[arg-type]
    if cmd.period in ("round", "action"):
        coup_de_grace.refuse_recovery(sheet, "period")
        health = powers.held(sheet, "health")
        if cmd.period == "action" and (health is None
                                       or "fast_recovery" not in health.choice.split(",")):
            raise DomainError("period", "golden-heroes.fast-recovery L209",
                              "HTC recovers each action only with Health: Fast Recovery")
        if htc >= sheet.max_htc:
            raise StateConflict("period", "golden-heroes.recovery L128",
                                "HTC is at its normal total: never above it (L128)")
        go_on = True
        if sheet.wake_roll_pending:
            wake = dice.roll(20)
            body["wake_die"] = wake
            go_on = wake < sheet.attributes.get("vigour", 0)
        if go_on:
            die = dice.roll(6)
            body["dice"] = [die]
            gain = max(die + mod, 0)
            new = htc + gain
            if htc < 0:
                new = min(new, 0)  # negative HTC recovers normally up to 0 (L123)
            htc = min(new, sheet.max_htc)
        body["htc_gain"] = htc - sheet.htc
    elif cmd.period == "hour":
        if hospital:
            raise StateConflict("period", "golden-heroes.hospitalised L128",
                                "hospitalised: 1 HTK a day in hospital (period hospital_day)")
        if htk >= sheet.max_htk:
            raise StateConflict("period", "golden-heroes.recovery L128", "HTK is at its normal total")
        die = dice.roll(6)
        body["dice"] = [die]
        htk = min(htk + max(die + mod, 0), sheet.max_htk)
        body["htk_gain"] = htk - sheet.htk
    else:
        if not hospital:
            raise StateConflict("period", "golden-heroes.hospitalised L128",
                                "only the hospitalised recover a day at a time in hospital")
        htk += 1
        body["htk_gain"] = 1
    body.update(_after(sheet, htc, htk, hospitalised_at))
    return [event(char(cmd.character_id), c.Recovered(**body))]  # type: ignore[arg-type]


def aid(cmd: c.Aid, helper: st.GoldenHeroesSheet, target: st.GoldenHeroesSheet,
        dice: Dice) -> list[Out]:
    """Smelling salts and the like: 2d6 HTC, once per recovery (L124); first aid by a qualified
    person: 1d6 HTK to the injured, hospitalised or technically dead (L128), once an injury."""
    if states.helpless(helper) and states.htk_condition(helper) != "hospitalised":
        raise StateConflict("character_id", "golden-heroes.unconscious L123",
                            f"{cmd.character_id!r} cannot give aid")
    injury = states.htk_condition(target)
    if injury == "dead":
        raise StateConflict("target_id", "golden-heroes.dead L9", "the dead are past first aid")
    htc, htk = target.htc, target.htk
    body: dict[str, object] = {"character_id": cmd.character_id, "target_id": cmd.target_id,
                               "kind": cmd.kind}
    if cmd.kind == "htc_aid":
        coup_de_grace.refuse_recovery(target, "kind")
        if target.aid_used:
            raise StateConflict("kind", "golden-heroes.aid L124", "HTC aid works once per recovery")
        if htc >= target.max_htc:
            raise StateConflict("kind", "golden-heroes.aid L124", "HTC is at its normal total")
        faces = [dice.roll(6) for _ in range(HTC_AID_DICE)]
        htc = min(htc + sum(faces), target.max_htc)
        body.update(dice=faces, htc_gain=htc - target.htc)
    else:
        if target.first_aid_used:
            raise StateConflict("kind", "golden-heroes.first-aid L128",
                                "first aid helps once an injury (decision #49)")
        if htk >= target.max_htk:
            raise StateConflict("kind", "golden-heroes.first-aid L128", "the target is not injured")
        faces = [dice.roll(6) for _ in range(FIRST_AID_DICE)]
        htk = min(htk + sum(faces), target.max_htk)
        body.update(dice=faces, htk_gain=htk - target.htk)
    body.update(_after(target, htc, htk))
    return [event(char(cmd.target_id), c.Aided(**body))]  # type: ignore[arg-type]
