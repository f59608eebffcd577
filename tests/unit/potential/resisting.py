"""An attack and the target's own answer (L50): ``potential.Attack`` declares and pays, then the
target's ``potential.Resist`` rolls both pools. Shared by the Potential unit tests."""

from __future__ import annotations

from typing import Any, Protocol

import msgspec

from contracts.rulesets import potential as c


class Folds(Protocol):
    states: dict[str, Any]

    def do(self, cmd: msgspec.Struct, faces: tuple[int, ...] = ()) -> list[dict[str, Any]]: ...


def strike(t: Folds, attack: c.Attack, faces: tuple[int, ...] = (),
           **resist: Any) -> list[dict[str, Any]]:
    """Declare ``attack``; if the target has to answer, answer with ``resist`` (the free resist
    left out unless named, as an explicit choice). Returns the events that rolled the dice."""
    declared = t.do(attack, faces)
    waiting = t.states[f"character:{attack.target_id}"].get("pending_attacks") or []
    if not any(w["attacker_id"] == attack.character_id for w in waiting):
        return declared  # resolved at once: the target had nothing to choose (L53, P-40)
    resist.setdefault("free_resist", False)
    return t.do(c.Resist(campaign_id=attack.campaign_id, character_id=attack.target_id,
                         attacker_id=attack.character_id, **resist), faces)
