"""The driver's seat clients, events redacted per seat, and the typed facts of a `Won`.

A seat client is what a table is to the engine: it is told each event as its
seat sees it, with its seat's view after it, and is never handed the `Game`.
"""

from __future__ import annotations

import asyncio
import json

import pytest

from ai import LEVELS
from engine.actions import Action, Ankan, Discard, Kakan, Pon, Ron, Tsumo
from engine.driver import SeatClient, play_game
from engine.events import (
    Dealt,
    Drew,
    Event,
    ExhaustiveDraw,
    HandEnded,
    TenpaiDeclared,
    Won,
    event_from_dict,
    event_to_dict,
)
from engine.game import Game, Start
from engine.player_view import PlayerView
from engine.player_view_of_game import event_for
from engine.scripted import advance, autopilot, do, of_type, scripted_game, t
from engine.seat_view import SeatView
from engine.storage.game_log import log_lines, replay
from engine.win_facts import complete_wins
from rules.hand import MeldKind
from rules.request import result_to_dict
from rules.ruleset import load_preset

# --------------------------------------------------------------------------- clients


class Recorder:
    """A seat client that keeps what it was told."""

    def __init__(self) -> None:
        self.told: list[tuple[Event, SeatView]] = []

    async def update(self, event: Event, view: SeatView) -> None:
        self.told.append((event, view))


class Checked:
    """A bot that checks, when asked, that its seat's client already shows the prompt."""

    def __init__(self, bot, client: Recorder, seat_of) -> None:
        self.bot, self.client, self.seat_of = bot, client, seat_of
        self.asked = 0

    async def decide(self, view: PlayerView, legal: list[Action]) -> Action:
        _, latest = self.client.told[-1]
        assert latest.seat == view.seat
        assert list(latest.legal) == legal
        self.asked += 1
        return await self.bot.decide(view, legal)


def _last_round(preset: str, seed: int) -> Game:
    """A game from the last round on (a few hands: the tests stay fast)."""
    ruleset = load_preset(preset)
    last = 1 if ruleset.game_length == "hanchan" else 3
    return Game.new(ruleset, seed, shuffle_seats=True, start=Start(round_wind=last, hand_number=2))


def _game_with_clients(
    preset: str, seed: int, *, with_clients: bool = True
) -> tuple[Game, dict[int, Recorder], list]:
    game = _last_round(preset, seed)
    clients = {seat: Recorder() for seat in range(4)} if with_clients else {}
    players = []
    for lineup in range(4):
        seat = game.seating.index(lineup)
        bot = LEVELS["easy"](seat, seed + lineup)
        players.append(Checked(bot, clients[seat], seat) if with_clients else bot)
    asyncio.run(play_game(game, players, clients=clients, yield_every=0, concurrent=False))
    return game, clients, players


def test_each_client_gets_every_event_redacted_for_its_seat_with_its_view():
    game, clients, players = _game_with_clients("jpml", 5)
    assert all(isinstance(c, SeatClient) for c in clients.values())
    assert all(p.asked > 0 for p in players)
    for seat, client in clients.items():
        events = [e for e, _ in client.told]
        assert events == [event_for(e, seat) for e in game.events]
        assert all(view.seat == seat for _, view in client.told)
        for event in events:
            if isinstance(event, Dealt):
                assert [bool(h) for h in event.hands] == [i == seat for i in range(4)]
            if isinstance(event, Drew):
                assert (event.tile is not None) == (event.seat == seat)
        won = [e for e in events if isinstance(e, Won)]
        assert all(w.facts is not None and w.score is not None for w in won)
        for event, view in client.told:
            assert _tiles_on_table(view) == 136
            if isinstance(event, Won | ExhaustiveDraw | HandEnded):
                # The ended hand's table, not the next deal: hands shown, nothing to do.
                assert view.phase == "over" and not view.legal
                assert not any(s.on_turn for s in view.seats)
            if isinstance(event, Won):
                assert view.seats[event.winner].shown[-1] == event.win_tile
                assert view.wall.ura_indicators == event.ura_indicators
    final = clients[0].told[-1][1]
    assert final.phase == "over" and not final.legal
    assert [s.score for s in final.seats] == list(game.scores)


