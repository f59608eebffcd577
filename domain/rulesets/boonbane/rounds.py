"""The end of a round (L120): end-of-round effects in the digest's order (§4.6.3, D-72)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import msgspec

from contracts.rulesets import boonbane as c
from contracts.rulesets.boonbane import FateRolled
from contracts.rulesets.boonbane.play import AfflictionsTicked, RoundEnded
from domain.dice import Dice
from domain.errors import DomainError
from domain.rulesets.boonbane import dying, grabs, views
from domain.rulesets.boonbane.events import BoonbaneEvent
from domain.rulesets.boonbane.options import BoonbaneOptions
from domain.rulesets.boonbane.overlays import death_state
from domain.rulesets.boonbane.state import AfflictionInstance, BoonbaneEncounter, BoonbaneSheet

Load = Callable[[str, str], BoonbaneSheet]
Decided = list[tuple[str | None, BoonbaneEvent]]  # (character or None: the encounter, ...)


def tick(instances: Sequence[AfflictionInstance]) -> tuple[list[AfflictionInstance],
                                                           list[AfflictionInstance]]:
    """Timed instances count down one round; those reaching 0 end (digest §4.6.3 steps 3-4)."""
    kept: list[AfflictionInstance] = []
    gone: list[AfflictionInstance] = []
    for a in instances:
        if a.rounds is None:
            kept.append(a)
        elif a.rounds <= 1:
            gone.append(a)
        else:
            kept.append(msgspec.structs.replace(a, rounds=a.rounds - 1))
    return kept, gone


def end_round(enc: BoonbaneEncounter, participants: Sequence[str], load: Load, dice: Dice,
              options: BoonbaneOptions) -> Decided:
    """End-of-round effects resolve last (L120), in this order (digest D-72): 1. a Fate roll for
    every disabled or dying creature, players' side first (L34, L42); 2. the L38 count of
    consecutive disabled rounds (inside the Fate roll); 3-4. afflictions whose rounds run out end,
    other timed ones count down, grabs made last round end (L180) as do those whose grabber can
    no longer use actions (L181); 5. the round ends and the next begins with every turn and
    triggered action unused (L112, L117)."""
    if sorted(set(participants)) != sorted(enc.sides) or len(participants) != len(enc.sides):
        raise DomainError("participants", "boonbane.end-of-round L120",
                          f"name every participant of the encounter once: {sorted(enc.sides)}")
    ordered = ([c for c in enc.order if enc.sides[c] == "players"]
               + [c for c in enc.order if enc.sides[c] != "players"])
    out: Decided = []
    fate_rolls: list[str] = []
    expired: dict[str, list[c.AfflictionInstance]] = {}
    sheets = {cid: load(cid, "participants") for cid in ordered}
    for cid in ordered:
        sheet = sheets[cid]
        old = list(sheet.afflictions)
        after = sheet
        if sheet.life_state in ("disabled", "dying"):
            fate = dying.fate(sheet, cid, dice, order=options.disabled_counter_order,
                              rounds_per_minute=options.rounds_per_minute)
            ev = death_state.instead_of_death(fate, options.death_mode)
            assert isinstance(ev, FateRolled)
            out.append((cid, ev))
            fate_rolls.append(cid)
            after = dying.fold(sheet, ev)
            old = [a for a in sheet.afflictions if a.source not in ev.removed_sources]
        # what this end of round added (a Fate roll's impairment) does not count down yet
        kept, gone = tick(old)
        # a grab whose grabber no longer holds it, or can no longer use actions, ends (L181)
        loose = [a for a in kept if a.name == "grabbed" and a.source in sheets
                 and not grabs.holding(sheets[a.source], cid)]
        kept, gone = [a for a in kept if a not in loose], gone + loose
        # round effects end with the round (L143, L150, L160, L184), a feint's and a grab's with
        # the next (L170, L180), a grab at once when the grabber cannot act or let go (L181)
        ending = [e for e in sheet.round_effects
                  if e.until_round is None or e.until_round <= enc.round
                  or (e.kind == "grabbing" and not _still_held(sheet, cid, e.target_id, sheets))]
        if kept != old or ending:
            out.append((cid, AfflictionsTicked(
                character_id=cid,
                afflictions=views.wire_afflictions(kept + list(after.afflictions[len(old):])),
                expired=views.wire_afflictions(gone),
                round_effects_ended=[views.wire_round_effect(e) for e in ending])))
            if gone:
                expired[cid] = views.wire_afflictions(gone)
    out.append((None, RoundEnded(round=enc.round, fate_rolls=fate_rolls,
                                               expired=expired)))
    return out


def _still_held(grabber: BoonbaneSheet, cid: str, target_id: str | None,
                sheets: dict[str, BoonbaneSheet]) -> bool:
    """The grabber can still use actions and the grabbed creature still names it (L181)."""
    target = sheets.get(target_id or "")
    return grabs.can_hold(grabber) and (target is None or cid in grabs.grabbed_by(target))


def fold_ticked(sheet: BoonbaneSheet, ev: AfflictionsTicked) -> BoonbaneSheet:
    ended = [views.round_effect(e) for e in ev.round_effects_ended]
    return msgspec.structs.replace(sheet, afflictions=views.afflictions(ev.afflictions),
                                   round_effects=[e for e in sheet.round_effects
                                                  if e not in ended])
