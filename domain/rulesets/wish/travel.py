"""Travel skills and their modes (L1076-1198) as data, and the rules that read them.

Each Travel skill has a characteristic, a two-bane rider (1 fatigue or 1 stress) and modes
chosen on acquisition (L1084). A mode may change the characteristic, add dice for some
purposes, change the exertion, make calamities cost Wounds or Grit, be a device (Unreliable,
DEF, Soak, Wounds), or have automatic successes instead of a check. The seed prints no die
icon where a mode "gains" or "adds" dice: the digest's restorations (Appendix A rows 25-45)
are used, a mild bonus ``bonus`` (option ``travel_bonus_die``) and a mild penalty ``penalty``
(option ``travel_penalty_die``), and the row number is cited beside each.
"""

from __future__ import annotations

from typing import Final, Literal

import msgspec

from contracts.rulesets.wish import events as ev
from domain.errors import DomainError
from domain.rulesets.wish.folding import given
from domain.rulesets.wish.sheet import rank
from domain.rulesets.wish.state import WishSheet

Exertion = Literal["fatigue", "stress", "none"]
Calamity = Literal["", "grit_triangular", "wounds_triangular", "stress_each", "stranded"]
ALL: Final = "*"  # every purpose
OTHERS: Final = "~"  # every purpose a row of the same mode does not name


class Dice(msgspec.Struct, frozen=True, kw_only=True):
    purposes: frozenset[str]
    die: str  # "bonus", "penalty" (the options' dice) or a die code
    count: int  # negative: removed, "up to" (Strider, L1166)
    row: int  # the digest's Appendix A row restoring the missing icon


class Device(msgspec.Struct, frozen=True, kw_only=True):
    """A travel device's statistics (L1110, L1130-1132, L1144-1146, L1172, L1196): each is
    ``base + Rank x per_rank + training ranks x per_training`` (D-44: training ranks only)."""

    defense: tuple[int, int, int] | None  # (base, per Rank, per training rank)
    soak: tuple[int, int, int]
    wounds: tuple[int, int, int]
    repaired: bool = True  # a Supersteed "can be healed" instead (L1146)


class Mode(msgspec.Struct, frozen=True, kw_only=True):
    skill: str
    name: str
    line: int
    characteristic: str | None = None  # None: the skill's own
    dice: tuple[Dice, ...] = ()
    exertion: Exertion | None = None  # None: the skill's two-bane rider
    exr: bool = True  # False: "You don't suffer stress or fatigue from ... checks"
    calamity: Calamity = ""
    unreliable: int = 0  # Unreliable: 2, broken by two calamities in one check
    device: Device | None = None
    automatic: bool = False  # no check: 1 automatic success per acquisition and training
    combat_only: bool = False
    no_combat: bool = False
    no_flight_when_impeded: bool = False
    no_flight_when_distressed: bool = False  # Levitation: Willpower distressed (L1106)
    react_difficulty: int = 0  # the React's check "vs Average (2d) difficulty" (L1126, L1166)
    react: TravelReact | None = None


class TravelReact(msgspec.Struct, frozen=True, kw_only=True):
    """A mode's React (L1126-1130, L1150, L1166-1168, L1176, L1198): its Recharge, whether it
    is a check, and what it grants."""

    recharge: int
    check: bool = False  # a Travel check (purpose "react"); else automatic
    defense_until_turn: bool = False  # "+1 DEF until your next Beginning of Turn phase"
    stress: int = 0  # Line of Sight: "suffer 1 stress"
    fortune: int = 0  # Underground: "spend 1 fortune point to Dirt Dive"
    leaves_encounter: bool = False  # Dirt Dive: "you cannot rejoin the encounter"
    free_maneuver: bool = False  # Sliding: "+1 movement maneuver as a free action"
    not_impeded: bool = False  # Blur: "if you are ... not impeded"
    effect: str = ""


class TravelSkill(msgspec.Struct, frozen=True, kw_only=True):
    name: str
    characteristic: str
    line: int
    rider: Exertion  # two banes on any check: 1 fatigue or 1 stress
    rider_line: int
    calamity: str  # what calamities "generally indicate"


