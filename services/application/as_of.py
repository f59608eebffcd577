"""``GET /v1/campaigns/{campaign_id}/as-of/{position}``: the campaign, its characters and its
encounters as the read models held them when the log's last event was at ``position``.

Folded from the log up to the position (``domain.as_of``), each campaign and character stream
starting from its snapshot where one taken at or before the position applies, and shown as the
current reads show them (the same views; a member of the campaign may read it)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import msgspec

from domain import as_of
from domain.campaign import CampaignState
from domain.character import CharacterState
from domain.errors import DomainError, NotFound

if TYPE_CHECKING:
    from services.application.ports import QueryServices

PAGE = 1000


async def campaign_as_of(svc: QueryServices, user: str, campaign_id: str,
                         position: int) -> dict[str, Any]:
    """The campaign as of ``position`` (1 .. its last position), for a member."""
    from services.application.queries import (
        campaign_body,
        character_body,
        encounter_body,
        member_role,
    )

    await member_role(svc, campaign_id, user)
    if position < 1:
        raise DomainError("position", "as-of.position",
                          f"position must be 1 or more (the campaign's first event), got {position}")
    head = (await svc.store.heads(campaigns=[campaign_id])).get(campaign_id, 0)
    if position > head:
        raise NotFound("position", "as-of.position-recorded",
                       f"campaign {campaign_id!r} has no event at position {position} yet; "
                       f"its last is {head}")
    rows: list[as_of.Row] = []
    after = 0
    while after < position:
        page = await svc.store.read_campaign(campaign_id, after, min(PAGE, position - after))
        if not page:
            break
        rows += [as_of.Row(r.position, r.stream_id, r.stream_version, r.type, r.data)
                 for r in page]
        after = page[-1].position
    snapshots = await svc.pipeline.states.snapshots.read_campaign(campaign_id)
    starts = {stream: as_of.Start(s.version, s.state, s.retconned)
              for stream, s in snapshots.items()}
    folded = as_of.fold(rows, starts)
    campaign = _as_read(folded.campaign, CampaignState)
    return {
        "position": position,
        "campaign": campaign_body(campaign, position),
        "characters": [character_body(_as_read(folded.characters[chid], CharacterState), campaign)
                       for chid in sorted(folded.characters)],
        # as the encounter read shows one: ``ruleset`` names its shape
        "encounters": {eid: encounter_body(campaign.ruleset, _as_read(state))
                       for eid, state in sorted(folded.encounters.items()) if state is not None},
    }


def _as_read(state: Any, as_type: Any = Any) -> Any:
    """A state as its read model holds it: encoded to JSON and read back (map keys as text,
    or as ``as_type`` reads them)."""
    return msgspec.json.decode(msgspec.json.encode(state), type=as_type)
