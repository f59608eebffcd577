"""Golden Heroes events in words (``domain.narration``), in the seed's own terms: the strike
roll's d20 + WC + DC against 18 (L79), criticals with their Critical Hit or Miss Table entry
(L84-L98), combat responses and HTC/HTK damage (L100-L128), initiative and phases (L43-L54),
recovery (L123-L128), generation (L3-L30) and DUPs spent (L375)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from contracts.narration import EventLine, Outcome
from domain.narration_text import count, dice, plain, plain_lines, who

Data = Mapping[str, Any]
HIT_TARGET: Final = 18  # "equal to or greater than 18" (L79)


def _outcome(success: bool) -> Outcome:
    return "success" if success else "failure"


def strike(d: Data, _c: str | None) -> EventLine:
    """The strike roll (L79): 1d20 + WC + DC (5 for DC 1-4) and modifiers; 18 or more hits."""
    dc = d.get("defence_added") or d["defence_class"]
    mods = "".join(f" {'+' if m['value'] >= 0 else '-'} {abs(m['value'])} {plain(m['source'])}"
                   for m in d.get("modifiers", []))
    sum_ = f"{d['natural']} + WC {d['weapon_class']} + DC {dc}{mods} = {d['total']}"
    text = f"{who(d['character_id'])} struck at {who(d['target_id'])} with " \
           f"{d.get('attack', 'an attack')}: {sum_}, {'a hit' if d['hit'] else 'a miss'}"
    if d.get("critical") == "hit":
        text += " - a CRITICAL HIT"
    elif d.get("critical") == "miss":
        text += " - a CRITICAL MISS"
    if d.get("critical_effect"):
        die = f"d10 {d['critical_die']}: " if d.get("critical_die") else ""
        text += f" ({die}{plain(d['critical_effect'])})"
    if d.get("backfire_die"):
        text += f"; backfire {d['backfire_die']} HTC"
    return EventLine(text=text + ".", outcome=_outcome(bool(d["hit"])))


def resolved(d: Data, _c: str | None) -> EventLine:
    """A hit's response and its damage (L100-L128): HTC and HTK taken, the state after."""
    target = who(d["character_id"])
    parts = []
    if d.get("response") and d["response"] != "none":
        faces = f" ({dice(d['response_dice'])})" if d.get("response_dice") else ""
        result = f": {d['response_result']}" if d.get("response_result") else ""
        parts.append(f"{target} answered with a {d['response']}{faces}{result}")
    taken = f"{target} took {d.get('htc_taken', 0)} HTC and {d.get('htk_taken', 0)} HTK " \
            f"from {who(d['attacker_id'])}'s {d.get('attack', 'attack')}"
    pools = [f"HTC dice {dice(d['htc_dice'])}" if d.get("htc_dice") else "",
             f"HTK dice {dice(d['htk_dice'])}" if d.get("htk_dice") else ""]
    if any(pools):
        taken += f" ({'; '.join(p for p in pools if p)})"
    parts.append(taken)
    after = f"now HTC {d.get('htc', 0)}, HTK {d.get('htk', 0)}"
    states = [s for s in (d.get("condition"), d.get("injury")) if s and s not in ("fine", "none")]
    if states:
        after += f", {' and '.join(states)}"
    if d.get("pushback_metres"):
        after += f"; pushed back {d['pushback_metres']} m"
    hurt = d.get("htc_taken", 0) or d.get("htk_taken", 0)
    return EventLine(text=f"{'; '.join(parts)}; {after}.",
                     outcome="success" if not hurt else None)


def critical_miss(d: Data, _c: str | None) -> EventLine:
    die = f"d10 {d['die']}: " if d.get("die") else ""
    return EventLine(text=f"{who(d['character_id'])} suffered a critical miss ({die}"
                          f"{plain(d.get('effect', ''))}).", outcome="failure")