SUPERRUNNING_CALAMITY_FATIGUE: Final = 3  # "severe fatigue (suffer 3 fatigue)" (L1160)


def _d(purposes: str, die: str, count: int, row: int) -> Dice:
    return Dice(purposes=frozenset(purposes.split(",")), die=die, count=count, row=row)


SKILLS: Final[dict[str, TravelSkill]] = {s.name: s for s in (
    TravelSkill(name="Superflight", characteristic="ag", line=1096, rider="fatigue",
                rider_line=1098, calamity="loss of control or altitude"),
    TravelSkill(name="Superleap", characteristic="ag", line=1116, rider="fatigue",
                rider_line=1118, calamity="a botched landing, a miss, fouled mid-leap"),
    TravelSkill(name="Supercommuter", characteristic="wp", line=1136, rider="stress",
                rider_line=1140, calamity="loss of control, moving violations"),
    TravelSkill(name="Superrunning", characteristic="ag", line=1156, rider="fatigue",
                rider_line=1160, calamity="loss of control or severe fatigue (3 fatigue)"),
    TravelSkill(name="Teleportation", characteristic="int", line=1180, rider="stress",
                rider_line=1184, calamity="by mode"),
)}

_RANK_DEF = (0, 1, 0)  # DEF equal to Character Rank
_RANKS = (0, 0, 1)  # equal to the # of times trained
_FIVE_PLUS_RANK = (5, 1, 0)

