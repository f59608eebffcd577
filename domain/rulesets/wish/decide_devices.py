"""Deciding WISH devices (L299-332, L920): attacks aimed at a device, a device taken back or
repaired, and an Unreliable stunt restored (L273)."""

from __future__ import annotations

import msgspec

from contracts.rulesets import wish as c
from contracts.rulesets.wish import events as ev
from domain.errors import NotFound, StateConflict
from domain.rulesets.seam import Handlers
from domain.rulesets.wish import devices, origin_abilities
from domain.rulesets.wish.decide_context import Ctx, char


def aimed(ctx: Ctx, cmd: c.Attack) -> c.Attack:
    """An attack on a device adds the dice for targeting or disarming it (L311-315; an Item of
    Power, L920); refused for a device the target does not hold ready."""
    if cmd.device is None:
        if cmd.disarm:
            raise StateConflict("disarm", "wish.device L314", "name the device to disarm")
        return cmd
    target = ctx.sheet(cmd.target_id, "target_id")
    device = target.devices.get(cmd.device)
    if device is None:
        raise NotFound("device", "wish.device L309", f"{cmd.target_id} has no device {cmd.device!r}")
    if device.state != "ready":
        raise StateConflict("device", "wish.device L309", f"{cmd.device} is {device.state}")
    if device.kind == "item_of_power":  # "add [X] and Character Rank # of [Y]" (L920)
        extra = [c.DiceSource(source=src, die=die, count=n)  # type: ignore[arg-type]
                 for src, die, n in origin_abilities.item_of_power_dice(target, ctx.options) if n]
    else:
        extra = devices.attack_dice(device, cmd.disarm, ctx.options)
    return msgspec.structs.replace(cmd, sources=[*cmd.sources, *extra])


def hit(ctx: Ctx, cmd: c.Attack, amount: int, pierce: int) -> None:
    """A hit on a device: disarmed (L314-315), or damaged through its Soak with no automatic
    Wound (L320) and broken when its Wounds are gone (L309)."""
    assert cmd.device is not None
    target = ctx.sheet(cmd.target_id, "target_id")
    device = target.devices[cmd.device]
    if cmd.disarm:
        ctx.emit(char(cmd.target_id), ev.DeviceDisarmed(
            device=cmd.device, by=cmd.character_id,
            rule=f"wish.device L{314 if device.kind != 'integrated' else 315}"))
        return
    d = devices.damaged(target, device, amount, pierce)
    ctx.emit(char(cmd.target_id), ev.DeviceDamaged(
        device=cmd.device, amount=int(d["amount"]), soak=int(d["soak"]),
        wounds_lost=int(d["wounds_lost"]), broken=bool(d["broken"])))


def restore_device(ctx: Ctx, cmd: c.RestoreDevice) -> None:
    """RestoreDevice: a disarmed device recovered, or a broken one repaired; an Item of Power
    'can't be broken permanently' (L920)."""
    s = ctx.sheet(cmd.character_id)
    device = s.devices.get(cmd.device)
    if device is None:
        raise NotFound("device", "wish.device L299", f"no device {cmd.device!r}")
    wanted = {"recover": "disarmed", "repair": "broken"}[cmd.how]
    if device.state != wanted:
        raise StateConflict("how", "wish.device L309", f"{cmd.device} is {device.state}")
    ctx.emit(char(cmd.character_id), ev.DeviceRestored(device=cmd.device, how=cmd.how))


def restore_stunt(ctx: Ctx, cmd: c.RestoreStunt) -> None:
    """RestoreStunt (GM): an Unreliable stunt usable again after its failure (L273)."""
    s = ctx.sheet(cmd.character_id)
    stunt = s.stunts.get(cmd.stunt)
    if stunt is None:
        raise NotFound("stunt", "wish.trait.unreliable L273", f"no stunt {cmd.stunt!r}")
    if not stunt.unusable:
        raise StateConflict("stunt", "wish.trait.unreliable L273", f"{cmd.stunt} is usable")
    ctx.emit(char(cmd.character_id), ev.StuntRestored(stunt=cmd.stunt))


HANDLERS: Handlers[Ctx] = Handlers()
HANDLERS.add(c.RestoreDevice, restore_device)
HANDLERS.add(c.RestoreStunt, restore_stunt)
