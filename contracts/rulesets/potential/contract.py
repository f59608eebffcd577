"""Potential's wire in the shape every ruleset's contracts package has
(``contracts.ruleset_contract``)."""

from contracts.ruleset_contract import RulesetContract, tagged
from contracts.rulesets.potential import COMMANDS, POTENTIAL_EVENTS, RULESET_ID, CombatState

CONTRACT = RulesetContract(id=RULESET_ID, commands=tagged(RULESET_ID, COMMANDS),
                           events=tagged(RULESET_ID, POTENTIAL_EVENTS), encounter=CombatState)