MODES: Final[tuple[Mode, ...]] = (
    Mode(skill="Superflight", name="Up and away", line=1102),
    Mode(skill="Superflight", name="Winged", line=1104, characteristic="str",
         dice=(_d("dive,decelerate", "bonus", 1, 25), _d("aloft", "CHL", 1, 26)),
         no_flight_when_impeded=True),
    Mode(skill="Superflight", name="Levitation", line=1106, characteristic="wp",
         dice=(_d("distance", "penalty", 1, 28),), exertion="stress",
         no_flight_when_distressed=True),
    Mode(skill="Superflight", name="Energetic", line=1108,
         dice=(_d("distance", "bonus", 1, 29), _d(OTHERS, "penalty", 1, 29))),
    Mode(skill="Superflight", name="Rocket-man", line=1110, exertion="none", exr=False,
         unreliable=2, device=Device(defense=_RANK_DEF, soak=(10, 0, 1), wounds=_FIVE_PLUS_RANK)),
    Mode(skill="Superflight", name="Gliding", line=1112,
         dice=(_d("distance,ascend,hover", "penalty", 1, 30),), exertion="none", exr=False),
    Mode(skill="Superleap", name="Strong Legs", line=1124, characteristic="str",
         dice=(_d("distance", "bonus", 1, 31), _d(OTHERS, "penalty", 1, 31))),
    Mode(skill="Superleap", name="Acrobatic", line=1126,
         dice=(_d("distance", "penalty", 1, 32), _d(OTHERS, "bonus", 1, 32)),
         react_difficulty=2, react=TravelReact(recharge=0, check=True,
                                               effect="not knocked back or prone, no damage")),
    Mode(skill="Superleap", name="Elastic", line=1128,
         react=TravelReact(recharge=1, check=True, effect="bounce away, no impact damage")),
    Mode(skill="Superleap", name="Swing-line", line=1130,
         device=Device(defense=_RANKS, soak=_RANKS, wounds=(0, 1, 0)),
         react=TravelReact(recharge=1, check=True, effect="swing to safety when falling")),
    Mode(skill="Superleap", name="Spring", line=1132, exertion="none", exr=False,
         dice=(_d("distance,ascend", "bonus", 1, 33),), unreliable=2,
         device=Device(defense=_RANK_DEF, soak=(10, 0, 1), wounds=_FIVE_PLUS_RANK)),
    Mode(skill="Supercommuter", name="Supermobile", line=1144,
         dice=(_d("distance,decelerate", "bonus", 1, 34),), unreliable=2,
         device=Device(defense=None, soak=(12, 0, 1), wounds=_FIVE_PLUS_RANK)),
    Mode(skill="Supercommuter", name="Supersteed", line=1146, characteristic="fel",
         dice=(_d("control", "bonus", 1, 35), _d("decelerate,distance", "penalty", 1, 35)),
         device=Device(defense=_RANK_DEF, soak=(8, 0, 1), wounds=(10, 1, 0), repaired=False)),
    Mode(skill="Supercommuter", name="Happenstance", line=1148, no_combat=True),
    Mode(skill="Supercommuter", name="Underground", line=1150,
         react=TravelReact(recharge=0, fortune=1, leaves_encounter=True,
                           effect="Dirt Dive: leave the encounter, not to rejoin")),
    Mode(skill="Supercommuter", name="Swimming", line=1152),
    Mode(skill="Superrunning", name="Fleet", line=1164,
         dice=(_d("distance", "bonus", 1, 36), _d(OTHERS, "penalty", 1, 36))),
    Mode(skill="Superrunning", name="Strider", line=1166, characteristic="str",
         dice=(_d(ALL, "MIS", -2, 37),), react_difficulty=2,
         react=TravelReact(recharge=0, check=True, effect="not knocked back or prone, no damage")),
    Mode(skill="Superrunning", name="Sliding", line=1168,
         dice=(_d("distance", "bonus", 1, 38), _d("decelerate", "penalty", 1, 38)),
         react=TravelReact(recharge=0, free_maneuver=True, defense_until_turn=True,
                           effect="when shoved or knocked back")),
    Mode(skill="Superrunning", name="Tesseract", line=1170, characteristic="int",
         dice=(_d(ALL, "bonus", 1, 39),), calamity="grit_triangular"),
    Mode(skill="Superrunning", name="Skates", line=1172, dice=(_d(ALL, "bonus", 1, 40),),
         calamity="wounds_triangular", no_flight_when_impeded=True,
         device=Device(defense=_RANKS, soak=_RANKS, wounds=_FIVE_PLUS_RANK)),
    Mode(skill="Superrunning", name="Spinning", line=1174,
         dice=(_d(ALL, "penalty", 1, 41), _d("escape", "bonus", 1, 41))),
    Mode(skill="Superrunning", name="Blur", line=1176, automatic=True, combat_only=True,
         react=TravelReact(recharge=2, defense_until_turn=True, not_impeded=True,
                           effect="relocate within Close range when attacked")),
    Mode(skill="Teleportation", name="Dematerialization", line=1188,
         calamity="wounds_triangular"),
    Mode(skill="Teleportation", name="Dimensional Hop", line=1190, characteristic="wp",
         dice=(_d(ALL, "bonus", 1, 43),), calamity="stranded"),
    Mode(skill="Teleportation", name="Gate", line=1192, calamity="stress_each"),
    Mode(skill="Teleportation", name="Tesseract", line=1194, dice=(_d(ALL, "bonus", 1, 44),),
         calamity="grit_triangular"),
    Mode(skill="Teleportation", name="Fluxipacitor", line=1196, dice=(_d(ALL, "bonus", 1, 45),),
         exertion="none", exr=False, unreliable=2,
         device=Device(defense=_RANKS, soak=_RANKS, wounds=_FIVE_PLUS_RANK)),
    Mode(skill="Teleportation", name="Line of Sight", line=1198, automatic=True,
         combat_only=True,
         react=TravelReact(recharge=3, defense_until_turn=True, stress=1,
                           effect="relocate to a place you can see when attacked")),
)
BY_SKILL: Final[dict[str, dict[str, Mode]]] = {
    s: {m.name: m for m in MODES if m.skill == s} for s in SKILLS
}


def category(skill_name: str) -> str:
    """The Travel skill a sheet's skill belongs to: "Superflight (Winged)" is Superflight."""
    return skill_name.split(" (", 1)[0]


def mode_of(sheet: WishSheet, skill_name: str) -> Mode:
    """The mode of a Travel skill on the sheet, chosen when it was acquired (L1084)."""
    sk = sheet.skills.get(skill_name)
    travel = SKILLS.get(category(skill_name))
    if sk is None or travel is None:
        raise DomainError("skill", "wish.travel L1084",
                          f"{skill_name!r} is not a Travel skill on the sheet")
    modes = BY_SKILL[travel.name]
    if sk.mode not in modes:
        raise DomainError("skill", f"wish.travel.{travel.name.lower()} L1084",
                          f"{skill_name} needs one of its modes: {sorted(modes)}")
    return modes[sk.mode]


