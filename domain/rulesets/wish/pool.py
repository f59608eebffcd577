"""Dice pool assembly (L91, L137, L167, L184, L220, L384, L994; digest §2.2).

All additions first, then removals, Thunderstruck's removal last (L1457); a
removal never takes a pool below zero of that die. Every die added, converted
or removed is recorded as a named source.
"""

from __future__ import annotations

import msgspec

from contracts.rulesets.wish import CheckSpec, DiceSource
from domain.errors import DomainError, StateConflict
from domain.rulesets.wish import assists, conditions, origin_abilities, travel_modes
from domain.rulesets.wish import sheet as sheets
from domain.rulesets.wish import skills as skill_table
from domain.rulesets.wish.faces import ORDER
from domain.rulesets.wish.options import WishOptions
from domain.rulesets.wish.standing_dice import standing_dice
from domain.rulesets.wish.state import WishSheet


class Pool(msgspec.Struct, kw_only=True):
    characteristic: str
    effective_characteristic: int
    skill: str | None
    counts: dict[str, int]
    sources: list[DiceSource]
    fortune_spent: int = 0
    opponent_fortune_spent: int = 0

    def add(self, source: str, die: str, n: int) -> None:
        if n > 0:
            self.counts[die] = self.counts.get(die, 0) + n
            self.sources.append(DiceSource(source=source, die=die, count=n))  # type: ignore[arg-type]

    def remove(self, source: str, die: str, n: int) -> None:
        # "if any are available to be removed" (L1457): never below zero
        k = min(n, self.counts.get(die, 0))
        if k > 0:
            self.counts[die] -= k
            self.sources.append(DiceSource(source=source, die=die, count=-k))  # type: ignore[arg-type]

    def dice(self) -> dict[str, int]:
        return {d: self.counts[d] for d in ORDER if self.counts.get(d, 0) > 0}


def check_characteristic(actor: WishSheet, spec: CheckSpec) -> tuple[str, str | None]:
    """The characteristic a check uses: the one named, else the skill's own (L47, L974)."""
    if spec.skill is not None:
        skill = actor.skills.get(spec.skill)
        listed = skill_table.catalogue(spec.skill)
        if skill is None and (listed is None or listed[1] != "basic"):
            # advanced skills cannot be attempted until acquired (L976, L1044)
            raise DomainError(
                "skill",
                "wish.skill.advanced L1044",
                f"{spec.skill!r} is not on the sheet and is not a basic skill",
            )
        if skill is not None and not skill.acquired:
            raise DomainError(
                "skill", "wish.skill.advanced L1044", f"{spec.skill!r} has not been acquired"
            )
        own = skill.characteristic if skill is not None else listed[0]  # type: ignore[index]
        if skill is not None and skill.kind == "travel" and skill.mode is not None:
            # a Travel skill's mode may name its characteristic (L1104-1190)
            own = travel_modes.characteristic(travel_modes.split(spec.skill)[0], skill.mode, own)
        return spec.characteristic or own, spec.skill
    if spec.characteristic is None:
        raise DomainError("characteristic", "wish.check L137", "name a characteristic or a skill")
    return spec.characteristic, None


def _in_scope(scope: str, ch: str, spec: CheckSpec, position: int) -> bool:
    if scope == "all":
        return True
    if scope == "skill":
        return spec.skill is not None
    if scope == "physical":
        return ch in sheets.PHYSICAL
    if scope == "mental":
        return ch in sheets.MENTAL
    kind, _, value = scope.partition(":")
    if kind == "char":
        return ch == value
    if kind == "sense":
        return value in spec.tags
    if kind == "stance":
        return position < 0 if value == "defensive" else position > 0
    return False


