"""Turn Order (L115-L122) and Triggered Actions (L110-L114): fast and slow turns in the seed's
order, one move and one action per turn as the turn allows, one triggered action per round."""

from __future__ import annotations

from typing import Final

import msgspec

from contracts.rulesets.boonbane.minor import MinorActivityUsed
from contracts.rulesets.boonbane.play import ActionUsed, EncounterStarted, RoundEnded, TurnTaken
from domain.errors import StateConflict
from domain.rulesets.boonbane import afflictions
from domain.rulesets.boonbane.state import BoonbaneEncounter, BoonbaneSheet

# the phases of a round in order (L118-L119): no turn may be taken in an earlier phase than one
# already reached; end-of-round effects come last (L120)
PHASES: Final[tuple[tuple[str, str, str], ...]] = (
    ("fast", "players", "L118"), ("fast", "enemies", "L118"),
    ("slow", "players", "L119"), ("slow", "enemies", "L119"),
)
# afflictions that allow only a slow turn
SLOW_ONLY: Final[dict[str, str]] = {"frightened": "L291", "slowed": "L319"}
# a compelled creature's source uses its fast turns (L267), and it gets no slow turn (digest D-22)
FAST_ONLY: Final[dict[str, str]] = {"compelled": "L267"}
# afflictions under which a creature can neither move nor use actions, so takes no turn
NO_TURN: Final[dict[str, str]] = {"unconscious": "L332", "stunned": "L323", "surprised": "L328"}
# afflictions that stop the creature moving (Immobilized: Speed 0, L298)
NO_MOVE: Final[dict[str, str]] = {**NO_TURN, "compelled": "L266", "immobilized": "L298"}


def load(enc: BoonbaneEncounter | None, field: str = "encounter_id") -> BoonbaneEncounter:
    """A running encounter's state; refused naming ``field`` when there is none."""
    if enc is None:
        raise StateConflict(field, "boonbane.encounter L117", "no such encounter is running")
    return enc


def phase_name(index: int) -> str:
    kind, side, _ = PHASES[index]
    return f"{side} {kind} turns"


def take_turn(enc: BoonbaneEncounter, sheet: BoonbaneSheet, cid: str, kind: str) -> TurnTaken:
    """Each round a creature chooses a fast or a slow turn (L117); players' fast turns, then the
    enemies', then players' slow turns, then the enemies' (L118-L119)."""
    if cid not in enc.sides:
        raise StateConflict("character_id", "boonbane.encounter L117",
                            f"{cid!r} is not in this encounter")
    if cid in enc.turns:
        raise StateConflict("character_id", "boonbane.one-turn L117",
                            f"{cid!r} has taken its turn this round")
    own = afflictions.active(sheet.afflictions)
    for name, line in NO_TURN.items():
        if name in own or (name == "unconscious" and sheet.life_state in ("dying", "dead")):
            raise StateConflict("character_id", f"boonbane.{name} {line}",
                                f"a {name} creature cannot move or use actions: no turn")
    if sheet.life_state == "dead":
        raise StateConflict("character_id", "boonbane.dead", "the dead take no turns")
    if kind == "fast":
        for name, line in SLOW_ONLY.items():
            if name in own:
                raise StateConflict("turn", f"boonbane.{name} {line}",
                                    f"a {name} creature can take only a slow turn")
    else:
        for name, line in FAST_ONLY.items():
            if name in own:
                raise StateConflict("turn", f"boonbane.{name} {line}",
                                    f"a {name} creature takes only fast turns, its source's")
    index = next(i for i, (k, side, _) in enumerate(PHASES) if (k, side) == (kind, enc.sides[cid]))
    if index < enc.phase:
        raise StateConflict("turn", f"boonbane.turn-order {PHASES[index][2]}",
                            f"{phase_name(enc.phase)} have begun: {phase_name(index)} are over")
    return TurnTaken(character_id=cid, turn=kind, round=enc.round, phase=phase_name(index))


