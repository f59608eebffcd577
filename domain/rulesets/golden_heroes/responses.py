"""Combat responses (L100-L117): who may respond, Dodge and Parry results, and their cost."""

from __future__ import annotations

from domain.errors import DomainError, StateConflict
from domain.rulesets.golden_heroes import frames, grapples, powers, states, tables
from domain.rulesets.golden_heroes.state import EncounterState, GoldenHeroesSheet, PendingAttack

COMMON_SENSE_FRAMES = 2  # "it will usually cost the character 2 future Frames" (L117)


def future_frames(state: EncounterState, sheet: GoldenHeroesSheet, cid: str,
                  cost: int) -> tuple[list[int], int]:
    """Future frames for a response: this round's first, then next round's, at most all of
    them (L54, L60, L100); refused when there are not enough."""
    slots = frames.future_slots(state, cid)
    if states.htc_condition(sheet) == "stunned":
        slots = [s for s in slots if s >= 3]
    now = slots[:cost]
    later = cost - len(now)
    if later > frames.next_round_frames(state, cid):
        raise StateConflict("response", "golden-heroes.borrow-frames L60",
                            f"the response needs {cost} frames; {cid!r} has {len(slots)} left "
                            f"this round and {frames.next_round_frames(state, cid)} next")
    return now, later


def check_may_respond(target: GoldenHeroesSheet, p: PendingAttack, kind: str) -> None:
    """Only superpowered characters respond (L100); never when surprised (L57), nor DC 11-12
    (L66); DC 1-3 cannot dodge (L103); standing firm needs Superstrength (L115)."""
    if kind == "none":
        return
    if target.character_type == "non_superpowered":
        raise DomainError("response", "golden-heroes.responses L100",
                          "only superpowered characters make combat responses")
    if p.target_surprised:
        raise StateConflict("response", "golden-heroes.surprise L57",
                            "a surprised character cannot respond to the attack")
    if "left_open" in p.tags:
        raise StateConflict("response", "golden-heroes.critical-miss L98",
                            "left open by a critical miss: no Combat Response may be used "
                            "against this attack")
    if states.helpless(target):
        raise StateConflict("response", "golden-heroes.unconscious L123",
                            f"the target is {states.htc_condition(target)}")
    dc = powers.defence_class(target)
    row = tables.DEFENCE_CLASS[dc]
    if not row.responds:
        raise DomainError("response", "golden-heroes.defence-class L66",
                          f"DC {dc}: no combat responses")
    if kind == "dodge" and row.dodge is None:
        raise DomainError("response", "golden-heroes.dodge L103", f"DC {dc} cannot dodge")
    if kind == "stand_firm" and powers.grade(target, "strength") == 0:
        raise DomainError("response", "golden-heroes.stand-firm L115",
                          "only characters with Superstrength stand firm")


def dodge_modifier(target: GoldenHeroesSheet, p: PendingAttack) -> list[tuple[str, int]]:
    """The Dodge Modifier's parts, added together (decision #30): DC (L66), Agility +2/+3
    (L173), Oriental Martial Arts grade 2 +1 (L240), Speed +3 (L271), the attack's own
    penalty (heavy projectiles -3, L132), a fast-attack critical -2 (L86)."""
    dc = powers.defence_class(target)
    out = [(f"DC {dc} (L66)", tables.DEFENCE_CLASS[dc].dodge or 0)]
    agility = powers.grade(target, "agility")
    if agility:
        out.append((f"agility grade {agility} (L173)", 2 if agility == 1 else 3))
    ma = powers.held(target, "martial_arts")
    if ma is not None and ma.choice.split(",")[0] != "pugilism" and ma.grade >= 2:
        out.append(("oriental martial arts grade 2 (L240)", 1))
    if powers.grade(target, "speed"):
        out.append(("speed (L271)", 3))
    for tag in p.tags:
        if tag.startswith("dodge"):
            out.append(("the attack (L132)", int(tag[5:])))
    if p.critical_die == 2:
        out.append(("critical hit: fast attack (L86)", -2))
    out.append(("held in a hypothetical grapple (L121)", grapples.penalties(target.grip).dodge))
    return [(s, v) for s, v in out if v]


SUPERPOWER_FRAMES = 2  # a Superpower response "usually" takes 2 Frames (L117)
SUPERPOWER_SUCCESS = 7  # 1d6 + IPP Rating + the referee's 1-3 >= 7 (L117)


def superpower_total(target: GoldenHeroesSheet, power: str | None, die: int,
                     referee_bonus: int) -> int:
    """A Superpower response (L116-L117): only a power practised as a Refinement; 1d6 + its
    IPP Rating + the referee's 1-3; 7 or more avoids the damage."""
    if power is None or power not in target.refinements:
        raise DomainError("power", "golden-heroes.superpower-response L116-L117",
                          "only a power practised as a Superpower Refinement responds "
                          f"(refinements: {sorted(target.refinements)})")
    return die + target.refinements[power] + referee_bonus


def dodge_result(total: int) -> str:
    """The DODGE table (L101-L102): <=1 fail, 2-4 glancing, 5-6 glancing or full, 7+ full."""
    if total <= tables.DODGE_FAIL_AT_MOST:
        return "fail"
    if total <= tables.DODGE_GLANCING_AT_MOST:
        return "glancing"
    if total <= tables.DODGE_CHOICE_AT_MOST:
        return "glancing_or_full"
    return "full"


def parry_need(row: str, mode: str) -> int:
    """The score a parry must equal or beat (the PARRY TABLE, L104-L111); refused where the
    mode cannot parry that attack (a missile never parries melee; EA only by EA or shield)."""
    values, line = tables.PARRY[row]
    need = values[tables.PARRY_MODES.index(mode)]
    if need is None:
        raise DomainError("parry_mode", f"golden-heroes.parry {line}",
                          f"a {mode} parry cannot stop a {row} attack")
    return need


def is_free(p: PendingAttack, used: int) -> bool:
    """Up to four responses a round to WC 0/1 attacks cost no frames (L101), unless the attack
    was a non-superpowered character's critical hit (L84)."""
    return (p.weapon_class <= 1 and "non_superpowered_critical" not in p.tags
            and used < tables.FREE_RESPONSES)


def past_free(p: PendingAttack, used: int) -> bool:
    """A response to a WC 0/1 attack once the round's four free ones are used (L101)."""
    return (p.weapon_class <= 1 and "non_superpowered_critical" not in p.tags
            and used >= tables.FREE_RESPONSES)


def frame_cost(p: PendingAttack, kind: str, used_free: int, in_hand: bool = False) -> int:
    """A dodge or parry costs the time of the attack (L101, L107); a fifth and later response
    to WC 0/1 attacks costs one frame (L101); standing firm costs none (L115); an autoparry 2
    frames, 1 with the object in hand (L113)."""
    if kind in ("none", "stand_firm"):
        return 0
    if p.weapon_class <= 1 and "non_superpowered_critical" not in p.tags:
        return 0 if used_free < tables.FREE_RESPONSES else 1
    if kind == "autoparry":
        return tables.AUTOPARRY_FRAMES[int(in_hand)]
    if kind == "superpower":
        return SUPERPOWER_FRAMES
    if kind == "common_sense":
        return COMMON_SENSE_FRAMES
    return p.frames
