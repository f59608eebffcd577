"""Rests (L91-L95): "8 hour rest: heal up to your healing rate." (L93), "24 hour rest: heal up
to twice your healing rate." (L94), "A rest cannot be interrupted for more than 1 minute." (L95).
An interrupted rest heals nothing and relieves no Exposure (digest D-16, D-52); its hours pass
either way, so an unconscious creature's hours count down (L38, L64)."""

from __future__ import annotations

from typing import Final

from contracts.rulesets.boonbane.overlays import RelieveExposure
from contracts.rulesets.boonbane.rests import Rest, RestFailed
from domain.dice import Dice
from domain.errors import StateConflict
from domain.rulesets.boonbane import decide_overlays, healing, waking
from domain.rulesets.boonbane.decide_play import Decided, Load
from domain.rulesets.boonbane.options import BoonbaneOptions
from domain.rulesets.boonbane.overlays import figures

INTERRUPTION_LIMIT_MINUTES: Final = 1.0  # L95


def interrupted(interruptions: list[float], counted: str) -> float:
    """The minutes L95 measures: the breaks' total ("total", digest D-16) or the longest one
    ("each")."""
    return sum(interruptions) if counted == "total" else max(interruptions, default=0.0)


def rest(cmd: Rest, load: Load, dice: Dice, opts: BoonbaneOptions) -> Decided:
    """A rest of ``cmd.hours`` (L93-L95): the hours pass, then a rest interrupted for more than
    1 minute fails (``RestFailed``), and a completed one heals and, at a safe location, relieves
    1 Exposure tier (L382)."""
    cid = cmd.character_id
    sheet = load(cid, "character_id")
    if sheet.life_state == "dead":
        raise StateConflict("character_id", "boonbane.dead", "the dead do not rest")
    out: Decided = []
    if any(a.hours is not None for a in sheet.afflictions):
        passed = waking.pass_time(sheet, cid, cmd.hours, rounds_per_minute=opts.rounds_per_minute,
                                  npc_wake_heal=opts.npc_wake_heal)
        out.append((cid, passed))
        sheet = waking.fold(sheet, passed)
    minutes = interrupted(list(cmd.interruptions), opts.rest_interruptions_counted)
    if minutes > INTERRUPTION_LIMIT_MINUTES:
        return [*out, (cid, RestFailed(
            character_id=cid, hours=cmd.hours, interrupted_minutes=minutes,
            counted=opts.rest_interruptions_counted))]
    out.append((cid, healing.heal(sheet, cid, None, cmd.hours, "")))
    if cmd.safe_location and figures.of(sheet).exposure_tier > 0:
        out.extend(decide_overlays.relieve_exposure(RelieveExposure(
            campaign_id=cmd.campaign_id, character_id=cid, cause="safe_rest"), load, opts))
    return out
