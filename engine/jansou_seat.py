"""A `jansou` agent at our table, told only what its seat view shows.

jansou's agents (`jansou.game.agents`, MIT, a test dependency) hold no handle on a
game: each rebuilds what it knows from the events `observe` gives it (its dealt
hand, its draws, every discard and call, the indicators) and picks one of the
actions `act` offers. A host seat is given nothing but its `SeatView` at each of
its decisions, so `ViewTranslator` reads the difference between the seat's last
view and this one as the jansou events that explain it, and `legal` as jansou
actions, each mapped back to ours. Nothing here reads the `Game`.

A view cannot say everything an event stream would, and what it cannot say is
left out: the moments of other seats' draws, wins and settlements (the next
deal's `DealStart` carries the scores). The order of other seats' discards
between two of the seat's decisions is read as the turn order from the seat
after the last discarder it saw, a called tile just before its call, and the
latest discard (`last`) at the end: the reference agents read only the tiles
they see and the discard they may call. Tile kinds are numbered alike (0-33,
1m..9m 1p..9p 1s..9s E S W N haku hatsu chun), so a tile is its kind and red flag.

Three players (RULESETS.md §9): jansou plays them too (its deal has one hand per
seat in play, `Nuki` sets a North aside, `NorthExtraction` tells it): the deal
names three seats (our empty seat 3 is left out; seats 0-2 are the same numbers),
turn order goes round three, and a North a seat set aside since its last view
(`SeatInfo.kita`) is told before that seat's discards, like its own kans.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass, field
from typing import Any

from jansou.core.hand import MeldType
from jansou.core.tiles import Tile as JTile
from jansou.core.tiles import TileKind, Wind
from jansou.game import actions as ja
from jansou.game import events as je
from jansou.game.agents import Agent
from jansou.game.flow import DecisionKind

from rules.hand import Meld, MeldKind
from rules.tiles import Tile

from .actions import (
    Action,
    Ankan,
    Chi,
    Daiminkan,
    Discard,
    Kakan,
    Kita,
    NineTerminals,
    Pass,
    Pon,
    Ron,
    ShowTenpai,
    Tsumo,
)
from .fold import ruleset_of
from .host import default_action
from .seat_view import RiverEntry, SeatView

_MELD_TYPES = {
    MeldKind.CHI: MeldType.CHII,
    MeldKind.PON: MeldType.PON,
    MeldKind.MINKAN: MeldType.DAIMINKAN,
    MeldKind.ANKAN: MeldType.ANKAN,
    MeldKind.KAKAN: MeldType.SHOUMINKAN,
}
_OWN_KANS = (MeldKind.ANKAN, MeldKind.KAKAN)
STICK_POINTS = 1000  # jansou's `deposits` are points, our `sticks` a count


def jtile(tile: Tile) -> JTile:
    """Our tile as jansou's (the same kind number, the same red flag)."""
    return JTile(TileKind(tile.kind), red=tile.red)


def agent_classes() -> dict[str, type[Agent]]:
    """The agent classes `jansou.game.agents` offers, by name."""
    from jansou.game import agents

    return {
        name: value
        for name, value in vars(agents).items()
        if inspect.isclass(value) and issubclass(value, Agent) and value is not Agent
        and not name.startswith("_")
    }


def make_agent(cls: type[Agent], seed: int) -> Agent:
    """An agent of `cls`, seeded with `seed` when its constructor takes one."""
    if "seed" in inspect.signature(cls).parameters:
        return cls(seed=seed)  # type: ignore[call-arg]
    return cls()


def decision_kind(view: SeatView) -> DecisionKind:
    """The kind of decision jansou would name for the one `view` asks."""
    if view.phase == "declare":
        return DecisionKind.TENPAI
    if view.phase == "claim":
        robbing = view.offered_from in ("kakan", "ankan")
        return DecisionKind.ROBBED_KAN if robbing else DecisionKind.DISCARD_REACTION
    return DecisionKind.SELF


