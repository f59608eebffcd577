"""Origin abilities (L767-924) as data: every modifier each Origin lists, with its seed line,
what kind of rule it is and where the platform applies it.

An origin's characteristic picks, creation points, Fortune, stance step and maxima are
applied by ``origin_apply.apply_origin``; its standing dice by ``standing_dice.py``; the
skills it trains for free by ``origin_grants.py``; Animal Recovery at the End of Turn
(``decide_encounter.end_turn``). Abilities the seed gives no mechanics for (an alien race's
exposition, a Robot's need to breathe) are listed and shown, and marked ``narrative``.
"""

from __future__ import annotations

from typing import Any, Final, Literal

import msgspec

from domain.rulesets.wish import item_of_power
from domain.rulesets.wish.sheet import rank
from domain.rulesets.wish.state import WishSheet

Kind = Literal[
    "characteristics",  # rating and maximum changes (L765)
    "points",  # creation points or restricted points
    "fortune",
    "stance",
    "skills",  # skills trained free and always Archetype skills
    "sfx",  # an SFX that is always an Archetype SFX (L1212)
    "stunts",
    "standing_dice",  # dice added to or removed from every check it covers
    "recovery",
    "reroll",
    "serendipity",
    "immunity",
    "device",
    "hindrance",
    "narrative",
]


class OriginAbility(msgspec.Struct, frozen=True, kw_only=True):
    origin: str
    name: str
    line: int
    kind: Kind
    rule: str  # what it does, in the seed's words as far as they go
    applied_by: str  # where the platform applies it ("shown only" where it has no mechanics)
    overcome: str = ""  # a hindrance's buy-off (wish.OvercomeOriginHindrance)


def _a(origin: str, name: str, line: int, kind: Kind, rule: str, applied_by: str,
       overcome: str = "") -> OriginAbility:
    return OriginAbility(origin=origin, name=name, line=line, kind=kind, rule=rule,
                         applied_by=applied_by, overcome=overcome)


