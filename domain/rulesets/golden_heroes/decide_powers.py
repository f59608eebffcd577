"""Deciding power rolls and their economy (L11-L19): the d100 table, grades, upgrades, DUPs,
Advantageous Backgrounds, and the fixed values a power rolls once when gained."""

from __future__ import annotations

from typing import Final

from contracts.rulesets import golden_heroes as c
from domain.dice import Dice
from domain.errors import DomainError, StateConflict
from domain.rulesets.golden_heroes import energy_gimmicks, power_table, powers
from domain.rulesets.golden_heroes import state as st
from domain.rulesets.golden_heroes.decide_combat import char
from domain.rulesets.golden_heroes.events import Out, event

MAX_REROLLS: Final = 100  # maxed powers are rolled again (L12-L13); this only bounds the loop
DUPS_PER_ROLL: Final = 10  # "Each Power Roll used for this purpose is converted to 10 DUPs" (L13)
HEALTH_ABILITIES: Final = ("environmental_survival", "fast_recovery", "regeneration",
                           "toxin_immunity", "disease_immunity")  # L208-L214
FIELD_TYPES: Final = ("general_force_barrier", "personal_force_barrier", "personal_force_shield",
                      "general_force_wall", "personal_force_wall")  # one a grade (L206)
MARTIAL_STYLES: Final = ("oriental", "pugilism", "judo_throw")  # L239-L240
WEAPON_TYPES: Final = ("one_handed_concussive", "two_handed_concussive",
                       "hand_hurled_concussive", "one_handed_penetrative",
                       "two_handed_penetrative", "hand_hurled_penetrative", "light_projectile",
                       "heavy_projectile")


def _generated(sheet: st.GoldenHeroesSheet) -> None:
    if not sheet.generated:
        raise StateConflict("character_id", "golden-heroes.generation L3",
                            "roll the attributes first (GenerateCharacter)")


def _rolls(sheet: st.GoldenHeroesSheet, cost: int, field: str = "character_id") -> None:
    if sheet.power_rolls_left < cost:
        raise StateConflict(field, "golden-heroes.power-rolls L11-L13",
                            f"this needs {cost} Power Roll(s); {sheet.power_rolls_left} left")


def fixed_values(power: str, grade: int, dice: Dice) -> tuple[list[int], dict[str, int]]:
    """What a grade rolls once: Strength +1d10+10 (L271); Vigour +1d6+6 with 1d6 HTC and 1d6
    HTK a point (L279); Energy Attack grade 2 +1d10 dice (L180); Force Field strengths (L206)."""
    if power == "strength":
        d = dice.roll(10)
        return [d], {"strength": d + 10}
    if power == "vigour":
        d = dice.roll(6)
        points = d + 6
        htc = [dice.roll(6) for _ in range(points)]
        htk = [dice.roll(6) for _ in range(points)]
        return [d, *htc, *htk], {"vigour": points, "htc": sum(htc), "htk": sum(htk)}
    if power == "energy_attack" and grade == 2:
        d = dice.roll(10)
        return [d], {"energy_dice": d}
    if power == "force_field" and grade == 1:
        # each field type's strength is rolled once at creation (L206; decision #44)
        barrier = [dice.roll(6) for _ in range(3)]
        shield = [dice.roll(6) for _ in range(4)]
        wall = [dice.roll(6) for _ in range(5)]
        return [*barrier, *shield, *wall], {"barrier_htk": sum(barrier),
                                            "shield_absorbs": sum(shield), "wall_htk": sum(wall)}
    return [], {}


def roll_power(cmd: c.RollPower, sheet: st.GoldenHeroesSheet, dice: Dice) -> list[Out]:
    """1 Power Roll on the d100 table (L12): a new power at grade 1, one more grade of a power
    held, 96-00 a free choice (L14). A maxed power, or a Magic/Psi extra roll that cannot be
    paid, is rolled again at no cost (decision #26)."""
    _generated(sheet)
    if sheet.character_type == "non_superpowered":
        raise DomainError("character_id", "golden-heroes.power-rolls L11",
                          "non-superpowered characters have no Power Rolls")
    _rolls(sheet, 1)
    rolls: list[int] = []
    notes: list[str] = []
    for _ in range(MAX_REROLLS):
        d100 = dice.roll(100)
        rolls.append(d100)
        row = power_table.row_for(d100)
        if row is None:
            return [event(char(cmd.character_id), c.PowerGained(
                character_id=cmd.character_id, how="rolled", d100=rolls, cost=1,
                note="; ".join([*notes, "96-00: choose a power or a grade (L14)"])))]
        current = powers.grade(sheet, row.power)
        if current and power_table.maxed(row.power, current):
            notes.append(f"{row.name} has no more grades: rolled again (L12-L13)")
            continue
        cost = 1 + (0 if current else power_table.extra_roll(row.power))
        if cost > sheet.power_rolls_left:
            notes.append(f"{row.name} needs one more Power Roll: declined, rolled again (L15)")
            continue
        faces, values = fixed_values(row.power, current + 1, dice)
        return [event(char(cmd.character_id), c.PowerGained(
            character_id=cmd.character_id, how="rolled", d100=rolls, power=row.power,
            grade=current + 1, cost=cost, dice=faces, rolled=values, note="; ".join(notes)))]
    raise StateConflict("character_id", "golden-heroes.power-rolls L12", "no power left to roll")


def _known(power: str) -> None:
    if power not in power_table.BY_ID:
        raise DomainError("power", "golden-heroes.superpowers L14",
                          f"not on the Superpower Generation Table: {power!r}")