def jansou_actions(view: SeatView) -> dict[ja.Action, Action]:
    """`view.legal` as jansou actions, each mapped to ours. A discard of the drawn tile
    is offered as jansou offers it: tsumogiri, and also from the hand when the hand
    holds the same tile (which copy goes is public in jansou; ours decides by itself)."""
    out: dict[ja.Action, Action] = {}
    drawn = view.own.drawn
    declare = view.phase == "declare"
    for action in view.legal:
        if isinstance(action, Discard):
            make = ja.Riichi if action.riichi else ja.Discard
            tile = jtile(action.tile)
            if action.tile == drawn:
                out[make(tile, tsumogiri=True)] = action
                if action.tile in view.own.tiles:
                    out[make(tile)] = action
            else:
                out[make(tile)] = action
        elif isinstance(action, Tsumo):
            out[ja.Tsumo()] = action
        elif isinstance(action, Ron):
            out[ja.Ron()] = action
        elif isinstance(action, Chi):
            out[ja.Chii((jtile(action.tiles[0]), jtile(action.tiles[1])))] = action
        elif isinstance(action, Pon):
            out[ja.Pon((jtile(action.tiles[0]), jtile(action.tiles[1])))] = action
        elif isinstance(action, Daiminkan):
            out[ja.OpenKan()] = action
        elif isinstance(action, Ankan):
            out[ja.ClosedKan(TileKind(action.kind))] = action
        elif isinstance(action, Kakan):
            out[ja.AddedKan(jtile(action.tile))] = action
        elif isinstance(action, NineTerminals):
            out[ja.NineTerminals()] = action
        elif isinstance(action, Kita):
            out[ja.Nuki()] = action
        elif isinstance(action, ShowTenpai):
            out[ja.DeclareTenpai(declare=True)] = action
        elif isinstance(action, Pass):
            out[ja.DeclareTenpai(declare=False) if declare else ja.Pass()] = action
    return out


def _call_event(owner: int, meld: Meld, from_seat: int | None) -> je.Call:
    own = meld.kind in (MeldKind.ANKAN, MeldKind.KAKAN)
    return je.Call(
        meld_type=_MELD_TYPES[meld.kind],
        caller=owner,
        source=owner if own or from_seat is None else from_seat,
        tiles=tuple(jtile(t) for t in meld.tiles),
    )


def _hand_key(view: SeatView) -> tuple[object, ...]:
    """What tells one deal from the next (the counters, the dice, the first indicator)."""
    first = view.wall.dora_indicators[:1]
    return (view.round_wind, view.hand_number, view.honba, view.dealer, view.wall.dice, first)


