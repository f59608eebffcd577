"""Grabs and grapples as rules (L75-L76, L82-L83, L114, L120-L121): the grab's DC and WC, the
grapple's damage as an attack, resisting, the hypothetical hold's penalties, and what a
response leaves of the grip.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from contracts.rulesets.golden_heroes import StrikeSpec
from domain.errors import DomainError
from domain.rulesets.golden_heroes import attacks, generation, states
from domain.rulesets.golden_heroes.state import GoldenHeroesSheet, Grip, PendingAttack

GRAB_DC_SUPERPOWERED: Final = 6  # "a strike against DC6 for superpowered targets" (L82)
GRAB_DC_NON_SUPERPOWERED: Final = 10  # "or DC10 for nonsuperpowered ones" (L82)
GRAPPLE_HTC: Final = (1, 0)  # 1d6 HTC (L120)
GRAPPLE_HTK: Final = (1, -6)  # 1d6-6 HTK (L120), clamped at 0 after modifiers (decision #34)
RESIST_FRAMES: Final = 2  # "Resisting takes 1 Action, used up in advance" (L114)
# while a grapple is maintained the victim may only dodge, resist or use a power (L114)
MAINTAINED_RESPONSES: Final = frozenset({"none", "dodge", "resist", "superpower"})
HANDS: Final = ("left", "right")


class Penalties(NamedTuple):
    """A hypothetical hold's effects this Action (L121)."""

    strike: int  # -1 strike and parry a hypothetical HTC point
    movement: int  # -1 m of every Movement for each 2 points
    dodge: int  # -1 Dodge Modifier for each 10 points


def grab_dc(target: GoldenHeroesSheet, referee_dc: int | None = None) -> int:
    """The DC a grab strikes against: 6 for the superpowered, 10 for the non-superpowered, or
    the referee's own (L82)."""
    if referee_dc is not None:
        return referee_dc
    if target.character_type == "non_superpowered":
        return GRAB_DC_NON_SUPERPOWERED
    return GRAB_DC_SUPERPOWERED


def grab_wc(sheet: GoldenHeroesSheet) -> int:
    """A grab's WC is the character's normal fist attack's: usually WC2 superpowered, WC0
    non-superpowered (L82)."""
    return attacks.form(sheet, StrikeSpec(attack="fist")).weapon_class


def needs_roll(target: GoldenHeroesSheet, unresisting: bool) -> bool:
    """Only a being able to resist must be struck to be grabbed (L76, L82): not the unconscious
    or stunned, nor one the referee calls unable to resist (bound, willing, surprised)."""
    return not unresisting and not states.helpless(target)


def grapple_attack(attacker: GoldenHeroesSheet, attacker_id: str, hold: str, to_htk: int,
                   encounter_id: str | None, maintained: bool) -> PendingAttack:
    """A grapple's damage as a hit waiting for its response (L114, L120): 1d6 HTC and 1d6-6 HTK
    plus the Strength Damage Modifier, for the initial strike and each Action maintained; a
    hypothetical hold's HTC is counted, not taken."""
    bonus = generation.strength_damage_modifier(attacker.attributes.get("strength", 10))
    if to_htk > max(bonus, 0):
        raise DomainError("to_htk", "golden-heroes.damage-modifiers L118",
                          f"the Strength bonus is {max(bonus, 0)}: to_htk cannot exceed it")
    tags = ["grapple", f"hold:{hold}"] + (["maintained"] if maintained else [])
    return PendingAttack(
        attacker_id=attacker_id, encounter_id=encounter_id, attack="grapple",
        weapon_class=grab_wc(attacker), frames=2, parry_row="melee_other",
        htc_dice=GRAPPLE_HTC[0], htc_plus=GRAPPLE_HTC[1], htk_dice=GRAPPLE_HTK[0],
        htk_plus=GRAPPLE_HTK[1], damage_modifier=bonus, to_htk=to_htk, tags=tags,
        attacker_superpowered=attacker.character_type != "non_superpowered")


def is_grapple(p: PendingAttack) -> bool:
    """Whether a waiting hit is a grapple's damage (L114, L120)."""
    return "grapple" in p.tags


def hold_of(p: PendingAttack) -> str:
    """The hold a grapple's damage is for, real or hypothetical (L120)."""
    return next((t[5:] for t in p.tags if t.startswith("hold:")), "real")


def check_response(p: PendingAttack, kind: str, judo_response: str = "none") -> None:
    """Resisting answers only a grapple; a maintained grapple is only dodged or resisted (L114);
    a Judo Throw's damage lands on the thrown (L116, a decision: no response)."""
    if "judo_throw" in p.tags and kind != "none" and judo_response == "none":
        raise DomainError("response", "golden-heroes.judo-throw L116",
                          "the Judo Throw has thrown its victim: its damage is taken")
    if kind == "resist" and not is_grapple(p):
        raise DomainError("response", "golden-heroes.resist-grapple L114",
                          "only a grapple is resisted")
    if is_grapple(p) and "maintained" in p.tags and kind not in MAINTAINED_RESPONSES:
        raise DomainError("response", "golden-heroes.grapple-response L114",
                          "a grappled character may only dodge or resist the grapple")


def resist_total(victim: GoldenHeroesSheet, die: int) -> int:
    """Resisting a grapple: 1d6 plus the Damage Modifier for Strength only (L114)."""
    return die + generation.strength_damage_modifier(victim.attributes.get("strength", 10))


