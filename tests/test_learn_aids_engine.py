"""The learner's aids price and describe what the engine would really do (issue 21):
waits after a kan are priced as ordinary draws, not rinshan kaihou."""

from __future__ import annotations

from dataclasses import replace

from engine.game import Game
from engine.player_view_of_game import player_view
from rules.ruleset import load_preset
from rules.tiles import parse_tiles
from tui.table_text import learning_aids, short_yaku, wait_infos


def _riichi_view_after_kan():
    """Seat 0 in riichi, having just drawn 9p from the dead wall after a kan:
    discarding 9p leaves 234m 567p 789s 55s 23s, waiting on 1s and 4s."""
    game = Game.new(load_preset("wrc"), 1)
    view = player_view(game, 0)
    hand = tuple(parse_tiles("234m567p789s23s55s9p"))
    return replace(view, hand=hand, drawn=parse_tiles("9p")[0], riichi=(True, False, False,
                   False), rinshan_draw=True, phase="turn", turn=0, melds=((),) * 4,
                   first_draw=False)


def test_waits_after_the_coming_discard_are_not_priced_as_rinshan() -> None:
    view = _riichi_view_after_kan()
    concealed = list(parse_tiles("234m567p789s23s55s"))
    infos = wait_infos(view, concealed, parse_tiles("9p")[0])
    assert [i.kind for i in infos] == [18, 21]  # 1s 4s
    rinshan = short_yaku("rinshan")
    for info in infos:
        assert rinshan not in info.tsumo, info
        assert short_yaku("menzen_tsumo") in info.tsumo


def test_the_aids_line_for_the_cursor_tile_prices_later_draws_plainly() -> None:
    view = _riichi_view_after_kan()
    aids = learning_aids(view, [], parse_tiles("9p")[0])
    assert aids.waits
    assert all(short_yaku("rinshan") not in w.tsumo for w in aids.waits)


def test_kiriage_is_the_scorers_rule_in_every_preset() -> None:
    """The result screen's "kiriage mangan" is named when, and only when, the scorer
    rounded a 1,920 base up (`rules.scoring.kiriage_mangan`, the branch it pays by)."""
    from rules.ruleset import PRESET_IDS
    from rules.scoring import hand_base, kiriage_mangan
    from tui.result_text import is_kiriage

    named = 0
    for preset in PRESET_IDS:
        ruleset = load_preset(preset)
        for han in range(1, 6):
            for fu in (20, 25, 30, 40, 50, 60, 70, 110):
                base, limit = hand_base(han, fu, ruleset)
                result = {"han": han, "fu": fu, "limit": limit, "yakuman": 0}
                rounded = limit == "mangan" and fu * 2 ** (han + 2) == 1920
                assert is_kiriage(result, ruleset) == rounded, (preset, han, fu)
                assert kiriage_mangan(han, fu, ruleset) == (rounded and base == 2000)
                named += rounded
    assert named
