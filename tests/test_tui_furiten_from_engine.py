"""The aids' furiten comes from the engine (issue 21, "No rule in tui/"): the waits a
ron would be refused on are `engine.win_flags.furiten_waits`, read off the view the
host sent (its furiten reason and the seat's own river)."""

from __future__ import annotations

from dataclasses import replace

from engine.game import Game
from engine.player_view_of_game import player_view
from engine.win_flags import furiten_waits
from rules.ruleset import load_preset
from rules.tiles import parse_tiles
from tui.table_text import wait_infos
from tui.words import term

ONE_S, FOUR_S = 18, 21


def _tenpai_view(preset: str, furiten: str | None, river: str = ""):
    """Seat 0 holding 234m 567p 789s 23s 55s + a drawn 9p (waits 1s 4s after 9p goes)."""
    game = Game.new(load_preset(preset), 1)
    view = player_view(game, 0)
    entries = tuple(replace(view.rivers[0][0], tile=t) for t in parse_tiles(river)) \
        if river and view.rivers[0] else ()
    hand = tuple(parse_tiles("234m567p789s23s55s9p"))
    return replace(view, hand=hand, drawn=parse_tiles("9p")[0], riichi=(True, False, False,
                   False), phase="turn", turn=0, melds=((),) * 4, first_draw=False,
                   furiten=furiten, rivers=(entries, *view.rivers[1:]))


def test_riichi_furiten_lasts_after_the_coming_discard() -> None:
    """A riichi player who let a win pass stays furiten for the hand: the waits after
    the coming discard are not priced as a ron (old: priced, the reason was dropped)."""
    view = _tenpai_view("wrc", "riichi")
    concealed = list(parse_tiles("234m567p789s23s55s"))
    infos = wait_infos(view, concealed, parse_tiles("9p")[0].kind)
    assert [i.kind for i in infos] == [ONE_S, FOUR_S]
    assert all(i.ron == term("furiten") for i in infos), infos


def test_temporary_furiten_ends_with_the_own_discard() -> None:
    view = _tenpai_view("wrc", "temporary")
    assert furiten_waits(view, (ONE_S, FOUR_S), None) == {ONE_S, FOUR_S}
    assert furiten_waits(view, (ONE_S, FOUR_S), 9) == frozenset()


def test_the_scope_of_a_discarded_wait_is_the_rulesets() -> None:
    """Discarding 1s: under `all_waits` (wrc) both waits are furiten; under
    `same_tile` only 1s. Whichever preset has which scope, the engine decides it."""
    for preset in ("wrc", "tenhou", "ema", "jpml_a"):
        try:
            ruleset = load_preset(preset)
        except Exception:  # a preset not shipped: nothing to check for it
            continue
        view = _tenpai_view(preset, None)
        got = furiten_waits(view, (ONE_S, FOUR_S), ONE_S)
        if ruleset.furiten_scope == "all_waits":
            assert got == {ONE_S, FOUR_S}, preset
        else:
            assert got == {ONE_S}, preset
