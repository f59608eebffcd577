"""From the domain's states to the platform's views (``contracts.views``): pure, one per view.

The states are the domain's to change; the views are the wire. Every view a read serves (HTTP,
gRPC, the as-of read, the campaign listings the projector writes, a verification's report) is
built here, field by field.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from contracts import views as v
from domain.audit import Report
from domain.campaign import CampaignState, SessionState, TableState
from domain.character import CharacterState


def member_views(state: CampaignState) -> list[v.Member]:
    """The campaign's members and their roles, by user."""
    return [v.Member(user=user, role=role) for user, role in sorted(state.members.items())]


def session_view(session: SessionState) -> v.SessionState:
    return v.SessionState(session_id=session.session_id, number=session.number,
                          active=session.active)


def table_view(table: TableState) -> v.TableState:
    return v.TableState(table_id=table.table_id, name=table.name, gms=list(table.gms),
                        seated=list(table.seated),
                        sessions=[session_view(s) for s in table.sessions])


def table_views(state: CampaignState) -> list[v.TableState]:
    """The campaign's tables, in the order they were created."""
    return [table_view(t) for t in state.tables.values()]


def campaign_view(state: CampaignState, position: int) -> v.CampaignView:
    """The campaign with its members and tables as lists, at the read models' ``position``."""
    return v.CampaignView(
        campaign_id=state.campaign_id,
        name=state.name,
        ruleset=state.ruleset,
        options=dict(state.options),
        created_by=state.created_by,
        seed_commitment=state.seed_commitment,
        members=member_views(state),
        tables=table_views(state),
        reveal_seed_at_session_end=state.reveal_seed_at_session_end,
        epoch=state.epoch,
        commitments=dict(state.commitments),
        revealed_seeds=dict(state.revealed_seeds),
        revealed_rolls=list(state.revealed_rolls),
        retconned=list(state.retconned),
        version=state.version,
        position=position,
    )


def character_view(state: CharacterState, derived: Mapping[str, Any] | None = None,
                   sheet: Mapping[str, Any] | None = None) -> v.CharacterView:
    """The character, and what its ruleset derives from its sheet (``derived``: None when the
    ruleset derives nothing, and then the view has no ``derived``); ``sheet``: the ruleset's view
    of the sheet (its ``views.py``), when it has one, else the sheet as stored."""
    view = v.CharacterView(
        campaign_id=state.campaign_id,
        character_id=state.character_id,
        owner=state.owner,
        name=state.name,
        sheet=dict(state.sheet if sheet is None else sheet),
        retired=state.retired,
        retired_reason=state.retired_reason,
        version=state.version,
    )
    if derived is not None:
        view.derived = dict(derived)
    return view


def campaign_summaries(state: CampaignState) -> dict[str, v.CampaignSummary]:
    """Each member's entry in their campaign listing, by user (in the order they joined)."""
    return {user: v.CampaignSummary(campaign_id=state.campaign_id, name=state.name,
                                    ruleset=state.ruleset, role=role)
            for user, role in state.members.items()}


def verify_report(report: Report) -> v.VerifyReport:
    """What verifying an export found (``domain.audit.verify_export``); ``ok`` if nothing."""
    return v.VerifyReport(
        campaign_id=report.campaign_id,
        events=report.events,
        rolls_verified=report.rolls_verified,
        rolls_unverifiable=report.rolls_unverifiable,
        revealed_epochs=list(report.revealed_epochs),
        retcons=[dict(r) for r in report.retcons],
        failures=[v.Finding(position=f.position, line=f.line, check=f.check, detail=f.detail)
                  for f in report.failures],
        ok=report.ok,
    )
