"""The arena for three players (issue 25 on issue 24's arena): a duplicate set is three
games, the challenger in each of the three seats in play; figures over three places;
the same figures with one worker or two; jansou's agents, which play three players
themselves, seated through the same view translator (kita as their `Nuki`)."""

from __future__ import annotations

import asyncio

import pytest
from jansou.game.events import DealStart, NorthExtraction

from engine.arena import RANK_POINTS_THREE, EmptySeat, GameRecord, run_arena, summarise
from engine.events import KitaDeclared
from engine.game import Game
from engine.host import Host
from engine.jansou_seat import JansouSeat
from rules.ruleset import SANMA_PRESET_IDS, resolve
from tests.test_arena_jansou import Checked
from tui.player_specs import resolve_spec


def _without_seconds(summary: dict) -> dict:
    return {k: v for k, v in summary.items() if k != "seconds"}


def test_a_three_player_set_is_three_games_with_figures_over_three_places():
    ruleset = resolve("tenhou3")
    args = (ruleset, "easy", "jansou:SmartEfficiencyAgent", 2, 17, resolve_spec)
    one = run_arena(*args, workers=1)
    two = run_arena(*args, workers=2)
    assert _without_seconds(one) == _without_seconds(two)
    assert (one["games"], one["errors"]) == (6, 0)
    for figures in one["players"].values():
        assert len(figures["placements"]) == 3
        assert sum(figures["placements"]) == pytest.approx(1.0, abs=1e-3)
        assert 1.0 <= figures["avg_placement"] <= 3.0
    # The challenger's three seats against the opponents' six: their places add up.
    ours = one["players"]["easy"]["avg_placement"]
    theirs = one["players"]["jansou:SmartEfficiencyAgent"]["avg_placement"]
    assert ours + 2 * theirs == pytest.approx(6.0, abs=1e-3)


def test_a_player_against_itself_places_first_to_third_once_each_set():
    summary = run_arena(resolve("mahjongsoul3"), "greedy", "greedy", 2, 11, resolve_spec,
                        workers=1)
    me = summary["players"]["greedy"]
    third = round(1 / 3, 4)
    assert me["placements"] == [third, third, third]
    assert (me["avg_placement"], me["se"], me["rank_points"]) == (2.0, 0.0, -15.0)
    assert summary["games"] == 6 and summary["errors"] == 0


def test_three_player_records_are_summed_per_set_of_three():
    ruleset = resolve("tenhou3")
    rows = [(1, 2, 3), (2, 1, 3), (3, 2, 1)]  # the challenger places 1, 1, 1
    records = [GameRecord(0, s, ranks=r, hands=10, wins=(1, 2, 3), deal_ins=(0, 1, 0),
                          riichi=(0, 0, 0), calls=(0, 0, 0)) for s, r in enumerate(rows)]
    summary = summarise(ruleset, "hard", "easy", 1, records, 1.0)
    hard = summary["players"]["hard"]
    assert hard["placements"] == [1.0, 0.0, 0.0]
    assert hard["rank_points"] == RANK_POINTS_THREE[0]
    assert summary["players"]["easy"]["avg_placement"] == 2.5
    assert summary["games"] == 3


def test_the_empty_seat_is_never_asked():
    with pytest.raises(RuntimeError, match="empty seat"):
        asyncio.run(EmptySeat().decide(type("V", (), {"seat": 3})()))  # type: ignore[arg-type]


class _Told(Checked):
    """`Checked`, keeping the deals' seat counts and the Norths it was told of."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.deal_sizes: set[int] = set()
        self.norths = 0

    def observe(self, event):
        if isinstance(event, DealStart):
            self.deal_sizes.add(len(event.hands))
        elif isinstance(event, NorthExtraction):
            self.norths += 1
        super().observe(event)


@pytest.mark.parametrize("preset", SANMA_PRESET_IDS)
def test_jansou_agents_play_whole_three_player_games(preset):
    kitas = told = 0
    for seed in (3, 4):
        game = Game.new(resolve(preset), seed)
        agents = [_Told(seed * 4 + s) for s in range(3)]
        seats = [JansouSeat(agent) for agent in agents]
        for agent, seat in zip(agents, seats, strict=True):
            agent.seat_ref = seat
        asyncio.run(Host(game, [*seats, EmptySeat()], concurrent=False, yield_every=0).play())
        assert game.is_over and len(game.results) == 3
        assert [seat.defaults for seat in seats] == [0, 0, 0]  # every answer was legal
        assert all(agent.deal_sizes == {3} for agent in agents)
        kitas += sum(1 for e in game.events if isinstance(e, KitaDeclared))
        told += sum(agent.norths for agent in agents)
    assert kitas > 0 and told > 0


def test_our_bot_as_an_mjai_challenger_of_three_plays_as_the_level_does():
    """An mjai challenger at a three-player arena is told its seat and the three-player
    stream (ToMjai reads the player count off the game's start): the same figures as the
    level itself."""
    import shlex
    import sys

    bot = (f"{shlex.quote(sys.executable)} -c 'import sys; from tui.cli import main; "
           "sys.exit(main())' bot --level easy --ruleset tenhou3")
    ruleset = resolve("tenhou3")
    mjai = run_arena(ruleset, f"mjai:{bot}", "easy", 1, 2, resolve_spec, workers=1)
    level = run_arena(ruleset, "easy", "easy", 1, 2, resolve_spec, workers=1)
    assert mjai["errors"] == 0
    assert list(mjai["players"].values()) == list(level["players"].values())