def choose_power(cmd: c.ChoosePower, sheet: st.GoldenHeroesSheet, dice: Dice) -> list[Out]:
    """A 96-00 result (L14): any superpower at grade 1, or one more grade of one held."""
    _known(cmd.power)
    if sheet.choices_pending <= 0:
        raise StateConflict("power", "golden-heroes.choose L14", "no 96-00 result to choose with")
    current = powers.grade(sheet, cmd.power)
    if current and power_table.maxed(cmd.power, current):
        raise StateConflict("power", "golden-heroes.grades L15", f"{cmd.power} has no more grades")
    cost = 0 if current else power_table.extra_roll(cmd.power)
    _rolls(sheet, cost, "power")
    faces, values = fixed_values(cmd.power, current + 1, dice)
    return [event(char(cmd.character_id), c.PowerGained(
        character_id=cmd.character_id, how="chosen", power=cmd.power, grade=current + 1,
        cost=cost, dice=faces, rolled=values))]


def upgrade_power(cmd: c.UpgradePower, sheet: st.GoldenHeroesSheet,
                  dice: Dice) -> list[Out]:
    """Upgrading a power held: the first upgrade costs 1 Power Roll, the second 2, the third 3
    (L13; counted for each power, decision #50)."""
    _known(cmd.power)
    held = powers.held(sheet, cmd.power)
    if held is None:
        raise StateConflict("power", "golden-heroes.upgrade L13", f"no {cmd.power} to upgrade")
    if power_table.maxed(cmd.power, held.grade):
        raise StateConflict("power", "golden-heroes.grades L15", f"{cmd.power} has no more grades")
    cost = held.upgrades + 1
    _rolls(sheet, cost, "power")
    faces, values = fixed_values(cmd.power, held.grade + 1, dice)
    return [event(char(cmd.character_id), c.PowerGained(
        character_id=cmd.character_id, how="upgraded", power=cmd.power, grade=held.grade + 1,
        cost=cost, dice=faces, rolled=values))]


def choose_option(cmd: c.ChoosePowerOption, sheet: st.GoldenHeroesSheet) -> list[Out]:
    """A power's choice: Weapon Skill's weapon (L279), the Martial Arts style (L239), Health's
    abilities, one a grade (L208), Precision's attack form (L241)."""
    held = powers.held(sheet, cmd.power)
    if held is None:
        raise StateConflict("power", "golden-heroes.superpowers L14", f"no {cmd.power} held")
    parts = [p.strip() for p in cmd.choice.split(",")]
    allowed: tuple[str, ...] | None = {
        "weapon_skill": WEAPON_TYPES, "martial_arts": MARTIAL_STYLES,
        "health": HEALTH_ABILITIES, "force_field": FIELD_TYPES,
        "energy_attack": energy_gimmicks.GIMMICKS}.get(cmd.power)
    if allowed is not None and not set(parts) <= set(allowed):
        raise DomainError("choice", f"golden-heroes.{cmd.power.replace('_', '-')} "
                          f"{power_table.BY_ID[cmd.power].text}",
                          f"choose from {', '.join(allowed)}")
    if cmd.power == "energy_attack" and \
            len(parts) > max(held.grade - energy_gimmicks.FIRST_GRADE + 1, 0):
        raise DomainError("choice", "golden-heroes.energy-attack L179",
                          "one gimmick a grade from grade 3")
    if cmd.power in ("health", "force_field") and len(parts) > held.grade:
        raise DomainError("choice", f"golden-heroes.{cmd.power.replace('_', '-')} L206-L208",
                          f"one ability or field type a grade: {held.grade}")
    # the Judo Throw option costs one additional Power Roll (L239)
    cost = int(cmd.power == "martial_arts" and "judo_throw" in parts
               and "judo_throw" not in held.choice.split(","))
    if cost:
        _rolls(sheet, cost, "choice")
    return [event(char(cmd.character_id), c.PowerOptionChosen(
        character_id=cmd.character_id, power=cmd.power, choice=",".join(parts), cost=cost))]


def convert(cmd: c.ConvertPowerRolls, sheet: st.GoldenHeroesSheet) -> list[Out]:
    """Enhancing: 1 Power Roll becomes 10 DUPs (L13)."""
    _generated(sheet)
    _rolls(sheet, cmd.count, "count")
    return [event(char(cmd.character_id), c.PowerRollsConverted(
        character_id=cmd.character_id, count=cmd.count, dups=DUPS_PER_ROLL * cmd.count))]


def take_background(cmd: c.TakeBackground, sheet: st.GoldenHeroesSheet,
                    dice: Dice) -> list[Out]:
    """An Advantageous Background for 1 Power Roll (L12, L16-L17); only Previous Training may
    be taken again; it adds 2 to one attribute or 1 to two (L17)."""
    _generated(sheet)
    _rolls(sheet, 1)
    if cmd.background in sheet.backgrounds and cmd.background != "previous_training":
        raise StateConflict("background", "golden-heroes.backgrounds L17",
                            "only Previous Training may be selected more than once")
    training = dict(cmd.training)
    if cmd.background == "previous_training":
        bad = set(training) - {"ego", "strength", "dexterity", "vigour"}
        if bad or sorted(training.values()) not in ([2], [1, 1]):
            raise DomainError("training", "golden-heroes.previous-training L17",
                              "add 2 to any one attribute, or 1 to any two")
    elif training:
        raise DomainError("training", "golden-heroes.previous-training L17",
                          "only Previous Training adds to attributes")
    # Vigour from training: 1d6 HTC and 1d6 HTK a point (decision #27)
    points = training.get("vigour", 0)
    faces = [dice.roll(6) for _ in range(2 * points)]
    return [event(char(cmd.character_id), c.BackgroundTaken(
        character_id=cmd.character_id, background=cmd.background, training=training,
        dice=faces))]
