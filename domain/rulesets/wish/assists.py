"""The Assist maneuver (L382-388): an ally engaged with the assisting character adds one die
to their next check per assisting character (L384). Nobody assists themselves (L388), and an
Advanced Skill is assisted only by characters who have at least acquired it (L386).

Assisting is the assistant's own maneuver (L384: "Performing the Assist maneuver"), taken by
its own command (``TakeManeuver`` kind ``assist``) and recorded on the helped character's
sheet for its next check, which uses it up. A check gains assist dice only from those records:
``assisted_by`` on a check names assistants it expects, each of whom must have assisted it.
"""

from __future__ import annotations

from collections.abc import Mapping

from contracts.rulesets.wish import CheckSpec
from domain.errors import DomainError, StateConflict
from domain.rulesets.wish import range_bands
from domain.rulesets.wish import skills as skill_table
from domain.rulesets.wish.options import WishOptions
from domain.rulesets.wish.state import WishSheet


def count(spec: CheckSpec, options: WishOptions) -> int:
    """Unnamed assist dice (L384): only where the campaign's ``unnamed_assists`` option allows
    them, since nobody's maneuver stands behind them (L386-388). The named ones are the Assist
    maneuvers recorded for the check (``check_given``)."""
    if spec.assists < 0:
        raise DomainError("assists", "wish.maneuver.assist L384", "must not be negative")
    if spec.assists and not options.unnamed_assists:
        raise DomainError("assists", "wish.maneuver.assist L386-388",
                          "name each assisting character in assisted_by")
    return spec.assists


def validate(actor_id: str, spec: CheckSpec) -> None:
    """The form of ``assisted_by`` (L384-388): each named character someone else (L388), named
    once. Refused before any state is read."""
    if len(set(spec.assisted_by)) != len(spec.assisted_by):
        raise DomainError("assisted_by", "wish.maneuver.assist L384", "each ally assists once")
    if actor_id in spec.assisted_by:
        raise DomainError("assisted_by", "wish.maneuver.assist L388",
                          "a character cannot assist themselves")


def _advanced(skill: str | None) -> bool:
    listed = skill_table.catalogue(skill) if skill else None
    return skill is not None and (listed is None or listed[1] != "basic")


def maneuver(assister_id: str, assister: WishSheet, ally_id: str | None, skill: str | None,
             separations: Mapping[str, int] | None) -> None:
    """The Assist maneuver (L384-388), taken by the assisting character on its own turn: it
    names an ally other than itself (L388), engaged with it (L384), and an Advanced Skill the
    ally will use only if the assister has at least acquired it (L386)."""
    if ally_id is None:
        raise DomainError("ally_id", "wish.maneuver.assist L384", "name the ally to assist")
    if ally_id == assister_id:
        raise DomainError("ally_id", "wish.maneuver.assist L388",
                          "a character cannot assist themselves")
    if _advanced(skill) and skill is not None:
        own = assister.skills.get(skill)
        if own is None or not own.acquired:
            raise StateConflict("skill", "wish.maneuver.assist L386",
                                f"{assister_id} has not acquired the Advanced Skill {skill}")
    apart = (separations or {}).get(range_bands.pair(assister_id, ally_id))
    if apart:
        raise StateConflict("ally_id", "wish.maneuver.assist L384",
                            f"{ally_id} is {range_bands.band(apart)}, not engaged")


def check_given(actor_id: str, actor: WishSheet, spec: CheckSpec,
                separations: Mapping[str, int] | None) -> None:
    """The Assist maneuvers taken for this check (L384-388): each character named in
    ``assisted_by`` took one (L384: "Performing the Assist maneuver allows an ally ... to add
    to their next check"; naming an ally gives no die by itself), each assister still
    engaged, and, for an Advanced Skill, assisting with that skill (acquired when the maneuver
    was taken, L386)."""
    given = {g.by for g in actor.assists_given}
    for ally_id in spec.assisted_by:
        if ally_id not in given:
            raise StateConflict("assisted_by", "wish.maneuver.assist L384",
                                f"{ally_id} has not taken the Assist maneuver for "
                                f"{actor_id}'s next check")
    for g in actor.assists_given:
        if _advanced(spec.skill) and g.skill != spec.skill:
            raise StateConflict("skill", "wish.maneuver.assist L386",
                                f"{g.by} assisted without the Advanced Skill {spec.skill}")
        apart = (separations or {}).get(range_bands.pair(actor_id, g.by))
        if apart:
            raise StateConflict("character_id", "wish.maneuver.assist L384",
                                f"{g.by} is {range_bands.band(apart)}, no longer engaged")
