"""The Golden Heroes sheet: validation, folding generation into it, and derived figures."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from contracts.rulesets.golden_heroes import CharacterGenerated, Recovered
from domain.errors import DomainError
from domain.rulesets.golden_heroes import generation, grapples, powers, states, tables
from domain.rulesets.golden_heroes.state import GoldenHeroesSheet


def load(raw: Mapping[str, Any] | None) -> GoldenHeroesSheet:
    """A sheet from its stored form (an empty one for a character not yet generated)."""
    return msgspec.convert(dict(raw or {}), GoldenHeroesSheet)


def validate(raw: Mapping[str, Any]) -> dict[str, Any]:
    """A normalized sheet; a wrong field is refused naming ``sheet.<field>``."""
    try:
        sheet = msgspec.convert(dict(raw), GoldenHeroesSheet)
    except msgspec.ValidationError as err:
        path = str(err).rsplit("at `$", 1)
        field = "sheet" + (path[1].rstrip("`") if len(path) == 2 else "")
        raise DomainError(field, "golden-heroes.sheet", str(err)) from None
    out: dict[str, Any] = msgspec.to_builtins(sheet)
    return out


def apply_generated(sheet: GoldenHeroesSheet, ev: CharacterGenerated) -> GoldenHeroesSheet:
    """Fold a generation: attributes, and HTC/HTK at their normal totals (L3, L9)."""
    return msgspec.structs.replace(
        sheet, character_type=ev.character_type,
        attributes={a.attribute: a.value for a in ev.attributes},
        base_attributes={a.attribute: a.value for a in ev.attributes},
        power_rolls_left=ev.power_rolls,
        max_htc=ev.max_htc, max_htk=ev.max_htk, htc=ev.max_htc, htk=ev.max_htk,
        defence_class=11 if ev.character_type == "non_superpowered" else sheet.defence_class,
        weapon_class=0 if ev.character_type == "non_superpowered" else sheet.weapon_class,
        generated=True)


def derived(sheet: GoldenHeroesSheet, hospitalised_at: str = "tenth_or_less") -> dict[str, Any]:
    """Effect-table figures (L4-L8), movement (L10; halved when staggered, none when stunned,
    L123), thresholds (L9), frames per round (L42; 2 when stunned, L123),
    Defence Class (L62-L67, powers), conditions (L9, L122-L128)."""
    a = sheet.attributes
    if not {"strength", "dexterity", "vigour"} <= a.keys():
        return {"frames_per_round": generation.frames_per_round(sheet.character_type)}
    base = {**a, **sheet.base_attributes}
    move = generation.movement(base["strength"], base["dexterity"], base["vigour"])
    condition = states.fight_condition(sheet)
    now = states.movement(move, condition)  # "all their forms of Movement halved" (L123)
    figures = powers.figures(sheet, now)
    fly = figures.get("flight_speed")
    if isinstance(fly, int):
        figures["flight_speed"] = states.movement(fly, condition)
    return {
        "defence_class": powers.defence_class(sheet),
        "powers": powers.described(sheet),
        **figures,
        "condition": states.htc_condition(sheet),
        "injury": states.htk_condition(sheet, hospitalised_at),
        "damage_modifier": generation.strength_damage_modifier(a["strength"]),
        "damage_divider_bonus": generation.strength_divider_bonus(a["strength"]),
        "strike_modifier": tables.band(tables.DEXTERITY_STRIKE, a["dexterity"]),
        "recovery_modifier": tables.band(tables.VIGOUR_RECOVERY, a["vigour"]),
        "normal_movement": move,
        "movement": now,
        "swim": generation.swim(now),
        "frames_per_round": states.frames_per_round(
            generation.frames_per_round(sheet.character_type), condition),
        **generation.thresholds(sheet.max_htc, sheet.max_htk),
        **grapples.shown(sheet.grip),
    }


def latch(sheet: GoldenHeroesSheet) -> bool:
    """The unconscious latch after HTC changes: set at 0 or below, kept until HTC is more than
    a twentieth of its normal total (L123)."""
    return states.latch_unconscious(sheet)


def wake_pending(before: GoldenHeroesSheet, ev: Recovered) -> bool:
    """Back to 0 from negative HTC, a character rolls 1d20 each round and recovers further only
    under its Vigour (L123): pending from reaching 0 until a roll succeeds."""
    if ev.wake_die is not None:
        return ev.wake_die >= before.attributes.get("vigour", 0)
    return before.htc < 0 and ev.htc == 0 or before.wake_roll_pending and ev.htc <= 0
