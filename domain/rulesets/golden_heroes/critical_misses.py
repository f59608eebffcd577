"""What a critical miss does to its maker (L84-L85, L91-L98), as far as the table is mechanical.

"Whenever a non-superpowered person rolls a Critical Miss, they lose their next Action" (L84);
"Whenever a superpowered character suffers a Critical Miss, ld10 is similarly rolled on the
Critical Miss Table to determine the effect on them" (L85). Applied here: lose balance and slip
over spend the next frame recovering (L91-L92), slipping over leaves the character prone, one
frame to get up (L92); left open gives the next attack on them +2 and no response (L95, L98);
backfire hits the attacker for 1d6 HTC through its Damage Dividers with no response (L97-L98);
an Energy Attack's malfunction wastes 1d6 more of its pool (L93, energy_pool). The others
(a missile jam, attack too slow, wildly inaccurate, a dropped weapon, a pulled muscle, the
referee's choice) are recorded for the referee with the table's text.
"""

from __future__ import annotations

import msgspec

from contracts.rulesets import golden_heroes as c
from domain.rulesets.golden_heroes import damage, decide_combat, powers, states, tables
from domain.rulesets.golden_heroes import state as st
from domain.rulesets.golden_heroes.damage import Damage
from domain.rulesets.golden_heroes.decide_combat import char
from domain.rulesets.golden_heroes.events import Out, event

NON_SUPERPOWERED_LOSS = 2  # "they lose their next Action" (L84): an Action is 2 frames (L41)


def frames_lost(superpowered: bool, die: int | None) -> int:
    """The frames a critical miss costs at once: the next action without superpowers (L84), the
    next frame after losing balance or slipping over (L91-L92)."""
    if not superpowered:
        return NON_SUPERPOWERED_LOSS
    return 1 if die in tables.NEXT_FRAME_LOST else 0


def backfire(attacker: st.GoldenHeroesSheet, cid: str, die: int,
             hospitalised_at: str = "tenth_or_less") -> Out:
    """Backfire (L97-L98): "They take 1d6HTC Damage Dividers apply, but no Combat Response can be
    made to this"."""
    d = Damage(die, 0)
    steps = [damage.step("backfire: 1d6 HTC (L98)", d)]
    by = damage.dividers(attacker, powers.defence_class(attacker), 0)
    d = damage.divide(d, by)
    steps.append(damage.step(f"dividers HTC/{by.htc} HTK/{by.htk} (L119)", d))
    htc, htk, overflow = damage.into_pools(attacker, d)
    after = msgspec.structs.replace(attacker, htc=htc, htk=htk)
    after = msgspec.structs.replace(after, unconscious=states.latch_unconscious(after))
    return event(char(cid), c.AttackResolved(
        character_id=cid, attacker_id=cid, attack="backfire", response="none",
        htc_dice=[die], steps=steps, htc_taken=d.htc, htk_taken=d.htk, overflow_htk=overflow,
        htc=htc, htk=htk, condition=states.htc_condition(after),
        injury=states.htk_condition(after, hospitalised_at)))


def consequences(attacker: st.GoldenHeroesSheet, rolled: c.StrikeRolled,
                 fight: st.EncounterState | None, spent: list[int]) -> list[Out]:
    """The events a critical miss adds after its strike (L84-L85, L91-L98): the frames lost in a
    fight, the sheet's prone or left open, a backfire's damage."""
    if rolled.critical != "miss":
        return []
    cid = rolled.character_id
    superpowered = attacker.character_type != "non_superpowered"
    die = rolled.critical_die if superpowered else None
    lost = frames_lost(superpowered, die)
    out: list[Out] = [event(char(cid), c.CriticalMissSuffered(
        character_id=cid, die=die, effect=rolled.critical_effect or "", frames_lost=lost,
        prone=die == tables.SLIP_OVER, left_open=die == tables.LEFT_OPEN))]
    if fight is not None:
        recovering = decide_combat.lose_frames(fight, cid, lost,
                                               f"critical miss {die or ''}".strip(), spent)
        if recovering is not None:
            out.append(recovering)
    if die == tables.BACKFIRE and rolled.backfire_die is not None:
        out.append(backfire(attacker, cid, rolled.backfire_die))
    return out
