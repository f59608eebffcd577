"""Boon/bane's decider: every command's handler, by class, from its family's registry, merged
here; the grab release that follows every command (L181) as its ``settle`` step; the folds by
class (``folds``)."""

from __future__ import annotations

from contracts.rulesets.boonbane import grabs as g
from contracts.rulesets.boonbane import play as p
from contracts.rulesets.boonbane import rests as r
from domain.rulesets.boonbane import (
    folds,
    grab_release,
    on_care,
    on_encounter,
    on_grabs,
    on_overlays,
    on_rolls,
)
from domain.rulesets.boonbane.context import Ctx
from domain.rulesets.boonbane.events import BoonbaneEvent
from domain.rulesets.boonbane.options import BoonbaneOptions, parse_options
from domain.rulesets.boonbane.state import BoonbaneEncounter, BoonbaneSheet
from domain.rulesets.seam import HandlerDecider, Handlers

HANDLERS: Handlers[Ctx] = Handlers[Ctx]().merge(
    on_rolls.HANDLERS, on_encounter.HANDLERS, on_grabs.HANDLERS, on_overlays.HANDLERS,
    on_care.HANDLERS)

DECIDER: HandlerDecider[BoonbaneEvent, BoonbaneSheet, BoonbaneEncounter, BoonbaneOptions] = (
    HandlerDecider(handlers=HANDLERS, characters=folds.SHEETS, encounters=folds.ENCOUNTERS,
                   options=parse_options, starts=folds.starts, settle=grab_release.released,
                   fold_free=frozenset({
                       # one damage roll for an area's targets (L29): each DamageTaken folds
                       p.DamageRolled,
                       # forced movement (L212, L232) and a dropped object (L155): positions
                       # and held objects are the table's, not a sheet's
                       g.Moved, g.Dropped,
                       # an interrupted rest (L95): nothing heals; hours that pass are
                       # recorded before it
                       r.RestFailed})))
