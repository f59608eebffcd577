"""``GOLDEN_HEROES``: the ruleset object the platform uses (``RulesetWithCommands``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

import msgspec

from contracts.rulesets import golden_heroes as c
from domain.dice import Dice
from domain.errors import DomainError, NotFound, StateConflict
from domain.rulesets.base import RulesetEvent
from domain.rulesets.golden_heroes import generation, strike
from domain.rulesets.golden_heroes import odds as odds_module
from domain.rulesets.golden_heroes import sheet as sheets
from domain.rulesets.golden_heroes.options import parse_options

RID: Final = c.RULESET_ID
COMMAND_TYPES: Final[dict[str, type[msgspec.Struct]]] = {
    f"{RID}.{t.__name__}": t for t in c.COMMANDS
}


def _char(cid: str) -> str:
    return f"character:{cid}"


def _sheet(states: Mapping[str, Any], cid: str, field: str) -> c.GoldenHeroesSheet:
    state = states.get(_char(cid))
    if state is None:
        raise NotFound(field, "golden-heroes.character", f"no Golden Heroes character {cid!r}")
    return sheets.load(state)


def _strike_modifiers(attacker: c.GoldenHeroesSheet, spec: c.Strike | c.StrikeSpec
                      ) -> list[c.ModifierLine]:
    strike.check_circumstances(spec.circumstances)
    return strike.modifier_lines(attacker.attributes.get("dexterity"), spec.circumstances,
                                 spec.cover, spec.extreme_range_fifths, spec.other_modifier)


class GoldenHeroesRuleset:
    id = RID
    title = "Golden Heroes"
    command_types: Mapping[str, type[msgspec.Struct]] = COMMAND_TYPES
    gm_commands: frozenset[type[msgspec.Struct]] = frozenset()
    roll_events: frozenset[str] = frozenset(c.EVENTS)
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
        """The acting character's stream, and the target's for a strike."""
        out = [_char(command.character_id)]  # type: ignore[attr-defined]
        target = getattr(command, "target_id", None)
        if target is not None:
            out.append(_char(target))
        return list(dict.fromkeys(out))

    def decide(self, command: msgspec.Struct, states: Mapping[str, Any],
               options: Mapping[str, Any], dice: Dice) -> list[RulesetEvent]:
        """Decide a Golden Heroes command; raises DomainError (naming field and rule) on refusal."""
        opts = parse_options(options)
        if isinstance(command, c.GenerateCharacter):
            current = _sheet(states, command.character_id, "character_id")
            if current.generated:
                raise StateConflict("character_id", "golden-heroes.generation L3",
                                    "this character's attributes are already rolled")
            ev: msgspec.Struct = generation.generate(
                command.character_id, command.character_type, dice, opts.attribute_dice)
            return [RulesetEvent(stream=_char(command.character_id),
                                 type=f"{RID}.CharacterGenerated", data=msgspec.to_builtins(ev))]
        if isinstance(command, c.Strike):
            attacker = _sheet(states, command.character_id, "character_id")
            target = _sheet(states, command.target_id, "target_id")
            wc = attacker.weapon_class if command.weapon_class is None else command.weapon_class
            ev = strike.resolve(
                dice, character_id=command.character_id, target_id=command.target_id,
                weapon_class=wc, defence_class=target.defence_class,
                modifiers=_strike_modifiers(attacker, command),
                superpowered=attacker.character_type != "non_superpowered"
                and target.character_type != "non_superpowered")
            return [RulesetEvent(stream=_char(command.character_id),
                                 type=f"{RID}.StrikeRolled", data=msgspec.to_builtins(ev))]
        raise DomainError("type", "golden-heroes.command", f"not a Golden Heroes command: {command!r}")

    def evolve(self, state: Any, event_type: str, data: Mapping[str, Any]) -> Any:
        """Fold one recorded event into a sheet; total (an unreadable event leaves it as it was)."""
        if event_type != f"{RID}.CharacterGenerated":
            return state
        try:
            sheet = sheets.load(state)
            ev = msgspec.convert(dict(data), c.CharacterGenerated)
        except (msgspec.ValidationError, TypeError):
            return state
        return msgspec.to_builtins(sheets.apply_generated(sheet, ev))

    def odds(self, query: c.OddsQuery) -> c.OddsView:
        """Exact strike odds for WC, DC and a net strike modifier (L79)."""
        return odds_module.strike_odds(query.wc, query.dc, query.modifier, query.crit_range)

    def derived(self, sheet: Mapping[str, Any], options: Mapping[str, Any]) -> dict[str, Any]:
        """Effect-table figures, movement, thresholds and frames per round."""
        return sheets.derived(sheets.load(sheet))

    def check_odds(self, sheet: Mapping[str, Any], spec: c.StrikeSpec, options: Mapping[str, Any],
                   target: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """A strike as the rules would assemble it for this attacker (and target) and its odds."""
        attacker = sheets.load(sheet)
        if spec.defence_class is not None:
            dc = spec.defence_class
        elif target is not None:
            dc = sheets.load(target).defence_class
        else:
            raise DomainError("defence_class", "golden-heroes.strike L79",
                              "name a target_id or give defence_class")
        wc = attacker.weapon_class if spec.weapon_class is None else spec.weapon_class
        lines = _strike_modifiers(attacker, spec)
        modifier = sum(m.value for m in lines)
        return {"weapon_class": wc, "defence_class": dc, "modifier": modifier,
                "modifiers": msgspec.to_builtins(lines),
                "odds": msgspec.to_builtins(odds_module.strike_odds(wc, dc, modifier))}

    @staticmethod
    def reread(event_type: str, data: Mapping[str, Any],
               draws: Sequence[tuple[int, int]]) -> list[str]:
        """How a recorded roll's reading differs from the rules applied to its draws."""
        if event_type == f"{RID}.StrikeRolled":
            ev = msgspec.convert(dict(data), c.StrikeRolled)
            d20 = [face for sides, face in draws if sides == 20]
            if not d20:
                return ["no d20 drawn for the strike"]
            return strike.reread(ev, d20[0])
        if event_type == f"{RID}.CharacterGenerated":
            gen = msgspec.convert(dict(data), c.CharacterGenerated)
            faces = [face for _, face in draws]
            recorded = [f for a in gen.attributes for f in a.dice] + gen.htc_dice + gen.htk_dice
            out = [] if faces == recorded else ["recorded dice differ from the draws"]
            for a in gen.attributes:
                if a.value != sum(sorted(a.dice, reverse=True)[:3]):
                    out.append(f"{a.attribute} {a.value} is not the best three of {a.dice}")
            return out
        return []


GOLDEN_HEROES: Final = GoldenHeroesRuleset()
