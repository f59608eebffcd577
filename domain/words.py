"""Names in words for people: ``RollCheck`` -> "Roll check", ``target_id`` -> "Target",
``wish.CheckRolled`` -> "Check rolled". Used where no ruleset gives a label of its own."""

from __future__ import annotations

import re
from typing import Final

# Capitalised runs kept as written (abbreviations a rulebook uses as words).
_KEEP: Final[dict[str, str]] = {
    "do t": "DoT", "htk": "HTK", "htc": "HTC", "dups": "DUPs", "dup": "DUP", "xp": "XP",
    "gm": "GM", "gms": "GMs", "npc": "NPC", "cp": "CP", "dos": "DoS", "id": "id",
}
_LEADING_CITATION: Final = re.compile(r"^(?:L\d+(?:-L?\d+)?|digest [A-Z]-\d+)(?:, ?L?\d+)*:\s*")
_BARE_CITATION: Final = re.compile(r"\s+(?:L\d+(?:-L?\d+)?|digest [A-Z]-\d+|[DGP]-\d+)\b")
_ID: Final = re.compile(r"\b([a-z]+(?:_[a-z]+)*)_id\b")
_SNAKE: Final = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b")
_PART: Final = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|[0-9]+")
_CITATION: Final = re.compile(
    r"\s*\((?:[^()]*?\b(?:L\d+|digest [A-Z]-\d+|D-\d+|G-\d+)[^()]*)\)")


def words(name: str) -> str:
    """A CamelCase or snake_case name as a phrase in sentence case (``SpendHeroPoints`` ->
    "Spend hero points"; ``character_id`` -> "Character"); a ruleset prefix is dropped."""
    name = name.rsplit(".", 1)[-1]
    if name.endswith("_id") and len(name) > 3:
        name = name[:-3]
    elif name.endswith("_ids") and len(name) > 4:
        name = name[:-4] + "s"
    parts = [p.lower() for chunk in name.split("_") for p in _PART.findall(chunk)]
    text = " ".join(parts)
    for key, kept in _KEEP.items():
        text = re.sub(rf"\b{re.escape(key)}\b", kept, text)
    return text[:1].upper() + text[1:] if text else name


def strip_citations(text: str) -> str:
    """Text without seed-line citations, in parentheses (``(L88)``, ``(digest G-7)``) or bare
    (``died L63``)."""
    return _BARE_CITATION.sub("", _CITATION.sub("", text)).strip()


def first_sentence(doc: str | None, limit: int = 240) -> str:
    """The first sentence of a docstring, without seed-line citations (``(L3)``,
    ``(digest G-7)``) or code quotes: short help for a person at a table."""
    if not doc:
        return ""
    text = " ".join(doc.strip().split("\n\n", 1)[0].split())
    text = _LEADING_CITATION.sub("", _CITATION.sub("", text)).replace("``", "")
    text = _ID.sub(lambda m: f"the {m.group(1).replace('_', ' ')}", text)
    text = _SNAKE.sub(lambda m: m.group(0).replace("_", " "), text)
    text = re.sub(r"[,;:]+(?=\.)", "", text)
    end = re.search(r"(?<=[a-z0-9)\"'])\.\s|;\s", text)
    sentence = text[:end.start() + 1].rstrip(";") if end else text
    sentence = sentence.rstrip(" .;:")
    if len(sentence) > limit:
        sentence = sentence[:limit].rsplit(" ", 1)[0] + "..."
    sentence = sentence[:1].upper() + sentence[1:]
    return sentence + "." if sentence and not sentence.endswith("...") else sentence
