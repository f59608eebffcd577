"""``POTENTIAL``: the ruleset object the platform uses (``RulesetWithCommands``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

import msgspec

from contracts.rulesets import potential as c
from domain.dice import Dice
from domain.errors import DomainError, NotFound
from domain.rulesets.base import RulesetEvent
from domain.rulesets.potential import (
    actions,
    combat_order,
    decide_actions,
    decide_combat,
    decide_rulings,
    decide_turns,
    keywords,
)
from domain.rulesets.potential import odds as odds_module
from domain.rulesets.potential import sheet as sheets
from domain.rulesets.potential.authority import AUTHORITY
from domain.rulesets.potential.display import DISPLAY
from domain.rulesets.potential.evolve import evolve as fold
from domain.rulesets.potential.options import PotentialOptions, parse_options
from domain.rulesets.potential.reread import reread as reread_roll

RID: Final = c.RULESET_ID
COMMAND_TYPES: Final[dict[str, type[msgspec.Struct]]] = {
    f"{RID}.{t.__name__}": t for t in c.COMMANDS
}
MAX_ODDS_DICE: Final = 30  # the query's bound; the exact convolution stays fast up to here


def odds(dice: int, bonus: int, resistance: int | None, opposed_dice: int | None,
         opposed_bonus: int) -> c.OddsView:
    """L25-26, L54: exact odds of N d6 + B against a fixed resistance or an opposed pool
    (digest section 2.1); ties go to the resister."""
    if (resistance is None) == (opposed_dice is None):
        raise DomainError("resistance", "potential.odds L26",
                          "give either resistance or opposed_dice (an opposing pool)")
    if resistance is not None:
        pmf = odds_module.degree_pmf(dice, bonus, 0, resistance)
    else:
        assert opposed_dice is not None
        pmf = odds_module.degree_pmf(dice, bonus, opposed_dice, opposed_bonus)
    return odds_module.view(pmf)


class PotentialRuleset:
    id = RID
    title = "Potential"
    display = DISPLAY  # conditions, health and states for tables (display.py)
    command_types: Mapping[str, type[msgspec.Struct]] = COMMAND_TYPES
    authority = AUTHORITY  # who may send each command (authority.py)
    # The GL runs combat: readiness "is decided by the group" and the GL records it (L33)
    gm_commands: frozenset[type[msgspec.Struct]] = frozenset(
        {c.StartCombat, c.EndCombat, c.NewRound, c.RecoverAdvantage, c.SetConscious,
         c.RuleOnCombination, c.StartRetraining, c.CompleteRetraining, c.MinorAction})
    event_types: Mapping[str, type[msgspec.Struct]] = {
        f"{RID}.{t.__name__}": t for t in c.POTENTIAL_EVENTS}
    roll_events: frozenset[str] = frozenset(
        {f"{RID}.ActionTaken", f"{RID}.AttackResolved", f"{RID}.Moved"})
    odds_query = c.OddsQuery
    check_spec_type = c.ActionSpec

    def validate_options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        """Campaign options with the digest's recommended decisions as defaults."""
        out: dict[str, Any] = msgspec.to_builtins(parse_options(raw))
        return out

    def validate_sheet(self, raw: Mapping[str, Any], options: Mapping[str, Any]) -> dict[str, Any]:
        """A normalized sheet; errors name each invalid field ``sheet.<path>``."""
        return sheets.validate(raw, parse_options(options))

    def streams_for(self, command: msgspec.Struct) -> list[str]:
        """The acting character's stream, the target's, or every participant's."""
        out: list[str] = []
        for f in ("character_id", "target_id", "attacker_id", "nominate", "challenged_id", "to"):
            v = getattr(command, f, None)
            if v is not None:
                out.append(decide_actions.char(v))
        out.extend(decide_actions.char(p) for p in getattr(command, "participants", []))
        out.extend(decide_actions.char(p) for p in getattr(command, "aid_from", []))
        combat_id = getattr(command, "combat_id", None)
        if combat_id is not None:
            out.append(combat_order.stream(combat_id))
        return list(dict.fromkeys(out))

    def decide(self, command: msgspec.Struct, states: Mapping[str, Any],
               options: Mapping[str, Any], dice: Dice) -> list[RulesetEvent]:
        """Decide a Potential command; raises DomainError (naming field and rule) on refusal."""
        opts = parse_options(options)

        def load(cid: str, field: str) -> c.PotentialSheet:
            state = states.get(decide_actions.char(cid))
            if state is None:
                raise NotFound(field, "potential.character", f"no Potential character {cid!r}")
            return sheets.load(state)

        def allies(names: Sequence[str], field: str) -> dict[str, c.PotentialSheet]:
            return {a: load(a, field) for a in names}

        if isinstance(command, c.TakeAction):
            return decide_actions.take_action(
                command, load(command.character_id, "character_id"),
                allies(command.aid_from, "aid_from"), opts, dice)
        if isinstance(command, c.Attack):
            return decide_actions.attack(
                command, load(command.character_id, "character_id"),
                load(command.target_id, "target_id"), allies(command.aid_from, "aid_from"),
                opts, dice)
        if isinstance(command, c.Resist):
            load(command.attacker_id, "attacker_id")
            return decide_actions.resist(command, load(command.character_id, "character_id"),
                                         allies(command.aid_from, "aid_from"), opts, dice)
        if isinstance(command, c.DiscardLife):
            return decide_combat.discard_life(
                command, load(command.character_id, "character_id"), opts)
        combat = states.get(combat_order.stream(getattr(command, "combat_id", "")))
        if isinstance(command, c.StartCombat):
            return decide_combat.start_combat(command, load, combat)
        if isinstance(command, c.EndCombat):
            return decide_combat.end_combat(command, load, opts, combat)
        return self._decide_turn(command, load, opts, dice, combat)

    @staticmethod
    def _decide_turn(command: msgspec.Struct, load: decide_turns.Load, opts: PotentialOptions,
                     dice: Dice, combat: Any) -> list[RulesetEvent]:
        if isinstance(command, c.StartTurn):
            return decide_turns.start_turn(command, load(command.character_id, "character_id"),
                                           combat)
        if isinstance(command, c.Recoup):
            return decide_turns.recoup(command, load(command.character_id, "character_id"))
        if isinstance(command, c.Move):
            return decide_turns.move(command, load(command.character_id, "character_id"), opts,
                                     dice)
        if isinstance(command, c.EndTurn):
            return decide_turns.end_turn(command, load(command.character_id, "character_id"),
                                         combat)
        if isinstance(command, c.SeizeInitiative):
            return decide_turns.seize(command, load(command.character_id, "character_id"),
                                      combat)
        if isinstance(command, c.YieldInitiative):
            return decide_turns.yield_initiative(command, load, combat)
        if isinstance(command, c.NewRound):
            return decide_turns.new_round(command, load, combat)
        if isinstance(command, c.RecoverAdvantage):
            return decide_turns.recover(command, load(command.character_id, "character_id"))
        return PotentialRuleset._decide_ruling(command, load)

    @staticmethod
    def _decide_ruling(command: msgspec.Struct, load: decide_turns.Load) -> list[RulesetEvent]:
        if isinstance(command, c.OfferAid):
            return decide_rulings.offer_aid(command, load(command.character_id, "character_id"),
                                            load(command.to, "to"))
        if isinstance(command, c.SetConscious):
            return decide_rulings.set_conscious(command,
                                                load(command.character_id, "character_id"))
        if isinstance(command, c.ChallengeCombination):
            return decide_rulings.challenge(command, load(command.challenged_id, "challenged_id"))
        if isinstance(command, c.RuleOnCombination):
            return decide_rulings.rule(command, load(command.character_id, "character_id"))
        if isinstance(command, c.StartRetraining):
            return decide_rulings.start_retraining(
                command, load(command.character_id, "character_id"))
        if isinstance(command, c.CompleteRetraining):
            return decide_rulings.complete_retraining(
                command, load(command.character_id, "character_id"))
        if isinstance(command, c.MinorAction):
            return decide_rulings.minor_action(command,
                                               load(command.character_id, "character_id"))
        raise DomainError("type", "potential.command", f"not a Potential command: {command!r}")

    def evolve(self, state: Any, event_type: str, data: Mapping[str, Any]) -> Any:
        """Fold one recorded event into a sheet, or a combat event into its combat; total."""
        if event_type in c.COMBAT_EVENTS:
            try:
                return combat_order.evolve(state, event_type.removeprefix(f"{RID}."), data)
            except (msgspec.ValidationError, TypeError):
                return state
        return fold(state, event_type, data)

    def odds(self, query: c.OddsQuery) -> c.OddsView:
        """P(N d6 + B > R) or P(beating an opposed pool), and the DoS distribution (L25, L54)."""
        return odds(query.dice, query.bonus, query.resistance, query.opposed_dice,
                    query.opposed_bonus)

    def derived(self, sheet: Mapping[str, Any], options: Mapping[str, Any]) -> dict[str, Any]:
        """Total CP, available Life CP and potential maxima."""
        return sheets.derived(sheets.load(sheet))

    def check_odds(self, sheet: Mapping[str, Any], spec: c.ActionSpec, options: Mapping[str, Any],
                   target: Mapping[str, Any] | None = None) -> c.CheckOdds:
        """The pool a declared action would roll, its cost, and its exact odds; nothing spent."""
        pool = actions.declare(sheets.load(sheet), spec.advantages,
                               situation_bonuses=spec.situation_bonuses,
                               potential_action=spec.potential_action,
                               concentration=spec.concentration)
        if len(pool.sources) > MAX_ODDS_DICE:
            raise DomainError("advantages", "potential.odds.size",
                              f"exact odds are computed for pools of up to {MAX_ODDS_DICE} dice")
        opts = parse_options(options)
        against = spec.hindrances + keywords.range_dice(pool.used, spec.distance,
                                                        opts.range_bonus_dice_per_step)
        if spec.resistance is not None:
            view = odds(len(pool.sources), pool.modifier, None, against, spec.resistance)
        elif spec.resistance_dice or spec.resistance_bonus:
            view = odds(len(pool.sources), pool.modifier, None,
                        spec.resistance_dice + against, spec.resistance_bonus)
        else:
            raise DomainError("resistance", "potential.odds L26",
                              "give resistance or resistance_dice")
        return c.CheckOdds(sources=pool.sources, modifier=pool.modifier, opposing_dice=against,
                           cost=pool.cost, odds=view)

    @staticmethod
    def reread(event_type: str, data: Mapping[str, Any],
               draws: Sequence[tuple[int, int]]) -> list[str]:
        """How a recorded roll's reading differs from the rules applied to its draws."""
        return reread_roll(event_type, data, draws)


POTENTIAL: Final = PotentialRuleset()
