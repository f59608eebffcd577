"""Artifacts (L336-L341): grades, and the resolution order of a use."""

from __future__ import annotations

from typing import Final

from contracts.rulesets.boonbane.overlays import ArtifactUsed, UseArtifact
from domain.rulesets.boonbane.options import BoonbaneOptions
from domain.rulesets.boonbane.overlays import exposure, figures, thresholds
from domain.rulesets.boonbane.state import BoonbaneSheet

GRADES: Final = ("minor", "standard", "major", "sealed")  # L338


def use(sheet: BoonbaneSheet, cmd: UseArtifact, opts: BoonbaneOptions) -> ArtifactUsed:
    """Resolve in order: primary effect, immediate cost (Insanity, Corruption, L340), the
    Exposure check (always, L339; by grade, digest D-48), then the aftereffect (L341)."""
    before = figures.of(sheet)
    steps = [f"primary effect: {cmd.effect or cmd.artifact} L341"]
    fig, effects = before, []
    if cmd.insanity:
        fig, more = thresholds.change_insanity(fig, cmd.insanity, opts.threshold_rearm,
                                               opts.exposure_max_tier)
        effects.extend(more)
    if cmd.corruption:
        fig, more = thresholds.change_corruption(fig, cmd.corruption, opts.threshold_rearm)
        effects.extend(more)
    steps.append(f"immediate cost: insanity +{cmd.insanity}, corruption +{cmd.corruption} L340")
    tiers = opts.artifact_exposure_by_grade.get(cmd.grade, 1)
    fig, more = exposure.shift(fig, tiers, f"artifact {cmd.grade}", opts.exposure_max_tier)
    effects.extend(more)
    steps.append(f"Exposure check: +{tiers} tier L339 L379")
    steps.append(f"aftereffect: {cmd.aftereffect or 'none'} L341")
    return ArtifactUsed(character_id=cmd.character_id, artifact=cmd.artifact, grade=cmd.grade,
                        steps=steps, before=before, after=fig, effects=effects)
