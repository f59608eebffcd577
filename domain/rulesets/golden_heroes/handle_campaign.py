"""Handlers of the campaign's commands: weeks, scenarios, ratings, DUPs and Hero Points
(L285-L377)."""

from __future__ import annotations

from contracts.rulesets import golden_heroes as c
from domain.rulesets.golden_heroes import bounty, campaign, rating_rolls, scenario
from domain.rulesets.golden_heroes.events import Ctx, emit_all, loader, sheet
from domain.rulesets.seam import Handlers

HANDLERS: Handlers[Ctx] = Handlers()


@HANDLERS.on(c.StartWeek)
def start_week(ctx: Ctx, cmd: c.StartWeek) -> None:
    emit_all(ctx, campaign.start_week(cmd, loader(ctx)))


@HANDLERS.on(c.StartScenario)
def start_scenario(ctx: Ctx, cmd: c.StartScenario) -> None:
    emit_all(ctx, campaign.start_scenario(cmd, loader(ctx)))


@HANDLERS.on(c.EndScenario)
def end_scenario(ctx: Ctx, cmd: c.EndScenario) -> None:
    emit_all(ctx, scenario.end_scenario(cmd, loader(ctx), ctx.options))


@HANDLERS.on(c.SetRating)
def set_rating(ctx: Ctx, cmd: c.SetRating) -> None:
    emit_all(ctx, campaign.set_rating(cmd, sheet(ctx, cmd.character_id, "character_id")))


@HANDLERS.on(c.RollRating)
def roll_rating(ctx: Ctx, cmd: c.RollRating) -> None:
    emit_all(ctx, rating_rolls.roll(cmd, sheet(ctx, cmd.character_id, "character_id"),
                                    ctx.dice))


@HANDLERS.on(c.ChooseTarget)
def choose_target(ctx: Ctx, cmd: c.ChooseTarget) -> None:
    emit_all(ctx, rating_rolls.choose_target(cmd, loader(ctx), ctx.dice))


@HANDLERS.on(c.UseResources)
def use_resources(ctx: Ctx, cmd: c.UseResources) -> None:
    emit_all(ctx, campaign.use_resources(cmd, sheet(ctx, cmd.character_id, "character_id")))


@HANDLERS.on(c.BecomeBountyHunter)
def become_bounty_hunter(ctx: Ctx, cmd: c.BecomeBountyHunter) -> None:
    emit_all(ctx, bounty.declare(cmd, sheet(ctx, cmd.character_id, "character_id"),
                                 ctx.options.bounty_hunter_drop))


@HANDLERS.on(c.AllocateDups)
def allocate_dups(ctx: Ctx, cmd: c.AllocateDups) -> None:
    emit_all(ctx, campaign.allocate(cmd, sheet(ctx, cmd.character_id, "character_id")))


@HANDLERS.on(c.ImproveCharacter)
def improve_character(ctx: Ctx, cmd: c.ImproveCharacter) -> None:
    emit_all(ctx, campaign.improve(cmd, sheet(ctx, cmd.character_id, "character_id")))


@HANDLERS.on(c.SpendHeroPoints)
def spend_hero_points(ctx: Ctx, cmd: c.SpendHeroPoints) -> None:
    emit_all(ctx, campaign.spend_hero_points(
        cmd, sheet(ctx, cmd.character_id, "character_id"),
        sheet(ctx, cmd.roller_id, "roller_id"), sheet(ctx, cmd.target_id, "target_id"),
        ctx.options.hero_points_on_criticals))
