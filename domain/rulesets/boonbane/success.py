"""What a rolled action's success does (L11: "On a success, the attack deals damage or applies
its effect."), one function per action, applied the same way whether the dice succeed or Fortune
turns the failed roll into a success (L45: "Spend 1 point of Fortune to turn a failed roll into a
success.").

Each action records its effect with its roll (``RollMade.on_success``); ``follow`` applies the
effects of every roll a command made that succeeded, and ``after_fortune`` those of the roll
Fortune turned. The last three rows undo what a failure did (a resister knocked prone, a
surprised creature, a lost concentration): they follow only a Fortune success, because a roll
that succeeded never had the failure's effect.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final, NamedTuple

import msgspec

from contracts.rulesets.boonbane import AfflictionInstance, ChallengeRoll, OnSuccess, RollMade, RoundEffect
from contracts.rulesets.boonbane import grabs as g
from contracts.rulesets.boonbane.concentration import ConcentrationChanged
from contracts.rulesets.boonbane.overlays import EscalationChanged
from contracts.rulesets.boonbane.play import RoundEffectAdded
from contracts.rulesets.boonbane.stealth import HiddenChanged
from domain.dice import Dice
from domain.errors import DomainError
from domain.rulesets.boonbane import afflictions, attack_options, decide_rolls, grabs, healing, views
from domain.rulesets.boonbane.decide_play import Decided, Load
from domain.rulesets.boonbane.hiding import revealed
from domain.rulesets.boonbane.options import BoonbaneOptions
from domain.rulesets.boonbane.rolls import modifier
from domain.rulesets.boonbane.state import LastRoll


class Context(NamedTuple):
    """Who rolled, and what an effect may read or roll."""

    actor_id: str
    campaign_id: str
    load: Load
    dice: Dice
    opts: BoonbaneOptions


Effect = Callable[[OnSuccess, Context], Decided]


def _target(e: OnSuccess) -> str:
    assert e.target_id is not None
    return e.target_id


def knock_down(e: OnSuccess, ctx: Context) -> Decided:
    """Knock Down: "On success the target falls prone." (L195)"""
    target = ctx.load(_target(e), "target_id")
    if target.life_state == "dead":
        return []
    prone = AfflictionInstance(name="prone", source=f"knocked down by {ctx.actor_id} L195")
    return [(e.target_id, afflictions.add(target, _target(e), prone, "knock down L195"))]


def _moved(e: OnSuccess, ctx: Context, yards: int, cause: str) -> Decided:
    return [(e.target_id, g.Moved(character_id=_target(e), by=ctx.actor_id,
                                           yards=yards, cause=cause))]


def shove(e: OnSuccess, ctx: Context) -> Decided:
    """Shove: "move the target 1 + your Str modifier yards, minimum 1 yard." (L232)"""
    return _moved(e, ctx, grabs.shove_yards(ctx.load(ctx.actor_id, "character_id")),
                  "shoved L232")


def pull(e: OnSuccess, ctx: Context) -> Decided:
    """Pull: "move up to half your Speed while taking the target with you." (L212)"""
    return _moved(e, ctx, grabs.half_speed(ctx.load(ctx.actor_id, "character_id")), "pulled L212")


def driving(e: OnSuccess, ctx: Context) -> Decided:
    """Driving: "both you and the target move yards equal to your Str modifier" (L199; none
    below 0, digest D-27)."""
    actor = ctx.load(ctx.actor_id, "character_id")
    return _moved(e, ctx, max(0, modifier(actor.strength)), "driven L199")


def disarm(e: OnSuccess, ctx: Context) -> Decided:
    """Disarm: "On success they drop one object they are holding." (L155)"""
    return [(e.target_id, g.Dropped(character_id=_target(e), by=ctx.actor_id,
                                               item=e.item, cause="disarmed L155"))]


def grab(e: OnSuccess, ctx: Context) -> Decided:
    """Grab: "the target is grabbed until the end of the next round." (L180)"""
    assert e.until_round is not None
    return list(grabs.started(ctx.actor_id, _target(e), e.until_round))


def escape(e: OnSuccess, ctx: Context) -> Decided:
    """Escape: "you are freed and can move up to half your Speed without triggering free
    attacks." (L167); nothing if the grab has ended meanwhile."""
    actor = ctx.load(ctx.actor_id, "character_id")
    if _target(e) not in grabs.grabbed_by(actor):
        return []
    return list(grabs.ended(_target(e), ctx.actor_id, "escaped L167",
                            yards=grabs.half_speed(actor)))


