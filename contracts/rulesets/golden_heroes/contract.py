"""Golden Heroes' wire in the shape every ruleset's contracts package has
(``contracts.ruleset_contract``)."""

from contracts.ruleset_contract import RulesetContract, tagged
from contracts.rulesets.golden_heroes import COMMANDS, EVENTS, RULESET_ID, EncounterState

CONTRACT = RulesetContract(id=RULESET_ID, commands=tagged(RULESET_ID, COMMANDS), events=EVENTS,
                           encounter=EncounterState)