_PICKS = "wish.ChooseOrigin picks (rating and maximum, L765)"
_SHOWN = "shown only: the seed gives it no mechanics"
ABILITIES: Final[tuple[OriginAbility, ...]] = (
    _a("Alien", "Alien Exposition", 773, "narrative",
       "name and describe your race; GM approval", _SHOWN),
    _a("Alien", "Alien Anatomy", 774, "characteristics",
       "four +1 and one -1 to Physical/Mental characteristics or Mitigation", _PICKS),
    _a("Alien", "Alien Traits", 775, "sfx", "any one SFX, always an Archetype SFX",
       "wish.ChooseOriginGrants sfx"),
    _a("Alien", "Alien Advantages", 776, "points",
       "10 creation points for skills or Alien Traits stunts (digest D-16)",
       "wish.ChooseOrigin creation points"),
    _a("Alien", "Xeno", 777, "hindrance", "suffer 3 Grit when reminded of alien nature",
       "wish.RemindXeno (GM)",
       overcome="3 creation points or advances"),
    _a("Anthropomorphic", "Animal Anatomy", 785, "characteristics",
       "three +1 to Physical characteristics", _PICKS),
    _a("Anthropomorphic", "Animal Magnetism", 786, "stance", "+1 Offensive step",
       "wish.ChooseOrigin stance meter"),
    _a("Anthropomorphic", "Animal Instincts", 787, "skills",
       "Trailsmarts, Observation, Intuition, Animal Handling trained free; Archetype skills",
       "wish.ChooseOrigin trains them (wish.OriginSkillsGranted)"),
    _a("Anthropomorphic", "Animal Recovery", 788, "recovery",
       "recover 1 Wound during the End of Turn phase", "wish.EndTurn"),
    _a("Anthropomorphic", "Animal Ferocity", 789, "sfx", "Feral is always an Archetype SFX",
       "derived archetype_sfx"),
    _a("Anthropomorphic", "No Dogs Allowed", 790, "hindrance",
       "add dice to all social checks made against normals", "standing dice (no_dogs_allowed_die)",
       overcome="3 creation points or advances"),
    _a("Cosmic", "Cosmic Capabilities", 798, "characteristics",
       "maxima 10 for Physical and Mental characteristics and Mitigation",
       "wish.ChooseOrigin maxima"),
    _a("Cosmic", "Cosmic Winds", 799, "serendipity",
       "on a serendipity: +1 SR, clear a stunt's recharge, recover all stress or all fatigue, "
       "or reset Fortune", "wish.UseCosmicWinds"),
    _a("Cosmic", "Cosmic Points", 805, "points", "+5 creation points",
       "wish.ChooseOrigin creation points"),
    _a("Cosmic", "Cosmic Power", 806, "sfx",
       "Force is always an Archetype SFX, Force Mastery always an Archetype skill",
       "derived archetype_sfx and archetype_skills"),
    _a("Cosmic", "Nexus", 807, "hindrance", "unwanted attention from powerful entities",
       _SHOWN + "; overcoming it ends Cosmic Winds", overcome="give up Cosmic Winds"),
    _a("Freak", "Superfreaky", 815, "points", "+25 creation points",
       "wish.ChooseOrigin creation points"),
    _a("Mutant", "Mutant Superiority", 823, "characteristics",
       "four +1 to Physical/Mental characteristics or Mitigation", _PICKS),
    _a("Mutant", "Mutant Powers", 824, "stunts",
       "one innate stunt at Rating 4, or two from one SFX at Rating 2; their SFX is an "
       "Archetype SFX (L827)", "wish.ChooseOriginGrants stunts"),
    _a("Mutant", "Mutant Brotherhood", 828, "standing_dice",
       "add dice to social encounters where both know the other is a Mutant",
       "standing dice (mutant_brotherhood_die), tag mutual_mutant"),
    _a("Mutant", "Dirty Mutie!", 829, "hindrance",
       "add dice to social encounters with close-minded normals",
       "standing dice (dirty_mutie_die)", overcome="3 creation points or advances"),
    _a("Mystic", "Mystical Reality", 837, "reroll",
       "1 stress: re-roll every fortune and misfortune die of a pool; 1 Fortune and 1 stress: "
       "re-roll the whole pool; the second roll stands", "wish.UseMysticalReality"),
    _a("Mystic", "Mystical Advantage", 838, "points", "+10 creation points (not with Primeval)",
       "wish.ChooseOrigin creation points"),
    _a("Mystic", "Mystical Mystery", 839, "fortune", "+1 Fortune", "wish.ChooseOrigin Fortune"),
    _a("Mystic", "Mystical Talent", 840, "skills",
       "the talent's skills start trained and specialized (Archetype skills); its SFX is an "
       "Archetype SFX; Primeval four +1, Destined +5 Fortune",
       "wish.ChooseOrigin talent (wish.OriginSkillsGranted)"),
    _a("Natural", "Natural Competence", 877, "standing_dice", "add dice to all checks",
       "standing dice (natural_competence_die)"),
    _a("Natural", "Natural Talent", 878, "skills",
       "any 5 Basic skills trained, with specializations; Archetype skills",
       "wish.ChooseOriginGrants skills"),
    _a("Natural", "Natural Grace", 879, "fortune", "+1 Fortune", "wish.ChooseOrigin Fortune"),
    _a("Natural", "Natural Advantage", 880, "points", "+15 creation points",
       "wish.ChooseOrigin creation points"),
    _a("Robot", "Robotic Design", 888, "characteristics",
       "six +1 to Physical/Mental characteristics or Mitigation", _PICKS),
    _a("Robot", "Robotic Resistance", 889, "characteristics", "Soak +3, start and maximum",
       "wish.ChooseOrigin"),
    _a("Robot", "Robotic Mind", 890, "characteristics", "Psyche +3, start and maximum",
       "wish.ChooseOrigin"),
    _a("Robot", "Robotic Personality", 891, "characteristics", "-1 Fellowship, base and maximum",
       "wish.ChooseOrigin"),
    _a("Robot", "Robotic Fate", 892, "fortune", "-1 Fortune", "wish.ChooseOrigin Fortune"),
    _a("Robot", "Robotic Gadgets", 893, "sfx", "Gear is always an Archetype SFX",
       "derived archetype_sfx"),
    _a("Robot", "Robotic Systems", 894, "immunity",
       "immune to poison and disease; no need to eat or breathe",
       "derived immunities (shown; the seed has no poison or disease rules)"),
    _a("Robot", "Out of Warranty", 895, "hindrance",
       "cannot heal, must be Repaired; healing abilities fail unless they say otherwise",
       "wish.Heal refused on a Robot; wish.Repair restores it",
       overcome="partially, 5 advances (own abilities heal)"),
    _a("Robot", "Engineered Limits", 896, "hindrance",
       "no distress misfortune dice; 1 Wound or Grit per fatigue or stress token above the "
       "characteristic", "every check: no distress dice, Wounds or Grit after the roll",
       overcome="5 advances"),
    _a("Robot", "Critical Intolerance", 897, "hindrance",
       "each critical disables a stunt with Rating at most its severity until repaired",
       "wish.ChooseMalfunction (GM); wish.Repair of the critical", overcome="3 advances"),
    _a("Technologist", "Tech Skills", 905, "skills",
       "Technology, Engineering, Science and Repair trained free; Archetype skills",
       "wish.ChooseOrigin trains them (wish.OriginSkillsGranted)"),
    _a("Technologist", "Tech Edge", 906, "standing_dice",
       "remove dice from Technology, Engineering, Science and Repair checks",
       "standing dice (tech_edge_die)"),
    _a("Technologist", "Tech Savvy", 907, "sfx", "Gear is always an Archetype SFX",
       "derived archetype_sfx"),
    _a("Technologist", "Tech Advantage", 908, "points", "+15 creation points",
       "wish.ChooseOrigin creation points"),
    _a("Wielder", "Item of Power", 920, "device",
       "a device: Soak 15 + Rank, Wounds Rank x 5; attacks on it add dice",
       "derived item_of_power; attacks tagged item_of_power add its dice"),
    _a("Wielder", "Wielded Abilities", 921, "points",
       "+40 points for abilities usable only with the item readied or worn",
       "wish.ChooseOrigin creation points"),
    _a("Wielder", "Limited Advancement", 923, "hindrance",
       "Archetype advances except Open are Wielded Abilities", _SHOWN + " here",
       overcome="5 creation points or advances"),
    _a("Wielder", "Limited Charges", 924, "hindrance",
       "Wielded abilities for Rank x 25 Rounds a day", "derived limited_charges_rounds",
       overcome="5 creation points or advances"),
)

