"""Deciding WISH damage and recovery: ApplyDamage, InflictLasting, Heal, Recover (L185-210)."""

from __future__ import annotations

import msgspec

from contracts.rulesets import wish as c
from contracts.rulesets.wish import events as ev
from domain.rulesets.seam import Handlers
from domain.rulesets.wish import (
    conditions,
    decide_extended,
    health,
    origin_actions,
    toggles,
    views,
)
from domain.rulesets.wish import sheet as sheets
from domain.rulesets.wish.decide_context import Ctx, char


def damage(
    ctx: Ctx, cid: str, amount: int, kind: str, pierce: int, bypass: bool, source: str
) -> None:
    """Deal damage through Soak or Psyche (L185-210) and what follows it: a Toggle goes off at
    unconsciousness (L260), Lulled loses a token per Wound (L1462), an X Turns effect fails
    (L261)."""
    target = ctx.sheet(cid)
    r = health.damage(target, amount, kind, ctx.options, pierce=pierce, bypass=bypass)
    ctx.emit(char(cid), ev.DamageTaken(**{
        **msgspec.structs.asdict(r), "source": source,
        "criticals": [views.lasting_view(x) for x in r.criticals],
        "schisms": [views.lasting_view(x) for x in r.schisms]}))
    for name in toggles.off_when_unconscious(ctx.sheet(cid), ctx.options):  # L260
        ctx.emit(char(cid), ev.StuntToggled(stunt=name, on=False, cause="unconscious"))
    # Lulled: remove 1 token per Wound suffered or Grit lost (L1462).
    hurt = r.wounds_lost + r.grit_lost + len(r.criticals) + len(r.schisms)
    decide_extended.interrupted(ctx, cid, hurt)  # an X Turns effect fails (L261)
    lulled = conditions.instances(ctx.sheet(cid), "Lulled")
    if hurt and lulled:
        ticks = {x.id: hurt for x in lulled}
        ctx.emit(
            char(cid),
            ev.ConditionsTicked(
                ticks=ticks, expired=[x.id for x in lulled if x.tokens <= hurt], cause="wounded"),
        )


def apply_damage(ctx: Ctx, cmd: c.ApplyDamage) -> None:
    """ApplyDamage: Soak/Psyche (min 1), Pierce, criticals, schisms, death (L185-210)."""
    damage(
        ctx, cmd.character_id, cmd.amount, cmd.kind, cmd.pierce, cmd.bypass_mitigation, "effect"
    )


def inflict(ctx: Ctx, cmd: c.InflictLasting) -> None:
    """An explicit critical or schism (L206, L1417-1419)."""
    s = ctx.sheet(cmd.character_id)
    item = health.inflict(s, cmd.kind, cmd.name, cmd.severity)
    ctx.emit(
        char(cmd.character_id),
        ev.LastingInflicted(kind=cmd.kind, lasting=views.lasting_view(item), serial=s.serial + 1),
    )


def heal(ctx: Ctx, cmd: c.Heal) -> None:
    """Heal Wounds/Grit and treat criticals or schisms (L194, L1417; procedure gap G-4)."""
    s = ctx.sheet(cmd.character_id)
    origin_actions.refuse_healing(s, cmd.wounds, cmd.treat, cmd.source)  # Out of Warranty (L895)
    r = health.heal(s, cmd.wounds, cmd.grit, cmd.treat)
    ctx.emit(char(cmd.character_id), ev.Restored(**msgspec.structs.asdict(r), cause="heal"))


def recover(ctx: Ctx, cmd: c.Recover) -> None:
    """Recover stress and fatigue (L119, L129; blocked by Exhausted/Shocked, L1442-1443)."""
    r = health.recover(ctx.sheet(cmd.character_id), cmd.stress, cmd.fatigue)
    ctx.emit(
        char(cmd.character_id), ev.Restored(**msgspec.structs.asdict(r), cause="recover")
    )


def settle(ctx: Ctx) -> None:
    """After any command, what follows a character's Wounds whatever the path that set them:
    unconscious at 0 Wounds (L196), by damage, an explicit critical (L206), a stunt's Wound
    cost (L508) or a condition lowering Toughness (L192, L1448-1453), its Toggle stunts switch
    off (L260: "A Toggle Stunt toggles off automatically if the character becomes
    unconscious"); conscious again, by healing or otherwise, it is no longer stabilized, so a
    later fall to 0 Wounds bleeds again (G-3)."""
    touched = dict.fromkeys(e.stream for e in ctx.events if e.stream.startswith("character:"))
    for stream in touched:
        cid = stream.split(":", 1)[1]
        s = ctx.sheet(cid)
        for name in toggles.off_when_unconscious(s, ctx.options):
            ctx.emit(char(cid), ev.StuntToggled(stunt=name, on=False, cause="unconscious"))
        if s.stabilized and not sheets.is_unconscious(s, ctx.options):
            ctx.emit(char(cid), ev.StabilizationEnded(cause="conscious again"))


HANDLERS: Handlers[Ctx] = Handlers()
HANDLERS.add(c.ApplyDamage, apply_damage)
HANDLERS.add(c.InflictLasting, inflict)
HANDLERS.add(c.Heal, heal)
HANDLERS.add(c.Recover, recover)
