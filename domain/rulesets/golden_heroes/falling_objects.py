"""Falling objects (L136): the Throw Strength of the object (L72-L74) plus 2 per 5 m of fall over
5 m, the modifier at most 100; split half HTC (odd halves up), the rest HTK. A fall under 5 m
adds nothing ("and 1" in the text is garbled: digest decision #40). It is a hand-hurled
missile attack: the victim responds (dodge at -Size/5, L103; parry as hand-hurled) and the
damage goes through the usual pipeline.
"""

from __future__ import annotations

from typing import Final

from contracts.rulesets import golden_heroes as c
from domain.errors import DomainError, StateConflict
from domain.rulesets.golden_heroes import state as st
from domain.rulesets.golden_heroes import tables, views
from domain.rulesets.golden_heroes.decide_combat import char
from domain.rulesets.golden_heroes.events import Out, event

METRES_A_STEP: Final = 5
PER_STEP: Final = 2
MAX_MODIFIER: Final = 100
HAND_HURLED_WC: Final = 2  # hand-hurled concussive (L131)
# "objects fall 40m in one Round, a further 140m in the 2nd Round, 220m in the 3rd, and 320m in
# each subsequent Round" (L136)
FALL_A_ROUND: Final = (40, 140, 220)
FALL_LATER_ROUNDS: Final = 320
RESPONSE_TIME_METRES: Final = 20  # "any Combat Response automatically succeeds if the object
# still has 20m or more to fall at the time of the response" (L136)


def rounds_to_fall(metres: int) -> int:
    """The Rounds an object takes to fall ``metres``: 40 m in the first, 140 m more in the
    second, 220 m in the third, 320 m in each later one (L136)."""
    fallen, rounds = 0, 0
    while fallen < metres:
        fallen += FALL_A_ROUND[rounds] if rounds < len(FALL_A_ROUND) else FALL_LATER_ROUNDS
        rounds += 1
    return rounds


def response_succeeds(metres_left: int | None) -> bool:
    """Any Combat Response to a falling object succeeds with 20 m or more still to fall
    (L136)."""
    return metres_left is not None and metres_left >= RESPONSE_TIME_METRES


def modifier(metres: int) -> int:
    """+2 per complete 5 m fallen over 5 m, at most +100 (L136, decision #40)."""
    return min(PER_STEP * (max(metres - METRES_A_STEP, 0) // METRES_A_STEP), MAX_MODIFIER)


def split(total: int) -> tuple[int, int]:
    """Half HTC with odd halves rounded up, the remainder HTK (L136)."""
    return total - total // 2, total // 2


def ram_modifier(speed: int) -> int:
    """A vehicle's damage modifier: +1 per 2 m a Round over 20, -2 per metre under 20 (L139)."""
    return (speed - 20) // 2 if speed >= 20 else -2 * (20 - speed)


def ram(cmd: c.Ram, target: st.GoldenHeroesSheet) -> list[Out]:
    """A vehicle driving into a character (L139-L140): the damage, then a hit parried as a
    hand-hurled missile waiting for the response; pushed back, the victim may be knocked clear."""
    if target.pending_attack is not None:
        raise StateConflict("character_id", "golden-heroes.response L79",
                            f"{cmd.character_id!r} has a hit waiting for its response first")
    throw = tables.SIZES[cmd.vehicle_size].throw
    mod = ram_modifier(cmd.speed)
    htc, htk = split(max(throw + mod, 0))
    rammed = c.VehicleRammed(character_id=cmd.character_id, vehicle_size=cmd.vehicle_size,
                             speed=cmd.speed, throw_strength=throw, modifier=mod,
                             damage=max(throw + mod, 0), htc=htc, htk=htk)
    pending = st.PendingAttack(
        attacker_id="", encounter_id=cmd.encounter_id, attack="vehicle",
        weapon_type="hand_hurled_concussive", weapon_class=HAND_HURLED_WC, frames=1,
        parry_row="missile_hh", htc_dice=0, htc_plus=htc, htk_dice=0, htk_plus=htk,
        tags=["ram"], attacker_superpowered=False)
    return [event(char(cmd.character_id), rammed),
            event(char(cmd.character_id),
                  c.HitPending(character_id=cmd.character_id,
                               attack=views.pending_attack_view(pending)))]


def drop(cmd: c.DropObject, target: st.GoldenHeroesSheet) -> list[Out]:
    """Falling objects (L136): the damage, then a hand-hurled hit waiting for the response."""
    if target.pending_attack is not None:
        raise StateConflict("character_id", "golden-heroes.response L79",
                            f"{cmd.character_id!r} has a hit waiting for its response first")
    throw = tables.SIZES[cmd.object_size].throw
    mod = modifier(cmd.metres)
    htc, htk = split(throw + mod)
    if cmd.metres_left is not None and cmd.metres_left > cmd.metres:
        raise DomainError("metres_left", "golden-heroes.falling-objects L136",
                          f"it falls {cmd.metres} m in all")
    early = response_succeeds(cmd.metres_left)
    fell = c.ObjectFell(character_id=cmd.character_id, object_size=cmd.object_size,
                        metres=cmd.metres, throw_strength=throw, modifier=mod, damage=throw + mod,
                        htc=htc, htk=htk, rounds_to_fall=rounds_to_fall(cmd.metres),
                        metres_left=cmd.metres_left, response_succeeds=early)
    size_penalty = cmd.object_size // 5  # a large hurled object is dodged at -Size/5 (L103)
    pending = st.PendingAttack(
        attacker_id="", encounter_id=cmd.encounter_id, attack="falling_object",
        weapon_type="hand_hurled_concussive", weapon_class=HAND_HURLED_WC, frames=1,
        parry_row="missile_hh", htc_dice=0, htc_plus=htc, htk_dice=0, htk_plus=htk,
        tags=([f"dodge{-size_penalty:+d}"] if size_penalty else [])
        + (["response_succeeds"] if early else []), attacker_superpowered=False)
    return [event(char(cmd.character_id), fell),
            event(char(cmd.character_id),
                  c.HitPending(character_id=cmd.character_id,
                               attack=views.pending_attack_view(pending)))]