BY_ORIGIN: Final[dict[str, tuple[OriginAbility, ...]]] = {
    o: tuple(a for a in ABILITIES if a.origin == o)
    for o in dict.fromkeys(a.origin for a in ABILITIES)
}

# Always Archetype skills and SFX (L787, L789, L806, L893, L905, L907, L1212).
ARCHETYPE_SKILLS: Final[dict[str, tuple[str, ...]]] = {
    "Anthropomorphic": ("Trailsmarts", "Observation", "Intuition", "Animalsmarts"),
    "Cosmic": ("Force Mastery",),
    "Technologist": ("Technology", "Engineering", "Science", "Repair"),
}
ARCHETYPE_SFX: Final[dict[str, tuple[str, ...]]] = {
    "Anthropomorphic": ("Feral",),
    "Cosmic": ("Force",),
    "Robot": ("Gear",),
    "Technologist": ("Gear",),
}
# A Mystical Talent's SFX (L841-865).
TALENT_SFX: Final[dict[str, str]] = {
    "Spellcaster": "Magic", "Trickster": "Beguile", "Seer": "Acuity", "Fortunata": "Luck",
    "Elemental Fire": "Fire", "Elemental Water": "Cold", "Elemental Air": "Force",
    "Elemental Earth": "Stone",
}
# Skills an Origin trains for free when it is chosen (L787, L840-865, L905).
TRAINED_FREE: Final[dict[str, tuple[str, ...]]] = {
    "Anthropomorphic": ARCHETYPE_SKILLS["Anthropomorphic"],
    "Technologist": ARCHETYPE_SKILLS["Technologist"],
}
TALENT_SKILLS: Final[dict[str, tuple[str, ...]]] = {
    "Spellcaster": ("Arts Arcane",), "Trickster": ("Skulduggery", "Guile"),
    "Seer": ("Detect Magic",), "Fortunata": ("Improvisation",),
    "Elemental Fire": ("Fire Mastery",), "Elemental Water": ("Cold Mastery",),
    "Elemental Air": ("Force Mastery",), "Elemental Earth": ("Stone Mastery",),
}
# Characteristics of the granted skills the skill list does not name: Cold and Fire Mastery
# (L1073-1074); Force and Stone Mastery have none in the seed (digest G-14: Wp, To).
GRANTED_SKILL_CHARACTERISTIC: Final[dict[str, tuple[str, str]]] = {
    "Detect Magic": ("int", "advanced"),  # Detect {var} (L1066)
    "Cold Mastery": ("wp", "advanced"),
    "Fire Mastery": ("fel", "advanced"),
    "Force Mastery": ("wp", "advanced"),
    "Stone Mastery": ("to", "advanced"),
}
IMMUNITIES: Final[dict[str, tuple[str, ...]]] = {"Robot": ("poison", "disease")}  # L894
LIMITED_CHARGES_ROUNDS_PER_RANK: Final = 25  # L924