def _tiles_on_table(view: SeatView) -> int:
    wall = sum(stack.tiles for side in view.wall.sides for stack in side)
    hands = sum(info.hand_size for info in view.seats)
    rivers = sum(1 for info in view.seats for entry in info.river if not entry.called)
    melds = sum(
        len(m.tiles) + sum(x.stacked is not None for x in m.tiles)
        for info in view.seats
        for m in info.melds
    )
    return wall + hands + rivers + melds


def test_redaction_hides_only_what_a_seat_may_not_see():
    game = scripted_game(
        "wrc",
        ["1z1z1z2z2z2z3z3z3z4z4z4z9m", "123m456m789m67p11s", "234m567m789s46p11s",
         "555p9s9s6z6z6z7z7z7z5z5z"],
        tail="9s",
    )
    dealt = next(e for e in game.events if isinstance(e, Dealt))
    hidden = event_for(dealt, 2)
    assert hidden.hands[2] == dealt.hands[2] and hidden.hands[0] == ()
    advance(game, lambda g: g.hands_played > 0, same_hand=False)
    shown = [e for e in game.events if isinstance(e, TenpaiDeclared)]
    assert shown and all((e.hand != ()) == e.tenpai for e in shown)
    assert all(event_for(e, 0) == e for e in shown)  # a tenpai hand is shown to all


# --------------------------------------------------------------------------- Won facts


def _completed(game: Game) -> list[Won]:
    events = list(game.events)
    complete_wins(events, game.ruleset)
    wins = of_type(events, Won)
    for won in wins:
        assert result_to_dict(won.score) == won.result  # the very answer the engine gave
    return wins


IPPATSU_HANDS = [
    "1z1z1z3z3z3z4z4z4z5z5z5z9s",
    "123m456m789m67p11s",
    "1s2s3s4s5s6s7s8s1p2p3p9p9p",
    "2z2z4p5p6p7p8p9p2s3s4s6s7z",
]


def test_facts_of_a_double_riichi_ippatsu_tsumo():
    game = scripted_game("wrc", IPPATSU_HANDS, draws="7z6z7z7z1z5p")
    do(game, Discard(1, t("6z"), riichi=True))
    do(game, Tsumo(1))
    [won] = _completed(game)
    f = won.facts
    assert f.tsumo and f.riichi and f.double_riichi and f.ippatsu
    assert not (f.rinshan or f.chankan or f.haitei or f.houtei or f.tenhou or f.chiihou)
    assert f.seat_wind == 28 and f.round_wind == 27


def test_facts_of_a_call_breaking_ippatsu():
    game = scripted_game("wrc", IPPATSU_HANDS, draws="7z6z2z1z5p")
    do(game, Discard(1, t("6z"), riichi=True))
    do(game, Pon(3, (t("2z"), t("2z"))))
    do(game, Tsumo(1))
    [won] = _completed(game)
    assert won.facts.double_riichi and not won.facts.ippatsu


CHANKAN_HANDS = [
    "5p1z1z1z2z2z2z3z3z3z4z4z4z",
    "55p234m678m1s1s5z6z7z",
    "234m567m789s46p11s",
    "123p789p234s678s5s",
]


def test_facts_of_a_robbed_kan():
    game = scripted_game("wrc", CHANKAN_HANDS, draws="6z1m1m1m5p")
    do(game, Discard(0, t("5p")))
    do(game, Pon(1, (t("5p"), t("5p"))))
    do(game, Discard(1, t("5z")))
    do(game, Kakan(1, t("5p")))
    do(game, Ron(2))
    [won] = _completed(game)
    assert won.facts.chankan and not won.facts.houtei and not won.facts.tsumo
    assert [y.id for y in won.score.yaku] == ["chankan"]


RINSHAN_HANDS = [
    "111m234p567p789s5s",
    "2m3m4m5m6m7m8m9m1z1z2z2z3z",
    "2m3m4m5m6m7m8m9m3z4z4z5z5z",
    "2s3s4s6s7s8s1p1p1p9p9p9p6z",
]


