"""Builders for platform-domain unit tests: a campaign folded from events, contexts, refusals."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

import pytest

from contracts import events as e
from domain import campaign, character
from domain.context import CommandContext
from domain.errors import DomainError

CID = "c1"
GM = "gwen"  # the creator, a GM
GM2 = "greg"
PLAYER = "pia"
PLAYER2 = "pat"
OBSERVER = "olly"
STRANGER = "sam"
TABLE = "t1"
CHAR = "ch1"

S = TypeVar("S")


def ctx(actor: str = GM, command_id: str = "cmd-1", seed_commitment: str = "") -> CommandContext:
    return CommandContext(actor=actor, command_id=command_id, seed_commitment=seed_commitment)


def fold(evolve: Callable[[S, e.Event], S], state: S, events: Iterable[e.Event]) -> S:
    for event in events:
        state = evolve(state, event)
    return state


def created(creator: str = GM) -> e.CampaignCreated:
    return e.CampaignCreated(campaign_id=CID, name="Saga", ruleset="generic", options={},
                             created_by=creator, seed_commitment="abc")


def added(user: str, role: str) -> e.MemberAdded:
    return e.MemberAdded(campaign_id=CID, user=user, role=role)


def table_created(table_id: str = TABLE, gms: list[str] | None = None) -> e.TableCreated:
    return e.TableCreated(campaign_id=CID, table_id=table_id, name="Main", gms=gms or [GM])


def new_campaign(*events: e.Event) -> campaign.CampaignState:
    """A campaign created by GM, then the given events."""
    return fold(campaign.evolve, campaign.initial_state(), [created(), *events])


def full_campaign(*events: e.Event) -> campaign.CampaignState:
    """GM, a second player and an observer beside PLAYER, and table TABLE run by GM."""
    return new_campaign(added(PLAYER, "player"), added(PLAYER2, "player"),
                        added(OBSERVER, "observer"), table_created(), *events)


def char_created(owner: str = PLAYER, character_id: str = CHAR,
                 name: str = "Ayla") -> e.CharacterCreated:
    return e.CharacterCreated(campaign_id=CID, character_id=character_id, owner=owner, name=name,
                              sheet={})


def new_character(*events: e.Event, owner: str = PLAYER) -> character.CharacterState:
    return fold(character.evolve, character.initial_state(), [char_created(owner), *events])


def expected_id(prefix: str, *parts: str) -> str:
    """A derived id, worked out here: prefix, then 16 hex of SHA-256 over the parts joined by US."""
    return f"{prefix}_{hashlib.sha256(chr(0x1F).join(parts).encode()).hexdigest()[:16]}"


def refused(kind: type[DomainError], field: str, rule: str, decide: Callable[[], Any]) -> None:
    """``decide()`` raises exactly ``kind`` naming ``field`` and ``rule``."""
    with pytest.raises(DomainError) as caught:
        decide()
    assert type(caught.value) is kind, repr(caught.value)
    assert (caught.value.field, caught.value.rule) == (field, rule), repr(caught.value)
