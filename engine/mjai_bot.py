"""One of our players as an mjai bot: mjai events in, mjai answers out (`mahjong-tui bot`).

The bot folds the mjai stream into its seat view with the same engine code as any
seat (`engine.mjai_adapter.FromMjai` -> `engine.seat_legal.Reckoner` -> `engine.fold`),
works out its legal actions from what the seat sees, and asks its player with that
view as a seat at our own host is asked (`engine.player_seat.PlayerSeat`: an AI
level reads the seat view itself).

It answers only on an event that lets it act: its own `tsumo`; another seat's
`dahai`, `kakan` (chankan), `ankan` (kokushi, where allowed) or, with three players,
`kita` / `nukidora` (a ron on the North set aside) that it may call or rob; its own
`reach` echoed (then the `dahai` it chose with the riichi); its own `chi` or `pon`
(then its discard). A riichi is answered `reach` first, as mjai has it; a North set
aside is answered in the name the stream uses for it (`kita` unless it said
`nukidora`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from rules.ruleset import Ruleset

from .actions import Action, Discard
from .driver import Player, ViewPlayer
from .mjai_adapter import KITA_NAMES, FromMjai, MjaiEventError, action_to_mjai, dahai_of
from .player_seat import PlayerSeat
from .seat_legal import Reckoner
from .seat_view import SeatView

NONE: dict[str, Any] = {"type": "none"}
PlayerFactory = Callable[[int, int], Player | ViewPlayer]


class MjaiBot:
    """One game's bot; `answer(event)` after each mjai event, None when it cannot act."""

    def __init__(self, make_player: PlayerFactory, ruleset: Ruleset, seed: int = 0) -> None:
        self.make_player = make_player
        self.ruleset = ruleset
        self.seed = seed
        self._loop = asyncio.new_event_loop()
        self._reset()

    def _reset(self) -> None:
        self.source = FromMjai(self.ruleset)
        self.seat: Reckoner | None = None
        self.player: Player | ViewPlayer | None = None
        self._riichi: Discard | None = None  # the riichi discard chosen with `reach`

    def close(self) -> None:
        self._loop.close()

    def feed(self, message: dict[str, Any]) -> None:
        """Fold one mjai event into the seat's view (`MjaiEventError` if it cannot)."""
        if message.get("type") == "start_game":
            self._reset()
        view = self.seat.view if self.seat is not None else None
        events = self.source.events(message, view)
        for event in events:
            if self.seat is None:
                assert self.source.seat is not None
                self.seat = Reckoner(self.source.seat, self.ruleset)
                self.player = self.make_player(self.source.seat, self.seed)
                continue  # the Reckoner begins with the Seated event
            try:
                self.seat.feed(event)
            except ValueError as error:
                raise MjaiEventError(f"{message.get('type')}: {error}") from None

    def act(self, message: dict[str, Any]) -> dict[str, Any] | None:
        """The answer to `message`, the last event fed, or None when it gives no turn."""
        seat = self.seat
        if seat is None or self.player is None:
            return None
        me = seat.view.seat
        kind = message.get("type")
        actor = message.get("actor")
        if kind == "reach" and actor == me:
            view = seat.decision_view()
            riichi = self._riichi
            self._riichi = None
            if riichi is None or riichi not in view.legal:
                # A reach this bot did not choose (a recorded stream, a server that
                # declared for it): its own choice, kept to a riichi discard.
                choices = [a for a in view.legal if type(a) is Discard and a.riichi]
                if not choices:
                    return None
                chosen = self._decide(view)
                same = [a for a in choices if isinstance(chosen, Discard)
                        and a.tile == chosen.tile]
                riichi = (same or choices)[0]
            return dahai_of(riichi, view)
        mine = actor == me
        if not (
            (kind == "tsumo" and mine)
            or (kind in ("chi", "pon") and mine)
            or (kind in ("dahai", "kakan", "ankan") and not mine)
            or (kind in KITA_NAMES and not mine)
        ):
            return None
        view = seat.decision_view()
        if not view.legal:
            return None
        action = self._decide(view)
        if isinstance(action, Discard) and action.riichi:
            self._riichi = action
        return action_to_mjai(action, view, self.source.kita_name)

    def _decide(self, view: SeatView) -> Action:
        """The player's answer, asked as a host seat is asked (`PlayerSeat`)."""
        assert self.player is not None
        return self._loop.run_until_complete(PlayerSeat(self.player).decide(view))
