"""Encounters: rounds, turns, maneuvers and the End of Turn phase (L378-380, L510, L1393).

Initiative: the seed names an initiative tracker (Shift L449, Delayed L1456,
Accelerated L1499) but gives no procedure for it (digest G-7). Until the GM rolls
initiative (``initiative.py``, option ``initiative``), turn order is free: any participant
who has not yet acted this round may start the next turn.
"""

from __future__ import annotations

import msgspec

from domain.errors import DomainError, StateConflict
from domain.rulesets.wish import conditions
from domain.rulesets.wish.options import WishOptions
from domain.rulesets.wish.state import WishSheet
from domain.rulesets.wish.state_encounter import EncounterState

FREE_MANEUVERS = 1  # L380
EXTRA_MANEUVER_FATIGUE = 1  # L380
ACTIONS_PER_TURN = 1  # L380


def load(state: object) -> EncounterState | None:
    """An encounter's state (its stored form or the Struct) as an ``EncounterState``."""
    if state is None or isinstance(state, EncounterState):
        return state
    return msgspec.convert(state, EncounterState)


def active(state: object, encounter_id: str) -> EncounterState:
    """The encounter, refusing if it has not started or has ended (L378)."""
    enc = load(state)
    if enc is None or not enc.active:
        raise StateConflict("encounter_id", "wish.encounter L378", f"{encounter_id} is not running")
    return enc


def on_turn(enc: EncounterState, character_id: str) -> EncounterState:
    """Refuse unless it is ``character_id``'s turn: maneuvers and the Action are taken on
    one's own turn (L380)."""
    if enc.turn is None or enc.turn.character_id != character_id:
        raise StateConflict(
            "character_id", "wish.encounter.turn L380", f"it is not {character_id}'s turn"
        )
    return enc


def can_start_turn(enc: EncounterState, character_id: str) -> None:
    """A participant who has not acted this round starts a turn (G-7: no initiative slots)."""
    if character_id not in enc.participants:
        raise StateConflict("character_id", "wish.encounter L378", "not a participant")
    if enc.turn is not None:
        raise StateConflict(
            "character_id",
            "wish.encounter.turn L380",
            f"{enc.turn.character_id}'s turn is still running",
        )
    if character_id in enc.acted:
        raise StateConflict(
            "character_id", "wish.encounter.round L263", "already had a turn this round"
        )


def maneuver_fatigue(enc: EncounterState, sheet: WishSheet, kind: str, options: WishOptions) -> int:
    """Fatigue a maneuver costs before it is taken (``maneuver_cost``'s first half)."""
    return maneuver_cost(enc, sheet, kind, options)[0]


def maneuver_cost(enc: EncounterState, sheet: WishSheet, kind: str,
                  options: WishOptions) -> tuple[int, bool]:
    """Fatigue a maneuver costs before it is taken, and whether it is one of the turn's free
    ones: the first is free, each additional one costs 1 (L380); Energized adds a free one
    (L1481), and so does a Reposition that spent the turn's Action (L448): free maneuvers are
    counted apart from paid ones, so one bought after a paid maneuver is still free. Sluggish
    +1 each (L1434); Hindered +1 per movement maneuver (L1438). Refuses maneuvers conditions
    forbid (L1459-1463) and turns an X Turns (L261) or Persisted (L264) effect occupies."""
    if conditions.count(sheet, "Lulled") or conditions.count(sheet, "Helpless"):
        raise StateConflict("kind", "wish.condition.lulled L1462", "no maneuvers or actions")
    if kind == "movement":
        for name, line in (("Impeded", 1459), ("Held", 1461)):
            if conditions.count(sheet, name):
                raise StateConflict(
                    "kind", f"wish.condition.{name.lower()} L{line}", "no movement maneuvers"
                )
    assert enc.turn is not None
    occupied(enc, sheet, "kind")
    free = FREE_MANEUVERS + conditions.count(sheet, "Energized") + enc.turn.extra_maneuvers
    is_free = enc.turn.free_maneuvers < free
    cost = 0 if is_free else EXTRA_MANEUVER_FATIGUE
    if not is_free or options.sluggish_counts_free_maneuver:
        cost += conditions.count(sheet, "Sluggish")
    if kind == "movement":
        cost += conditions.count(sheet, "Hindered")
    return cost, is_free


