"""A creature's overlay figures (Insanity, Corruption, Exposure, thresholds, traits) as one value."""

from __future__ import annotations

import msgspec

from contracts.rulesets.boonbane.overlays import OverlayFigures
from domain.rulesets.boonbane.state import BoonbaneSheet


def of(sheet: BoonbaneSheet) -> OverlayFigures:
    return OverlayFigures(insanity=sheet.insanity, corruption=sheet.corruption,
                          exposure_tier=sheet.exposure_tier,
                          insanity_thresholds=list(sheet.insanity_thresholds),
                          corruption_thresholds=list(sheet.corruption_thresholds),
                          traits=list(sheet.traits))


def fold(sheet: BoonbaneSheet, after: OverlayFigures) -> BoonbaneSheet:
    return msgspec.structs.replace(
        sheet, insanity=after.insanity, corruption=after.corruption,
        exposure_tier=after.exposure_tier, insanity_thresholds=list(after.insanity_thresholds),
        corruption_thresholds=list(after.corruption_thresholds), traits=list(after.traits))