def dice_for(mode: Mode, purpose: str) -> list[Dice]:
    """The mode's dice for a purpose (L1104-1196): rows naming it or every purpose, else the
    "others" row."""
    named = [d for d in mode.dice if purpose in d.purposes or ALL in d.purposes]
    if not any(purpose in d.purposes for d in mode.dice):
        named += [d for d in mode.dice if OTHERS in d.purposes]
    return named


def triangular(n: int) -> int:
    """1, 3, 6, 10 ... for 1, 2, 3, 4 calamities (L1170, L1172, L1188, L1194)."""
    return n * (n + 1) // 2


def device_stats(sheet: WishSheet, skill_name: str, mode: Mode) -> dict[str, int] | None:
    """A travel device's DEF, Soak and Wounds from Rank and training ranks (D-44)."""
    if mode.device is None:
        return None
    r, trained = rank(sheet.experience), sheet.skills[skill_name].ranks

    def value(f: tuple[int, int, int]) -> int:
        return f[0] + f[1] * r + f[2] * trained

    out = {"soak": value(mode.device.soak), "wounds": value(mode.device.wounds)}
    if mode.device.defense is not None:
        out["defense"] = value(mode.device.defense)
    return out


def derived(sheet: WishSheet) -> dict[str, dict[str, object]]:
    """Each Travel skill on the sheet: its mode, characteristic, device and automatic successes."""
    out: dict[str, dict[str, object]] = {}
    for name, sk in sheet.skills.items():
        travel = SKILLS.get(category(name))
        if travel is None or sk.mode not in BY_SKILL[travel.name]:
            continue
        mode = BY_SKILL[travel.name][sk.mode]
        row: dict[str, object] = {
            "skill": travel.name, "mode": mode.name, "line": mode.line,
            "characteristic": mode.characteristic or travel.characteristic,
            "broken": name in sheet.travel_broken,
        }
        stats = device_stats(sheet, name, mode)
        if stats is not None:
            row["device"] = stats
        if mode.automatic:
            row["automatic_successes"] = int(sk.acquired) + sk.ranks  # D-44
        out[name] = row
    return out


def fold_resolved(s: WishSheet, e: ev.TravelResolved) -> WishSheet:
    """Fold ``wish.TravelResolved``: an Unreliable device that broke stays broken (L1110)."""
    if given(e.device_broken, False) and e.skill not in s.travel_broken:
        return msgspec.structs.replace(s, travel_broken=[*s.travel_broken, e.skill])
    return s


def fold_repaired(s: WishSheet, e: ev.TravelDeviceRepaired) -> WishSheet:
    """Fold ``wish.TravelDeviceRepaired``."""
    return msgspec.structs.replace(s, travel_broken=[x for x in s.travel_broken
                                                     if x != e.skill])


def fold_recharge(s: WishSheet, e: ev.TravelRechargeSet) -> WishSheet:
    """Fold ``wish.TravelRechargeSet``: a travel React's recharge tokens (L510)."""
    tokens = {**s.travel_recharge, **e.tokens}
    return msgspec.structs.replace(s, travel_recharge={k: v for k, v in tokens.items() if v > 0})


GATE_ROUNDS: Final = 1  # "A Gate typically stays open for 1 Round" (L1192)
GATE_PEOPLE: Final = 2  # "big enough for 2 people to go through at a time" (L1192)


def gate(allocations: int, doublings: int) -> dict[str, int]:
    """Gate (L1192): "allocate boons or extra successes from your check on a 1:1 basis to put
    Recharge tokens on a Gate to keep it open longer ... or to double the size of a Gate": the
    doublings asked for (at most the allocations), the rest as Recharge tokens, one Round each."""
    doubled = min(max(0, doublings), max(0, allocations))
    tokens = max(0, allocations) - doubled
    return {"doublings": doubled, "recharge_tokens": tokens, "rounds": GATE_ROUNDS + tokens,
            "people": GATE_PEOPLE * 2 ** doubled}
