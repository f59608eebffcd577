"""Boonbane wire schema for grabs (L164-L167 Escape, L175-L181 Grab, L209-L212 Pull, L292-L295
Grabbed), the Knock Down (L191-L195), Shove (L228-L232) and Disarm (L152-L156) actions.

Seed: ``seeds/001``; ``L###`` points into it. A grab is kept on both sheets: the grabber's
``grabbing`` round effect (with the grabbed creature and the round the grab ends) and the grabbed
creature's Grabbed instance whose ``source`` is the grabber.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

StrOrAgi = Literal["strength", "agility"]


# --------------------------------------------------------------------------- commands


class Grab(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The Grab action (L175-L181): a Str or Agi attack roll against the target's Agi; on a
    success the target is grabbed until the end of the next round. Grabbing the creature one is
    already grabbing succeeds with no roll and renews the grab (L179). That the grabber has a
    free hand and the target a body within reach is the GM's to judge (not checked)."""

    campaign_id: str
    encounter_id: str
    character_id: str
    target_id: str
    attribute: StrOrAgi = "strength"
    use: Literal["action", "triggered"] = "action"


class Escape(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The Escape action (L164-L167): a Str or Agi attack roll against the grabber's Str; on a
    success the grab ends and the creature may move up to half its Speed without triggering
    free attacks. ``target_id`` is the grabber."""

    campaign_id: str
    encounter_id: str
    character_id: str
    target_id: str
    attribute: StrOrAgi = "strength"
    use: Literal["action", "triggered"] = "action"


class Pull(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The Pull action (L209-L212): a Str attack roll against the Str of a creature one is
    grabbing that is smaller; on a success the puller moves up to half its Speed taking it."""

    campaign_id: str
    encounter_id: str
    character_id: str
    target_id: str
    use: Literal["action", "triggered"] = "action"


class ReleaseGrab(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The grabber lets go of ``target_id`` (L295: when a larger grabbed creature moves, the
    grabber clings on, the default, or ends the grab)."""

    campaign_id: str
    character_id: str
    target_id: str


class KnockDown(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The Knock Down action (L191-L195): a Str attack roll against the target's Agi, 1 bane per
    size step if larger, 1 boon per step if smaller (as written, option
    ``size_difference_mode``, digest D-26); on a success the target falls prone."""

    campaign_id: str
    encounter_id: str
    character_id: str
    target_id: str
    charge: bool = False  # the attack of a Charge (L142): 1 bane on it and all rolls this round
    use: Literal["action", "triggered"] = "action"


class Shove(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The Shove action (L228-L232): a Str attack roll against the target's Str with the same
    size boons or banes; on a success the target is moved 1 + the Str modifier yards, minimum 1."""

    campaign_id: str
    encounter_id: str
    character_id: str
    target_id: str
    charge: bool = False  # the attack of a Charge (L142): 1 bane on it and all rolls this round
    use: Literal["action", "triggered"] = "action"


class Disarm(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The Disarm action (L152-L156): a Str or Agi attack roll against the higher of the target's
    Str and Agi, with 2 banes if ``unarmed``; on a success the target drops one object it holds
    (``item``, the attacker's choice; held objects are not tracked)."""

    campaign_id: str
    encounter_id: str
    character_id: str
    target_id: str
    attribute: StrOrAgi = "strength"
    unarmed: bool = False
    item: Annotated[str, msgspec.Meta(min_length=1, max_length=80)] | None = None
    use: Literal["action", "triggered"] = "action"


# --------------------------------------------------------------------------- events


class GrabStarted(msgspec.Struct, frozen=True, kw_only=True):
    """A grab begins or is renewed (L179-L180), recorded on the grabber's and the grabbed
    creature's streams (``character_id`` is the stream's creature)."""

    character_id: str
    grabber_id: str
    target_id: str
    until_round: int  # the grab ends with this round (the end of the next round, L180)
    renewed: bool = False  # an automatic success on the creature already grabbed (L179)


class GrabEnded(msgspec.Struct, frozen=True, kw_only=True):
    """A grab ends, on the grabber's and the grabbed creature's streams: escaped (L167), released
    (L295), out of reach (L181), the grabber unable to use actions (L181)."""

    character_id: str
    grabber_id: str
    target_id: str
    cause: str
    yards: int | None = None  # an escaper's move without free attacks: half its Speed (L167)


class Moved(msgspec.Struct, frozen=True, kw_only=True):
    """Movement an action forced on a creature: pulled along (L212) or shoved (L232), in yards."""

    character_id: str  # the creature moved
    by: str  # the creature whose action moved it
    yards: int
    cause: str


class Dropped(msgspec.Struct, frozen=True, kw_only=True):
    """A disarmed creature drops one object it holds (L155)."""

    character_id: str
    by: str
    item: str | None
    cause: str


COMMANDS: tuple[type[msgspec.Struct], ...] = (Grab, Escape, Pull, ReleaseGrab, KnockDown, Shove,
                                              Disarm)