def hide(e: OnSuccess, ctx: Context) -> Decided:
    """Hide: the creature is hidden (L186-L188)."""
    if ctx.load(ctx.actor_id, "character_id").hidden:
        return []
    return [(ctx.actor_id, HiddenChanged(character_id=ctx.actor_id, hidden=True,
                                                          cause="hid L186"))]


def find(e: OnSuccess, ctx: Context) -> Decided:
    """Find: the hidden creature is revealed (L174)."""
    return list(revealed(ctx.load(_target(e), "target_id"), _target(e),
                         f"found by {ctx.actor_id} L174"))


def _effect_on(cid: str, effect: RoundEffect) -> Decided:
    return [(cid, RoundEffectAdded(character_id=cid, effect=effect))]


def help_(e: OnSuccess, ctx: Context) -> Decided:
    """Help: 1 boon on the target's next attack or challenge roll this round (L184)."""
    ctx.load(_target(e), "target_id")
    return _effect_on(_target(e), RoundEffect(kind="helped", source=f"help from {ctx.actor_id}"))


def distract(e: OnSuccess, ctx: Context) -> Decided:
    """Distract: the target's next attack or challenge roll this round has 2 banes (L160)."""
    ctx.load(_target(e), "target_id")
    return _effect_on(_target(e), RoundEffect(kind="distracted",
                                              source=f"distracted by {ctx.actor_id} L160"))


def feint(e: OnSuccess, ctx: Context) -> Decided:
    """Feint: 2 boons on the next attack against the target, or movement that triggers no free
    attacks from it (L171); the choice and its last round were fixed with the roll."""
    source = f"feint on {e.target_id} L171"
    effect = (RoundEffect(kind="feinting", source=source, target_id=e.target_id,
                          until_round=e.until_round) if e.detail == "feinting" else
              RoundEffect(kind="feint_safe_movement", source=source, target_id=e.target_id,
                          until_round=e.until_round))
    return _effect_on(ctx.actor_id, effect)


def shifting(e: OnSuccess, ctx: Context) -> Decided:
    """Shifting: "your movement does not trigger free attacks from the target until end of
    round." (L202)"""
    return _effect_on(ctx.actor_id, RoundEffect(kind="shifting", source="shifting L202",
                                                target_id=e.target_id))


def stabilize(e: OnSuccess, ctx: Context) -> Decided:
    """Stabilize: "On a success, it heals 1 damage." (L237); nothing for one dead meanwhile."""
    target = ctx.load(_target(e), "target_id")
    if target.life_state == "dead":
        return []
    return [(e.target_id, healing.heal(target, _target(e), 1, None, "stabilize L237"))]


def knocking(e: OnSuccess, ctx: Context) -> Decided:
    """Unbalancing (L203) and Staggering Shot (L218): a living target of the attacker's Size or
    smaller makes an Agi challenge roll (TN 10; 1 boon while it defends, L150) or falls prone."""
    actor = ctx.load(ctx.actor_id, "character_id")
    target = ctx.load(_target(e), "target_id")
    if target.size > actor.size or target.life_state == "dead":
        return []
    line = e.detail or ""
    spec = ChallengeRoll(campaign_id=ctx.campaign_id, character_id=_target(e), stat="agility")
    plan = decide_rolls.plan_challenge(spec, target)
    plan = plan._replace(sources=[*plan.sources, *attack_options.resist_sources(target)])
    roll = decide_rolls.make(plan, ctx.dice, _target(e), ctx.actor_id, number=target.rolls + 1,
                             cmd=spec, on_success=[OnSuccess(action="resisted", detail=line)])
    if roll.success:
        return [(e.target_id, roll)]
    prone = AfflictionInstance(name="prone", source=f"knocked prone {line}")
    return [(e.target_id, roll), (e.target_id, afflictions.add(
        target, _target(e), prone, f"failed to resist {line}"))]


def _undo(ctx: Context, name: str, source: str) -> Decided:
    sheet = ctx.load(ctx.actor_id, "character_id")
    if not any(a.name == name and a.source == source for a in sheet.afflictions):
        return []
    return [(ctx.actor_id, afflictions.remove(
        sheet, ctx.actor_id, name, source, "the roll succeeded by Fortune L45"))]