def assemble(
    actor: WishSheet,
    spec: CheckSpec,
    options: WishOptions,
    *,
    target: WishSheet | None = None,
    attack: bool = False,
    bypass_defense: bool = False,
    opponent_fortune_points: int = 0,
) -> Pool:
    """Assemble a check's pool from the sheet, the check and the target (digest §2.2)."""
    ch, skill = check_characteristic(actor, spec)
    c = sheets.effective(actor, ch)
    if c <= 0:
        raise DomainError(
            "characteristic",
            "wish.check.characteristic L113",
            f"{ch} is {c}: no checks can be based on it",
        )
    pool = Pool(characteristic=ch, effective_characteristic=c, skill=skill, counts={}, sources=[])
    pool.add(f"characteristic {ch} {c}", "CHR", c)  # one d8 per rating point (L137)

    # Stance converts up to depth characteristic dice, never more than there are (L91, L97).
    pos = actor.stance.position
    k = min(abs(pos), c)
    if k:
        side, die = ("Offensive", "OFF") if pos > 0 else ("Defensive", "DFN")
        pool.remove(f"stance {abs(pos)} steps {side}", "CHR", k)
        pool.add(f"stance {abs(pos)} steps {side}", die, k)
    # Contemplative / Impetuous convert SR more characteristic dice, beyond the meter's
    # depth, adding none (L1331, L1333).
    stunt = actor.stunts.get(spec.stunt) if spec.stunt else None
    facs = stunt.facilitators if stunt is not None else []
    for name, side_sign, die in (("Contemplative", -1, "DFN"), ("Impetuous", 1, "OFF")):
        if name in facs and pos * side_sign > 0 and spec.stunt is not None:
            sr = max(0, conditions.stunt_rating(actor, spec.stunt))
            extra = min(abs(pos) + sr, c) - k
            if extra > 0:
                pool.remove(f"{name} SR {sr}", "CHR", extra)
                pool.add(f"{name} SR {sr}", die, extra)

    if skill is not None and skill in actor.skills:
        pool.add(f"skill {skill} ranks", "EXP", actor.skills[skill].ranks)  # L47, L994

    for name in spec.specializations:
        found = [s for s in actor.specializations if s.name == name]
        if not found:
            raise DomainError(
                "specializations",
                "wish.specialization L167",
                f"no specialization {name!r} on the sheet",
            )
        sp = found[0]
        if sp.target not in (ch, skill):
            raise DomainError(
                "specializations",
                "wish.specialization L167",
                f"{name!r} belongs to {sp.target}, not this check",
            )
        pool.add(f"specialization {name}", options.specialization_die, sp.level)

    if spec.difficulty < 0:
        raise DomainError("difficulty", "wish.check.difficulty L37", "must not be negative")
    pool.add("difficulty", "CHL", spec.difficulty)  # L37
    # the Assist maneuvers allies took for this next check (L384), and unnamed assists where
    # the campaign's option counts them
    pool.add("assist", options.assist_die,
             assists.count(spec, options) + len(actor.assists_given))

    for src in spec.sources:
        if src.count > 0:
            pool.add(src.source, src.die, src.count)

    # Origin abilities, Looks, Wealthy and Improvisation (standing_dice.py).
    standing = standing_dice(actor, spec, options)
    for sd in standing:
        pool.add(sd.source, sd.die, sd.count)

    # Per-stunt facilitators and hindrances (L1323-1329, L1373, L1383; dice per options).
    if stunt is not None:
        marks = [*stunt.facilitators, *stunt.hindrances]
        for name, die in (
            ("Reliable", options.reliable_die),
            ("Unpredictable", options.unpredictable_die),
            ("Just Wing It", options.just_wing_it_die),
            ("Erratic", options.erratic_die),
        ):
            if name in marks:
                pool.add(name, die, 1)
        if "Difficult" in marks:
            pool.add("Difficult", "CHL", options.easy_difficult_dice)

    if target is not None and attack:
        defense = sheets.mitigation(target, "defense")
        dodge_lost = options.dodge_defense_lost_when_held and any(
            conditions.count(target, n) for n in conditions.NO_DODGE_DEFENSE
        )
        unseen = any(conditions.count(target, n) for n in conditions.BLIND_TO_ATTACKS) or any(
            conditions.count(actor, n) for n in conditions.UNSEEN_ATTACKER
        )
        if not bypass_defense and not dodge_lost and not unseen:
            pool.add("target Defense", options.defense_die, defense)  # L184
    if "item_of_power" in spec.tags:  # an attack on a Wielder's Item of Power (L920)
        if target is None or not attack or target.origin != "Wielder":
            raise DomainError("tags", "wish.origin.wielder.item_of_power L920",
                              "item_of_power tags an attack on a Wielder")
        for source, die, n in origin_abilities.item_of_power_dice(target, options):
            pool.add(source, die, n)

    # Distress: stress/fatigue tokens above the characteristic add misfortune (D-42, L896).
    # A Robot's Engineered Limits: no distress dice, Wounds or Grit instead (L896).
    if options.distress_dice and actor.origin != "Robot":
        tokens = actor.fatigue if ch in sheets.PHYSICAL else actor.stress
        pool.add("distress", "MIS", max(0, tokens - c))

    own_mods = conditions.pool_mods(actor.conditions, "self")
    for name, mod in own_mods:
        if mod.count > 0 and _in_scope(mod.scope, ch, spec, pos):
            pool.add(f"condition {name}", mod.die, mod.count)
    target_mods: list[tuple[str, conditions.PoolMod]] = []
    if target is not None:
        who = "attacker" if attack else "detector" if "detect" in spec.tags else ""
        target_mods = conditions.pool_mods(target.conditions, who)
        for name, mod in target_mods:
            if mod.count > 0:
                pool.add(f"target condition {name}", mod.die, mod.count)

    # Fortune points: one die each, up to the current total (L220).
    if spec.fortune_points < 0 or opponent_fortune_points < 0:
        raise DomainError("fortune_points", "wish.fortune.spend L220", "must not be negative")
    if spec.fortune_points > actor.fortune:
        raise StateConflict(
            "fortune_points",
            "wish.fortune.spend L220",
            f"spending {spec.fortune_points} Fortune, only {actor.fortune} left",
        )
    pool.add("Fortune points", options.fortune_own_die, spec.fortune_points)
    pool.fortune_spent = spec.fortune_points
    if opponent_fortune_points:
        if target is None:
            raise DomainError(
                "opponent_fortune_points",
                "wish.fortune.spend L220",
                "only the target of a check can spend Fortune on it",
            )
        if opponent_fortune_points > target.fortune:
            raise StateConflict(
                "opponent_fortune_points",
                "wish.fortune.spend L220",
                f"the target has only {target.fortune} Fortune",
            )
        pool.add("target's Fortune points", options.fortune_opponent_die, opponent_fortune_points)
        pool.opponent_fortune_spent = opponent_fortune_points

    # Removals after all additions.
    for sd in standing:
        pool.remove(sd.source, sd.die, -sd.count)  # Tech Edge (L906); add() skipped these
    if stunt is not None and "Easy" in stunt.facilitators:
        pool.remove("Easy", "CHL", options.easy_difficult_dice)  # L1323
    for src in spec.sources:
        if src.count < 0:
            pool.remove(src.source, src.die, -src.count)
    for name, mod in target_mods:
        if mod.count < 0:
            pool.remove(f"target condition {name}", mod.die, -mod.count)
    for name, mod in own_mods:
        if mod.count < 0 and _in_scope(mod.scope, ch, spec, pos):
            pool.remove(f"condition {name}", mod.die, -mod.count)  # Thunderstruck last (L1457)
    return pool
