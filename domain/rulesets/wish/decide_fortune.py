"""Deciding Fortune spent after the roll (L220-222, option ``fortune_after_roll``):
SpendFortuneAfterRoll amends a recorded check with the dice the points buy."""

from __future__ import annotations

from contracts.rulesets import wish as c
from contracts.rulesets.wish import events as ev
from domain.errors import DomainError, NotFound, StateConflict
from domain.rulesets.seam import Handlers
from domain.rulesets.wish import health, resolve, views
from domain.rulesets.wish import sheet as sheets
from domain.rulesets.wish.decide_context import Ctx, char
from domain.rulesets.wish.state_checks import RecentCheck


def _after_roll_dice(
    ctx: Ctx, cmd: c.SpendFortuneAfterRoll
) -> tuple[str, str, RecentCheck, str]:
    """Refusals for Fortune after the roll; the roller, the spender, the check and the die."""
    o = ctx.options
    rule = "wish.fortune.after_roll L222"
    if cmd.points < 1:  # the payload's own fault first
        raise DomainError("points", rule, "spend at least 1 point")
    if not o.fortune_after_roll:
        raise StateConflict(
            "check_id", rule, "this campaign spends Fortune before the roll (fortune_after_roll)"
        )
    spender = ctx.sheet(cmd.character_id)
    roller_id = cmd.roller_id or cmd.character_id
    roller = ctx.sheet(roller_id, "roller_id")
    window = roller.recent_checks[-max(1, o.fortune_after_roll_window):]
    found = [r for r in window if r.check_id == cmd.check_id]
    if not found:
        raise NotFound(
            "check_id", rule, f"{cmd.check_id!r} is not among {roller_id}'s latest checks"
        )
    rec = found[0]
    if rec.kind != "check":
        raise StateConflict(
            "check_id",
            rule,
            f"a {rec.kind}'s outcome has already been applied; spend Fortune before that roll",
        )
    if rec.lines:
        raise StateConflict(
            "check_id", "wish.option_lines L520", "its option lines are already triggered"
        )
    if roller_id != cmd.character_id and rec.target_id != cmd.character_id:
        # "an opponents dice pool that targets or would harm them" (L220)
        raise DomainError("roller_id", "wish.fortune.spend L220", "only the check's target may")
    if cmd.points > spender.fortune:
        raise StateConflict(
            "points",
            "wish.fortune.spend L220",
            f"spending {cmd.points} Fortune, only {spender.fortune} left",
        )
    die = o.fortune_own_die if roller_id == cmd.character_id else o.fortune_opponent_die
    return roller_id, cmd.character_id, rec, die


def spend_fortune_after_roll(ctx: Ctx, cmd: c.SpendFortuneAfterRoll) -> None:
    """SpendFortuneAfterRoll (L222, option ``fortune_after_roll``): each point rolls one more
    die (L220: own FRT, or MIS into an opponent's check that targets the spender) into a
    recorded check; the amended tally and result are recorded as ``wish.CheckAmended``."""
    roller_id, spender_id, rec, die = _after_roll_dice(ctx, cmd)
    assert rec.result is not None
    added = resolve.roll({die: cmd.points}, ctx.dice)
    extra = resolve.tally(added)
    before = rec.tally
    t = c.Tally(**{k: getattr(before, k) + getattr(extra, k) for k in c.Tally.__struct_fields__})
    result = resolve.resolve(t, rec.result.downgraded)
    roller = ctx.sheet(roller_id)
    physical = rec.characteristic in sheets.PHYSICAL
    exr = extra.EXR
    ctx.emit(
        char(spender_id),
        ev.FortuneSpent(points=cmd.points, purpose=f"after roll {roller_id}/{cmd.check_id}"),
    )
    ctx.emit(
        char(roller_id),
        ev.CheckAmended(
            check_id=cmd.check_id, spent_by=spender_id, fortune_spent=cmd.points, dice=added,
            previous_tally=views.tally_view(before), tally=t, result=result,
            fatigue=health.fatigue_suffered(roller, exr) if physical else 0, stress=0 if physical else exr),
    )


HANDLERS: Handlers[Ctx] = Handlers()
HANDLERS.add(c.SpendFortuneAfterRoll, spend_fortune_after_roll)