def resisted(e: OnSuccess, ctx: Context) -> Decided:
    """The resist roll of L203 or L218 succeeded: the creature does not fall prone."""
    return _undo(ctx, "prone", f"knocked prone {e.detail}")


def not_surprised(e: OnSuccess, ctx: Context) -> Decided:
    """The Perception challenge roll against surprise succeeded: not surprised (L108-L109)."""
    return _undo(ctx, "surprised", "surprise L109")


def kept_concentration(e: OnSuccess, ctx: Context) -> Decided:
    """The Will challenge roll of L147 succeeded: the concentration is not lost."""
    if ctx.load(ctx.actor_id, "character_id").concentrating == e.detail:
        return []
    return [(ctx.actor_id, ConcentrationChanged(
        character_id=ctx.actor_id, effect=e.detail, cause="kept: the Will roll succeeded L147"))]


# every rolled action's success, with its seed line
EFFECTS: Final[dict[str, tuple[str, Effect]]] = {
    "knock_down": ("L195", knock_down), "shove": ("L232", shove), "disarm": ("L155", disarm),
    "grab": ("L180", grab), "escape": ("L167", escape), "pull": ("L212", pull),
    "hide": ("L186", hide), "find": ("L174", find), "help": ("L184", help_),
    "distract": ("L160", distract), "feint": ("L171", feint), "stabilize": ("L237", stabilize),
    "driving": ("L199", driving), "shifting": ("L202", shifting),
    "knocking": ("L203 L218", knocking), "resisted": ("L203 L218", resisted),
    "not_surprised": ("L109", not_surprised), "kept_concentration": ("L147", kept_concentration),
}
# effects that undo what the roll's failure did: only a Fortune success calls for them
UNDOES_FAILURE: Final = frozenset({"resisted", "not_surprised", "kept_concentration"})


def apply(effects: Sequence[OnSuccess], ctx: Context, *, fortune: bool = False) -> Decided:
    """The events of a successful roll's effects (L11), the same for the dice's success and a
    failure Fortune turns into a success (L45), which also undoes the failure's."""
    out: Decided = []
    for effect in effects:
        if fortune or effect.action not in UNDOES_FAILURE:
            out.extend(EFFECTS[effect.action][1](effect, ctx))
    return out


def follow(decided: Decided, campaign_id: str, load: Load, dice: Dice,
           opts: BoonbaneOptions) -> Decided:
    """The effects of every roll among a command's events that succeeded (L11)."""
    out: Decided = []
    for cid, body in list(decided):
        if isinstance(body, RollMade) and body.success and body.on_success and cid is not None:
            out.extend(apply(body.on_success, Context(cid, campaign_id, load, dice, opts)))
    return out


def after_fortune(last: LastRoll, cid: str, target_id: str | None, escalation: dict[str, int],
                  ctx_parts: tuple[str, Load, Dice, BoonbaneOptions]) -> Decided:
    """A failed roll turned into a success by Fortune (L45) does what its success does, and
    clears the task's Escalation tokens (L361). The creature the effect acts on is named by the
    command (``target_id``), so its sheet is read."""
    wanted = sorted({e.target_id for e in last.on_success
                     if e.target_id is not None and e.target_id != cid})
    if wanted and target_id not in wanted:
        raise DomainError("target_id", "boonbane.fortune L45",
                          f"this roll's success acts on {wanted[0]!r}: name it as target_id")
    if target_id is not None and target_id not in wanted:
        raise DomainError("target_id", "boonbane.fortune L45",
                          f"this roll's success acts on no creature {target_id!r}")
    campaign_id, load, dice, opts = ctx_parts
    out = apply(views.wire_on_success(last.on_success), Context(cid, campaign_id, load, dice, opts),
                fortune=True)
    if last.task_key is not None and escalation.get(last.task_key):
        out.append((cid, EscalationChanged(
            character_id=cid, task_key=last.task_key, tokens=0,
            cause="the task succeeded L361 (Fortune L45)")))
    return out


def recorded(roll: RollMade, effects: Sequence[OnSuccess]) -> RollMade:
    """The roll with what its success does."""
    return msgspec.structs.replace(roll, on_success=[*roll.on_success, *effects])