def penalties(grip: Grip | None) -> Penalties:
    """A hypothetical hold's penalties this Action (L121); none for a real one or a grab."""
    if grip is None or grip.hold != "hypothetical":
        return Penalties(0, 0, 0)
    n = grip.hypothetical_htc
    return Penalties(-n, -(n // 2), -(n // 10))


def grip_after(p: PendingAttack, avoided: bool, inflicted: int) -> tuple[Grip | None, str]:
    """The grip a grapple's response leaves (L114): held when any damage, real or hypothetical,
    got through; a full dodge or damage negated (by a parry, a resist, dividers) fails the
    grapple or breaks it."""
    maintained = "maintained" in p.tags
    if avoided or inflicted <= 0:
        why = "dodged" if avoided else "no damage got through"
        return None, f"grapple {'broken' if maintained else 'failed'}: {why} (L114)"
    hold = hold_of(p)
    weapon = p.weapon_type if "weapon_grapple" in p.tags else None
    if weapon is not None and not maintained:
        # the weapon's damage was real; its 1d6 grapple damage is hypothetical (L75, L121)
        die = next(int(t[13:]) for t in p.tags if t.startswith("hypothetical:"))
        grip = Grip(holder_id=p.attacker_id, hands=["weapon"], hold="hypothetical",
                    hypothetical_htc=die, weapon=weapon, encounter_id=p.encounter_id)
        return grip, "grapple made with a weapon: hypothetical (L75, L121)"
    grip = Grip(holder_id=p.attacker_id, hands=["weapon"] if weapon else list(HANDS), hold=hold,
                hypothetical_htc=inflicted if hold == "hypothetical" else 0, weapon=weapon,
                encounter_id=p.encounter_id)
    return grip, f"grapple {'maintained' if maintained else 'made'}: {hold} (L83, L120)"


def shown(grip: Grip | None) -> dict[str, object]:
    """A character's read: who holds it, how, and a hypothetical hold's penalties (L121)."""
    if grip is None:
        return {}
    p = penalties(grip)
    return {"held": {"by": grip.holder_id, "hands": list(grip.hands),
                     "grappled": grip.hold is not None, "hold": grip.hold,
                     "strike_and_parry": p.strike, "movement_metres": p.movement,
                     "dodge": p.dodge}}


def weapon_attack(form: attacks.AttackForm, attacker_id: str, encounter_id: str | None,
                  superpowered: bool, hypothetical_die: int) -> PendingAttack:
    """A grapple by a weapon's initial strike (L121): the weapon's normal damage, real, and
    its 1d6 grapple damage, hypothetical (a grapple by a weapon "can only inflict hypothetical
    damage", L75): the die rides on the hit as a tag until the hold is taken."""
    return PendingAttack(
        attacker_id=attacker_id, encounter_id=encounter_id, attack="grapple",
        weapon_type=form.weapon_type, weapon_class=form.weapon_class, frames=2,
        parry_row=form.parry_row, htc_dice=form.htc_dice, htc_plus=form.htc_plus,
        htk_dice=form.htk_dice, htk_plus=form.htk_plus,
        damage_modifier=sum(m.value for m in form.damage_modifiers), tags=[
            "grapple", "hold:real", "weapon_grapple", f"hypothetical:{hypothetical_die}",
            *form.tags], attacker_superpowered=superpowered)


def wrench_tags(attempt: str, item: str | None) -> list[str]:
    """A weapon grapple's attempt to drag the victim over or rip an item away, carried on the
    maintained hold's damage until it is resisted (L114)."""
    if attempt == "hold":
        return []
    return [f"attempt:{attempt}"] + ([f"item:{item}"] if item else [])


def wrench_bonus(grappler: GoldenHeroesSheet, attempt: str, strength: str) -> int:
    """The figure resisted when dragging over or ripping away: the 1d6 plus the grappler's
    Strength Damage Modifier (option ``wrench_strength`` "add"), else the 1d6 alone (L114,
    L121)."""
    if attempt == "hold" or strength != "add":
        return 0
    return generation.strength_damage_modifier(grappler.attributes.get("strength", 10))


def wrench_result(p: PendingAttack, held: bool) -> str | None:
    """What a drag or a rip came to: done when the hold's hypothetical damage got through,
    failed when dodged or resisted off (L114)."""
    attempt = next((t[8:] for t in p.tags if t.startswith("attempt:")), None)
    if attempt is None:
        return None
    item = next((t[5:] for t in p.tags if t.startswith("item:")), "")
    what = "dragged over" if attempt == "drag_over" else f"{item} ripped from its grasp"
    return what if held else f"not {what}"


def weapon_maintained(weapon: str, attacker_id: str, encounter_id: str | None,
                      weapon_class: int, tags: list[str] | None = None,
                      bonus: int = 0) -> PendingAttack:
    """A grapple by a weapon maintained (L121): only hypothetical damage of 1d6 HTC an Action,
    with no Damage Modifiers."""
    return PendingAttack(
        attacker_id=attacker_id, encounter_id=encounter_id, attack="grapple", weapon_type=weapon,
        weapon_class=weapon_class, frames=2, parry_row="melee_other", htc_dice=1, htc_plus=0,
        htk_dice=0, htk_plus=0, damage_modifier=bonus,
        tags=["grapple", "hold:hypothetical", "maintained", "weapon_grapple", *(tags or [])])
