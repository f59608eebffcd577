"""Deciding WISH conditions: AddCondition, RemoveCondition, RollBriefCondition, ExposeToFear
(L1385-1511)."""

from __future__ import annotations

from contracts.rulesets import wish as c
from contracts.rulesets.wish import events as ev
from domain.errors import DomainError, NotFound
from domain.rulesets.seam import Handlers
from domain.rulesets.wish import (
    conditions,
    views,
)
from domain.rulesets.wish.decide_context import Ctx, char
from domain.rulesets.wish.decide_health import damage
from domain.rulesets.wish.state import ConditionInstance


def _add_condition(
    ctx: Ctx,
    cid: str,
    name: str,
    duration: str | None,
    tokens: int | None,
    severity: int | None,
    stay: bool,
    stunt: str | None = None,
) -> None:
    o = ctx.options
    s = ctx.sheet(cid)
    row = conditions.BY_NAME.get(name)
    if row is None and duration not in ("encounter", "contingent"):
        raise DomainError(
            "name",
            "wish.condition L1425-1511",
            f"{name!r} is not a Brief condition; give an Encounter or Contingent duration",
        )
    dur = duration or "brief"
    n = tokens if tokens is not None else (o.brief_default_tokens if dur == "brief" else 0)
    if dur == "brief" and n < 1:
        raise DomainError("tokens", "wish.condition.brief L1393", "a Brief condition needs tokens")
    if dur == "encounter" and any(
        x.name == name and x.duration == "encounter" for x in s.conditions
    ):
        # Encounter conditions do not stack: the second is ignored (L1407).
        ctx.emit(char(cid), ev.ConditionIgnored(name=name, rule="L1407"))
        return
    # Intoxicated and Drunk aggregate onto Drunk (L1437, L1465).
    if dur == "brief" and name in ("Intoxicated", "Drunk"):
        drunk = conditions.instances(s, "Drunk")
        intox = conditions.instances(s, "Intoxicated")
        if drunk or (name == "Intoxicated" and intox) or name == "Drunk" and intox:
            if not drunk:
                _new(ctx, cid, "Drunk", "brief", 0, 5)
                drunk = conditions.instances(ctx.sheet(cid), "Drunk")
            moved = n + sum(x.tokens for x in intox)
            ctx.emit(
                char(cid),
                ev.ConditionTokensAdded(
                    condition_id=drunk[0].id, tokens=moved, absorbed=[x.id for x in intox]),
            )
            _drunk_overflow(ctx, cid)
            return
    inst = _new(
        ctx,
        cid,
        name,
        dur,
        n,
        severity if severity is not None else (row.severity if row else 1),
        stunt,
    )
    _on_apply(ctx, cid, inst, stay)


def _new(
    ctx: Ctx, cid: str, name: str, dur: str, tokens: int, severity: int, stunt: str | None = None
) -> ConditionInstance:
    s = ctx.sheet(cid)
    inst = ConditionInstance(
        id=f"cond-{s.serial + 1}",
        name=name,
        duration=dur,  # type: ignore[arg-type]
        tokens=tokens,
        severity=severity,
        stunt=stunt,
    )
    ctx.emit(char(cid), ev.ConditionAdded(condition=views.condition_view(inst), serial=s.serial + 1))
    return inst


def _drunk_overflow(ctx: Ctx, cid: str) -> None:
    """Drunk at 10+ tokens: roll a random malign condition, leave 9, move the rest (L1465, D-45)."""
    drunk = conditions.instances(ctx.sheet(cid), "Drunk")[0]
    if drunk.tokens < 10:
        return
    rest = drunk.tokens - 9
    ctx.emit(char(cid), ev.ConditionTokensAdded(condition_id=drunk.id, tokens=-rest))
    rolls, rows = _roll_table(ctx, "malign", reroll=frozenset({"Intoxicated", "Drunk"}))
    ctx.emit(
        char(cid),
        ev.BriefConditionRolled(table="malign", rolls=rolls, results=[r.name for r in rows]),
    )
    for row in rows:
        _add_condition(ctx, cid, row.name, "brief", rest, None, False)


