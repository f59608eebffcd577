"""The SUPERPOWER GENERATION TABLE (L14-L15) as data: d100 range, power, grades, text.

Marks (L15): ``*`` one more grade (max 2), ``**`` two more (max 3), ``***`` three or more;
``+`` costs one more Power Roll when first rolled. ``max_grade`` is what the power's text
defines (digest §1.7); ``None`` is open-ended ("three or more", one ability per grade).
``engine`` says whether the engine applies the power's numbers, or records it for the table
to read its text (``text``, the power's seed lines).
"""

from __future__ import annotations

from typing import Final, NamedTuple


class PowerRow(NamedTuple):
    low: int
    high: int
    power: str
    name: str
    mark: str
    max_grade: int | None
    text: str  # the power's description in the seed
    engine: str  # what the engine applies; "" when only recorded


ROWS: Final[tuple[PowerRow, ...]] = (
    PowerRow(1, 3, "agility", "Agility", "*", 2, "L169-L173",
             "dodge +2/+3; Dexterity 21 against falls"),
    PowerRow(4, 7, "armour", "Armour", "**", 3, "L174", "DC 4/3/2 and its dividers"),
    PowerRow(8, 8, "chameleon", "Chameleon Ability", "", 1, "L174", ""),
    PowerRow(9, 9, "claws", "Claws", "", 1, "L174-L175", ""),
    PowerRow(10, 12, "cybernetics", "Cybernetics", "***", None, "L175-L177", ""),
    PowerRow(13, 20, "energy_attack", "Energy Attack", "**", 3, "L178-L196",
             "WC3 attack, dividers -2, at most 10 dice 2 apart; +1d10 dice at grade 2"),
    PowerRow(21, 21, "energy_immunity", "Energy Immunity", "", 1, "L196", ""),
    PowerRow(22, 22, "energy_reflection", "Energy Reflection", "", 1, "L196", ""),
    PowerRow(23, 23, "field_manipulation", "Field Manipulation", "", 1, "L187-L204", ""),
    PowerRow(24, 28, "flight", "Flight", "***", 4, "L199-L206",
             "combat flying speed 15/20/25/30 m a frame"),
    PowerRow(29, 30, "force_field", "Force Field", "***", 5, "L206-L207",
             "strengths rolled once: barrier 3d6, shield 4d6, wall 5d6 HTK"),
    PowerRow(31, 31, "growth", "Growth", "", 1, "L207-L208", ""),
    PowerRow(32, 33, "health", "Health", "***", None, "L208-L214",
             "Fast Recovery: HTC each action"),
    PowerRow(34, 35, "heightened_senses", "Heightened Senses", "***", None, "L209-L218", ""),
    PowerRow(36, 36, "intangibility", "Intangibility", "*", 2, "L218-L219", ""),
    PowerRow(37, 37, "intuition", "Intuition", "", 1, "L219", ""),
    PowerRow(38, 38, "larger", "Larger", "***", None, "L220", ""),
    PowerRow(39, 39, "invisibility", "Invisibility", "", 1, "L219-L220", ""),
    PowerRow(40, 41, "leaping", "Leaping", "*", 2, "L220-L221", ""),
    PowerRow(42, 43, "magic", "Magic", "**+", 3, "L221-L239", ""),
    PowerRow(44, 49, "martial_arts", "Martial Arts", "***", 5, "L239-L240",
             "WC3 (Oriental grade 3: WC4) blows and damage options; Oriental grade 2 dodge +1"),
    PowerRow(50, 50, "mass_variation_other", "Mass Variation: Other", "", 1, "L240-L241", ""),
    PowerRow(51, 51, "mass_variation_self", "Mass Variation: Self", "", 1, "L241", ""),
    PowerRow(52, 53, "precision", "Precision", "*", 2, "L241-L242",
             "criticals on 19-20; grade 2 +5 damage"),
    PowerRow(54, 54, "probability_manipulation", "Probability Manipulation", "", 1,
             "L242-L244", ""),
    PowerRow(55, 56, "psi_powers", "Psi Powers", "**+", 3, "L244-L264", ""),
    PowerRow(57, 58, "reactions", "Reactions", "", 1, "L265", ""),
    PowerRow(59, 59, "replication", "Replication", "", 1, "L265", ""),
    PowerRow(60, 61, "shapechange", "Shapechange", "", 1, "L265-L266", ""),
    PowerRow(62, 62, "shrink", "Shrink", "", 1, "L266-L267", ""),
    PowerRow(63, 63, "sidekick", "Sidekick", "**", 3, "L267", ""),
    PowerRow(64, 67, "skills", "Skills", "***", None, "L268-L270", ""),
    PowerRow(68, 68, "solidify", "Solidify", "", 1, "L270", ""),
    PowerRow(69, 70, "speed", "Speed", "***", None, "L270-L271",
             "acts first on its side, half frames, dodge +3, movement doubled a grade"),
    PowerRow(71, 76, "strength", "Strength", "***", None, "L271-L272",
             "+1d10+10 Strength a grade; standing firm +5 a grade"),
    PowerRow(77, 77, "stretch", "Stretch", "*", 2, "L272", ""),
    PowerRow(78, 78, "stunner", "Stunner", "", 1, "L272-L273", "WC3 beam, 3d6 HTC, dividers -2"),
    PowerRow(79, 80, "teleport", "Teleport", "**", 3, "L275-L277", ""),
    PowerRow(81, 84, "tough_skin", "Tough Skin", "***", 4, "L274-L278",
             "DC 4/3/2/1 and its dividers"),
    PowerRow(85, 85, "vehicle", "Vehicle", "", 1, "L278", ""),
    PowerRow(86, 87, "vigour", "Vigour", "***", None, "L279",
             "+1d6+6 Vigour a grade, 1d6 HTC and 1d6 HTK a point"),
    PowerRow(88, 88, "wallcrawling", "Wallcrawling", "", 1, "L279", "Dexterity 21 against falls"),
    PowerRow(89, 94, "weapon_skill", "Weapon Skill", "**", 3, "L279-L280",
             "WC4 with the chosen weapon; grade 2 +2/+5, grade 3 +5/+10 damage"),
    PowerRow(95, 95, "weather_control", "Weather Control", "**", 3, "L280-L282", ""),
)
CHOOSE: Final = (96, 100, "L14")  # choose any power, upgrade one by a grade, or devise one

BY_ID: Final[dict[str, PowerRow]] = {r.power: r for r in ROWS}


def row_for(d100: int) -> PowerRow | None:
    """The table row a d100 falls in; None for 96-00, the free choice (L14)."""
    return next((r for r in ROWS if r.low <= d100 <= r.high), None)


def extra_roll(power: str) -> int:
    """Magic and Psi Powers cost one more Power Roll when first rolled (L15)."""
    return 1 if BY_ID[power].mark.endswith("+") else 0


def maxed(power: str, grade: int) -> bool:
    top = BY_ID[power].max_grade
    return top is not None and grade >= top
