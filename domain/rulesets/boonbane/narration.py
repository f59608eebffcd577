"""Boonbane events in words (``domain.narration``), in the seed's own terms: the d20 with its
boons and banes, each a d6 of which the highest counts (L14-L16), against the target number
(L17-L22); Damage against Health (L25-L30, L61-L68), afflictions gained and lost (L303-L306),
Fate rolls (L34-L42), turns and rounds (L117-L120) and awards."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from contracts.narration import EventLine, Outcome
from domain.narration_text import count, dice, plain, plain_lines, who

Data = Mapping[str, Any]


def _outcome(success: bool) -> Outcome:
    return "success" if success else "failure"


def rolled(d: Data, _c: str | None) -> EventLine:
    """An attack or challenge roll: d20, the boon or bane d6 that counted, the modifier."""
    actor = who(d["character_id"])
    what = f"a {d['stat'].title()} {d['kind']} roll"
    if d.get("target_id"):
        what += f" against {who(d['target_id'])}"
    if d.get("automatic"):
        return EventLine(text=f"{actor} made {what}: {_outcome(bool(d['success']))} without "
                              f"dice ({plain(d['automatic'])}).",
                         outcome=_outcome(bool(d["success"])))
    net = int(d.get("net", 0))
    if net:
        kind = ("boon", "boons") if net > 0 else ("bane", "banes")
        counted = f"{'+' if net > 0 else '-'} {d['kept']}"
        six = " (a 6 by Fortune)" if d.get("fortune_six") else ""
        extra = f" {counted} ({count(abs(net), *kind)}: d6 {dice(d.get('d6', []))}, highest " \
                f"counts{six})"
    else:
        cancelled = f" (boons and banes cancel: {d['boons']} against {d['banes']})" \
            if d.get("boons") else ""
        extra = cancelled
    modifier = int(d.get("modifier", 0))
    mod = f" {'+' if modifier >= 0 else '-'} {abs(modifier)}" if modifier else ""
    total = f"d20 {d['d20']}{extra}{mod} = {d['total']}" if d.get("d20") is not None else ""
    result = "success" if d["success"] else "failure"
    if d.get("fortune_success"):
        result = "success by Fortune"
    if d.get("critical"):
        result += ", critical"
    text = f"{actor} made {what}: {total} against {d['target_number']}, {result}"
    if d.get("jammed"):
        text += f"; {d.get('weapon') or 'the weapon'} jammed"
    return EventLine(text=text + ".", outcome=_outcome(bool(d["success"])))


def damage(d: Data, _c: str | None) -> EventLine:
    """Damage (L25-L30): added to the Damage total, never past Health."""
    text = f"{who(d['character_id'])} took {d['applied']} damage"
    if d.get("rolled") != d.get("applied"):
        text += f" ({d['rolled']} rolled)"
    text += f": Damage {d['damage']} of Health {d['health']}"
    states = [s for k, s in (("incapacitated", "incapacitated"), ("injured", "injured"))
              if d.get(k)]
    if d.get("life_state") and d["life_state"] not in ("active", "alive", "conscious"):
        states.insert(0, str(d["life_state"]))
    if states:
        text += f", {states[0]}" if len(states) == 1 else f", {', '.join(dict.fromkeys(states))}"
    gained = [a["name"] for a in d.get("added", [])]
    if gained:
        text += f"; gained {', '.join(gained)}"
    return EventLine(text=text + ".")


def _affliction(a: Mapping[str, Any]) -> str:
    rounds = f" ({count(int(a['rounds']), 'round', 'rounds')})" if a.get("rounds") else ""
    return f"{a['name']}{rounds}"


def fate(d: Data, _c: str | None) -> EventLine:
    """A Fate roll (L34-L42): one d6 read as 1, 2-5 or 6."""
    rolled_ = f"d6 {d['d6']}" if d.get("d6") is not None else "no roll"
    return EventLine(text=f"{who(d['character_id'])} made a Fate roll while {d['was']} "
                          f"({rolled_}): {plain(d['outcome'])}; now {d['life_state']}.")


LINES: Final[dict[str, tuple[str, Callable[[Data, str | None], EventLine | None] | None]]] = {
    "boonbane.RollMade": ("Roll", rolled),
    "boonbane.DamageTaken": ("Damage taken", damage),
    "boonbane.FateRolled": ("Fate roll", fate),
    "boonbane.DamageRolled": ("Damage rolled", lambda d, c: EventLine(
        text=f"Damage rolled: d{d['sides']} {dice(d['dice'])}"
             + (f" + {d['bonus']}" if d.get("bonus") else "") + f" = {d['amount']}, to "
             + ", ".join(who(t) for t in d.get("targets", [])) + ".")),
    "boonbane.Healed": ("Healed", lambda d, c: EventLine(
        text=f"{who(d['character_id'])} healed {d['healed']} damage: Damage {d['damage']}.")),
    "boonbane.AfflictionAdded": ("Affliction gained", lambda d, c: EventLine(
        text=f"{who(d['character_id'])} is now {_affliction(d['instance'])}"
             + (f" ({plain(d['cause'])})" if d.get("cause") else "") + ".")),
    "boonbane.AfflictionRemoved": ("Affliction lost", lambda d, c: EventLine(
        text=f"{who(d['character_id'])} is no longer {d['instance']['name']}."
        if not d.get("instances") else
        f"{who(d['character_id'])} lost one {d['instance']['name']} "
        f"({d['instances']} left).")),
    "boonbane.AfflictionsTicked": ("Afflictions ticked", lambda d, c: EventLine(
        text=f"{who(d['character_id'])}: {', '.join(a['name'] for a in d['expired'])} ended."
    ) if d.get("expired") else None),
    "boonbane.EncounterStarted": ("Encounter started", lambda d, c: EventLine(
        text="An encounter began: " + ", ".join(who(x) for x in d.get("order", [])) + ".")),
    "boonbane.TurnTaken": ("Turn", lambda d, c: EventLine(
        text=f"Round {d['round']}: {who(d['character_id'])}'s turn ({d['phase']}).")),
    "boonbane.RoundEnded": ("Round ended", lambda d, c: EventLine(
        text=f"Round {d['round']} ended"
             + (f"; Fate rolls for {', '.join(who(x) for x in d['fate_rolls'])}"
                if d.get("fate_rolls") else "") + ".")),
    "boonbane.StatAwarded": ("Award", lambda d, c: EventLine(
        text=f"{who(d['character_id'])}'s {d['stat']} went from {d['before']} to {d['after']}"
             + (f": {d['reason']}" if d.get("reason") else "") + ".")),
    "boonbane.FortuneSpent": ("Fortune spent", lambda d, c: EventLine(
        text=f"{who(d['character_id'])} spent 1 Fortune for {who(d['for_character'])} "
             f"({d['use']}); {d['fortune']} left.")),
    # recorded on the grabber's and the grabbed creature's streams: said once, on the grabbed's
    "boonbane.GrabStarted": ("Grabbed", lambda d, c: EventLine(
        text=f"{who(d['grabber_id'])} grabbed {who(d['target_id'])}.")
        if d["character_id"] == d["target_id"] else None),
    "boonbane.GrabEnded": ("Grab ended", lambda d, c: EventLine(
        text=f"{who(d['target_id'])} is no longer grabbed by {who(d['grabber_id'])}"
             f" ({plain(d['cause'])}).") if d["character_id"] == d["target_id"] else None),
    "boonbane.SpellCast": ("Spell cast", lambda d, c: EventLine(
        text=f"{who(d['character_id'])} cast {d['spell']}"
             + (f": consequence d6 {d['d6']}" + (f" + {d['bonus']}" if d.get("bonus") else "")
                + f" = {d['result']}" if d.get("d6") is not None else "")
             + f", {plain(d['outcome'])}.")),
}

# Events a table is told of in no more words than their name's.
LINES.update(plain_lines((
    "boonbane.ActionReinterpreted",
    "boonbane.ActionUsed",
    "boonbane.ArtifactUsed",
    "boonbane.ConcentrationChanged",
    "boonbane.DeathStateEnded",
    "boonbane.EscalationChanged",
    "boonbane.FateAmended",
    "boonbane.FortuneAmended",
    "boonbane.HiddenChanged",
    "boonbane.KnowledgeSet",
    "boonbane.MinorActivityDone",
    "boonbane.MinorActivityUsed",
    "boonbane.OverlayChanged",
    "boonbane.RoundEffectAdded",
    "boonbane.RoundEffectUsed",
    "boonbane.SceneEnded",
    "boonbane.SessionStarted",
    "boonbane.TimePassed",
    "boonbane.WeaponChanged",
    "boonbane.WeaponRepaired",
)))
