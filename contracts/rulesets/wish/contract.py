"""WISH's wire in the shape every ruleset's contracts package has (``contracts.ruleset_contract``)."""

from contracts.ruleset_contract import RulesetContract, tagged
from contracts.rulesets.wish import COMMANDS, EncounterState
from contracts.rulesets.wish.events import EVENT_TYPES

CONTRACT = RulesetContract(id="wish", commands=tagged("wish", COMMANDS), events=EVENT_TYPES,
                           encounter=EncounterState)
