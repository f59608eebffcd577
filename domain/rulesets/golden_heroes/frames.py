"""Rounds and frames (L40-L60): initiative, the three-part round, slots, borrowing.

Each side's frames are slots 1-4; a character with F frames a round owns slots 5-F..4, the
last F of its side's turn (L42; digest decision #36); a stunned character has 2 (L123), a
helpless one none. With ``k`` frames won, phase 1 is the
winners' slots 1..k, phase 2 all of the opposition's, phase 3 the winners' slots k+1..4 and
any odd frame a winner delayed (L46-L54). Inside a phase each character takes its slots in
turn: those with 2 or 3 frames last (L52), Speed first (L270), then by Dexterity (L51-L52),
equal Dexterity by a d20. Nobody holds up a side: a character without a frame left in the phase
(or helpless) is passed over, and ``pass`` gives up the rest of a character's turn.
"""

from __future__ import annotations

from collections.abc import Mapping

from domain.dice import Dice
from domain.rulesets.golden_heroes import states, tables
from domain.rulesets.golden_heroes.state import Combatant, EncounterState

MAX_REROLLS = 100  # equal initiative rolls are rolled again (L43); this only bounds the loop


def frames_won(difference: int) -> int:
    """The INITIATIVE RESULTS table: 1-2 -> 1 frame, 3-4 -> 2, 5-6 -> 3, 7+ -> 4 (L44-L45)."""
    return tables.band(tables.FRAMES_WON, difference)


def roll_initiative(dice: Dice) -> list[list[int]]:
    """1d10 for each side, both rolling again while equal (L43): [[heroes, villains], ...]."""
    rolls: list[list[int]] = []
    for _ in range(MAX_REROLLS):
        pair = [dice.roll(10), dice.roll(10)]
        rolls.append(pair)
        if pair[0] != pair[1]:
            break
    return rolls


def owned_slots(frames: int) -> list[int]:
    """The slots of a character with ``frames`` frames: the last ones of its side's turn (L42)."""
    return list(range(5 - frames, 5))


def acting_order(combatants: list[Combatant],
                 round_frames: Mapping[str, int] | None = None) -> list[str]:
    """Inside a side: characters with 2 or 3 frames this round (a stunned one has 2, L123) "act
    last of all" (L52); among the others Speed first (L270), then higher Dexterity (L51-L52),
    then the d20."""
    have = round_frames or {}
    ranked = sorted(combatants, key=lambda c: (-have.get(c.character_id, c.frames), not c.speed,
                                               -c.dexterity, -c.tiebreak, c.character_id))
    return [c.character_id for c in ranked]


def tiebreaks(combatants: list[Combatant], dice: Dice) -> tuple[dict[str, int], list[int]]:
    """A d20 for each character sharing a side and Dexterity, rolled again until they differ
    (digest decision #35); returns each roll and every die drawn."""
    groups: dict[tuple[str, int], list[str]] = {}
    for c in combatants:
        groups.setdefault((c.side, c.dexterity), []).append(c.character_id)
    out: dict[str, int] = {}
    drawn: list[int] = []
    for ids in groups.values():
        if len(ids) < 2:
            continue
        for _ in range(MAX_REROLLS):
            faces = [dice.roll(20) for _ in ids]
            drawn.extend(faces)
            if len(set(faces)) == len(faces):
                break
        out.update(zip(ids, faces, strict=True))
    return out, drawn


def combatant(state: EncounterState, cid: str) -> Combatant | None:
    return next((c for c in state.combatants if c.character_id == cid), None)


def phase_side(state: EncounterState, phase: int) -> str | None:
    """Phases 1 and 3 are the winners', phase 2 the opposition's (L46)."""
    if state.winner is None or phase not in (1, 2, 3):
        return None
    loser = "villains" if state.winner == "heroes" else "heroes"
    return loser if phase == 2 else state.winner


def phase_slots(state: EncounterState, cid: str, phase: int) -> list[int]:
    """The slots ``cid`` owns in ``phase`` this round (L46-L47; an odd delayed frame, L46)."""
    who = combatant(state, cid)
    if who is None or phase_side(state, phase) != who.side:
        return []
    owned = owned_slots(state.frames.get(cid, who.frames))
    k = state.frames_won
    if phase == 2:
        return owned
    delayed = cid in state.delayed
    if phase == 1:
        return [s for s in owned if s <= k and not (delayed and s == k)]
    late = [s for s in owned if s > k]
    return ([k] if delayed and k in owned else []) + late


def available(state: EncounterState, cid: str, phase: int) -> list[int]:
    used = set(state.used.get(cid, []))
    return [s for s in phase_slots(state, cid, phase) if s not in used]


def current_actor(state: EncounterState) -> str | None:
    """Who acts now: the first of the phase's side, in acting order, with a frame left."""
    side = phase_side(state, state.phase)
    ranked = acting_order([c for c in state.combatants if c.side == side], state.frames)
    return next((cid for cid in ranked if available(state, cid, state.phase)), None)


def future_slots(state: EncounterState, cid: str) -> list[int]:
    """This round's slots still to come for ``cid``, in time order (for responses, L60, L100)."""
    out: list[int] = []
    for phase in range(max(state.phase, 1), 4):
        out.extend(available(state, cid, phase))
    return out


def next_round_frames(state: EncounterState, cid: str) -> int:
    """Next round's frames not yet borrowed: at most all of them (L54, L60), and a stunned
    character has only 2 a round "until they have recovered" (L123)."""
    who = combatant(state, cid)
    if who is None:
        return 0
    have = states.frames_per_round(who.frames, who.condition)
    return max(have - state.borrowed.get(cid, 0), 0)
