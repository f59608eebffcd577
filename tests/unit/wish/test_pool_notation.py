"""WISH's odds pool text (``CHR:3,OFF:2``): counts are ASCII digits only."""

from __future__ import annotations

import pytest

from domain.errors import DomainError
from domain.rulesets.wish.lines import parse as parse_line
from domain.rulesets.wish.ruleset import parse_pool


def test_a_pool_adds_counts_of_one_die() -> None:
    assert parse_pool("CHR:3,off:2,chr:1") == {"CHR": 4, "OFF": 2}


@pytest.mark.parametrize("text", ["CHR:²", "CHR:٣", "CHR:３", "CHR:", "CHR:x", "CHR:-1", "CHR:1000"])
def test_counts_that_are_not_ascii_digits_are_refused(text: str) -> None:
    with pytest.raises(DomainError) as refusal:
        parse_pool(text)
    assert (refusal.value.field, refusal.value.rule) == ("pool", "wish.pool-notation")


@pytest.mark.parametrize("key", ["٣", "-٣", "３:"])
def test_option_line_keys_are_ascii_digits(key: str) -> None:
    with pytest.raises(DomainError):
        parse_line(key)