def abilities(origin: str | None) -> tuple[OriginAbility, ...]:
    """Every ability of an Origin (L767-924), in the seed's order."""
    return BY_ORIGIN.get(origin or "", ())


def archetype_skills(sheet: WishSheet) -> list[str]:
    """Skills that are always Archetype skills for this character (L787, L806, L840, L878,
    L905): the origin's fixed ones and the ones its talents granted."""
    return list(dict.fromkeys([*ARCHETYPE_SKILLS.get(sheet.origin or "", ()),
                               *sheet.origin_skills]))


def archetype_sfx(sheet: WishSheet) -> list[str]:
    """SFX that are always Archetype SFX for this character (L775, L789, L806, L827, L840,
    L893, L907; L1212)."""
    names = list(ARCHETYPE_SFX.get(sheet.origin or "", ()))
    if sheet.origin == "Mystic" and sheet.origin_talent in TALENT_SFX:
        names.append(TALENT_SFX[sheet.origin_talent])
    return list(dict.fromkeys([*names, *sheet.origin_sfx]))


def derived(sheet: WishSheet) -> dict[str, Any]:
    """The origin's abilities and the figures they imply, for character reads (L767-924)."""
    out: dict[str, Any] = {
        "origin": sheet.origin,
        "talent": sheet.origin_talent,
        "abilities": [
            {"name": a.name, "line": a.line, "kind": a.kind, "rule": a.rule,
             "applied_by": a.applied_by, **({"overcome": a.overcome} if a.overcome else {})}
            for a in abilities(sheet.origin)
        ],
        "archetype_skills": archetype_skills(sheet),
        "archetype_sfx": archetype_sfx(sheet),
        "immunities": list(IMMUNITIES.get(sheet.origin or "", ())),
    }
    r = rank(sheet.experience)
    if sheet.origin == "Anthropomorphic":
        out["end_of_turn_recovery"] = {"wounds": 1}  # L788
    if sheet.origin == "Wielder":
        soak, wounds = item_of_power.soak_and_wounds(r)  # L920
        out["item_of_power"] = {"soak": soak, "wounds": wounds}
        out["limited_charges_rounds"] = LIMITED_CHARGES_ROUNDS_PER_RANK * r  # L924
    return out


def item_of_power_dice(target: WishSheet, options: Any) -> list[tuple[str, str, int]]:
    """Attacks that directly target a Wielder's Item of Power "add [X] and Character Rank # of
    [Y]" (L920; Appendix A row 22: 1 challenge die and Rank misfortune dice, options)."""
    r = rank(target.experience)
    return [("Item of Power L920", options.item_of_power_die, 1),
            ("Item of Power L920 (Rank)", options.item_of_power_rank_die, r)]
