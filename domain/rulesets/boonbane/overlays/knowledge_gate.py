"""Knowledge Gate (L399-L405): unknown, partial or known access to an action."""

from __future__ import annotations

from domain.rulesets.boonbane.state import BoonbaneSheet


def reading(sheet: BoonbaneSheet, gate: str | None, unknown: str) -> tuple[str | None, bool]:
    """(automatic failure rule or None, reduced effect): without the needed knowledge the action
    auto-fails or resolves at reduced effect (L405; ``unknown`` option, digest D-59); partial
    knowledge gives limited interaction (L403), known full access (L404)."""
    if gate is None:
        return None, False
    level = sheet.knowledge.get(gate, "unknown")
    if level == "known":
        return None, False
    if level == "partial" or unknown == "reduced_effect":
        return None, True
    return f"knowledge gate {gate!r} unknown L402 L405", False
