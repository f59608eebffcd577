"""Boonbane campaign options: each a gap in the seed the digest resolves (§6), named, with the
digest's recommendation as its default."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal

import msgspec

from domain.errors import DomainError


class BoonbaneOptions(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The campaign's choices where the seed is silent; an unknown option is refused."""

    # D-6: at the end of a disabled round the Fate roll comes first and then the round counts
    # toward L38 ("fate_first"), or the third round's L38 effect replaces its Fate roll
    disabled_counter_order: Literal["fate_first", "count_first"] = "fate_first"
    # D-17: rounds in a minute, for "impaired for 1 minute" (L36) and other timed afflictions
    rounds_per_minute: Annotated[int, msgspec.Meta(ge=1, le=60)] = 6
    # D-14: injured at Damage >= half of Health, exactly ("exact_half") or rounded down
    injured_threshold: Literal["exact_half", "floor_half"] = "exact_half"
    # D-60: "dead" is permanent death, or the Death State overlay's mechanical state (L352-L356)
    death_mode: Literal["permanent", "death_state"] = "permanent"
    # D-13: damage an unconscious non-player creature heals on waking from its 1d3 hours (L64;
    # the seed is silent, the digest mirrors L38's 1)
    npc_wake_heal: Annotated[int, msgspec.Meta(ge=0, le=999)] = 1
    # D-54: Escalation tokens stay until the task succeeds or the scene ends, or are used up by
    # the next related roll
    escalation_consumed_on_use: bool = False
    # D-47: Exposure tiers run 0..3; a gain at the top is recorded as an overflow for the GM
    exposure_max_tier: Annotated[int, msgspec.Meta(ge=1, le=3)] = 3
    # D-48: tiers an artifact's Exposure check adds, by grade (L338-L339, L379)
    artifact_exposure_by_grade: dict[Literal["minor", "standard", "major", "sealed"],
                                     Annotated[int, msgspec.Meta(ge=0, le=3)]] = msgspec.field(
        default_factory=lambda: {"minor": 1, "standard": 1, "major": 1, "sealed": 1})
    # D-43: Insanity and Corruption thresholds fire on each upward crossing (re-armed after
    # dropping below) or only the first time
    threshold_rearm: bool = True
    # D-55: action keys exempt from Repetition (e.g. "melee_attack"); none by default
    repetition_exempt: list[str] = []
    # D-59: without the needed knowledge an action fails with no dice ("auto_fail") or resolves
    # at reduced effect; with partial knowledge numeric effects are halved
    knowledge_gate_unknown: Literal["auto_fail", "reduced_effect"] = "auto_fail"
    # D-26: Knock Down and Shove (L194, L231) give the larger creature 1 bane per size step and
    # the smaller 1 boon, as written; "favor_larger" swaps them (a probable erratum)
    size_difference_mode: Literal["as_written", "favor_larger"] = "as_written"
    # D-37: a Feint's "does not trigger free attacks from the target for 1 round" (L171) lasts
    # to the end of the next round, like its 2 boons, or only to the end of this round
    feint_safe_movement_until: Literal["end_of_next_round", "end_of_round"] = "end_of_next_round"
    # D-16: "A rest cannot be interrupted for more than 1 minute." (L95) counts the breaks
    # together ("total") or each break by itself ("each")
    rest_interruptions_counted: Literal["total", "each"] = "total"
    # D-63: the reach, in yards, of a creature before a weapon's Reach +X (L84, L130)
    default_reach_yards: Annotated[int, msgspec.Meta(ge=0, le=20)] = 1
    # D-64: "You can usually do 1 minor activity on a fast turn or 2 on a slow turn." (L74)
    minor_activities_fast: Annotated[int, msgspec.Meta(ge=0, le=10)] = 1
    minor_activities_slow: Annotated[int, msgspec.Meta(ge=0, le=10)] = 2


def parse_options(raw: Mapping[str, Any]) -> BoonbaneOptions:
    """The campaign's options; a wrong one is refused naming ``options.<name>``."""
    try:
        return msgspec.convert(dict(raw), BoonbaneOptions)
    except msgspec.ValidationError as err:
        path = str(err).rsplit("at `$", 1)
        field = "options" + (path[1].rstrip("`") if len(path) == 2 else "")
        raise DomainError(field, "boonbane.options", str(err)) from None