def _on_apply(ctx: Ctx, cid: str, inst: ConditionInstance, stay: bool) -> None:
    s = ctx.sheet(cid)
    recharging = {k: 1 for k, v in s.stunts.items() if v.recharge_tokens > 0}
    if inst.name in ("Slowed", "Staggered") and recharging:  # once, on application (D-25)
        ctx.emit(char(cid), ev.RechargeTokensAdded(stunts=recharging, cause=inst.name))
    if inst.name == "Staggered" and s.stance.position != 0:  # L1460
        ctx.emit(char(cid), ev.StanceSet(position=0, cause="Staggered"))
    if inst.name in conditions.STANCE_PULL:  # L1487, L1488, L1505
        side = conditions.STANCE_PULL[inst.name]
        if s.stance.position * side <= 0:
            if stay:
                ctx.emit(
                    char(cid),
                    ev.Exerted(stress=conditions.STANCE_PULL_STRESS, cause=inst.name),
                )
            elif (s.stance.offensive if side > 0 else s.stance.defensive) >= 1:
                ctx.emit(char(cid), ev.StanceSet(position=side, cause=inst.name))
    if inst.name == "Ignited":  # damage equal to the tokens on application (L1458)
        damage(ctx, cid, inst.tokens, "physical", 0, False, "Ignited")


def _roll_table(
    ctx: Ctx, table: str, reroll: frozenset[str] = frozenset()
) -> tuple[list[int], list[conditions.BriefRow]]:
    """Roll d100 on a Brief table; "roll twice" rolls two more, each may chain (L1468, D-20)."""
    rolls: list[int] = []
    rows: list[conditions.BriefRow] = []
    pending = 1
    while pending and len(rolls) < 50:
        pending -= 1
        r = ctx.dice.roll(100)
        rolls.append(r)
        row = conditions.row_for_roll(table, r)
        if row.roll_twice:
            pending += 1 if (table == "benign" and ctx.options.benign_100 == "reroll") else 2
        elif row.name in reroll:
            pending += 1
        else:
            rows.append(row)
    return rolls, rows


def add_condition(ctx: Ctx, cmd: c.AddCondition) -> None:
    """AddCondition: Brief instances stack (L1395-1399), Encounter ones do not (L1407);
    Spiked and Buffed name the one stunt they affect (L1447, L1498)."""
    if cmd.stunt is not None:
        if cmd.name not in conditions.ONE_STUNT:
            raise DomainError(
                "stunt", "wish.condition L1447, L1498", "only Spiked and Buffed name a stunt"
            )
        if cmd.stunt not in ctx.sheet(cmd.character_id).stunts:
            raise NotFound("stunt", "wish.condition L1447, L1498", f"no stunt {cmd.stunt!r}")
    _add_condition(
        ctx,
        cmd.character_id,
        cmd.name,
        cmd.duration,
        cmd.tokens,
        cmd.severity,
        cmd.stay_in_stance,
        cmd.stunt,
    )


def expose_to_fear(ctx: Ctx, cmd: c.ExposeToFear) -> None:
    """ExposeToFear: while Frightened, a Fear based effect of rating R inflicts R stress and
    moves the stance R steps towards neutral (L1445); without Frightened nothing happens."""
    s = ctx.sheet(cmd.character_id)
    if cmd.rating < 1:
        raise DomainError("rating", "wish.condition.frightened L1445", "a Fear rating is >= 1")
    if not conditions.count(s, "Frightened"):
        return
    pos = s.stance.position
    after = 0 if abs(pos) <= cmd.rating else pos - cmd.rating * (1 if pos > 0 else -1)
    ctx.emit(char(cmd.character_id), ev.Exerted(stress=cmd.rating, cause="Frightened"))
    if after != pos:
        ctx.emit(char(cmd.character_id), ev.StanceSet(position=after, cause="Frightened"))


def remove_condition(ctx: Ctx, cmd: c.RemoveCondition) -> None:
    """RemoveCondition: a cure, trigger or GM ruling ends an instance (L1413)."""
    s = ctx.sheet(cmd.character_id)
    if not any(x.id == cmd.condition_id for x in s.conditions):
        raise NotFound("condition_id", "wish.condition L1385", f"no condition {cmd.condition_id!r}")
    ctx.emit(
        char(cmd.character_id),
        ev.ConditionRemoved(condition_id=cmd.condition_id, cause="removed"),
    )


def roll_brief_condition(ctx: Ctx, cmd: c.RollBriefCondition) -> None:
    """RollBriefCondition: d100 on the malign (L1431-1468) or benign (L1476-1511) table."""
    ctx.sheet(cmd.character_id)
    rolls, rows = _roll_table(ctx, cmd.table)
    ctx.emit(
        char(cmd.character_id),
        ev.BriefConditionRolled(table=cmd.table, rolls=rolls, results=[r.name for r in rows]),
    )
    for row in rows:
        _add_condition(ctx, cmd.character_id, row.name, "brief", cmd.tokens, None, False)


HANDLERS: Handlers[Ctx] = Handlers()
HANDLERS.add(c.AddCondition, add_condition)
HANDLERS.add(c.RemoveCondition, remove_condition)
HANDLERS.add(c.RollBriefCondition, roll_brief_condition)
HANDLERS.add(c.ExposeToFear, expose_to_fear)
