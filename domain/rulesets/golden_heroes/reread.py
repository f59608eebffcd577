"""Re-reading recorded Golden Heroes rolls from their draws (the audit and ``verify``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import msgspec

from contracts.rulesets import golden_heroes as c
from domain.rulesets.golden_heroes import (
    coup_de_grace,
    frames,
    judo,
    mental,
    power_table,
    responses,
    strike,
)

RID = c.RULESET_ID


def _faces(draws: Sequence[tuple[int, int]], sides: int | None = None) -> list[int]:
    return [face for s, face in draws if sides is None or s == sides]


def _generated(data: Mapping[str, Any], draws: Sequence[tuple[int, int]]) -> list[str]:
    gen = msgspec.convert(dict(data), c.CharacterGenerated)
    recorded = [f for a in gen.attributes for f in a.dice] + gen.htc_dice + gen.htk_dice
    out = [] if _faces(draws) == recorded else ["recorded dice differ from the draws"]
    for a in gen.attributes:
        if a.value != sum(sorted(a.dice, reverse=True)[:3]):
            out.append(f"{a.attribute} {a.value} is not the best three of {a.dice}")
    if gen.max_htc != sum(gen.htc_dice) or gen.max_htk != sum(gen.htk_dice):
        out.append("HTC/HTK are not the sums of their dice (L9)")
    return out


def _initiative(data: Mapping[str, Any], draws: Sequence[tuple[int, int]]) -> list[str]:
    ev = msgspec.convert(dict(data), c.InitiativeRolled)
    out = [] if _faces(draws, 10) == [f for pair in ev.rolls for f in pair] else [
        "recorded initiative rolls differ from the draws"]
    heroes, villains = ev.rolls[-1]
    if frames.frames_won(abs(heroes - villains)) != ev.frames_won:
        out.append(f"frames won {ev.frames_won}: the table gives "
                   f"{frames.frames_won(abs(heroes - villains))} (L44-L45)")
    return out


def _power(data: Mapping[str, Any], draws: Sequence[tuple[int, int]]) -> list[str]:
    ev = msgspec.convert(dict(data), c.PowerGained)
    out = [] if _faces(draws, 100) == ev.d100 else ["recorded d100 rolls differ from the draws"]
    if ev.how == "rolled" and ev.d100:
        row = power_table.row_for(ev.d100[-1])
        if (row.power if row else "") != ev.power:
            out.append(f"d100 {ev.d100[-1]} reads {row.power if row else 'choose'} (L14)")
    other = [f for s, f in draws if s != 100]
    if other != ev.dice:
        out.append("the power's recorded dice differ from the draws")
    return out


def _resolved(data: Mapping[str, Any], draws: Sequence[tuple[int, int]]) -> list[str]:
    ev = msgspec.convert(dict(data), c.AttackResolved)
    recorded = ev.response_dice + ev.parry_dice + ev.htc_dice + ev.htk_dice + ev.critical_dice
    recorded += [ev.collision_die] if ev.collision_die is not None else []
    recorded += [ev.clear_die] if ev.clear_die is not None else []
    recorded += [ev.fall_die] if ev.fall_die is not None else []
    out = [] if _faces(draws) == recorded else ["recorded dice differ from the draws"]
    if ev.response == "dodge" and ev.response_total is not None:
        expected = responses.dodge_result(ev.response_total)
        either = expected == "glancing_or_full" and ev.response_result in ("glancing", "full")
        if expected != ev.response_result and not either:
            out.append(f"dodge {ev.response_total} does not read {ev.response_result} (L101)")
    return out


def _grab(data: Mapping[str, Any], draws: Sequence[tuple[int, int]]) -> list[str]:
    """Each hand's d20 (and a critical's d10) as drawn; a grab's hit read as a strike (L82),
    a maintenance's as anything but a critical miss (L83)."""
    ev = msgspec.convert(dict(data), c.GrabRolled)
    recorded = [f for s in ev.strikes for f in (s.natural, s.critical_die, s.backfire_die)
                if f is not None]
    recorded += [ev.hypothetical_die] if ev.hypothetical_die is not None else []
    out = [] if _faces(draws) == recorded else ["recorded dice differ from the draws"]
    for s in ev.strikes:
        if ev.kind == "maintain":
            if s.hit != (s.natural > s.miss_range):
                out.append(f"maintenance on {s.natural}: hit={s.hit} recorded (L83)")
        else:
            out += strike.reread(s, s.natural, s.crit_range, s.miss_range)
    return out


