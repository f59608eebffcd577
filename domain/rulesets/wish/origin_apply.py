"""Applying an Origin to a sheet in creation (L751-924): its fixed modifiers, the player's
free picks, a Mystic's Mystical Talent and the Alien's and Wielder's restricted points."""

from __future__ import annotations

import msgspec

from domain.errors import DomainError
from domain.rulesets.wish import sheet as sheets
from domain.rulesets.wish.creation_tables import (
    MYSTIC_TALENTS,
    MYSTICAL_ADVANTAGE,
    ORIGINS,
    Talent,
)
from domain.rulesets.wish.state import WishSheet


def apply_origin(
    sheet: WishSheet, origin: str, picks: dict[str, int] | None = None, talent: str | None = None,
    *, restricted: bool = False,
) -> WishSheet:
    """Apply an origin before any points are spent (L147, L765): its fixed modifiers and the
    player's free +1/-1 picks, each raising (or lowering) both rating and maximum (L774), on
    Physical characteristics only for Animal Anatomy (L785). A Mystic names its Mystical Talent
    (L840-869): Primeval brings four picks instead of the Mystical Advantage, Destined +5
    Fortune; the other talents' granted skills and SFX are not applied here. ``restricted``:
    the Alien's and Wielder's points go to their own restricted currency (L776, L921) rather
    than to general creation points."""
    o = ORIGINS.get(origin)
    if o is None:
        raise DomainError("origin", "wish.origin L751", f"unknown origin {origin!r}")
    t = _talent(origin, talent)
    free_bonuses = o.free_bonuses + (t.free_bonuses if t else 0)
    points = o.creation_points - (MYSTICAL_ADVANTAGE if t and t.forgoes_advantage else 0)
    kept = dict(sheet.restricted_points)
    if o.restricted_points and restricted:
        kept[o.restricted_currency] = kept.get(o.restricted_currency, 0) + o.restricted_points
    else:
        points += o.restricted_points
    fortune = o.fortune + (t.fortune if t else 0)
    picks = dict(picks or {})
    ups = sum(v for v in picks.values() if v > 0)
    downs = -sum(v for v in picks.values() if v < 0)
    if ups != free_bonuses or downs != o.free_penalties:
        raise DomainError(
            "picks",
            f"wish.origin.{origin.lower()} L{t.line if t else o.line}",
            f"{origin} takes {free_bonuses} +1 and {o.free_penalties} -1 picks",
        )
    if o.pick_scope == "physical":
        off = sorted(k for k in picks if k not in sheets.PHYSICAL)
        if off:
            raise DomainError(
                "picks",
                f"wish.origin.{origin.lower()} L785",
                f"{origin} bonuses go to Physical characteristics only, not {off}",
            )
    chars, maxima = dict(sheet.characteristics), dict(sheet.maxima)
    mit_max = dict(sheet.mitigation_maxima)
    mit = {m: getattr(sheet, m) for m in sheets.MITIGATION}
    if o.maxima is not None:  # Cosmic Capabilities (L798)
        maxima = {c: max(v, o.maxima) for c, v in maxima.items()}
        mit_max = {m: max(v, o.maxima) for m, v in mit_max.items()}
    changes = [*o.characteristics, *picks.items(), ("soak", o.soak), ("psyche", o.psyche)]
    for stat, delta in changes:
        if stat in chars:
            chars[stat] += delta
            maxima[stat] = maxima.get(stat, sheets.NORMAL_MAXIMUM) + delta
        elif stat in mit:
            mit[stat] += delta
            mit_max[stat] = mit_max.get(stat, sheets.NORMAL_MAXIMUM) + delta
        else:
            raise DomainError("picks", "wish.origin L774", f"{stat!r} is not a statistic")
    stance = msgspec.structs.replace(
        sheet.stance, offensive=sheet.stance.offensive + o.offensive_steps
    )
    return msgspec.structs.replace(
        sheet,
        origin=origin,
        characteristics=chars,
        maxima=maxima,
        mitigation_maxima=mit_max,
        stance=stance,
        origin_talent=t.name if t else None,
        fortune_rating=sheet.fortune_rating + fortune,
        fortune=max(0, sheet.fortune + fortune),
        creation_points=sheet.creation_points + points,
        restricted_points=kept,
        **mit,
    )


def _talent(origin: str, talent: str | None) -> Talent | None:
    """The Mystical Talent a Mystic must choose (L840); other origins take none."""
    rule = "wish.origin.mystic L840"
    if origin != "Mystic":
        if talent is not None:
            raise DomainError("talent", rule, "only a Mystic chooses a Mystical Talent")
        return None
    found = MYSTIC_TALENTS.get(talent or "")
    if found is None:
        raise DomainError("talent", rule, f"choose a Mystical Talent: {sorted(MYSTIC_TALENTS)}")
    return found
