"""Taking turns (L36-48): recoup, rest, movement, anticipation and seizing the initiative."""

from __future__ import annotations

from collections.abc import Sequence

from domain.errors import DomainError, StateConflict
from domain.rulesets.potential import sheet as sheets
from domain.rulesets.potential.state import PotentialSheet, TurnState

RECOUP_PER_TURN = 2  # dynamic tokens (L42)
REST_RECOUP = 3  # any mix, when taking no action and spending nothing (L43-44)
MOSEY_DISTANCE = 3  # "the equivalent of rolling 3" (L46)


def own_turn(sheet: PotentialSheet, field: str = "payload.character_id") -> TurnState:
    """L40-43: the character's own turn in progress (recoup, moves and ending it need one)."""
    if sheet.turn is None:
        raise StateConflict(field, "potential.own-turn L42", "this is not the character's turn")
    return sheet.turn


def check_may_act(sheet: PotentialSheet) -> None:
    """L53, P-35: an unconscious character takes no action; L43-44: a character who rested
    beyond the normal recoup takes no action this turn."""
    if not sheets.is_conscious(sheet):
        raise StateConflict("payload.character_id", "potential.unconscious L53",
                            "an unconscious character takes no actions")
    if sheet.turn is not None and sheet.turn.rested:
        raise StateConflict("payload.character_id", "potential.rest L43",
                            "the character is resting this turn: no actions (L43)")


def check_whose_turn(sheet: PotentialSheet, opportunity: bool) -> None:
    """L40: in combat a character acts during its own turn; an Opportunity advantage lets it
    act during someone else's (L65). Resistance actions (L50) and aid (L63-64) are not bound."""
    if sheet.in_combat and sheet.turn is None and not opportunity:
        raise StateConflict("payload.character_id", "potential.own-turn L40",
                            "in combat a character acts in its own turn; outside it only with "
                            "an Opportunity advantage (L65)")


def check_recoup(sheet: PotentialSheet, dynamic: int, static: int) -> bool:
    """Recoup (L42-44); returns whether it makes the turn a rest.

    Normally up to two dynamic tokens per turn, in parts (L43). A character who has taken no
    action and spent nothing may instead rest: up to three tokens of any mix (L43-44).
    """
    turn = own_turn(sheet)
    if dynamic + static == 0:
        raise DomainError("payload.dynamic", "potential.recoup L42", "recoup at least one token")
    if dynamic > sheet.dynamic.spent or static > sheet.static.spent:
        raise DomainError("payload.dynamic" if dynamic > sheet.dynamic.spent else "payload.static",
                          "potential.recoup-spent L42",
                          "recouping moves tokens from the spent pile; there are not so many")
    total = turn.recouped_dynamic + turn.recouped_static + dynamic + static
    normal = static == 0 and turn.recouped_static == 0 and total <= RECOUP_PER_TURN
    if normal:
        return turn.rested
    if turn.acted:
        raise DomainError("payload.static" if static else "payload.dynamic",
                          "potential.recoup-limit L42",
                          "after acting or spending, a turn recoups only two dynamic tokens")
    if total > REST_RECOUP:
        raise DomainError("payload.dynamic", "potential.rest-limit L44",
                          f"a rest recoups at most {REST_RECOUP} tokens in all")
    return True


def check_anticipate(sheet: PotentialSheet, advantages: Sequence[str]) -> None:
    """L60, P-29: one unspent dynamic token on each of some available dynamic advantages."""
    field = "payload.anticipate"
    if len(set(advantages)) != len(advantages):
        raise DomainError(field, "potential.anticipate P-29", "one token per advantage")
    for adv_id in advantages:
        adv = sheets.find(sheet, adv_id)
        if adv is None or adv.discarded:
            raise DomainError(field, "potential.available L19", f"{adv_id!r} is not available")
        if sheets.is_static(adv):
            raise DomainError(field, "potential.anticipate L60",
                              f"{adv_id!r} is static; anticipation uses dynamic potential")
        if adv_id == sheet.free_resist:
            raise DomainError(field, "potential.anticipate P-29",
                              "the free resist is already free in a resistance")
    if len(advantages) > sheet.dynamic.bank:
        raise DomainError(field, "potential.anticipate L60",
                          f"only {sheet.dynamic.bank} unspent dynamic potential")