@dataclass
class ViewTranslator:
    """One seat's jansou event stream, read off its successive seat views."""

    seat: int
    last: SeatView | None = None
    _key: tuple[object, ...] = field(default=(), repr=False)

    def events(self, view: SeatView) -> list[je.Event]:
        """The jansou events that take the seat from its last view to `view`."""
        if view.seat != self.seat:
            raise ValueError(f"a view of seat {view.seat} given to seat {self.seat}'s agent")
        prev = self.last
        players = ruleset_of(view).players
        key = _hand_key(view)
        if prev is not None and (key != self._key or view.wall.tiles_left > prev.wall.tiles_left):
            prev = None
        out: list[je.Event] = []
        if prev is None:
            out.append(self._deal(view, players))
            rivers: list[tuple[RiverEntry, ...]] = [()] * 4
            melds: list[tuple[Meld, ...]] = [()] * 4
            kita = [0] * 4
            indicators = 1
            riichi = [False] * 4
            start = view.dealer
        else:
            rivers = [info.river for info in prev.seats]
            melds = [_melds(info.melds) for info in prev.seats]
            kita = [len(info.kita) for info in prev.seats]
            indicators = max(1, len(prev.wall.dora_indicators))
            riichi = [info.riichi for info in prev.seats]
            start = next(
                (info.seat for info in prev.seats if info.river and info.river[-1].last),
                view.dealer,
            )
            start = (start + 1) % players
        self._play(view, rivers, melds, kita, start, players, out)
        out.extend(
            je.IndicatorReveal(jtile(t)) for t in view.wall.dora_indicators[indicators:]
        )
        out.extend(
            je.RiichiAccepted(info.seat)
            for info in view.seats
            if info.riichi and not riichi[info.seat]
        )
        drawn = view.own.drawn
        if drawn is not None:
            out.append(je.Draw(self.seat, jtile(drawn), replacement=view.rinshan_draw))
        self.last = view
        self._key = key
        return out

    def _deal(self, view: SeatView, players: int) -> je.DealStart:
        """The deal as the seat saw it: its own dealt tiles (the hand before any draw:
        a seat acts only when asked, so its first view of a deal is its dealt hand and
        at most a draw), the others' masked."""
        hands: list[tuple[JTile, ...] | None] = [None] * players
        hands[self.seat] = tuple(jtile(t) for t in view.own.tiles)
        indicators = view.wall.dora_indicators
        # A ruleset without dora (renmei_classic) turns no indicator up, but jansou's
        # deal names one: the seat's own first tile stands in (a copy the agent holds
        # anyway, so it misjudges at most one tile's count by one).
        indicator = indicators[0] if indicators else view.own.tiles[0]
        return je.DealStart(
            dealer=view.dealer,
            round_wind=Wind(view.round_wind),
            round_number=view.hand_number,
            honba=view.honba,
            deposits=view.sticks * STICK_POINTS,
            scores=tuple(info.score for info in view.seats[:players]),
            hands=tuple(hands),
            dora_indicator=jtile(indicator),
        )

    def _play(
        self,
        view: SeatView,
        rivers: list[tuple[RiverEntry, ...]],
        melds: list[tuple[Meld, ...]],
        kita: list[int],
        start: int,
        players: int,
        out: list[je.Event],
    ) -> None:
        """New discards, calls and kita since the last view, in the order described
        above."""
        new_kita = [
            [je.NorthExtraction(info.seat, jtile(t)) for t in info.kita[kita[info.seat]:]]
            for info in view.seats
        ]
        new_discards: list[list[RiverEntry]] = []
        new_melds: list[list[tuple[Meld, int | None]]] = []
        for info in view.seats:
            new_discards.append(list(info.river[len(rivers[info.seat]):]))
            now = info.melds
            before = melds[info.seat]
            fresh: list[tuple[Meld, int | None]] = []
            for i, laid in enumerate(now):
                meld = laid.meld
                if meld is None:
                    raise ValueError("a meld entry without its meld: not a view the engine built")
                if i >= len(before) or before[i] != meld:
                    fresh.append((meld, laid.from_seat))
            new_melds.append(fresh)
        # The seat's own move since its last view answered its last decision: it came
        # first. Then the others' discards in turn order, each seat's own kans before
        # its discard, a call right after the discard it took, the latest discard last.
        me = self.seat
        for meld, source in new_melds[me]:
            out.append(_call_event(me, meld, source))
        out.extend(new_kita[me])
        out.extend(
            je.Discard(me, jtile(e.tile), e.tsumogiri, e.riichi) for e in new_discards[me]
        )
        order = [(start + k) % players for k in range(players) if (start + k) % players != me]
        queue: list[tuple[int, RiverEntry]] = []
        for k in range(max(len(d) for d in new_discards)):
            queue.extend((s, new_discards[s][k]) for s in order if k < len(new_discards[s]))
        queue.sort(key=lambda item: item[1].last)  # stable: the latest discard goes last
        pending = {s: list(new_melds[s]) for s in order}
        for seat, entry in queue:
            for item in [m for m in pending[seat] if m[0].kind in _OWN_KANS]:
                out.append(_call_event(seat, item[0], None))
                pending[seat].remove(item)
            out.extend(new_kita[seat])
            new_kita[seat] = []
            out.append(je.Discard(seat, jtile(entry.tile), entry.tsumogiri, entry.riichi))
            caller = entry.called_by
            if caller is not None and caller != me:
                calls = [m for m in pending[caller] if m[1] == seat and m[0].kind not in _OWN_KANS]
                if calls:
                    out.append(_call_event(caller, *calls[0]))
                    pending[caller].remove(calls[0])
        for seat in order:  # not placed yet: a kan or kita after the seat's last discard
            out.extend(_call_event(seat, meld, source) for meld, source in pending[seat])
            out.extend(new_kita[seat])


def _melds(entries: tuple[Any, ...]) -> tuple[Meld, ...]:
    out = []
    for entry in entries:
        if entry.meld is None:
            raise ValueError("a meld entry without its meld: not a view the engine built")
        out.append(entry.meld)
    return tuple(out)


class JansouSeat:
    """A jansou `Agent` seated at a host: told the events its views explain, asked with
    the legal actions as jansou's. An answer that is not among them (an agent's bug)
    is replaced by the host's default action for the seat and counted in `defaults`."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.translator: ViewTranslator | None = None  # made at the first view (its seat)
        self.defaults = 0

    async def decide(self, view: SeatView) -> Action:
        if self.translator is None:
            self.translator = ViewTranslator(view.seat)
        for event in self.translator.events(view):
            self.agent.observe(event)
        offered = jansou_actions(view)
        choice = self.agent.act(view.seat, decision_kind(view), list(offered))
        action = offered.get(choice)
        if action is None:
            self.defaults += 1
            return default_action(view)
        return action