def mental(d: Data, _c: str | None) -> EventLine:
    """A Magic or Mental Attack (L99): each side's die + Ego; the attacker must beat it."""
    return EventLine(
        text=f"{who(d['character_id'])} made a {d['kind']} attack on {who(d['target_id'])}: "
             f"{d['attacker_total']} against {d['defender_total']}, "
             f"{'it took hold' if d['success'] else 'resisted'}.",
        outcome=_outcome(bool(d["success"])))


def initiative(d: Data, _c: str | None) -> EventLine:
    """Initiative (L43-L45): each side's d10, the difference and the frames it wins."""
    rolls = "; ".join(f"heroes {r[0]}, villains {r[1]}" for r in d.get("rolls", []) if len(r) == 2)
    return EventLine(text=f"Round {d['round']} initiative ({rolls}): the {d['winner']} win by "
                          f"{d['difference']}, {count(int(d['frames_won']), 'frame', 'frames')}"
                          " first.")


def generated(d: Data, _c: str | None) -> EventLine:
    """Generation (L3, L9): each attribute's dice and value, then HTC and HTK."""
    attrs = ", ".join(f"{a['attribute'].title()} {a['value']} ({dice(a['dice'])})"
                      for a in d.get("attributes", []))
    return EventLine(text=f"{who(d['character_id'])} was generated ({d['method']}): {attrs}; "
                          f"HTC {d['max_htc']}, HTK {d['max_htk']}.")


def recovered(d: Data, _c: str | None) -> EventLine:
    gained = f"{d.get('htc_gain', 0)} HTC and {d.get('htk_gain', 0)} HTK"
    return EventLine(text=f"{who(d['character_id'])} recovered {gained} ({d['period']}): "
                          f"now HTC {d.get('htc', 0)}, HTK {d.get('htk', 0)}.")