def test_facts_of_a_rinshan_tsumo_with_its_kan_indicator():
    game = scripted_game("wrc", RINSHAN_HANDS, draws="1m", rinshan="5s", indicators="7p3s")
    do(game, Ankan(0, 0))
    do(game, Tsumo(0))
    [won] = _completed(game)
    assert won.facts.rinshan and not won.facts.tenhou
    assert won.facts.dora_indicators == (t("7p"), t("3s"))


HAITEI_HANDS = [
    "1z1z1z2z2z2z3z3z3z4z4z4z9m",
    "123m456m789m67p11s",
    "234m567m789s46p11s",
    "555p9s9s6z6z6z7z7z7z5z5z",
]


@pytest.mark.parametrize("how", ["haitei", "houtei"])
def test_facts_of_the_last_tile(how):
    game = scripted_game("wrc", HAITEI_HANDS, tail="5p")
    advance(game, lambda g: g.hand.wall.remaining == 0 and g.pending_seats() == [1])
    if how == "haitei":
        do(game, Tsumo(1))
    else:
        do(game, Discard(1, t("5p")))
        do(game, Ron(2))
    [won] = _completed(game)
    assert (won.facts.haitei, won.facts.houtei) == (how == "haitei", how == "houtei")


def test_facts_match_every_win_of_seeded_games_and_stay_out_of_the_log():
    for preset in ("jpm", "renmei_classic", "gifu"):
        game, _, _ = _game_with_clients(preset, 2, with_clients=False)
        wins = _completed(game)
        assert wins
        live = [e for e in game.events if isinstance(e, Won)]
        assert all(w.score is not None for w in live)  # the driver completed them
        # The log is unchanged: the derived fields are neither written nor compared.
        for won in live:
            data = event_to_dict(won)
            assert "facts" not in data and "score" not in data
            assert event_from_dict(json.loads(json.dumps(data))) == won
        again = replay(list(log_lines(game)))
        assert again.events == game.events


# --------------------------------------------------------------------------- closing views


class _HandOver(Exception):
    """Stops a scripted game once its first hand is over."""


class StopAfterHand(Recorder):
    async def update(self, event: Event, view: SeatView) -> None:
        await super().update(event, view)
        if isinstance(event, HandEnded):
            raise _HandOver


class Script:
    """Plays `moves` when they become legal, the autopilot otherwise."""

    def __init__(self, game: Game, moves: list[Action]) -> None:
        self.game, self.moves = game, list(moves)

    async def decide(self, view: PlayerView, legal: list[Action]) -> Action:
        if self.moves and self.moves[0] in legal:
            return self.moves.pop(0)
        return autopilot(self.game, view.seat)


def _closing(game: Game, moves: list[Action]) -> dict[int, StopAfterHand]:
    clients = {seat: StopAfterHand() for seat in range(4)}
    player = Script(game, moves)
    with pytest.raises(_HandOver):
        asyncio.run(play_game(game, [player] * 4, clients=clients, yield_every=0))
    return clients


def test_a_robbed_kakan_is_a_pon_again_in_the_closing_view():
    game = scripted_game("wrc", CHANKAN_HANDS, draws="6z1m1m1m5p")
    moves = [Discard(0, t("5p")), Pon(1, (t("5p"), t("5p"))), Discard(1, t("5z")),
             Kakan(1, t("5p")), Ron(2)]
    clients = _closing(game, moves)
    won, view = next((e, v) for e, v in clients[0].told if isinstance(e, Won))
    assert won.facts.chankan
    [meld] = view.seats[1].melds
    assert meld.kind is MeldKind.PON and not any(x.stacked for x in meld.tiles)
    assert _tiles_on_table(view) == 136
    assert view.seats[2].shown[-1] == t("5p")


def test_the_houtei_discard_that_ends_the_hand_is_in_the_closing_view():
    game = scripted_game("wrc", HAITEI_HANDS, tail="9s")
    clients = _closing(game, [])
    _, view = next((e, v) for e, v in clients[1].told if isinstance(e, ExhaustiveDraw))
    last = view.seats[1].river[-1]
    assert last.tile == t("9s") and last.last and last.tsumogiri
    assert view.own.drawn is None and len(view.own.tiles) == 13
    assert view.seats[1].shown  # seat 1 is tenpai and shows it
    assert _tiles_on_table(view) == 136
