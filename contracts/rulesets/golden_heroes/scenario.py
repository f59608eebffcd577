"""Golden Heroes end of a scenario (L326-L330, L356-L357): Practice and the Success Rate."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

Result = Literal["success", "partial", "failure"]


class ScenarioOutcome(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One character's part in the scenario as the referee judges it (L329, L357); ``unseen``
    lowers the Practice value for a success the public did not see ("-1 (or more)", L329)."""

    character_id: str
    result: Result
    unseen: Annotated[int, msgspec.Meta(ge=0, le=9)] = 0


class EndScenario(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The referee ends a scenario of Practice value 1-10 (L326-L327) with each character's
    outcome: their Practice and Success Rate are worked out (L329, L357)."""

    campaign_id: str
    practice: Annotated[int, msgspec.Meta(ge=1, le=10)]
    outcomes: Annotated[list[ScenarioOutcome], msgspec.Meta(min_length=1, max_length=50)]


class ScenarioEnded(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str
    result: str
    practice_value: int  # the scenario's value less ``unseen``, at least 1
    practice_before: str  # e.g. "3" or "3.5": halves are retained (L329)
    practice: int  # whole part, the Public Status component
    practice_half: bool
    results: list[str]  # the last five scenarios, latest last (L357)
    success_rate: int
