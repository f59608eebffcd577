"""Deciding WISH option lines: ChooseOptionLines and ImposeOptionLines trigger a recorded
check's lines (L518-528)."""

from __future__ import annotations

from contracts.rulesets import wish as c
from contracts.rulesets.wish import events as ev
from domain.errors import NotFound
from domain.rulesets.seam import Handlers
from domain.rulesets.wish import (
    lines,
)
from domain.rulesets.wish.decide_context import Ctx, char


def _option_lines(
    ctx: Ctx, cmd: c.ChooseOptionLines | c.ImposeOptionLines, beneficial: bool
) -> None:
    s = ctx.sheet(cmd.character_id)
    found = [r for r in s.recent_checks if r.check_id == cmd.check_id]
    if not found:
        raise NotFound("check_id", lines.RULE, f"no recent check {cmd.check_id!r}")
    consumed = lines.choose(found[0], list(cmd.lines), beneficial)
    ctx.emit(
        char(cmd.character_id),
        ev.OptionLinesChosen(
            check_id=cmd.check_id, chooser="actor" if beneficial else "gm",
            lines=[lines.name_of(p) for p in cmd.lines for _ in range(p.times)], consumed=consumed),
    )


def choose_option_lines(ctx: Ctx, cmd: c.ChooseOptionLines) -> None:
    """ChooseOptionLines: the acting character triggers beneficial lines — one success line it
    meets (L520, L522), boon lines paid with boons (L526, D-2), ``!`` with a serendipity (L528)."""
    _option_lines(ctx, cmd, beneficial=True)


def impose_option_lines(ctx: Ctx, cmd: c.ImposeOptionLines) -> None:
    """ImposeOptionLines (GM): detrimental lines — failure lines at N net failures (L524, D-1),
    bane lines paid with banes (L526, D-2), ``?`` with a calamity (L528)."""
    _option_lines(ctx, cmd, beneficial=False)


HANDLERS: Handlers[Ctx] = Handlers()
HANDLERS.add(c.ChooseOptionLines, choose_option_lines)
HANDLERS.add(c.ImposeOptionLines, impose_option_lines)
