"""Deciding WISH justification lines (L338-368): ChooseJustificationLine (the actor) and
ImposeJustificationLine (the GM) on a recorded stunt check."""

from __future__ import annotations

import msgspec
from msgspec import UNSET, UnsetType

from contracts.rulesets import wish as c
from contracts.rulesets.wish import events as ev
from domain.errors import DomainError, NotFound, StateConflict
from domain.rulesets.seam import Handlers
from domain.rulesets.wish import justification_lines as jl
from domain.rulesets.wish import justifications, views
from domain.rulesets.wish.decide_context import Ctx, char
from domain.rulesets.wish.decide_health import damage

RULE = "wish.justification.lines L338-368"


def _trigger(ctx: Ctx, cmd: c.ChooseJustificationLine | c.ImposeJustificationLine) -> None:
    s = ctx.sheet(cmd.character_id)
    found = [r for r in s.recent_checks if r.check_id == cmd.check_id]
    if not found:
        raise NotFound("check_id", RULE, f"no recent check {cmd.check_id!r}")
    rec = found[0]
    if rec.stunt is None or rec.stunt not in s.stunts or rec.result is None:
        raise StateConflict("check_id", RULE, "the check used no stunt")
    j = justifications.effective(s, s.stunts[rec.stunt])
    row = jl.LINES.get((j, cmd.line))
    if row is None:
        raise DomainError("line", RULE, f"{rec.stunt} is {j.title()}: it has no {cmd.line!r} line")
    rule = f"wish.justification.{j} L{row.line}"
    name = f"{j} {cmd.line}"
    if cmd.times < 1 or (cmd.times > 1 and not row.repeatable):
        raise DomainError("times", rule, "this line triggers once per resolution (L520)")
    if name in rec.lines and not row.repeatable:
        raise StateConflict("line", rule, f"{name!r} has already been triggered")
    consumed: dict[str, int] = {}
    if row.symbol is not None:
        r = rec.result
        have = {"B": max(0, r.net_boons), "N": max(0, -r.net_boons), "SER": r.serendipity,
                "CAL": r.calamity}[row.symbol] - rec.consumed.get(row.symbol, 0)
        if cmd.times > have:
            raise StateConflict("times", f"{rule} (D-2)",
                                f"needs {cmd.times} {row.symbol}, the check has {have} left")
        consumed = {row.symbol: cmd.times}
    rating: int | UnsetType = UNSET
    fails: bool | UnsetType = UNSET
    result: c.CheckResult | UnsetType = UNSET
    if j == "arcane":
        rating, fails = jl.arcane_rating(rec.stunt_rating, cmd.line, cmd.times)
    if j == "karmic" and cmd.line == "fortune":  # 1 success per Fortune point (L367)
        net = rec.result.net_successes + cmd.times
        result = views.result_view(
            msgspec.structs.replace(rec.result, net_successes=net, success=net >= 1))
    _effects(ctx, cmd, j, rec.target_id, rule)
    ctx.emit(char(cmd.character_id), ev.JustificationLineTriggered(
        check_id=cmd.check_id, stunt=rec.stunt, justification=j, line=cmd.line, times=cmd.times,
        consumed=consumed, rule=rule, stunt_rating=rating, fails=fails, result=result))


def _effects(ctx: Ctx, cmd: c.ChooseJustificationLine | c.ImposeJustificationLine, j: str,
             target_id: str | None, rule: str) -> None:
    """What a Psychic or Karmic line does to the characters (L353-354, L366-368)."""
    s = ctx.sheet(cmd.character_id)
    me = char(cmd.character_id)
    if j == "psychic" and cmd.line == "+":
        given = getattr(cmd, "target_id", None)
        if target_id is None or given != target_id:
            raise DomainError("target_id", rule, f"name the check's target ({target_id})")
        ctx.emit(char(target_id), ev.Exerted(stress=1, fatigue=0, cause=rule))
    elif j == "psychic":
        ctx.emit(me, ev.Exerted(stress=1, fatigue=0, cause=rule))
    elif j == "karmic" and cmd.line == "!":
        ctx.emit(me, ev.FortuneGained(points=min(1, s.fortune_rating - s.fortune), reset=False))
    elif j == "karmic" and cmd.line == "fortune":
        if cmd.times > s.fortune:
            raise StateConflict("times", rule, f"{cmd.times} Fortune needed, {s.fortune} left")
        ctx.emit(me, ev.FortuneSpent(points=cmd.times, purpose=rule))
    elif j == "karmic":  # "?": lose 1 Fortune, or 1 Grit and 3 stress without any (L368)
        if s.fortune >= 1:
            ctx.emit(me, ev.FortuneSpent(points=1, purpose=rule))
        else:
            # a direct loss: Psyche does not apply (digest §9.1)
            damage(ctx, cmd.character_id, jl.KARMIC_NO_FORTUNE_GRIT, "direct_grit", 0, True, rule)
            ctx.emit(me, ev.Exerted(stress=jl.KARMIC_NO_FORTUNE_STRESS, fatigue=0, cause=rule))


def choose_justification_line(ctx: Ctx, cmd: c.ChooseJustificationLine) -> None:
    """ChooseJustificationLine: Arcane ``!`` +1 SR, many times (L340); Psychic ``+`` the target
    suffers 1 stress (L353); Karmic ``!`` regain 1 Fortune (L366), ``fortune`` 1 Fortune for 1
    success, more than once (L367)."""
    _trigger(ctx, cmd)


def impose_justification_line(ctx: Ctx, cmd: c.ImposeJustificationLine) -> None:
    """ImposeJustificationLine (GM, L520): Arcane ``?`` -1 SR, many times, failing at SR 0
    (L341-343); Psychic ``-`` the character suffers 1 stress (L354); Karmic ``?`` lose 1
    Fortune, or 1 Grit and 3 stress without any (L368)."""
    _trigger(ctx, cmd)


HANDLERS: Handlers[Ctx] = Handlers()
HANDLERS.add(c.ChooseJustificationLine, choose_justification_line)
HANDLERS.add(c.ImposeJustificationLine, impose_justification_line)
