"""Turning events, legal actions and hands into the words the table shows.

"West: pon 5p from South", "Chi 4p: [3p 5p]", "Ron 6s: riichi 立直, pinfu 平和,
dora 1 = 3,900", "Riichi needs a closed tenpai hand". Everything here is pure:
it reads events, a `PlayerView` (`engine.player_view`) and the legal actions, asks
the scorer and the wait analysis, and returns text or small frozen values the
widgets render. No Textual. Every term and sentence comes from the one table in `tui.words`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from engine.actions import (
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
from engine.events import (
    Called,
    Discarded,
    DoraRevealed,
    Drew,
    Event,
    ExhaustiveDraw,
    GameEnded,
    HandEnded,
    HandStarted,
    KanDeclared,
    KitaDeclared,
    RiichiAccepted,
    TenpaiDeclared,
    Won,
)
from engine.player_view import PlayerView
from engine.seat_view import WallView
from engine.win_flags import furiten_waits, view_win
from rules.hand import Meld, MeldKind, Win
from rules.scoring import STICK_VALUE, NoWin, ScoreResult, score
from rules.shanten import shanten as shanten_of
from rules.tiles import KIND_COUNT, Tile, dora_from_indicator
from rules.waits import discard_options
from rules.waits import waits as shape_waits

from .chip_lines import win_chips_line
from .words import (
    call_name,
    check_lang,
    first_name,
    limit_name,
    message,
    round_name,
    seat_word,
    term,
    tile_name,
    wind_word,
    word,
    yaku_name,
)

# ---------------------------------------------------------------- names of things


def tile_label(tile: Tile | int, lang: str = "en", face: str = "text") -> str:
    """A tile in words, in the player's tile face: with the text face mpsz for suited
    tiles ("4p", "0p" for a red five) and honors named; with the kanji or unicode face
    the face the hand shows ("四索", "東"), so a prompt reads like the tiles above it."""
    if face != "text":
        from .tiles import tile_face

        shown = tile if isinstance(tile, Tile) else Tile(tile)
        return tile_face(shown, face).strip()
    if isinstance(tile, Tile):
        if tile.red:
            return str(tile)
        tile = tile.kind
    return tile_name(tile, lang)


def tiles_label(tiles: Sequence[Tile | int], lang: str = "en", face: str = "text") -> str:
    return " ".join(tile_label(t, lang, face) for t in tiles)


FOUR_SEATS: Sequence[int] = range(4)  # the seats in play at a four-player table


def seat_wind(seat: int, dealer: int, seats: Sequence[int] = FOUR_SEATS) -> int:
    """A seat's wind this hand, 0 East .. 3 North. The winds go round `seats`, the seats
    in play in turn order (the ruleset's `seats`), from the dealer; a seat not in play
    (three players' empty seat 3, RULESETS.md §9) is North."""
    if seat not in seats:
        return 3
    order = list(seats)
    return (order.index(seat) - order.index(dealer)) % len(order)


def seat_label(
    seat: int, human: int | None, dealer: int, lang: str = "en",
    seats: Sequence[int] = FOUR_SEATS,
) -> str:
    """ "You" for the human seat, else the seat's wind this hand ("West"; "西" in ja),
    counted round the seats in play (`seat_wind`)."""
    if seat == human:
        return "自家" if check_lang(lang) == "ja" else "You"
    return wind_word(seat_wind(seat, dealer, seats)).part(lang)


def relative(seat: int, human: int, seats: Sequence[int] = FOUR_SEATS) -> str:
    """self | shimocha | toimen | kamicha, as `human` sees `seat`, round the seats in
    play in turn order (the ruleset's `seats`): the next one is the shimocha, the one
    before the kamicha, and only a four-seat table has a toimen between them (three
    players have none, RULESETS.md §9; as `engine.claims.source_of` and the AI's
    reasons word it)."""
    order = list(seats)
    offset = (order.index(seat) - order.index(human)) % len(order)
    if offset == 0:
        return "self"
    if offset == 1:
        return "shimocha"
    return "kamicha" if offset == len(order) - 1 else "toimen"


def break_text(
    wall: WallView, viewer: int | None, dealer: int, lang: str = "en",
    seats: Sequence[int] = FOUR_SEATS,
) -> str:
    """Where the wall was broken (開門), as the table's centre says it ("broken at West's
    wall"); `viewer` is the seat the table is seen from (None for a spectator).

    With three players the wall still stands on all four sides of the table, the empty
    North seat's side included (`engine.table_layout`: 108 tiles, 14 stacks a side), and
    the throw counts the sides round the table from the dealer (RULESETS.md §5.2), so
    the break may fall on the empty seat's side. Nobody sits there (§9: "the North seat
    is empty"), so it is called the empty side ("broken at the empty side", 開門 空席
    (北) の山), never "North's wall", which reads as a fourth player's; the other sides
    are named by their owner's wind round the seats in play."""
    if not wall.dice:  # a record without dice: where the wall was broken is unknown
        return message("board_break_unknown", lang)
    if wall.break_side == viewer:  # not "You's wall"
        return message("board_break_yours", lang)
    if wall.break_side not in seats:
        return message("board_break_empty", lang)
    owner = seat_label(wall.break_side, viewer, dealer, lang, seats)
    return message("board_break", lang, owner=owner)


def where_names(human: int, lang: str = "en", seats: Sequence[int] = FOUR_SEATS) -> tuple[str, ...]:
    """Each absolute seat as the player at `human` calls it on the result screens: "You",
    the others where they sit round the seats in play ("kamicha 上家", `relative`), a
    seat not in play by its wind (three players' empty North). Seen from a seat not in
    play (no one's seat), the four places of the table are all there is to go by."""
    if human not in seats:
        seats = FOUR_SEATS
    names = []
    for seat in range(4):
        if seat == human:
            names.append(seat_label(seat, human, human, lang))
        elif seat not in seats:
            names.append(wind_word(seat_wind(seat, human, seats)).part(lang))
        else:
            names.append(seat_word(relative(seat, human, seats)).part(lang))
    return tuple(names)


def points(value: int) -> str:
    return f"{value:,}"


# ---------------------------------------------------------------- scores in words


def payment_text(result: ScoreResult, tsumo: bool) -> str:
    """What the win pays, without honba and sticks: "3,900", "1,000-2,000", "2,000 all"."""
    p = result.points
    if not tsumo:
        return points(p.ron or p.total)
    if p.tsumo_dealer is None:
        return f"{points(p.tsumo_non_dealer or 0)} all"
    return f"{points(p.tsumo_non_dealer or 0)}-{points(p.tsumo_dealer)}"


def result_summary(result: ScoreResult, tsumo: bool, lang: str = "en") -> str:
    """ "riichi 立直, pinfu 平和, dora 1 = 3,900" (limit named when there is one)."""
    parts = [yaku_name(y.id, lang) for y in result.yaku]
    dora = result.dora
    for key, count in (("dora", dora.dora), ("aka", dora.aka), ("ura", dora.ura)):
        if count:
            parts.append(f"{first_name(key, lang)} {count}")
    value = payment_text(result, tsumo)
    if result.limit:
        value = f"{limit_name(result.limit, lang)} {value}"
    if not result.yaku:  # a ruleset without a yaku minimum: say so, not ":  = 160"
        parts.insert(0, first_name("result.no_yaku", lang))
    return f"{', '.join(parts)} = {value}"


def hand_win(
    view: PlayerView,
    concealed: Sequence[Tile],
    tile: Tile,
    *,
    tsumo: bool,
    riichi: bool | None = None,
    later: bool = False,
) -> Win:
    """The scorer's input for a win `view`'s player could make, with the flags the
    engine would set (`engine.win_flags`): the win on offer now, or with `later` a
    win on a wait after the coming discard (an ordinary draw or discard: never
    rinshan, chankan or a first-draw win)."""
    return view_win(view, concealed, tile, tsumo=tsumo, later=later, riichi=riichi)


def price(
    view: PlayerView, concealed: Sequence[Tile], tile: Tile, *, tsumo: bool, later: bool = False
) -> ScoreResult | NoWin:
    return _price(view.ruleset, hand_win(view, concealed, tile, tsumo=tsumo, later=later))


@lru_cache(maxsize=4096)
def _price(ruleset, win: Win) -> ScoreResult | NoWin:
    return score(win, ruleset)


# ---------------------------------------------------------------- actions in words


def _without(tiles: Sequence[Tile], remove: Sequence[Tile]) -> list[Tile]:
    rest = list(tiles)
    for t in remove:
        rest.remove(t)
    return rest


def action_text(
    action: Action, view: PlayerView, lang: str = "en", face: str = "text"
) -> str:
    """Exactly what an action would make: "Chi 4p: [3p 5p]", "Pon Chun 中",
    "Ron 6s: riichi 立直, pinfu 平和, dora 1 = 3,900", "Ankan 5p", "Riichi with 9s"."""
    offered = view.offered
    if isinstance(action, Chi):
        assert offered is not None
        own = tiles_label(action.tiles, lang, face)
        return f"{_cap(call_name('chi', lang))} {tile_label(offered, lang, face)}: [{own}]"
    if isinstance(action, Pon):
        assert offered is not None
        red = any(t.red for t in action.tiles)
        extra = f" [{tiles_label(action.tiles, lang, face)}]" if red else ""
        return f"{_cap(call_name('pon', lang))} {tile_label(offered, lang, face)}{extra}"
    if isinstance(action, Daiminkan):
        assert offered is not None
        return f"{_cap(call_name('daiminkan', lang))} {tile_label(offered, lang, face)}"
    if isinstance(action, Ankan):
        return f"{_cap(call_name('ankan', lang))} {tile_label(action.kind, lang, face)}"
    if isinstance(action, Kakan):
        return f"{_cap(call_name('kakan', lang))} {tile_label(action.tile, lang, face)}"
    if isinstance(action, Ron):
        assert offered is not None
        result = price(view, view.hand, offered, tsumo=False)
        head = f"{_cap(call_name('ron', lang))} {tile_label(offered, lang, face)}"
        if isinstance(result, ScoreResult):
            return f"{head}: {result_summary(result, False, lang)}"
        return head
    if isinstance(action, Tsumo):
        drawn = view.drawn
        head = _cap(call_name("tsumo", lang))
        if drawn is None:
            return head
        head = f"{head} {tile_label(drawn, lang, face)}"
        result = price(view, _without(view.hand, [drawn]), drawn, tsumo=True)
        if isinstance(result, ScoreResult):
            return f"{head}: {result_summary(result, True, lang)}"
        return head
    if isinstance(action, Discard):
        if action.riichi:
            riichi = _cap(call_name("riichi", lang))
            return message(
                "act_riichi_discard", lang, riichi=riichi,
                tile=tile_label(action.tile, lang, face),
            )
        return message("act_discard", lang, tile=tile_label(action.tile, lang, face))
    if isinstance(action, ShowTenpai):
        return message("act_show_tenpai", lang, tenpai=term("tenpai", lang))
    if isinstance(action, Pass):
        return _cap(call_name("pass", lang))
    if isinstance(action, NineTerminals):  # 九種九牌: the hand is called off
        return _cap(term("end.nine_terminals", lang))
    if isinstance(action, Kita):  # 北抜き (three players)
        return _cap(call_name("kita", lang))
    return repr(action)  # pragma: no cover


def options_text(
    actions: Sequence[Action], view: PlayerView, lang: str = "en", face: str = "text"
) -> list[str]:
    """The texts of several options for one key, as short as they stay unambiguous: two
    or three chis of one tile differ only in the tiles from the hand, so after the first
    ("Chi 4p: [2p 3p]") each shows just those ("[3p 5p]") and the prompt fits 80 columns."""
    texts = [action_text(a, view, lang, face) for a in actions]
    chis = [a for a in actions if isinstance(a, Chi)]
    if len(actions) > 1 and len(chis) == len(actions):
        return [texts[0], *(f"[{tiles_label(a.tiles, lang, face)}]" for a in chis[1:])]
    return texts


def choice_texts(
    actions: Sequence[Action], view: PlayerView, lang: str = "en", face: str = "text"
) -> tuple[str, list[str]]:
    """A numbered choice: its title and one short text per option. Chis of one tile are
    titled "Chi 4p" and listed by the tiles from the hand: "[2p 3p]", "[3p 5p]"."""
    chis = [a for a in actions if isinstance(a, Chi)]
    if actions and len(chis) == len(actions) and view.offered is not None:
        title = f"{_cap(call_name('chi', lang))} {tile_label(view.offered, lang, face)}"
        return title, [f"[{tiles_label(a.tiles, lang, face)}]" for a in chis]
    return "", [action_text(a, view, lang, face) for a in actions]


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


# ---------------------------------------------------------------- events in words


def event_text(
    event: Event, human: int | None, dealer: int, lang: str = "en",
    seats: Sequence[int] = FOUR_SEATS,
) -> str | None:
    """One line for the event log, or None for events not worth a line (draws, deals).
    `seats`: the seats in play (the ruleset's), round which the winds go."""

    def who(seat: int) -> str:
        return seat_label(seat, human, dealer, lang, seats)

    if isinstance(event, HandStarted):
        name = round_name(event.round_wind, event.hand_number + 1, lang)
        honba = f", {event.honba} {term('honba', lang)}" if event.honba else ""
        return f"— {name}{honba} —"
    if isinstance(event, Discarded):
        tile = tile_label(event.tile, lang)
        if event.riichi:
            riichi = call_name("riichi", lang)
            return message(
                "log_riichi_discard", lang, who=who(event.seat), riichi=riichi, tile=tile
            )
        return message("log_discard", lang, who=who(event.seat), tile=tile)
    if isinstance(event, Called):
        meld = event.meld
        tile = tile_label(meld.called or meld.tiles[0], lang)
        kind = {MeldKind.CHI: "chi", MeldKind.PON: "pon", MeldKind.MINKAN: "daiminkan"}[meld.kind]
        call = first_name(f"call.{kind}", lang)
        text = message(
            "log_call", lang, who=who(event.seat), call=call, tile=tile, source=who(event.from_seat)
        )
        if meld.kind is MeldKind.CHI:
            own = _without(meld.tiles, [meld.called]) if meld.called else meld.tiles
            text += f" [{tiles_label(own, lang)}]"
        return text
    if isinstance(event, KanDeclared):
        kind = "ankan" if event.meld.kind is MeldKind.ANKAN else "shouminkan"
        return message(
            "log_kan",
            lang,
            who=who(event.seat),
            call=first_name(f"call.{kind}", lang),
            tile=tile_label(event.meld.base_kind, lang),
        )
    if isinstance(event, KitaDeclared):  # 北抜き (three players): a dora, then a draw
        return message("log_kita", lang, who=who(event.seat), call=first_name("call.kita", lang),
                       tile=tile_label(event.tile, lang))
    if isinstance(event, DoraRevealed):
        label = term("kan_dora" if event.kan else "dora_indicator", lang)
        dora = tile_label(dora_from_indicator(event.indicator.kind), lang)
        return message(
            "log_dora", lang, label=label, indicator=tile_label(event.indicator, lang), dora=dora
        )
    if isinstance(event, RiichiAccepted):
        return message("log_riichi_stands", lang, who=who(event.seat), sticks=event.sticks,
                       stick=points(STICK_VALUE))
    if isinstance(event, Drew):
        if event.seat == human and event.rinshan and event.tile is not None:
            return message("log_rinshan_draw", lang, tile=tile_label(event.tile, lang))
        return None
    if isinstance(event, Won):
        result = event.result
        paid = result.get("points", {})
        total = paid.get("total")
        value = f": {points(total)}" if total else ""
        extra = [message(f"log_win_{part}", lang, points=points(paid[part]))
                 for part in ("honba", "sticks") if paid.get(part)]
        if extra:
            value += f" ({', '.join(extra)})"
        chips = win_chips_line(event, who, lang)  # RULESETS.md §8.5, where paid
        if chips:
            value += f" ({chips})"
        tile = tile_label(event.win_tile, lang)
        if event.from_seat is None:
            return message("log_win_tsumo", lang, who=who(event.winner), tile=tile, value=value)
        return message(
            "log_win_ron",
            lang,
            who=who(event.winner),
            source=who(event.from_seat),
            tile=tile,
            value=value,
        )
    if isinstance(event, TenpaiDeclared):
        word = term("tenpai" if event.tenpai else "noten", lang)
        return f"{who(event.seat)}: {word}"
    if isinstance(event, ExhaustiveDraw):
        tenpai = [who(s) for s, t in enumerate(event.tenpai) if t]
        listed = ", ".join(tenpai) if tenpai else message("log_nobody", lang)
        return message("log_draw", lang, ryuukyoku=term("ryuukyoku", lang), listed=listed)
    if isinstance(event, HandEnded):
        moved = [f"{who(seat)} {delta:+,}" for seat, delta in enumerate(event.deltas) if delta]
        if not moved:
            line = message("log_hand_over_nothing", lang)
        else:  # every change of score said: payments, honba, sticks taken, noten payments
            line = message("log_hand_over_moved", lang, moved=", ".join(moved))
        return f"{line}. {message('log_time_up', lang)}" if event.time_up else line
    if isinstance(event, GameEnded):
        return message("game_over", lang)
    return None


def furiten_text(view: PlayerView, lang: str = "en") -> str:
    """The furiten warning naming its reason ("Furiten: you discarded 6s, one of your waits")."""
    reason = view.furiten
    if reason == "riichi":
        return message("furiten_riichi", lang)
    if reason == "temporary":
        return message("furiten_passed", lang)
    own = {r.tile.kind for r in view.rivers[view.seat]}
    waits = view.waits
    if not waits and view.drawn is not None and len(view.hand) % 3 == 2:
        rest = _without(view.hand, [view.drawn])
        counts = [0] * KIND_COUNT
        for t in rest:
            counts[t.kind] += 1
        chiitoitsu = view.ruleset.seven_pairs
        melds = len(view.melds[view.seat])
        if shanten_of(counts, melds, chiitoitsu=chiitoitsu) == 0:
            waits = shape_waits(counts, melds, chiitoitsu=chiitoitsu)
    hit = [k for k in waits if k in own]
    tile = tile_label(hit[0], lang) if hit else ""
    return message("furiten_discard", lang, tile=tile)


# ---------------------------------------------------------------- learning aids


@dataclass(frozen=True, slots=True)
class WaitInfo:
    """One winning tile: how many are unseen and what it would bring."""

    kind: int
    unseen: int
    ron: str  # "3,900 (riichi, pinfu)" | "no yaku" | "furiten"
    tsumo: str


@dataclass(frozen=True, slots=True)
class Aids:
    """What the learning-aids panel shows (already in words)."""

    shanten: str = ""
    cursor: str = ""
    waits_title: str = ""
    waits: tuple[WaitInfo, ...] = ()
    furiten: str = ""
    riichi: str = ""
    hint: str = ""


def shanten_words(value: int, lang: str = "en") -> str:
    if value < 0:
        return term("agari", lang)
    if value == 0:
        return term("tenpai", lang)
    if check_lang(lang) == "ja":
        return f"{value}{word('shanten').japanese} {value}-shanten"
    return f"{value}-{term('shanten', lang)}"


def _visible(view: PlayerView) -> list[int]:
    return view.visible_counts()


def wait_infos(
    view: PlayerView,
    concealed: Sequence[Tile],
    discarded_kind: int | None,
    lang: str = "en",
) -> tuple[WaitInfo, ...]:
    """The waits of a 13 - 3n tile `concealed` hand with what each would win."""
    counts = [0] * KIND_COUNT
    for t in concealed:
        counts[t.kind] += 1
    melds = view.melds[view.seat]
    chiitoitsu = view.ruleset.seven_pairs
    if shanten_of(counts, len(melds), chiitoitsu=chiitoitsu) != 0:
        return ()
    kinds = shape_waits(counts, len(melds), chiitoitsu=chiitoitsu)
    visible = _visible(view)
    refused = furiten_waits(view, kinds, discarded_kind)  # the engine's rule (§5.8)
    out = []
    for kind in kinds:
        unseen = max(0, 4 - counts[kind] - visible[kind])
        tile = Tile(kind)
        furiten = kind in refused
        ron_result = price(view, concealed, tile, tsumo=False, later=True)
        tsumo_result = price(view, concealed, tile, tsumo=True, later=True)
        ron = _priced(ron_result, False, lang)
        if furiten:
            ron = term("furiten", lang)
        out.append(WaitInfo(kind, unseen, ron, _priced(tsumo_result, True, lang)))
    return tuple(out)


def short_yaku(yaku_id: str, lang: str = "en") -> str:
    """A yaku in one language only ("menzen tsumo" / "門前清自摸和"), for tight lines."""
    w = word(f"yaku.{yaku_id}")
    return w.japanese if lang == "ja" else w.romaji


def _priced(result: ScoreResult | NoWin, tsumo: bool, lang: str) -> str:
    if isinstance(result, NoWin):
        return (
            message("aid_no_yaku", lang, yaku=term("yaku", lang))
            if result.error == "no_yaku"
            else "-"
        )
    names = [short_yaku(y.id, lang) for y in result.yaku] or [
        first_name("result.no_yaku", lang)  # never "160 ()"
    ]
    dora = result.dora.total
    if dora:
        names.append(f"{first_name('dora', lang)} {dora}")
    return f"{payment_text(result, tsumo)} ({', '.join(names)})"


def learning_aids(
    view: PlayerView,
    legal: Sequence[Action],
    cursor: Tile | None,
    lang: str = "en",
    face: str = "text",
) -> Aids:
    """Shanten, what discarding the tile under the cursor leaves, waits with their
    value, furiten and riichi chances, for `view`'s player; tiles in the player's face."""
    melds = view.melds[view.seat]
    n_melds = len(melds)
    counts = view.counts()
    chiitoitsu = view.ruleset.seven_pairs
    total = len(view.hand)
    riichi_tiles = sorted({a.tile.kind for a in legal if isinstance(a, Discard) and a.riichi})
    riichi_line = ""
    if riichi_tiles:
        riichi_line = message(
            "aid_riichi_possible",
            lang,
            riichi=term("riichi", lang),
            tiles=tiles_label(riichi_tiles, lang, face),
        )
    if total % 3 == 2:  # a full hand: the choice of a discard
        now = shanten_of(counts, n_melds, chiitoitsu=chiitoitsu)
        head = f"{term('shanten', lang)}: {shanten_words(now, lang)}"
        cursor_line = ""
        waits: tuple[WaitInfo, ...] = ()
        title = ""
        if cursor is not None and counts[cursor.kind]:
            option = _option_for(
                tuple(counts), n_melds, tuple(_visible(view)), chiitoitsu, cursor.kind
            )
            kinds = " ".join(tile_label(k, lang, face) for k, _ in option.ukeire)
            cursor_line = message(
                "aid_cursor",
                lang,
                tile=tile_label(cursor, lang, face),
                shanten=shanten_words(option.shanten, lang),
                ukeire=first_name("ukeire", lang),
                count=option.ukeire_total,
                tiles=kinds,
            )
            if option.shanten == 0:
                rest = _without(view.hand, [cursor])
                waits = wait_infos(view, rest, cursor.kind, lang)
                title = message(
                    "aid_waits_after",
                    lang,
                    tile=tile_label(cursor, lang, face),
                    waits=term("waits", lang),
                )
        furiten = furiten_text(view, lang) if view.furiten else ""
        return Aids(head, cursor_line, title, waits, furiten, riichi_line)
    now = shanten_of(counts, n_melds, chiitoitsu=chiitoitsu)
    head = f"{term('shanten', lang)}: {shanten_words(now, lang)}"
    waits = wait_infos(view, view.hand, None, lang) if now == 0 else ()
    title = f"{term('waits', lang)}:" if waits else ""
    furiten = furiten_text(view, lang) if view.furiten else ""
    return Aids(head, "", title, waits, furiten, riichi_line)


@lru_cache(maxsize=1024)
def _options(counts: tuple[int, ...], melds: int, visible: tuple[int, ...], chiitoitsu: bool):
    return {o.kind: o for o in discard_options(counts, melds, visible, chiitoitsu=chiitoitsu)}


def _option_for(counts, melds, visible, chiitoitsu, kind):
    return _options(counts, melds, visible, chiitoitsu)[kind]


def meld_text(meld: Meld, lang: str = "en") -> str:
    return f"{call_name(meld.kind.value, lang)} {tiles_label(meld.tiles, lang)}"


# ---------------------------------------------------------------- the AI's reasons


def reason_text(
    reason: str, lang: str = "en", human: int | None = None, face: str = "text"
) -> str:
    """One of the AI's reasons (`ai.reasons.Reason`) in `lang`: the AI's own English,
    or the Japanese of `tui.words.AI_REASONS` filled with Japanese names; its tiles in
    the player's tile face (the English refilled from its template when not text)."""
    from ai.reasons import Reason, Seat, Shanten, Term, Tiles

    from .words import AI_REASONS, AI_TERMS

    if not isinstance(reason, Reason):
        return str(reason)
    if check_lang(lang) != "ja":
        template = getattr(reason, "template", "")
        if face == "text" or not template:
            return str(reason)
    else:
        template = AI_REASONS.get(reason.key, "")
        if not template:
            return str(reason)

    def field(value: object) -> str:
        if isinstance(value, Tiles):
            return " ".join(tile_label(k, lang, face) for k in value)
        if check_lang(lang) != "ja":  # English: only the tiles change
            if isinstance(value, Reason):
                return reason_text(value, lang, human, face)
            return str(value)
        if isinstance(value, Seat):
            me = value.me if human is None else human
            return seat_label(value.seat, me, value.dealer, lang, range(value.players))
        if isinstance(value, Shanten):
            return shanten_words(value.value, lang)
        if isinstance(value, Term):
            return AI_TERMS.get(value, str(value))
        if isinstance(value, Reason):
            return reason_text(value, lang, human, face)
        return str(value)

    return template.format(**{k: field(v) for k, v in reason.fields.items()})


# ---------------------------------------------------------------- reasons from the input class


def input_reason_text(
    key: str,
    fields: Sequence[tuple[str, str]],
    engine: bool,
    lang: str,
    kind: str = "",
    face: str = "text",
) -> str:
    """A `tui.input.Reason` in words: an engine key (`Unavailable.key`) as "why.<key>"
    (an unknown one as "why.other", so a new engine reason never crashes the table),
    a message key as it is. Fields named `tiles` hold kinds, `tile` a tile in mpsz."""
    values: dict[str, object] = {}
    for name, value in fields:
        if name == "tiles":
            values[name] = tiles_label(_field_kinds(value), lang, face)
        elif name in ("tile", "wait"):
            values[name] = _field_tile(value, lang, face)
        else:
            values[name] = value
    if engine:
        from .words import MESSAGES

        if key == "furiten":  # which furiten: the field says
            scope = dict(fields).get("reason", "")
            key = {"riichi": "furiten_riichi", "temporary": "furiten_passed"}.get(
                scope, "furiten_discard" if "wait" in values else "why.furiten"
            )
            values.setdefault("tile", values.get("wait", ""))
        for name in (f"why.{kind}.{key}", f"why.{key}", key):
            if name in MESSAGES:
                try:
                    return message(name, lang, **values)
                except KeyError:  # a field the words need is missing: say it plainly
                    break
        return message("why.other", lang)
    if key == "choose_call":
        values["what"] = call_name(str(values.get("what", "")), lang) if values.get("what") else ""
    return message(key, lang, **values)


def _field_kinds(value: str) -> list[int]:
    """Kinds from a field: space-separated ints, or tiles in mpsz."""
    parts = value.split()
    if all(p.isdigit() for p in parts):
        return [int(p) for p in parts]
    from rules.tiles import parse_tiles

    return [t.kind for t in parse_tiles(value.replace(" ", ""))]


def _field_tile(value: str, lang: str, face: str = "text") -> str:
    from rules.tiles import parse_tiles

    try:
        tiles = parse_tiles(value)
    except ValueError:
        return value
    return tiles_label(tiles, lang, face)