def _judo(data: Mapping[str, Any], draws: Sequence[tuple[int, int]]) -> list[str]:
    """The grab's d20 (and d10), the throw's d6 and the HTK d6 as drawn; the total and its
    reading on the JUDO THROW TABLE (L116)."""
    ev = msgspec.convert(dict(data), c.JudoThrown)
    g = ev.grab
    recorded = [f for f in (g.natural, g.critical_die, g.backfire_die, ev.throw_die, ev.htk_die)
                if f is not None]
    out = [] if _faces(draws) == recorded else ["recorded dice differ from the draws"]
    out += strike.reread(g, g.natural, g.crit_range, g.miss_range)
    if ev.throw_die is not None and ev.total is not None:
        total = ev.throw_die + 2 * ev.grade + ev.dexterity_modifier
        row = judo.read(total)
        if (total, row.frames_lost) != (ev.total, ev.frames_lost):
            out.append(f"total {ev.total} recorded, the rule gives {total} (L116)")
    return out


def _plain(data: Mapping[str, Any], draws: Sequence[tuple[int, int]], keys: tuple[str, ...]
           ) -> list[str]:
    recorded: list[int] = []
    for k in keys:
        v = data.get(k)
        recorded += v if isinstance(v, list) else [v] if isinstance(v, int) else []
    return [] if _faces(draws) == recorded else ["recorded dice differ from the draws"]


def reread(event_type: str, data: Mapping[str, Any],
           draws: Sequence[tuple[int, int]]) -> list[str]:
    """How a recorded roll's reading differs from the rules applied to its draws."""
    if event_type == f"{RID}.StrikeRolled":
        ev = msgspec.convert(dict(data), c.StrikeRolled)
        d20 = _faces(draws, 20)
        if not d20:
            return ["no d20 drawn for the strike"]
        return strike.reread(ev, d20[0], ev.crit_range, ev.miss_range)
    if event_type == f"{RID}.CharacterGenerated":
        return _generated(data, draws)
    if event_type == f"{RID}.InitiativeRolled":
        return _initiative(data, draws)
    if event_type == f"{RID}.PowerGained":
        return _power(data, draws)
    if event_type == f"{RID}.AttackResolved":
        return _resolved(data, draws)
    if event_type == f"{RID}.Recovered":
        return _plain(data, draws, ("wake_die", "dice"))
    if event_type in (f"{RID}.Aided", f"{RID}.BackgroundTaken"):
        return _plain(data, draws, ("dice",))
    if event_type == f"{RID}.MentalAttackRolled":
        return mental.reread(msgspec.convert(dict(data), c.MentalAttackRolled), _faces(draws))
    if event_type == f"{RID}.CoupDeGraceDelivered":
        coup = msgspec.convert(dict(data), c.CoupDeGraceDelivered)
        out = _plain(data, draws, ("die",))
        if coup.hours != coup_de_grace.hours_for(coup.die):
            out.append(f"{coup.hours} hours: 1d6 + 1 on {coup.die} gives "
                       f"{coup_de_grace.hours_for(coup.die)} (L78, decision #46)")
        return out
    if event_type == f"{RID}.GrabRolled":
        return _grab(data, draws)
    if event_type == f"{RID}.JudoThrown":
        return _judo(data, draws)
    if event_type == f"{RID}.RatingRolled":
        rolled = msgspec.convert(dict(data), c.RatingRolled)
        out = _plain(data, draws, ("die",))
        if rolled.success != (rolled.die <= rolled.percent):
            out.append(f"{rolled.die} against {rolled.percent}%: success={rolled.success} (L374)")
        return out
    if event_type == f"{RID}.BindingRolled":
        return _plain(data, draws, ("die",))
    if event_type == f"{RID}.TargetChosen":
        return _plain(data, draws, ("dice",))
    if event_type == f"{RID}.CombatStarted":
        return _plain(data, draws, ("tiebreak_dice",))
    return []
