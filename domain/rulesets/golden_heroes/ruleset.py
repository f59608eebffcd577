"""``GOLDEN_HEROES``: the ruleset object the platform uses (``RulesetWithCommands``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

import msgspec

from contracts.rulesets import golden_heroes as c
from domain.dice import Dice
from domain.errors import DomainError, NotFound, StateConflict
from domain.rulesets.base import RulesetEvent, character_key
from domain.rulesets.golden_heroes import (
    attacks,
    bindings,
    bounty,
    campaign,
    coup_de_grace,
    decide_combat,
    decide_damage,
    decide_grapple,
    decide_powers,
    decide_strike,
    equipment,
    falling_objects,
    falls,
    fight_conditions,
    force_fields,
    general_fields,
    generation,
    judo,
    lifting,
    mental,
    rating_rolls,
    recovery,
    scenario,
)
from domain.rulesets.golden_heroes import odds as odds_module
from domain.rulesets.golden_heroes import sheet as sheets
from domain.rulesets.golden_heroes.authority import AUTHORITY
from domain.rulesets.golden_heroes.display import DISPLAY
from domain.rulesets.golden_heroes.evolve import evolve as fold
from domain.rulesets.golden_heroes.options import GoldenHeroesOptions, parse_options
from domain.rulesets.golden_heroes.reread import reread as reread_roll

RID: Final = c.RULESET_ID
COMMAND_TYPES: Final[dict[str, type[msgspec.Struct]]] = {
    f"{RID}.{t.__name__}": t for t in c.COMMANDS
}


_char = character_key  # the package's short name for it (domain.rulesets.base)


def _sheet(states: Mapping[str, Any], cid: str, field: str) -> c.GoldenHeroesSheet:
    state = states.get(_char(cid))
    if state is None:
        raise NotFound(field, "golden-heroes.character", f"no Golden Heroes character {cid!r}")
    return sheets.load(state)


def _decide_grapple(command: c.Grab | c.Grapple | c.MaintainGrapple | c.LetGo,
                    attacker: c.GoldenHeroesSheet, target: c.GoldenHeroesSheet,
                    states: Mapping[str, Any], dice: Dice,
                    opts: GoldenHeroesOptions) -> list[RulesetEvent]:
    if isinstance(command, c.Grab):
        return decide_grapple.grab(command, attacker, target, states, dice)
    if isinstance(command, c.Grapple):
        return decide_grapple.grapple(command, attacker, target, states, dice)
    if isinstance(command, c.MaintainGrapple):
        return decide_grapple.maintain(command, attacker, target, states, dice, opts)
    return decide_grapple.let_go(command, attacker, target, states)


class GoldenHeroesRuleset:
    id = RID
    title = "Golden Heroes"
    display = DISPLAY  # conditions, health and states for tables (display.py)
    command_types: Mapping[str, type[msgspec.Struct]] = COMMAND_TYPES
    authority = AUTHORITY  # who may send each command (authority.py)
    # the referee runs the fight's time (L43: "the referee for the villains")
    gm_commands: frozenset[type[msgspec.Struct]] = frozenset(
        {c.StartCombat, c.RollInitiative, c.EndPhase, c.EndCombat,
         # the referee keeps the campaign's ratings and time (L285, L288, L375)
         c.StartWeek, c.StartScenario, c.SetRating, c.ImproveCharacter, c.Fall,
         c.DropObject, c.EndScenario, c.ChooseTarget, c.Bind,
         c.Ram})
    event_types: Mapping[str, type[msgspec.Struct]] = c.EVENTS
    roll_events: frozenset[str] = frozenset(
        f"{RID}.{n}" for n in ("CharacterGenerated", "StrikeRolled", "InitiativeRolled",
                               "AttackResolved", "Recovered", "Aided", "PowerGained",
                               "BackgroundTaken", "CombatStarted",
                               "CoupDeGraceDelivered", "MentalAttackRolled", "GrabRolled",
                               "JudoThrown", "RatingRolled", "TargetChosen",
                               "BindingRolled"))
    odds_query = c.OddsQuery
    check_spec_type = c.StrikeSpec

    def validate_options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        """Campaign options with the seed's main rules as defaults."""
        out: dict[str, Any] = msgspec.to_builtins(parse_options(raw))
        return out

    def validate_sheet(self, raw: Mapping[str, Any], options: Mapping[str, Any]) -> dict[str, Any]:
        """A normalized sheet; errors name each invalid field ``sheet.<field>``."""
        return sheets.validate(raw)

    def streams_for(self, command: msgspec.Struct) -> list[str]:
        """The acting character's, the target's, the fight's and, starting one, every fighter's."""
        out: list[str] = []
        for field in ("character_id", "roller_id", "target_id", "thrown_id"):
            value = getattr(command, field, None)
            if value is not None:
                out.append(_char(value))
        for ids in (getattr(command, "heroes", []), getattr(command, "villains", []),
                    getattr(command, "characters", []), getattr(command, "candidates", [])):
            out.extend(_char(i) for i in ids)
        out.extend(_char(o.character_id) for o in getattr(command, "outcomes", []))
        eid = getattr(command, "encounter_id", None)
        if eid is not None:
            out.append(decide_combat.enc(eid))
        return list(dict.fromkeys(out))

    def decide(self, command: msgspec.Struct, states: Mapping[str, Any],
               options: Mapping[str, Any], dice: Dice) -> list[RulesetEvent]:
        """Decide a Golden Heroes command; raises DomainError (naming field and rule) on refusal.
        A fighter whose condition the decision changes is noted in its fight (L123)."""
        return fight_conditions.noted(self._decide(command, states, options, dice), states)

    def _decide(self, command: msgspec.Struct, states: Mapping[str, Any],
                options: Mapping[str, Any], dice: Dice) -> list[RulesetEvent]:
        opts = parse_options(options)
        if isinstance(command, c.GenerateCharacter):
            current = _sheet(states, command.character_id, "character_id")
            if current.generated:
                raise StateConflict("character_id", "golden-heroes.generation L3",
                                    "this character's attributes are already rolled")
            ev: msgspec.Struct = generation.generate(
                command.character_id, command.character_type, dice, opts.attribute_dice,
                0 if command.character_type == "non_superpowered" else opts.power_rolls)
            return [RulesetEvent(stream=_char(command.character_id),
                                 type=f"{RID}.CharacterGenerated", data=msgspec.to_builtins(ev))]
        if isinstance(command, c.Strike):
            return decide_strike.decide(command, _sheet(states, command.character_id, "character_id"),
                                        _sheet(states, command.target_id, "target_id"), states, dice)
        if isinstance(command, c.RollPower):
            return decide_powers.roll_power(command, _sheet(states, command.character_id,
                                                            "character_id"), dice)
        if isinstance(command, c.Respond):
            return decide_damage.respond(command, _sheet(states, command.character_id,
                                                         "character_id"), states, dice, opts)
        if isinstance(command, c.EndScenario):
            return scenario.end_scenario(command, lambda i, f: _sheet(states, i, f), opts)
        return self._decide_more(command, states, dice, opts)

    @staticmethod
    def _decide_more(command: msgspec.Struct, states: Mapping[str, Any],
                     dice: Dice, opts: GoldenHeroesOptions) -> list[RulesetEvent]:
        def load(cid: str, field: str) -> c.GoldenHeroesSheet:
            return _sheet(states, cid, field)

        if isinstance(command, c.StartWeek):
            return campaign.start_week(command, load)
        if isinstance(command, c.StartScenario):
            return campaign.start_scenario(command, load)
        if isinstance(command, c.SetRating):
            return campaign.set_rating(command, load(command.character_id, "character_id"))
        if isinstance(command, c.Ram):
            return falling_objects.ram(command, load(command.character_id, "character_id"))
        if isinstance(command, c.Bind):
            return bindings.bind(command, load(command.character_id, "character_id"), dice)
        if isinstance(command, c.EscapeBinding):
            return bindings.escape(command, load(command.character_id, "character_id"), states,
                                   dice)
        if isinstance(command, c.RollRating):
            return rating_rolls.roll(command, load(command.character_id, "character_id"), dice)
        if isinstance(command, c.ChooseTarget):
            return rating_rolls.choose_target(command, load, dice)
        if isinstance(command, c.UseResources):
            return campaign.use_resources(command, load(command.character_id, "character_id"))
        if isinstance(command, c.BecomeBountyHunter):
            return bounty.declare(command, load(command.character_id, "character_id"),
                                  opts.bounty_hunter_drop)
        if isinstance(command, c.AllocateDups):
            return campaign.allocate(command, load(command.character_id, "character_id"))
        if isinstance(command, c.ImproveCharacter):
            return campaign.improve(command, load(command.character_id, "character_id"))
        if isinstance(command, c.SpendHeroPoints):
            return campaign.spend_hero_points(
                command, load(command.character_id, "character_id"),
                load(command.roller_id, "roller_id"), load(command.target_id, "target_id"),
                opts.hero_points_on_criticals)
        if isinstance(command, c.ChoosePower):
            return decide_powers.choose_power(command, load(command.character_id, "character_id"),
                                              dice)
        if isinstance(command, c.UpgradePower):
            return decide_powers.upgrade_power(command, load(command.character_id,
                                                             "character_id"), dice)
        if isinstance(command, c.ChoosePowerOption):
            return decide_powers.choose_option(command, load(command.character_id,
                                                             "character_id"))
        if isinstance(command, c.ConvertPowerRolls):
            return decide_powers.convert(command, load(command.character_id, "character_id"))
        if isinstance(command, c.TakeBackground):
            return decide_powers.take_background(command, load(command.character_id,
                                                               "character_id"), dice)

        if isinstance(command, c.StartCombat):
            return decide_combat.start_combat(command, load, states, dice)
        if isinstance(command, c.RollInitiative):
            return decide_combat.roll_initiative(command, states, dice)
        if isinstance(command, c.Act):
            return decide_combat.act(command, load(command.character_id, "character_id"), states)
        if isinstance(command, c.EndPhase):
            return decide_combat.end_phase(command, states)
        if isinstance(command, c.EndCombat):
            return decide_combat.end_combat(command, states)
        if isinstance(command, c.Fall):
            return falls.fall(command, load(command.character_id, "character_id"), dice,
                              opts.hospitalised_at)
        if isinstance(command, c.RaiseForceField):
            return force_fields.raise_field(command, load(command.character_id, "character_id"),
                                            states)
        if isinstance(command, c.MentalAttack):
            return mental.attack(command, load(command.character_id, "character_id"),
                                 load(command.target_id, "target_id"), states, dice)
        if isinstance(command, c.DropObject):
            return falling_objects.drop(command, load(command.character_id, "character_id"))
        if isinstance(command, c.CoupDeGrace):
            return coup_de_grace.deliver(command, load(command.character_id, "character_id"),
                                         load(command.target_id, "target_id"), states, dice)
        if isinstance(command, (c.Grab, c.Grapple, c.MaintainGrapple, c.LetGo)):
            return _decide_grapple(command, load(command.character_id, "character_id"),
                                   load(command.target_id, "target_id"), states, dice, opts)
        if isinstance(command, c.ChooseEquipment):
            return equipment.choose(command, load(command.character_id, "character_id"))
        if isinstance(command, c.JudoThrow):
            return judo.throw(command, load(command.character_id, "character_id"),
                              load(command.target_id, "target_id"), states, dice)
        if isinstance(command, c.PlaceForceField):
            return general_fields.place(command, load(command.character_id, "character_id"),
                                        states)
        if isinstance(command, c.Push):
            return lifting.push(command, load(command.character_id, "character_id"), states,
                                opts.half_movement_rounding)
        if isinstance(command, c.Lift):
            return lifting.lift(command, load(command.character_id, "character_id"),
                                None if command.target_id is None
                                else load(command.target_id, "target_id"), states,
                                opts.half_movement_rounding)
        if isinstance(command, c.Recover):
            return recovery.recover(command, load(command.character_id, "character_id"), dice,
                                    opts.hospitalised_at)
        if isinstance(command, c.Aid):
            return recovery.aid(command, load(command.character_id, "character_id"),
                                load(command.target_id, "target_id"), dice)
        raise DomainError("type", "golden-heroes.command", f"not a Golden Heroes command: {command!r}")

    def evolve(self, state: Any, event_type: str, data: Mapping[str, Any]) -> Any:
        """Fold one recorded event into a sheet or a fight; total (an unreadable event leaves
        it as it was)."""
        return fold(state, event_type, data)

    def odds(self, query: c.OddsQuery) -> c.OddsView:
        """Exact strike odds for WC, DC and a net strike modifier (L79)."""
        return odds_module.strike_odds(query.wc, query.dc, query.modifier, query.crit_range)

    def derived(self, sheet: Mapping[str, Any], options: Mapping[str, Any]) -> dict[str, Any]:
        """Effect-table figures, movement, thresholds and frames per round."""
        loaded = sheets.load(sheet)
        opts = parse_options(options)
        return {**sheets.derived(loaded, opts.hospitalised_at), **campaign.derived(loaded)}

    def check_odds(self, sheet: Mapping[str, Any], spec: c.StrikeSpec, options: Mapping[str, Any],
                   target: Mapping[str, Any] | None = None) -> c.CheckOdds:
        """A strike as the rules would assemble it for this attacker (and target) and its odds."""
        attacker = sheets.load(sheet)
        if spec.defence_class is not None:
            dc = spec.defence_class
        elif target is not None:
            dc = decide_strike.defence_class(sheets.load(target))
        else:
            raise DomainError("defence_class", "golden-heroes.strike L79",
                              "name a target_id or give defence_class")
        form = attacks.form(attacker, spec)
        lines = decide_strike.modifier_lines(attacker, spec)
        modifier = sum(m.value for m in lines)
        return c.CheckOdds(weapon_class=form.weapon_class, defence_class=dc, modifier=modifier,
                           modifiers=lines, odds=odds_module.strike_odds(
                               form.weapon_class, dc, modifier, form.crit_range))

    @staticmethod
    def reread(event_type: str, data: Mapping[str, Any],
               draws: Sequence[tuple[int, int]]) -> list[str]:
        """How a recorded roll's reading differs from the rules applied to its draws."""
        return reread_roll(event_type, data, draws)


GOLDEN_HEROES: Final = GoldenHeroesRuleset()
