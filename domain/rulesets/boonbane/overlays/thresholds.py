"""Insanity (L384-L392) and Corruption (L342-L350) thresholds as data, crossed upward."""

from __future__ import annotations

from typing import Final

import msgspec

from contracts.rulesets.boonbane.overlays import OverlayFigures
from domain.rulesets.boonbane.overlays import exposure

# threshold -> (effect, seed line); 12 is "12+"
INSANITY: Final[dict[int, tuple[str, str]]] = {
    3: ("minor behavior distortion", "L389"),
    6: ("persistent delusion with mechanical impact", "L390"),
    9: ("gain +1 Exposure tier", "L391"),
    12: ("gain a permanent instability trait", "L392"),
}
CORRUPTION: Final[dict[int, tuple[str, str]]] = {
    3: ("subtle environmental reactions", "L347"),
    6: ("spell side effects begin", "L348"),
    9: ("passive aura with mechanical consequences", "L349"),
    12: ("mutation risk enters play", "L350"),
}


def _crossed(before: int, after: int, reached: list[int], table: dict[int, tuple[str, str]],
             rearm: bool) -> list[int]:
    """Thresholds crossed upward (digest D-43: each crossing when re-armed, else the first)."""
    return [t for t in table if before < t <= after and (rearm or t not in reached)]


def change_insanity(fig: OverlayFigures, change: int, rearm: bool, max_tier: int
                    ) -> tuple[OverlayFigures, list[str]]:
    """Insanity changes by ``change`` (never below 0); each threshold crossed has its effect:
    at 9 +1 Exposure tier (L391), at 12+ a permanent instability trait (L392)."""
    after = max(0, fig.insanity + change)
    crossed = _crossed(fig.insanity, after, fig.insanity_thresholds, INSANITY, rearm)
    out = msgspec.structs.replace(
        fig, insanity=after,
        insanity_thresholds=sorted(set(fig.insanity_thresholds) | set(crossed)))
    effects: list[str] = []
    for t in crossed:
        text, line = INSANITY[t]
        effects.append(f"Insanity {t}: {text} {line}")
        if t == 9:
            out, more = exposure.shift(out, 1, "Insanity 9", max_tier)
            effects.extend(more)
        if t == 12 and "permanent instability trait L392" not in out.traits:
            out = msgspec.structs.replace(out, traits=[*out.traits,
                                                       "permanent instability trait L392"])
    return out, effects


def change_corruption(fig: OverlayFigures, change: int, rearm: bool
                      ) -> tuple[OverlayFigures, list[str]]:
    """Corruption changes by ``change`` (never below 0); thresholds at 3, 6, 9 and 12+."""
    after = max(0, fig.corruption + change)
    crossed = _crossed(fig.corruption, after, fig.corruption_thresholds, CORRUPTION, rearm)
    out = msgspec.structs.replace(
        fig, corruption=after,
        corruption_thresholds=sorted(set(fig.corruption_thresholds) | set(crossed)))
    return out, [f"Corruption {t}: {CORRUPTION[t][0]} {CORRUPTION[t][1]}" for t in crossed]
