"""Boon/bane's wire in the shape every ruleset's contracts package has
(``contracts.ruleset_contract``): its command payloads, family by family, and its events."""

from contracts.ruleset_contract import RulesetContract, tagged
from contracts.rulesets import boonbane
from contracts.rulesets.boonbane import (
    concentration,
    grabs,
    minor,
    movement,
    overlays,
    play,
    rests,
    stealth,
    weapons,
)
from contracts.rulesets.boonbane.events import EVENT_TYPES

FAMILIES = (boonbane, play, overlays, grabs, concentration, stealth, weapons, rests, movement, minor)
CONTRACT = RulesetContract(
    id=boonbane.RULESET_ID,
    commands=tagged(boonbane.RULESET_ID, (cls for f in FAMILIES for cls in f.COMMANDS)),
    events=EVENT_TYPES,
    encounter=play.BoonbaneEncounter)