LINES: Final[dict[str, tuple[str, Callable[[Data, str | None], EventLine | None] | None]]] = {
    "golden-heroes.StrikeRolled": ("Strike rolled", strike),
    "golden-heroes.AttackResolved": ("Damage", resolved),
    "golden-heroes.CriticalMissSuffered": ("Critical miss", critical_miss),
    "golden-heroes.MentalAttackRolled": ("Mental attack", mental),
    "golden-heroes.InitiativeRolled": ("Initiative", initiative),
    "golden-heroes.CharacterGenerated": ("Character generated", generated),
    "golden-heroes.Recovered": ("Recovered", recovered),
    "golden-heroes.HitPending": ("Hit pending", lambda d, c: EventLine(
        text=f"{who(d['character_id'])} is hit and may respond.")),
    "golden-heroes.ConditionNoted": ("Condition", lambda d, c: EventLine(
        text=f"{who(d['character_id'])} is now {d['condition']}.")),
    "golden-heroes.CombatStarted": ("Combat started", lambda d, c: EventLine(
        text="A fight began: " + ", ".join(f"{who(x['character_id'])} ({x['side']})"
                                           for x in d.get("combatants", [])) + ".")),
    "golden-heroes.PhaseEnded": ("Phase ended", lambda d, c: EventLine(
        text=f"Round {d['round']}: phase {d['phase']} ended"
             + (f", phase {d['next_phase']} begins." if d.get("next_phase")
                else "; the round is over."))),
    "golden-heroes.CombatEnded": ("Combat ended", lambda d, c: EventLine(
        text=f"The fight ended after {count(int(d['rounds']), 'round', 'rounds')}.")),
    "golden-heroes.CoupDeGraceDelivered": ("Coup de grace", lambda d, c: EventLine(
        text=f"{who(d['character_id'])} delivered a coup de grace to {who(d['target_id'])}: "
             f"no recovery for {d['hours']} hours (d6 {d['die']} + 1).")),
    "golden-heroes.PowerGained": ("Power gained", lambda d, c: EventLine(
        text=f"{who(d['character_id'])} gained {d.get('power') or 'a power of choice'}"
             + (f" grade {d['grade']}" if d.get("grade") else "")
             + (f" (d100 {dice(d['d100'])})" if d.get("d100") else "") + ".")),
    "golden-heroes.CharacterImproved": ("Character improved", lambda d, c: EventLine(
        text=f"{who(d['character_id'])} spent {d['dups']} DUPs on {d['improvement']}"
             + (f" ({d['refinement']})" if d.get("refinement") else "") + ".")),
    "golden-heroes.RatingRolled": ("Rating roll", lambda d, c: EventLine(
        text=f"{who(d['character_id'])} rolled {d['use']} ({d['about']}): d100 {d['die']} "
             f"against {d['percent']}% (rating {d['rating']}), "
             f"{_outcome(bool(d['success']))}.", outcome=_outcome(bool(d["success"])))),
    "golden-heroes.GrabRolled": ("Grab", lambda d, c: EventLine(
        text=f"{who(d['character_id'])} tried to {d['kind']} {who(d['target_id'])}"
             + "".join(f" ({x['natural']} + WC {x['weapon_class']} = {x['total']})"
                       for x in d.get("strikes", []))
             + f": {str(d['result']).replace('_', ' ')}.",
        outcome="success" if d.get("succeeded") else "failure")),
    "golden-heroes.JudoThrown": ("Judo throw", lambda d, c: EventLine(
        text=f"{who(d['character_id'])} tried a judo throw on {who(d['target_id'])}: "
             f"{d['result']}" + (f" ({d['total']})" if d.get("total") is not None else "")
             + (f", {d['htk']} HTK" if d.get("htk") else "") + ".",
        outcome="success" if d["result"] == "thrown" else "failure")),
    "golden-heroes.HeroPointsSpent": ("Hero Points spent", lambda d, c: EventLine(
        text=f"{who(d['character_id'])} spent {d['points']} Hero Points on the strike of "
             f"{who(d['roller_id'])}: now {d['total']}, "
             f"{'a hit' if d['hit'] else 'a miss'}.")),
    "golden-heroes.Aided": ("Aid", lambda d, c: EventLine(
        text=f"{who(d['character_id'])} gave {who(d['target_id'])} {d['kind']}: "
             f"{d.get('htc_gain', 0)} HTC and {d.get('htk_gain', 0)} HTK back.")),
    "golden-heroes.BindingRolled": ("Binding", lambda d, c: EventLine(
        text=f"{who(d['character_id'])}: {d['what']} ({d['kind']}, d {d['die']}, "
             f"total {d['total']})" + (", escaped" if d.get("escaped") else "") + ".")),
    "golden-heroes.TargetChosen": ("Target chosen", lambda d, c: EventLine(
        text=f"The villains chose {who(d['target'])} (d100 {dice(d.get('dice', []))}).")),
    "golden-heroes.FramesUsed": ("Frames used", None),
    "golden-heroes.FightJoined": ("Fight joined", None),
}

# Events a table is told of in no more words than their name's.
LINES.update(plain_lines((
    "golden-heroes.AttackDeclared",
    "golden-heroes.BackgroundTaken",
    "golden-heroes.BountyHunterDeclared",
    "golden-heroes.DupsAllocated",
    "golden-heroes.EquipmentChosen",
    "golden-heroes.ForceFieldRaised",
    "golden-heroes.GeneralFieldChanged",
    "golden-heroes.GripChanged",
    "golden-heroes.LeftOpenTaken",
    "golden-heroes.ObjectFell",
    "golden-heroes.ObjectHandled",
    "golden-heroes.PowerOptionChosen",
    "golden-heroes.PowerRollsConverted",
    "golden-heroes.RatingReasonNoted",
    "golden-heroes.RatingSet",
    "golden-heroes.ResourcesUsed",
    "golden-heroes.ScenarioEnded",
    "golden-heroes.ScenarioStarted",
    "golden-heroes.StoodUp",
    "golden-heroes.ThrowStopped",
    "golden-heroes.VehicleRammed",
    "golden-heroes.WeekStarted",
)))
