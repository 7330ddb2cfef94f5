"""The fixes a learner met (issue #15) and the abortive draw's result screen (#14)."""

from __future__ import annotations

from tui.describe import input_reason_text


def test_suji_kuikae_reason_names_the_tile_and_the_other_end() -> None:
    """After chi 8p with 6p7p, 5p is barred as suji kuikae: the words must not claim
    5p is a tile of the called set."""
    text = input_reason_text("kuikae", (("tile", "5p"),), True, "en", "discard")
    assert "5p" in text
    assert "suji kuikae" in text
    assert "of the set you just called" not in text
    ja = input_reason_text("kuikae", (("tile", "5p"),), True, "ja", "discard")
    assert "筋" in ja
