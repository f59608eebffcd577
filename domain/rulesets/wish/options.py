"""Campaign options: every gap or ambiguity in the seed is a named option.

Defaults are the rules digest's recommended decisions (its D-/G- labels are
given beside each), so a campaign that sets nothing plays as recommended.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

import msgspec

from contracts.rulesets.wish import Characteristic, Die
from domain.errors import DomainError
from domain.rulesets.wish.archetypes import Archetype
from domain.rulesets.wish.archetypes import problems as archetype_problems
from domain.rulesets.wish.mastery import UNSTATED_DEFAULTS


class WishOptions(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    # dice
    exertion_once_per_check: bool = False  # D-4: EXR costs 1 per symbol (L18-19)
    fortune_after_roll: bool = False  # D-8 / L222: Fortune officially spent before rolling
    # How many of the roller's latest checks Fortune may still amend after the roll; the seed
    # gives no window (L222), so only the latest one by default.
    fortune_after_roll_window: int = 1
    # D-9: skill against skill is a contested roll; "difficulty" has the GM turn the
    # opposition into challenge dice instead (ContestedCheck refused).
    opposed_checks: Literal["contested", "difficulty"] = "contested"
    defense_die: str = "MIS"  # L184: the die each point of Defense adds
    fortune_own_die: str = "FRT"  # D-8 / L220
    fortune_opponent_die: str = "MIS"  # D-8 / L220
    specialization_die: str = "FRT"  # L167, L984
    assist_die: str = "FRT"  # L384
    # L386-388: assists name their allies (assisted_by) so they can be checked; true also
    # counts a bare number of assists, unchecked
    unnamed_assists: bool = False
    # L1160: Superrunning "calamities generally indicate a loss of control or severe fatigue
    # (suffer 3 fatigue)": "fatigue" suffers the 3 fatigue on a check with a calamity (the one
    # figure the seed gives); "gm" leaves the reading to the GM. Modes with their own calamity
    # rule (Tesseract L1170, Skates L1172) keep it.
    superrunning_calamity: Literal["fatigue", "gm"] = "fatigue"
    # L241-242: Melee stunts only against an engaged target, Ranged ones only at Close or
    # farther, where the encounter records the separation
    trait_ranges_enforced: bool = True
    distress_dice: bool = True  # D-42: 1 MIS per stress/fatigue token above the characteristic
    # facilitators and hindrances: the seed prints no die icon (L1323-1329, L1373, L1383)
    reliable_die: Die = "DFN"  # §7.12 [inferred](M), "Defensive dice are reliable" (L25)
    unpredictable_die: Die = "OFF"  # §7.12 [inferred](M)
    just_wing_it_die: Die = "MIS"  # §7.12 [inferred](M-L)
    erratic_die: Die = "MIS"  # §7.13 [inferred](M)
    easy_difficult_dice: int = 1  # Easy -1 CHL / Difficult +1 CHL, §7.12 [inferred](H)
    # standing dice (standing_dice.py): the seed prints no icon; the digest's restorations
    natural_competence_die: Die = "FRT"  # L877, Appendix A row 20
    tech_edge_die: Die = "CHL"  # L906 removes it, Appendix A row 21
    mutant_brotherhood_die: Die = "FRT"  # L828, Appendix A row 18
    dirty_mutie_die: Die = "MIS"  # L829, Appendix A row 19
    no_dogs_allowed_die: Die = "MIS"  # L790, Appendix A row 17
    looks_penalty_die: Die = "MIS"  # L1357-1361, §7.13
    looks_bonus_die: Die = "FRT"  # Intimidation with Scary/Monstrous Looking, §7.13
    bizarre_looking_dice: int = 1  # L1357
    scary_looking_dice: int = 2  # L1359
    scary_looking_intimidation_dice: int = 1  # L1359
    monstrous_looking_dice: int = 3  # L1361
    monstrous_looking_intimidation_dice: int = 2  # L1361
    wealthy_die: Die = "FRT"  # L1301, one per level, Appendix A row 46
    improvisation_die: Die = "EXP"  # L1068: Rank x EXP added to the Improvise pool (digest §9.1)
    observe_bonus_die: Die = "FRT"  # G-2: Observe's "mild bonus" (L444)
    observation_range_die: Die = "MIS"  # L406-409: Medium 1, Long 2, Extreme 3, Plot 4+
    # Travel modes (L1104-1196): the seed prints no icon; a mild bonus and a mild penalty
    # (digest Appendix A rows 25-45)
    travel_bonus_die: Die = "FRT"
    travel_penalty_die: Die = "MIS"
    # "two banes cause a character to suffer a fatigue" (L1098): 1 per two banes ("per_pair",
    # as two boons pay for one option line, D-2), or 1 for two or more ("once")
    travel_two_bane_rider: Literal["per_pair", "once"] = "per_pair"
    # G-7: superteam slots ordered by an initiative check once the GM rolls initiative
    # (wish.RollInitiative); "free": any participant who has not acted takes the next turn
    initiative: Literal["side_slots", "free"] = "side_slots"
    initiative_characteristic: Literal["ag", "int"] = "ag"  # G-7: "Ag- or Int-based; GM picks"
    # G-3: no bleed-out (damage at 0 Wounds is criticals, L206; death at criticals > To,
    # L208); "bleed_out": each Round's end gives a dying, unstabilized participant criticals
    dying: Literal["no_bleed_out", "bleed_out"] = "no_bleed_out"
    bleed_out_criticals: int = 1
    charge_fatigue: int = 1  # G-2: Charge's cost
    # Item of Power (L920): attacks on it add X and Rank x Y (Appendix A row 22)
    item_of_power_die: Die = "CHL"
    item_of_power_rank_die: Die = "MIS"
    brace_soak: int = 2  # G-2: Brace's "mild Soak bonus" (L438)
    riposte_difficulty: int = 1  # G-2: Riposte is "Challenging" (L441)
    # Parry and Dodge (L439-440): no decision in the digest; the React's net successes take
    # as many from the attack's ("subtract_net"), or the React records only ("none")
    parry_dodge: Literal["subtract_net", "none"] = "subtract_net"
    # Recover and Ward (L443, L445): no write-up and no digest decision (basic_action_effects.py);
    # "breather": 1 stress and 1 fatigue recovered, Exposed until the next turn begins;
    # "protected": the warder and its engaged allies Protected until their next turn begins;
    # "stance_only": the Delay's step only
    recover_basic_action: Literal["breather", "stance_only"] = "breather"
    ward_basic_action: Literal["protected", "stance_only"] = "protected"
    # Dare (L450): no write-up and no digest decision (dare.py); "taunt": the dared opponents'
    # attacks on anyone but the darer add dare_dice x dare_die until the darer's next turn
    dare_basic_action: Literal["taunt", "stance_only"] = "taunt"
    dare_die: Die = "CHL"
    dare_dice: int = 1
    # G-8: the Rally Step is "a GM-called pause between combat phases: Rally abilities usable,
    # Encounter conditions end. No automatic recovery" (rally.py); "none": no Rally Steps
    rally_step: Literal["gm_called", "none"] = "gm_called"
    # stance
    extra_stance_step_stress: int = 1  # L83
    # health
    threshold_uses_effective_characteristic: bool = False  # D-13
    default_critical_severity: int = 1  # G-5: the seed has no critical table
    basic_ranged_damage: int = 3  # G-2: Ranged damage = 3 + net successes
    dodge_defense_lost_when_held: bool = True  # L1461-1463: Held/Lulled/Helpless lose DEF
    # conditions
    malign_ranges: Literal["fixed"] = "fixed"  # D-19: the repaired d100 ranges
    benign_100: Literal["roll_twice", "reroll"] = "roll_twice"  # D-20
    brief_default_tokens: int = 3  # the seed gives random Brief conditions no token count
    ignited_damage_before_tick: bool = False  # D-21
    honed_next_attack: bool = True  # D-26
    sluggish_counts_free_maneuver: bool = True  # L1434 "each maneuver"
    # creation and advancement
    power_level: str = "Classic"  # L609-635
    archetype_bonus_raises_maxima: bool = False  # D-10: L932 over L149
    creation_skill_rank_cap: int = 1  # D-17
    max_stunt_rating: int = 5  # L484 (10 in Ultras, L635)
    max_characteristic: int = 10  # L159 (higher in Ultras, L635)
    fortune_rating_raises_current: bool = True  # a bought rating point is usable at once
    # D-16: the Alien's 10 (L776) and the Wielder's 40 (L921) points buy only what the seed
    # names; false spends them as general creation points
    origin_points_restricted: bool = True
    # devices: the seed prints no die icon (L311-315, L920); digest Appendix A rows 5-8, 22
    device_dice: dict[str, dict[Die, int]] = msgspec.field(default_factory=lambda: {
        "target_detached": {"CHL": 1}, "target_integrated": {"MIS": 1},
        "disarm_detached": {"CHL": 1}, "disarm_integrated": {"CHL": 2}})
    # G-14: the characteristic of a Mastery skill the seed names none for (L861, L864, L1072)
    mastery_characteristics: dict[str, Characteristic] = msgspec.field(
        default_factory=lambda: dict(UNSTATED_DEFAULTS))  # type: ignore[arg-type]
    # The seed names Archetypes but not their contents (G-1): a campaign brings its own;
    # unset, the marked sample set in archetypes.py serves.
    archetypes: dict[str, Archetype] | None = None


DEFAULTS = WishOptions()


def parse_options(raw: Mapping[str, Any] | WishOptions | None) -> WishOptions:
    """Campaign options with defaults filled in; an unknown or mistyped one names its field."""
    if raw is None:
        return DEFAULTS
    if isinstance(raw, WishOptions):
        return raw
    try:
        out = msgspec.convert(dict(raw), WishOptions)
    except msgspec.ValidationError as exc:
        path = str(exc).rsplit("at `$.", 1)[-1].rstrip("`") if "at `$." in str(exc) else ""
        field = path or _unknown_field(str(exc))
        raise DomainError(f"options.{field}", "wish.options", str(exc)) from None
    bad = archetype_problems(out.archetypes or {})
    if bad:
        raise DomainError(f"options.{bad[0][0]}", "wish.archetype L926", bad[0][1])
    device_keys = {"target_detached", "target_integrated", "disarm_detached", "disarm_integrated"}
    if set(out.device_dice) != device_keys:
        raise DomainError("options.device_dice", "wish.device L311-315",
                          f"name the dice of each of {sorted(device_keys)}")
    odd = sorted(set(out.mastery_characteristics) - set(UNSTATED_DEFAULTS))
    if odd:
        raise DomainError(f"options.mastery_characteristics.{odd[0]}", "wish.skill.mastery L1070",
                          f"the seed names the characteristic of every Mastery but "
                          f"{sorted(UNSTATED_DEFAULTS)}")
    if out.fortune_after_roll_window < 1:
        raise DomainError("options.fortune_after_roll_window", "wish.fortune.after_roll L222",
                          "at least the latest check")
    return out


def _unknown_field(message: str) -> str:
    if "unknown field `" in message:
        return message.split("unknown field `", 1)[1].split("`", 1)[0]
    return "?"
