"""What a boon/bane roll is made with and against, and where its boons and banes come from: the
words the roll commands, their events and check-odds share."""

from __future__ import annotations

from typing import Literal

import msgspec

Stat = Literal["strength", "agility", "intellect", "will", "perception"]
# what an attack roll is made against (L4-L11): the target's Defense or a named score
Against = Literal["defense", "strength", "agility", "intellect", "will", "perception"]
# situational sources a roll declares (each row of domain/rulesets/boonbane/boons.py)
Situation = Literal["totally_obscured", "worn_object", "partially_obscured", "heavily_obscured",
                    "cumbersome", "charged", "defended_target", "defending_resist",
                    "disarm_unarmed", "distracted", "feinted", "helped", "hidden",
                    "guessed_location", "driving", "guarded", "lunging", "shifting",
                    "unbalancing", "guarded_target", "prepared", "called_shot", "distant_shot",
                    "staggering_shot", "stabilize_dying", "two_weapons_same_target",
                    "two_weapons_different_targets"]


class SourceLine(msgspec.Struct, frozen=True, kw_only=True):
    """One source of boons, banes or a flat modifier on a roll, with its seed line."""

    source: str
    line: str
    boons: int = 0
    banes: int = 0
    modifier: int = 0