def spend(enc: BoonbaneEncounter, sheet: BoonbaneSheet, cid: str, what: str,
          command: str) -> ActionUsed:
    """Spend the turn's move or action, or the round's triggered action: a fast turn moves or
    acts, not both (L121); a slow turn moves and acts (L122); one triggered action a round
    (L112-L113). Acting needs a creature that can use actions (L265-L334); a compelled one
    moves or acts on its own fast turn as its source decides (L267)."""
    compelled_turn = what != "triggered" and enc.current == cid and enc.turns.get(cid) == "fast"
    allowed = {"compelled"} if compelled_turn else set()
    if what == "move":
        own = afflictions.active(sheet.afflictions) - allowed
        for name, line in NO_MOVE.items():
            if name in own:
                raise StateConflict("character_id", f"boonbane.{name} {line}",
                                    f"a {name} creature cannot move")
    else:
        no_actions(sheet, allowed)
    if what == "triggered":
        if cid not in enc.sides:
            raise StateConflict("character_id", "boonbane.encounter L117",
                                f"{cid!r} is not in this encounter")
        if cid in enc.triggered:
            raise StateConflict("use", "boonbane.triggered-action L112-L113",
                                "one triggered action each round: already used this round")
        return ActionUsed(character_id=cid, spent="triggered", command=command, round=enc.round)
    if enc.current != cid:
        raise StateConflict("character_id", "boonbane.own-turn L117",
                            f"it is not {cid!r}'s turn")
    if what in enc.spent:
        raise StateConflict("use" if what == "action" else "character_id",
                            f"boonbane.one-{what} L121-L122",
                            f"a turn has one {what}: already used this turn")
    if enc.turns[cid] == "fast" and enc.spent:
        raise StateConflict("use" if what == "action" else "character_id",
                            "boonbane.fast-turn L121",
                            "a fast turn lets you move or use an action, not both")
    return msgspec.convert({"character_id": cid, "spent": what, "command": command,
                            "round": enc.round}, ActionUsed)


def no_actions(sheet: BoonbaneSheet, allowed: set[str] | None = None) -> None:
    """Refuse an action by a creature whose state forbids actions (L33, L41, L265-L334)."""
    own = afflictions.active(sheet.afflictions) - (allowed or set())
    if sheet.life_state == "dead":
        raise StateConflict("character_id", "boonbane.dead", "the dead cannot act")
    if sheet.life_state == "dying":
        own.add("unconscious")  # dying characters are unconscious (L41)
    for name in sorted(own & afflictions.NO_ACTIONS.keys()):
        raise StateConflict("character_id", f"boonbane.{name} {afflictions.NO_ACTIONS[name]}",
                            f"a {name} creature cannot use actions")


def started(ev: EncounterStarted) -> BoonbaneEncounter:
    """Round 1 of a new encounter (L117): whatever ran before under its id is over."""
    return BoonbaneEncounter(encounter_id=ev.encounter_id,
                             sides=dict(ev.sides),  # type: ignore[arg-type]
                             order=list(ev.order))


def restarted(enc: BoonbaneEncounter, ev: EncounterStarted) -> BoonbaneEncounter:
    """An encounter started again under a running one's id begins afresh (``started``)."""
    return started(ev)


def fold_turn(enc: BoonbaneEncounter, ev: TurnTaken) -> BoonbaneEncounter:
    """The creature's turn begins: nothing spent yet, the round's phase reached (L117-L119)."""
    index = next(i for i, p in enumerate(PHASES) if phase_name(i) == ev.phase)
    return msgspec.structs.replace(
        enc, turns={**enc.turns, ev.character_id: ev.turn},
        current=ev.character_id, spent=[], minor=0, phase=max(enc.phase, index))


def fold_minor(enc: BoonbaneEncounter, ev: MinorActivityUsed) -> BoonbaneEncounter:
    """The turn's minor activities so far (L74)."""
    return msgspec.structs.replace(enc, minor=ev.used)


def fold_spent(enc: BoonbaneEncounter, ev: ActionUsed) -> BoonbaneEncounter:
    """The turn's move or action spent, or the round's triggered action (L112-L113, L121)."""
    if ev.spent == "triggered":
        return msgspec.structs.replace(enc, triggered=[*enc.triggered, ev.character_id])
    return msgspec.structs.replace(enc, spent=[*enc.spent, ev.spent])


def fold_round(enc: BoonbaneEncounter, ev: RoundEnded) -> BoonbaneEncounter:
    """The next round begins with no turns taken (L117-L120)."""
    return BoonbaneEncounter(encounter_id=enc.encounter_id, round=ev.round + 1,
                             sides=enc.sides, order=enc.order)