def occupied(enc: EncounterState, sheet: WishSheet, field: str) -> None:
    """Refuse a maneuver or Action in a turn an effect takes whole, naming its rule: an "N
    Turns" effect under way (L261: "preventing them from ... taking any maneuvers at all, or
    taking their normal Action") or a Persisted effect kept this turn (L264)."""
    assert enc.turn is not None
    if enc.turn.whole_turn and (sheet.extended is not None
                                or enc.turn.whole_turn_kind.startswith("extended")):
        name = sheet.extended.stunt if sheet.extended is not None else "an N Turns effect"
        raise StateConflict(field, "wish.trait.x_turns L261",
                            f"the turn went to {name}, an N Turns effect")
    if enc.turn.whole_turn:
        raise StateConflict(field, "wish.trait.persisted L264",
                            "the turn went to keeping a Persisted effect")


def may_act(enc: EncounterState, sheet: WishSheet) -> None:
    """One Action per turn (L380); Blurred allows one more per instance (L1510)."""
    assert enc.turn is not None
    if conditions.count(sheet, "Lulled") or conditions.count(sheet, "Helpless"):
        raise StateConflict("character_id", "wish.condition.lulled L1462", "no actions")
    allowed = ACTIONS_PER_TURN + conditions.count(sheet, "Blurred")
    occupied(enc, sheet, "character_id")
    if enc.turn.actions >= allowed:
        raise StateConflict(
            "character_id", "wish.encounter.action L380", "the turn's action is already taken"
        )


def recharge_removal(sheet: WishSheet, invigorated_stunt: str | None = None) -> dict[str, int]:
    """End of Turn: remove 1 recharge token from every recharging stunt (L510, D-23); each
    Enlivened removes 1 more from every recharging non-Ongoing stunt (L1507), each Invigorated
    1 more from one of them (L1478): ``invigorated_stunt``, else the one with most tokens."""
    recharging = {n: st for n, st in sheet.stunts.items() if st.recharge_tokens > 0}
    out = {name: 1 for name in recharging}
    not_ongoing = sorted(n for n, st in recharging.items() if "Ongoing" not in st.traits)
    for name in not_ongoing:
        out[name] += conditions.count(sheet, "Enlivened")
    invigorated = conditions.count(sheet, "Invigorated")
    if invigorated and not_ongoing:
        if invigorated_stunt is None:
            invigorated_stunt = max(not_ongoing, key=lambda n: recharging[n].recharge_tokens)
        if invigorated_stunt in not_ongoing:  # Fortune spent this phase may have emptied it
            out[invigorated_stunt] += invigorated
    return {name: min(n, recharging[name].recharge_tokens) for name, n in out.items()}


def invigorated_choice(sheet: WishSheet, stunt: str | None) -> None:
    """Invigorated removes a token from "one of your recharging non-Ongoing abilities" (L1478):
    the stunt named must be one."""
    if stunt is None:
        return
    st = sheet.stunts.get(stunt)
    rule = "wish.condition.invigorated L1478"
    if not conditions.count(sheet, "Invigorated"):
        raise StateConflict("invigorated_stunt", rule, "the character is not Invigorated")
    if st is None or st.recharge_tokens <= 0 or "Ongoing" in st.traits:
        raise DomainError("invigorated_stunt", rule,
                          f"{stunt!r} is not a recharging non-Ongoing stunt")


def fortune_recharge(sheet: WishSheet, wanted: dict[str, int]) -> tuple[dict[str, int], int]:
    """Fortune spent in the End of Turn phase to add or remove recharge tokens on own stunts,
    1 point per token (L224); Slowed forbids removal (L1444)."""
    cost = 0
    out: dict[str, int] = {}
    for name, delta in wanted.items():
        stunt = sheet.stunts.get(name)
        if stunt is None:
            raise DomainError(
                "fortune_recharge", "wish.fortune.recharge L224", f"no stunt {name!r}"
            )
        if delta < 0 and conditions.count(sheet, "Slowed"):
            raise StateConflict(
                "fortune_recharge",
                "wish.condition.slowed L1444",
                "cannot remove recharge tokens with Fortune while Slowed",
            )
        delta = max(delta, -stunt.recharge_tokens)
        if delta:
            out[name] = delta
            cost += abs(delta)
    if cost > sheet.fortune:
        raise StateConflict(
            "fortune_recharge",
            "wish.fortune.spend L224",
            f"needs {cost} Fortune, {sheet.fortune} left",
        )
    return out, cost


def brief_ticks(
    sheet: WishSheet, skip: frozenset[str] = frozenset()
) -> tuple[dict[str, int], list[str]]:
    """End of Turn: each Brief condition loses one token; at none it expires (L1393, D-24)."""
    ticks: dict[str, int] = {}
    expired: list[str] = []
    for c in sheet.conditions:
        if c.duration != "brief" or c.name in skip:
            continue
        ticks[c.id] = 1
        if c.tokens <= 1:
            expired.append(c.id)
    return ticks, expired
