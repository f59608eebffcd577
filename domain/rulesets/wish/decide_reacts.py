"""Deciding WISH basic Reacts: React (L255, L437-441; digest G-2)."""

from __future__ import annotations

from contracts.rulesets import wish as c
from contracts.rulesets.wish import PlayPinned, React
from contracts.rulesets.wish import events as ev
from domain.errors import DomainError, StateConflict
from domain.rulesets.seam import Handlers
from domain.rulesets.wish import (
    conditions,
    deflect,
    health,
    hindrances,
    lingering,
    pin,
    range_bands,
    reacts,
    stunt_costs,
    stunt_use,
)
from domain.rulesets.wish import sheet as sheets
from domain.rulesets.wish.decide_checks import _roll_check, attack
from domain.rulesets.wish.decide_context import Ctx, able, char
from domain.rulesets.wish.state import WishSheet


def react(ctx: Ctx, cmd: React) -> None:
    """React, out of turn (L255): Brace (Toughness, +2 Soak vs one physical attack), Parry
    (Strength, only vs an opponent engaged with you), Dodge (Agility, not while impeded)
    against ``attacker_id``'s next attack; Riposte (Agility, Challenging) counter-attacks an
    attacker whose latest roll was an attack on you, at Melee damage (L437-441, G-2); a Deflect
    stunt nullifies what its card declares of that attacker's next attack (L271)."""
    line = reacts.LINE[cmd.action]
    rule = f"wish.basic_action.{cmd.action.lower()} L{line}"
    e = ctx.encounter(cmd.encounter_id)
    for field, cid in (("character_id", cmd.character_id), ("attacker_id", cmd.attacker_id)):
        if cid not in e.participants:
            raise StateConflict(field, "wish.encounter L378", f"{cid} is not a participant")
    if cmd.attacker_id == cmd.character_id:
        raise DomainError("attacker_id", rule, "a character does not react to itself")
    s = ctx.sheet(cmd.character_id)
    ctx.sheet(cmd.attacker_id, "attacker_id")
    able(s, ctx.options)
    ended = lingering.ended_by_react(s)
    if ended:  # a Persisted effect cannot outlast a React (L264)
        ctx.emit(char(cmd.character_id), ev.LingeringEnded(stunts=ended, cause="React L264"))
    if cmd.action == "Deflect":
        _deflect(ctx, cmd, s)
        return
    if cmd.stunt is not None:
        raise DomainError("stunt", rule, "only a Deflect React names a stunt (L271)")
    ch = reacts.CHARACTERISTIC[cmd.action]
    if cmd.action == "Riposte":
        latest = ctx.sheet(cmd.attacker_id).recent_checks[-1:]
        if not latest or latest[0].kind != "attack" or latest[0].target_id != cmd.character_id:
            raise StateConflict("attacker_id", rule,
                                "Riposte is played after being attacked by that character")
        attack(ctx, c.Attack(
            campaign_id=cmd.campaign_id, character_id=cmd.character_id,
            target_id=cmd.attacker_id, characteristic=ch,  # type: ignore[arg-type]
            difficulty=cmd.difficulty + ctx.options.riposte_difficulty,
            specializations=cmd.specializations, mode="melee",
            base_damage=sheets.effective(s, "str")))  # Melee damage = Str + net (G-2)
        return
    if s.react is not None:
        raise StateConflict("action", rule, f"{s.react.action} is already declared")
    if cmd.action == "Parry":
        key = range_bands.pair(cmd.character_id, cmd.attacker_id)
        if e.separations.get(key) != 0:
            raise StateConflict("attacker_id", rule, "Parry only works vs opponents engaged with you")
    if cmd.action == "Dodge":
        for name, cline in (("Impeded", 1459), ("Held", 1461)):
            if conditions.count(s, name):
                raise StateConflict("action", f"wish.condition.{name.lower()} L{cline}",
                                    "Dodge cannot be used if encumbered or impeded (L440)")
    net = 0
    if cmd.action in ("Parry", "Dodge"):
        result, _ = _roll_check(ctx, c.RollCheck(
            campaign_id=cmd.campaign_id, character_id=cmd.character_id,
            characteristic=ch,  # type: ignore[arg-type]
            difficulty=cmd.difficulty, specializations=cmd.specializations), attack=False,
            kind="react")
        net = max(0, result.net_successes)
    elif cmd.difficulty or cmd.specializations:
        raise DomainError("difficulty", rule, "Brace makes no check (G-2)")
    ctx.emit(char(cmd.character_id), ev.ReactDeclared(
        action=cmd.action, attacker_id=cmd.attacker_id, net_successes=net))


def _deflect(ctx: Ctx, cmd: React, s: WishSheet) -> None:
    """A Deflect stunt played as a React (L255, L271): no check (its card declares what it
    nullifies); its Cost is paid up front (L508) and its Recharge placed (L510)."""
    if s.react is not None:
        raise StateConflict("action", deflect.RULE, f"{s.react.action} is already declared")
    if cmd.difficulty or cmd.specializations:
        raise DomainError("difficulty", deflect.RULE,
                          "a Deflect card declares what it nullifies: no check")
    stunt, _ = deflect.card(s, cmd.stunt)
    assert cmd.stunt is not None  # deflect.card: named
    stunt_use.check_use(s, cmd.stunt, stunt)
    due = stunt_costs.cost(stunt)
    if "fatigue" in due:
        due["fatigue"] = health.fatigue_suffered(s, due["fatigue"])
    if due:
        stunt_costs.payable(s, cmd.stunt, due, ctx.options)
        ctx.emit(char(cmd.character_id), stunt_costs.paid(cmd.stunt, due))
    tokens = hindrances.recharge_rating(stunt.recharge_rating, stunt.facilitators,
                                        stunt.hindrances)
    if tokens > 0:
        ctx.emit(char(cmd.character_id), ev.RechargeTokensAdded(
            stunts={cmd.stunt: tokens}, cause="Deflect L271"))
    ctx.emit(char(cmd.character_id), ev.ReactDeclared(
        action="Deflect", attacker_id=cmd.attacker_id, net_successes=0, stunt=cmd.stunt))


def play_pinned(ctx: Ctx, cmd: PlayPinned) -> None:
    """PlayPinned: the pinned Action card played as if it were a React, out of turn, when its
    trigger event occurs before the character's next action (L446); its check is an attack on
    ``target_id`` when one is named. The card's Cost and Recharge apply as on any use."""
    e = ctx.encounter(cmd.encounter_id)
    if cmd.character_id not in e.participants:
        raise StateConflict("character_id", "wish.encounter L378",
                            f"{cmd.character_id} is not a participant")
    s = ctx.sheet(cmd.character_id)
    able(s, ctx.options)
    card = pin.playable(s, cmd.stunt)
    assert s.pinned is not None
    ctx.emit(char(cmd.character_id), ev.PinnedPlayed(card=card, trigger=s.pinned.trigger))
    spec = {f: getattr(cmd, f) for f in c.CheckSpec.__struct_fields__} | {"stunt": card}
    if cmd.target_id is not None:
        attack(ctx, c.Attack(campaign_id=cmd.campaign_id, character_id=cmd.character_id,
                             target_id=cmd.target_id, **spec))
    else:
        _roll_check(ctx, c.RollCheck(campaign_id=cmd.campaign_id,
                                     character_id=cmd.character_id, **spec), attack=False)


HANDLERS: Handlers[Ctx] = Handlers()
HANDLERS.add(React, react)
HANDLERS.add(PlayPinned, play_pinned)
