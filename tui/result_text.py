"""Scorer answers and game events turned into teaching text.

The result screens show *why* points moved: every yaku with its han, the dora
and ura (with their indicators), the fu item by item and how they were rounded,
the limit, who paid whom and for what (hand, honba, sticks, pao), the score
changes, and what the same hand would be worth under the other presets. This
module computes all of that as plain data and strings, with no Textual or Rich,
so it is tested directly and the screens only lay it out.

The situation a win was scored in (riichi, ippatsu, rinshan, chankan, the
last tile) is the engine's (`engine.win_facts`): `Won.facts`, and for the
comparison with other presets the same facts with every situational yaku in
force; nothing here works a flag out again from the events.

Context comes from the game's event list: a `Won` is found among `game.events`
and the hand's `HandStarted`, `DoraRevealed`, riichi, calls and `HandEnded`
around it give the dealer, honba, sticks, dora indicators and score changes as
they were *in that hand* (by the time a screen shows the result, the engine may
already have dealt the next hand).

Every word and sentence of the result screens comes from `tui.words`; the rules
reference's parameter values (`parameter_value`) are the one exception, English
only, kept beside the table of parameters they describe.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from engine.events import (
    Called,
    Discarded,
    DoraRevealed,
    Event,
    ExhaustiveDraw,
    GameEnded,
    HandEnded,
    HandStarted,
    KanDeclared,
    Pay,
    RiichiAccepted,
    TenpaiDeclared,
    WinFacts,
    Won,
)
from engine.win_facts import win_facts
from rules.hand import Meld, MeldKind
from rules.presets import preset_infos
from rules.request import answer
from rules.ruleset import PAO_CLASSIC, PRESET_IDS, SANMA_PRESET_IDS, Ruleset, load_preset
from rules.scoring import kiriage_mangan
from rules.tiles import NORTH, WIND_LETTERS, Tile, format_tiles, parse_tiles, tile_key
from rules.yaku import YAKU_ORDER, available_table

from . import table_text, words
from .words import check_lang


def say(key: str, lang: str = "en") -> str:
    """A word in both languages from `tui.words` ("riichi 立直"); a bare key is a term."""
    return words.term(key, lang)


def first_word(key: str, lang: str = "en") -> str:
    """Only the name in the chosen language (column headings, compact labels)."""
    return words.first_name(key, lang)


def sentence(key: str, lang: str = "en", **fields: object) -> str:
    """A sentence from `tui.words.MESSAGES`, fields filled in."""
    return words.message(key, lang, **fields)


def points(value: int) -> str:
    """1234 -> "1,234" (ASCII minus: the typographic one is ambiguous-width in CJK terminals)."""
    return f"{value:,}"


def signed(value: int) -> str:
    return f"{value:+,}" if value else "0"


# ---------------------------------------------------------------------------
# The hand around an event


@dataclass(frozen=True, slots=True)
class HandContext:
    """What a result screen needs to know about the hand an event ended."""

    ruleset: Ruleset
    round_wind: int  # 0 East .. 3 North
    hand_number: int  # 0-3
    dealer: int
    honba: int  # at the start of the hand
    sticks: int  # on the table at the start of the hand
    scores_before: tuple[int, ...]
    deltas: tuple[int, ...]
    scores_after: tuple[int, ...]
    renchan: bool | None  # None when the hand end is not known
    dora_indicators: tuple[Tile, ...]
    riichi: frozenset[int]  # seats whose riichi stood in this hand
    melds: tuple[tuple[Meld, ...], ...]  # each seat's melds when the hand ended
    names: tuple[str, ...]  # "South 南", or "You (South 南)" when names are given
    events: tuple[Event, ...] = field(default=())  # the hand's events up to the result
    short: tuple[str, ...] = ()  # for tables: "South 南", or "You 南" when names are given
    you: int | None = None  # the player's own seat, when names are given ("You win")
    # A win's situation as the engine decided it (`Won.facts`) ...
    facts: WinFacts | None = None
    # ... and as it would be under a preset with every situational yaku (ippatsu,
    # double riichi), for the comparison with the other presets.
    situation: WinFacts | None = None

    def label(self, seat: int) -> str:
        """The seat's name for a table column (short when names are given)."""
        return self.short[seat] if self.short else self.names[seat]

    def seat_wind(self, seat: int) -> int:
        """0 East .. 3 North (three players: East, South, West go round)."""
        return seat_wind(seat, self.dealer, self.ruleset.players)


def _index_of(event: Event, events: Sequence[Event]) -> int | None:
    for i, e in enumerate(events):
        if e is event:
            return i
    for i, e in enumerate(events):
        if e == event:
            return i
    return None


def hand_context(
    event: Event, game: Any, names: Sequence[str] | None = None, lang: str = "en"
) -> HandContext:
    """The hand `event` (a Won or ExhaustiveDraw) belongs to, read from `game.events`.

    If the event is not in the list (built by hand), the game's latest hand is used
    and the score changes come from the event's payments.
    """
    all_events: list[Event] = list(getattr(game, "events", ()))
    at = _index_of(event, all_events)
    end = at if at is not None else len(all_events)
    start = next(
        (
            i
            for i in range(min(end, len(all_events) - 1), -1, -1)
            if isinstance(all_events[i], HandStarted)
        ),
        None,
    )
    ruleset: Ruleset = game.ruleset
    if start is None:
        began = HandStarted(
            getattr(game, "round_wind", 0),
            getattr(game, "hand_number", 0),
            getattr(game, "dealer", 0),
            getattr(game, "honba", 0),
            getattr(game, "sticks", 0),
            tuple(getattr(game, "scores", (ruleset.starting_points,) * 4)),
            (),
            0,
            0,
        )
        hand_events: list[Event] = []
    else:
        began = all_events[start]  # type: ignore[assignment]
        hand_events = all_events[start : end + 1] if at is not None else all_events[start:]
    ended = None
    if at is not None:
        ended = next((e for e in all_events[at:] if isinstance(e, HandEnded)), None)
    if ended is not None:
        deltas, after, renchan = ended.deltas, ended.scores, ended.renchan
    else:
        deltas = tuple(_net(getattr(event, "payments", ())))
        after = tuple(s + d for s, d in zip(began.scores, deltas, strict=True))
        renchan = None
    indicators = tuple(e.indicator for e in hand_events if isinstance(e, DoraRevealed))
    riichi = frozenset(e.seat for e in hand_events if isinstance(e, RiichiAccepted))
    melds: list[list[Meld]] = [[], [], [], []]
    for e in hand_events:
        if isinstance(e, Called):
            melds[e.seat].append(e.meld)
        elif isinstance(e, KanDeclared):
            if e.meld.kind is MeldKind.KAKAN:
                own = melds[e.seat]
                for i, m in enumerate(own):
                    if m.kind is MeldKind.PON and m.base_kind == e.meld.base_kind:
                        own[i] = e.meld
                        break
            else:
                melds[e.seat].append(e.meld)
    if isinstance(event, Won):
        melds[event.winner] = list(event.melds)
        if event.winner not in riichi and (
            "riichi" in _yaku_ids(event) or "double_riichi" in _yaku_ids(event)
        ):
            riichi = riichi | {event.winner}
    facts = situation = None
    if isinstance(event, Won):
        facts = event.facts
        if at is not None and isinstance(all_events[at], Won):
            won = all_events[at]
            assert isinstance(won, Won)
            situation = win_facts(all_events, won, _every_situation(ruleset))
            if facts is None:
                facts = win_facts(all_events, won, ruleset)
    dealer = began.dealer
    return HandContext(
        ruleset=ruleset,
        round_wind=began.round_wind,
        hand_number=began.hand_number,
        dealer=dealer,
        honba=began.honba,
        sticks=began.sticks,
        scores_before=tuple(began.scores),
        deltas=tuple(deltas),
        scores_after=tuple(after),
        renchan=renchan,
        dora_indicators=indicators,
        riichi=riichi,
        melds=tuple(tuple(m) for m in melds),
        names=seat_names(dealer, names, lang, ruleset.players),
        short=short_names(dealer, names, lang, ruleset.players),
        you=_your_seat(names),
        events=tuple(hand_events),
        facts=facts,
        situation=situation,
    )


def _your_seat(names: Sequence[str] | None) -> int | None:
    """The player's own seat among `names` (the table names it "You", 自家), if any."""
    own = {"You", "自家"}
    return next((seat for seat, name in enumerate(names or ()) if name in own), None)


def _every_situation(ruleset: Ruleset) -> Ruleset:
    """`ruleset` with the situational yaku a preset may leave out in force, so the
    engine's facts say what the situation was (ippatsu under jpml, for wrc)."""
    return replace(ruleset, ippatsu=True, double_riichi=True)


def seat_wind(seat: int, dealer: int, players: int = 4) -> int:
    """A seat's wind in the hand, 0 East .. 3 North: with three players the winds go
    round East, South, West among the seats that play, the empty seat 3 keeps North
    (`engine.state.Round.seat_wind`; `tui.table_text.seat_wind` counts it)."""
    return table_text.seat_wind(seat, dealer, range(players))


def seat_names(
    dealer: int, names: Sequence[str] | None = None, lang: str = "en", players: int = 4
) -> tuple[str, ...]:
    """Each seat by its wind in the hand ("South 南"), after its name if names are given."""
    out = []
    for seat in range(4):
        wind = words.wind_name(seat_wind(seat, dealer, players), lang)
        out.append(f"{names[seat]} ({wind})" if names else wind)
    return tuple(out)


def short_names(
    dealer: int, names: Sequence[str] | None = None, lang: str = "en", players: int = 4
) -> tuple[str, ...]:
    """Names for table columns: the wind ("South 南"), or the name and the wind's kanji."""
    if not names:
        return seat_names(dealer, None, lang, players)
    return tuple(
        f"{names[seat]} {words.word(f'wind.{_WINDS[seat_wind(seat, dealer, players)]}').japanese}"
        for seat in range(4)
    )


_WINDS = ("east", "south", "west", "north")


def _net(payments: Sequence[Pay]) -> list[int]:
    out = [0, 0, 0, 0]
    for p in payments:
        if p.payer >= 0:
            out[p.payer] -= p.amount
        out[p.payee] += p.amount
    return out


def _yaku_ids(event: Won) -> list[str]:
    return [y["id"] for y in event.result.get("yaku", ())]


def round_label(ctx: HandContext, lang: str = "en", sticks: int | None = None) -> str:
    """ "East 1 東1局 · 1 honba 本場 · 2 riichi sticks 供託" (only what is there).

    `sticks` defaults to the sticks on the table when the hand began; the result
    screen passes `sticks_at_end(ctx)`, the sticks the hand's end paid out or kept,
    so its title never counts fewer sticks than its payments show."""
    parts = [words.round_name(ctx.round_wind, ctx.hand_number + 1, lang)]
    if ctx.honba:
        parts.append(words.amount(ctx.honba, "honba", lang))
    count = ctx.sticks if sticks is None else sticks
    if count:
        parts.append(sticks_label(count, lang))
    return " · ".join(parts)


def sticks_at_end(ctx: HandContext) -> int:
    """The riichi sticks on the table when the hand ended: those it began with and
    every riichi accepted during it."""
    return ctx.sticks + sum(1 for e in ctx.events if isinstance(e, RiichiAccepted))


def sticks_label(count: int, lang: str = "en") -> str:
    """ "2 riichi sticks 供託" / "供託2本 riichi sticks"."""
    if check_lang(lang) == "ja":
        return f"供託{count}本 riichi stick{'s' if count != 1 else ''}"
    return f"{count} riichi stick{'s' if count != 1 else ''} 供託"


# ---------------------------------------------------------------------------
# A win explained


@dataclass(frozen=True, slots=True)
class Row:
    """One line of a breakdown: a label, optional tiles (mpsz), and a value."""

    label: str
    value: str
    tiles: tuple[Tile, ...] = ()
    indicators: bool = True  # `tiles` are dora indicators (shown with their dora)


def win_headline(event: Won, ctx: HandContext, lang: str = "en") -> str:
    """Who won, how, and from whom."""
    winner = ctx.names[event.winner]
    tile = words.tile_name(event.win_tile.kind, lang)
    ids = _yaku_ids(event)
    mine = "_you" if event.winner == ctx.you else ""  # "You win", never "You (East) wins"
    if event.from_seat is None:
        if "rinshan" in ids or (ctx.facts is not None and ctx.facts.rinshan):
            return sentence("win_rinshan" + mine, lang, winner=winner, tile=tile)
        return sentence("win_tsumo" + mine, lang, winner=winner, tile=tile)
    loser = ctx.names[event.from_seat]
    if "chankan" in ids or (ctx.facts is not None and ctx.facts.chankan):
        return sentence("win_chankan" + mine, lang, winner=winner, loser=loser, tile=tile)
    return sentence("win_ron" + mine, lang, winner=winner, loser=loser, tile=tile)


def hand_tiles(event: Won) -> tuple[tuple[Tile, ...], Tile]:
    """The concealed tiles sorted, and the winning tile (shown apart)."""
    return tuple(sorted(event.concealed, key=tile_key)), event.win_tile


def yaku_rows(event: Won, ctx: HandContext, lang: str = "en") -> list[Row]:
    """Each yaku with its han (or "yakuman"), then dora / aka / ura with their counts."""
    result = event.result
    rows = []
    yakuman = result.get("yakuman", 0)
    classic_limit = ctx.ruleset.is_classic and result.get("limit") == "mangan"
    for y in result["yaku"]:
        name = words.yaku_name(y["id"], lang)
        if y["han"]:
            rows.append(Row(name, words.amount(y["han"], "han", lang)))
        elif yakuman:
            rows.append(Row(name, say("result.yakuman_multiple", lang)))
        elif classic_limit:
            rows.append(Row(name, say("result.mangan_class", lang)))
        else:
            rows.append(Row(name, "-"))
    if not rows:  # a win without a yaku (min_yaku_han 0): the section says so
        rows.append(Row(say("result.no_yaku", lang), words.amount(0, "han", lang)))
    if yakuman:
        return rows
    dora = result.get("dora", {})
    r = ctx.ruleset
    # Each North set aside is a dora of its own (抜きドラ, RULESETS.md §9): the scorer
    # counts it with the dora; its own line here, the Norths shown.
    facts = event.facts or ctx.facts
    kita = facts.kita if facts is not None else 0
    if r.dora:
        rows.append(
            Row(
                say("dora", lang),
                words.amount(dora.get("dora", 0) - kita, "han", lang),
                ctx.dora_indicators,
            )
        )
    if kita:
        rows.append(Row(say("kita_dora", lang), words.amount(kita, "han", lang),
                        (Tile(NORTH),) * kita, indicators=False))
    if r.red_fives:
        rows.append(Row(say("aka", lang), words.amount(dora.get("aka", 0), "han", lang)))
    if event.ura_indicators:
        rows.append(
            Row(
                say("ura", lang),
                words.amount(dora.get("ura", 0), "han", lang),
                event.ura_indicators,
            )
        )
    return rows


def is_kiriage(result: dict[str, Any], ruleset: Ruleset) -> bool:
    """A 1,920-base hand rounded up to mangan (30 fu 4 han, 60 fu 3 han): the
    scorer's rule (`rules.scoring.kiriage_mangan`), not worked out here."""
    return (
        result.get("limit") == "mangan"
        and not result.get("yakuman")
        and kiriage_mangan(result.get("han", 0), result.get("fu", 0), ruleset)
    )


def _limit_class(result: dict[str, Any]) -> bool:
    """A classic yakuman-class hand: paid as a limit, with no han or fu of its own."""
    return bool(result.get("limit")) and not result.get("han") and not result.get("fu")


def value_text(result: dict[str, Any], dealer_win: bool, tsumo: bool) -> str:
    """ "8,000", "2,000-4,000 (8,000)", "4,000 all (12,000)": the hand without honba/sticks."""
    p = result["points"]
    if not tsumo:
        return points(p["ron"])
    if dealer_win or p["tsumo_dealer"] is None:
        return f"{points(p['tsumo_non_dealer'])} all ({points(p['total'])})"
    return f"{points(p['tsumo_non_dealer'])}-{points(p['tsumo_dealer'])} ({points(p['total'])})"


def total_line(event: Won, ctx: HandContext, lang: str = "en") -> str:
    """ "4 han 翻 30 fu 符 -> mangan 満貫: 8,000"."""
    result = event.result
    parts = []
    if result.get("yakuman"):
        k = result["yakuman"]
        parts.append(words.limit_name("yakuman", lang) + (f" x{k}" if k > 1 else ""))
    elif _limit_class(result):
        parts.append(
            f"{say('result.mangan_class', lang)} -> {words.limit_name(result['limit'], lang)}"
        )
    else:
        parts.append(words.amount(result["han"], "han", lang))
        if result.get("fu"):
            parts.append(words.amount(result["fu"], "fu", lang))
        if is_kiriage(result, ctx.ruleset):
            parts.append("-> " + words.limit_name("kiriage_mangan", lang))
        elif result.get("limit"):
            parts.append("-> " + words.limit_name(result["limit"], lang))
    value = value_text(result, event.winner == ctx.dealer, event.from_seat is None)
    return " ".join(parts) + f": {value}"


def base_line(event: Won, ctx: HandContext, lang: str = "en") -> str | None:
    """How the base points (基本点) come from fu and han: "30 x 2^(4+2) = 1,920 -> mangan"."""
    result = event.result
    han, fu = result.get("han", 0), result.get("fu", 0)
    if result.get("yakuman") or not fu:
        return None
    r = ctx.ruleset
    label = say("result.base", lang)
    if r.is_classic:
        base = fu * 2**han
        text = f"{label}: {fu} x 2^{han} = {points(base)}"
        if base >= r.classic_cap:
            text += f" -> {points(r.classic_cap)} ({words.limit_name('mangan', lang)})"
        return text
    if han >= r.limit_mangan_han:
        return None
    base = fu * 2 ** (han + 2)
    text = f"{label}: {fu} x 2^({han}+2) = {points(base)}"
    if result.get("limit"):
        text += f" -> 2,000 ({words.limit_name('mangan', lang)})"
    return text


def fu_rows(event: Won, lang: str = "en") -> list[Row]:
    """The fu breakdown item by item: ("concealed triplet (ankou) 暗刻", "4", 222m)."""
    rows = []
    for item in event.result.get("fu_breakdown", ()):
        tiles = tuple(parse_tiles(item["tiles"])) if item.get("tiles") else ()
        rows.append(Row(words.fu_name(item["item"], lang), str(item["fu"]), tiles))
    return rows


def fu_notes(event: Won, ctx: HandContext, lang: str = "en") -> list[str]:
    """The rounding and the special cases after the items."""
    result = event.result
    items = result.get("fu_breakdown", ())
    fu = result.get("fu", 0)
    notes = []
    if result.get("yakuman") or not items:
        notes.append(sentence("yakuman_no_dora" if result.get("yakuman") else "no_fu", lang))
        return notes
    if result.get("form") == "chiitoitsu":
        notes.append(sentence("chiitoitsu_fu", lang))
        return notes
    raw = sum(i["fu"] for i in items)
    total = f"{say('result.fu_total', lang)} {raw}"
    if raw != fu:
        open_pinfu = (
            event.from_seat is not None
            and any(m.opened for m in event.melds)
            and -(-raw // 10) * 10 == 20
        )
        if open_pinfu:
            notes.append(
                f"{total} -> {words.amount(fu, 'fu', lang)}  "
                f"({sentence('open_pinfu_fu', lang, fu=fu)})"
            )
        else:
            notes.append(
                f"{total} -> {say('result.rounded', lang)}: {words.amount(fu, 'fu', lang)}"
            )
    else:
        notes.append(f"{total} = {words.amount(fu, 'fu', lang)}")
    ids = _yaku_ids(event)
    if event.from_seat is None and "pinfu" in ids and ctx.ruleset.pinfu_tsumo == "pinfu_20fu":
        notes.append(sentence("pinfu_tsumo_fu", lang))
    if is_kiriage(result, ctx.ruleset):
        notes.append(sentence("kiriage", lang, fu=fu, han=result["han"]))
    return notes


_REASONS = {
    "hand": "result.hand_value",
    "honba": "honba",
    "sticks": "kyoutaku",
    "pao": "pao",
    "noten": "noten_bappu",
    "chombo": "chombo",
}


def payment_rows(
    payments: Sequence[Pay], ctx: HandContext, lang: str = "en"
) -> list[tuple[str, str, str, str]]:
    """(payer, payee, amount, what) per payment; sticks come from the table."""
    rows = []
    for p in payments:
        payer = say("result.table", lang) if p.payer < 0 else ctx.label(p.payer)
        what = say(_REASONS.get(p.reason, p.reason), lang) if p.reason in _REASONS else p.reason
        if p.reason == "honba" and ctx.honba and p.amount % ctx.honba == 0:
            # what this payer paid per honba: the whole honba value on a ron, a
            # share of it on a tsumo (100 each of 300), so the label adds up
            what += f" ({ctx.honba} x {points(p.amount // ctx.honba)})"
        if p.reason == "sticks" and p.amount:
            what = sticks_label(p.amount // 1000, lang)
        rows.append((payer, ctx.label(p.payee), points(p.amount), what))
    return rows


def tsumo_loss_line(event: Won, ctx: HandContext, lang: str = "en") -> str | None:
    """Under the payments of a three-player tsumo: the empty seat's share is not paid
    (tsumo loss, ツモ損) or is split between the payers (north-bisection)."""
    if event.from_seat is not None or ctx.ruleset.tsumo_loss == "none":
        return None
    return sentence(f"tsumo_{ctx.ruleset.tsumo_loss}", lang)


def liability_line(event: Won, ctx: HandContext, lang: str = "en") -> str | None:
    if event.liable is None:
        return None
    who = ctx.names[event.liable]
    if ctx.ruleset.pao == (PAO_CLASSIC,):
        return sentence("liable_classic", lang, liable=who)
    ids = [y for y in _yaku_ids(event) if y in ctx.ruleset.pao]
    yaku = ", ".join(words.yaku_name(y, lang) for y in ids) or say("pao", lang)
    return sentence("liable", lang, liable=who, yaku=yaku)


def score_rows(ctx: HandContext) -> list[tuple[str, str, str, str, str]]:
    """(seat, at the start, riichi stick, hand, at the end) for every seat (East deals).

    Riichi sticks put down during the hand are their own column, so each row adds
    up: start + stick + hand = end. The stick column is "" for a seat without one.
    """
    rows = []
    for seat in ctx.ruleset.seats:  # three players: the empty seat has no row
        stick = ctx.scores_after[seat] - ctx.scores_before[seat] - ctx.deltas[seat]
        rows.append(
            (
                ctx.label(seat),
                points(ctx.scores_before[seat]),
                signed(stick) if stick else "",
                signed(ctx.deltas[seat]),
                points(ctx.scores_after[seat]),
            )
        )
    return rows


def score_columns(lang: str = "en") -> tuple[str, str, str, str, str]:
    """Headings of `score_rows`."""
    return (
        "",
        first_word("result.start", lang),
        first_word("riichi", lang),
        first_word("result.hand_value", lang),
        first_word("result.end", lang),
    )


def next_hand_line(ctx: HandContext, lang: str = "en") -> str | None:
    if ctx.renchan is None:
        return None
    return sentence("renchan" if ctx.renchan else "deal_passes", lang)


# ---------------------------------------------------------------------------
# The same hand under the other presets


def win_request(event: Won, ctx: HandContext) -> dict[str, Any]:
    """The CONTRACT.md `score` request for the hand: tiles, melds, winds, situation.

    Situational flags come from the result's yaku ids and from the engine's facts
    of the situation (`ctx.situation`: every situational yaku in force), so a flag
    the current preset does not score (ippatsu in jpml) still reaches presets that do.
    Honba and sticks are left out: the comparison is of the hand's own value.
    """
    ids = set(_yaku_ids(event))
    tsumo = event.from_seat is None
    riichi = event.winner in ctx.riichi or bool(ids & {"riichi", "double_riichi"})
    melds = []
    for m in event.melds:
        meld: dict[str, Any] = {"type": str(m.kind), "tiles": format_tiles(m.tiles)}
        if m.source is not None:
            meld["from"] = str(m.source)
        melds.append(meld)
    closed = not any(m.opened for m in event.melds)
    seen = ctx.situation or ctx.facts

    def fact(name: str) -> bool:
        return name in ids or (seen is not None and bool(getattr(seen, name)))

    rinshan = tsumo and fact("rinshan")
    request: dict[str, Any] = {
        "concealed": format_tiles(event.concealed),
        "win": str(event.win_tile),
        "melds": melds,
        "seat_wind": WIND_LETTERS[ctx.seat_wind(event.winner)],
        "round_wind": WIND_LETTERS[ctx.round_wind],
        "tsumo": tsumo,
        "riichi": riichi and closed,
        "double_riichi": "double_riichi" in ids,
        "ippatsu": riichi and closed and not rinshan and fact("ippatsu"),
        "rinshan": rinshan,
        "chankan": not tsumo and fact("chankan"),
        "haitei": tsumo and not rinshan and fact("haitei"),
        "houtei": not tsumo and fact("houtei"),
        "tenhou": "tenhou" in ids,
        "chiihou": "chiihou" in ids,
        "renhou": not tsumo and fact("renhou"),
        "dora_indicators": format_tiles(ctx.dora_indicators),
        "ura_indicators": format_tiles(event.ura_indicators),
    }
    if request["chankan"]:
        request["houtei"] = False
    facts = ctx.facts or event.facts
    if facts is not None and facts.kita:  # three players: the Norths set aside
        request["kita"] = facts.kita
    return request


@dataclass(frozen=True, slots=True)
class PresetLine:
    """What the hand is worth under one preset."""

    preset: str
    ok: bool
    value: str  # "8,000", "2,000-4,000 (8,000)", or why it is no win
    detail: str  # "5 han 30 fu mangan; +ippatsu, no ura"
    answer: dict[str, Any]

    def text(self, width: int = 15) -> str:
        return f"{self.preset:<{width}} {self.value:>20}  {self.detail}".rstrip()


def other_presets(
    event: Won, ctx: HandContext, lang: str = "en", presets: Sequence[str] | None = None
) -> list[PresetLine]:
    """One line per preset other than the game's own, each scored by the scorer (by
    default the presets for as many players as the game's: a three-player hand is
    compared with the other three-player preset)."""
    if presets is None:
        presets = PRESET_IDS if ctx.ruleset.players == 4 else SANMA_PRESET_IDS
    request = win_request(event, ctx)
    here = {y["id"] for y in event.result.get("yaku", ())}
    dealer_win = event.winner == ctx.dealer
    tsumo = event.from_seat is None
    out = []
    for preset in presets:
        if preset == ctx.ruleset.id and not ctx.ruleset.overrides:
            continue
        got = answer(request, load_preset(preset))
        if not got.get("ok"):
            why = got.get("message", got.get("error", ""))
            out.append(PresetLine(preset, False, "-", sentence("not_a_win", lang, why=why), got))
            continue
        value = value_text(got, dealer_win, tsumo)
        there = {y["id"] for y in got["yaku"]}
        if got.get("yakuman"):
            k = got["yakuman"]
            main = words.limit_name("yakuman", lang) + (f" x{k}" if k > 1 else "")
        elif _limit_class(got):
            main = f"{say('result.mangan_class', lang)}: {words.limit_name(got['limit'], lang)}"
        else:
            main = f"{words.amount(got['han'], 'han', lang)} {words.amount(got['fu'], 'fu', lang)}"
            if got.get("limit"):
                limit = got["limit"]
                if is_kiriage(got, load_preset(preset)):
                    limit = "kiriage_mangan"
                main += " " + words.limit_name(limit, lang)
        diffs = [f"+{words.yaku_name(y, lang)}" for y in _ordered(there - here)]
        diffs += [f"-{words.yaku_name(y, lang)}" for y in _ordered(here - there)]
        ours, theirs = event.result.get("dora", {}), got.get("dora", {})
        if not event.result.get("yakuman") and not got.get("yakuman"):
            for kind in ("dora", "ura"):
                delta = theirs.get(kind, 0) - ours.get(kind, 0)
                if delta:
                    diffs.append(f"{say(kind, lang)} {delta:+d}")
        detail = main + (": " + ", ".join(diffs) if diffs else "")
        out.append(PresetLine(preset, True, value, detail, got))
    return out


def other_preset_notes(event: Won, ctx: HandContext, lang: str = "en") -> list[str]:
    """What the comparison cannot know (indicators this preset never reveals)."""
    notes = []
    r = ctx.ruleset
    if not r.dora:
        notes.append(sentence("no_dora_here", lang))
        return notes
    riichi = event.winner in ctx.riichi
    if riichi and not r.ura_dora:
        notes.append(sentence("ura_unknown", lang))
    kans = sum(1 for m in ctx.melds for k in m if k.is_quad)
    if kans and not r.kan_dora:
        notes.append(sentence("kan_dora_unknown", lang))
    return notes


def _ordered(ids: set[str]) -> list[str]:
    position = {name: i for i, name in enumerate(YAKU_ORDER)}
    return sorted(ids, key=lambda y: position.get(y, len(position)))


# ---------------------------------------------------------------------------
# An exhaustive draw


@dataclass(frozen=True, slots=True)
class TenpaiRow:
    seat: int
    name: str
    tenpai: bool
    hand: tuple[Tile, ...]
    melds: tuple[Meld, ...]


def tenpai_rows(event: ExhaustiveDraw, ctx: HandContext) -> list[TenpaiRow]:
    """Each seat, tenpai or not, with the hand it showed."""
    shown = {e.seat: e.hand for e in ctx.events if isinstance(e, TenpaiDeclared)}
    return [
        TenpaiRow(
            seat,
            ctx.label(seat),
            event.tenpai[seat],
            tuple(shown.get(seat, ())) if event.tenpai[seat] else (),
            ctx.melds[seat],
        )
        for seat in ctx.ruleset.seats
    ]


ABORTIVE = frozenset({"nine_terminals", "four_winds", "four_riichi", "four_kans", "triple_ron"})


def ending_notes(event: ExhaustiveDraw, ctx: HandContext, lang: str = "en") -> list[str]:
    """What ended a hand without a win, when it is not a plain exhaustive draw: the
    ending's name and why (an abortive draw, a nagashi mangan), as a win explains
    itself (RULESETS.md §8.1)."""
    if event.kind == "exhaustive":
        return []
    fields = ending_fields(event, ctx, lang)
    notes = [f"{say(f'end.{event.kind}', lang)}: {sentence(f'why.{event.kind}', lang, **fields)}"]
    if event.kind in ABORTIVE:
        notes.append(sentence("why.abortive_draw", lang, **fields))
    return notes


def nine_kinds(hand: Sequence[Tile]) -> list[int]:
    """The different terminal and honour kinds of a 九種九牌 hand, in order."""
    return sorted({t.kind for t in hand if t.kind >= 27 or t.kind % 9 in (0, 8)})


def ending_fields(event: ExhaustiveDraw, ctx: HandContext, lang: str = "en") -> dict[str, str]:
    """The facts an ending's sentences name, read from the event (`kind`, `seat`,
    `nagashi`, `hand`) and the hand's events: who ended it and with what, and what
    the next hand will be (same dealer, one more honba, the sticks kept)."""
    names = ctx.names
    discards = [e for e in ctx.events if isinstance(e, Discarded)]
    last = discards[-1] if discards else None
    if event.kind == "nagashi_mangan":
        seats: list[int] = list(event.nagashi)
    elif event.kind == "four_riichi":
        seats = [e.seat for e in ctx.events if isinstance(e, RiichiAccepted)][-1:]
    elif event.kind == "four_kans":
        seats = list(dict.fromkeys(e.seat for e in ctx.events if isinstance(e, KanDeclared)))
    elif event.kind == "triple_ron":
        seats = [s for s in ctx.ruleset.seats if last is None or s != last.seat]
    else:
        seats = [event.seat] if event.seat is not None else []
    kinds = nine_kinds(event.hand)
    if event.kind == "four_winds" and discards:
        tile = words.tile_name(discards[0].tile.kind, lang)
    else:
        tile = words.tile_name(last.tile.kind, lang) if last is not None else ""
    return {
        "seat": ", ".join(names[s] for s in seats),
        "count": str(len(kinds)),
        "tiles": " ".join(words.tile_name(k, lang) for k in kinds),
        "tile": tile,
        "loser": names[last.seat] if last is not None else "",
        "dealer": names[ctx.dealer],
        "honba": str(ctx.honba + 1),
        "sticks": sticks_label(sticks_at_end(ctx), lang),
    }


def draw_notes(event: ExhaustiveDraw, ctx: HandContext, lang: str = "en") -> list[str]:
    notes = ending_notes(event, ctx, lang)
    if event.kind in ABORTIVE:
        return notes  # nothing is paid, the sticks stay: said by why.abortive_draw
    if not ctx.ruleset.noten_payment:
        notes.append(sentence("no_payment_at_draw", lang))
    elif not event.payments:
        state = say("tenpai" if all(event.tenpai) else "noten", lang)
        notes.append(sentence("no_tenpai_payment", lang, state=state))
    sticks = sticks_at_end(ctx)
    if sticks and ctx.ruleset.riichi:
        notes.append(sentence("sticks_stay", lang, count=sticks))
    return notes


# ---------------------------------------------------------------------------
# The end of the game


@dataclass(frozen=True, slots=True)
class FinalRow:
    seat: int
    name: str
    place: str  # "1", "2=" for a shared place
    points: str  # raw final points
    vs_return: str  # (points - return) in pt, or ""
    oka: str
    uma: str
    result: str


def result_mode(ruleset: Ruleset) -> str:
    """How the preset writes its final result: "pt", "points" (+ / ▲) or "raw"."""
    if ruleset.uma_mode != "none" or ruleset.oka:
        return "pt"
    if ruleset.return_points:
        return "points"
    return "raw"


def format_pt(value: float) -> str:
    """One decimal, always signed: +61.2, -23.1, 0.0."""
    text = f"{value:+.1f}"
    return "0.0" if text in ("+0.0", "-0.0") else text


def format_result(value: float, ruleset: Ruleset) -> str:
    mode = result_mode(ruleset)
    if mode == "pt":
        return format_pt(value)
    number = round(value)
    if mode == "points":
        return f"▲{-number:,}" if number < 0 else f"+{number:,}"
    return points(number)


def final_rows(
    event: GameEnded, ruleset: Ruleset, names: Sequence[str] | None = None, lang: str = "en"
) -> list[FinalRow]:
    """The final table, best place first; ties share a place ("2=")."""
    results = sorted(event.results, key=lambda r: (r["rank"], r["seat"]))
    ranks = [r["rank"] for r in results]
    firsts = ranks.count(1)
    mode = result_mode(ruleset)
    rows = []
    for r in results:
        seat = r["seat"]
        name = names[seat] if names else words.wind_name(seat, lang)
        place = f"{r['rank']}=" if ranks.count(r["rank"]) > 1 else str(r["rank"])
        oka_part = ruleset.oka / firsts if r["rank"] == 1 and ruleset.oka else 0.0
        if mode == "pt":
            vs = format_pt((r["points"] - ruleset.return_points) / 1000)
            oka = format_pt(oka_part) if oka_part else ""
            uma = format_pt(r["uma"] - oka_part) if ruleset.uma_mode != "none" else ""
        else:
            vs = oka = uma = ""
        rows.append(
            FinalRow(
                seat,
                name,
                place,
                points(r["points"]),
                vs,
                oka,
                uma,
                format_result(r["result"], ruleset),
            )
        )
    return rows


def final_columns(ruleset: Ruleset, lang: str = "en") -> list[tuple[str, str]]:
    """(FinalRow field, heading) of the columns this preset shows."""
    cols = [
        ("place", first_word("result.place", lang)),
        ("name", first_word("result.player", lang)),
        ("points", first_word("result.raw_points", lang)),
    ]
    mode = result_mode(ruleset)
    if mode == "pt":
        ret = points(ruleset.return_points)
        cols.append(("vs_return", f"{ret}返し" if check_lang(lang) == "ja" else f"vs {ret}"))
        if ruleset.oka:
            cols.append(("oka", first_word("oka", lang)))
        if ruleset.uma_mode != "none":
            cols.append(("uma", first_word("uma", lang)))
    if mode != "raw":
        cols.append(("result", first_word("result.result", lang)))
    return cols


def final_notes(event: GameEnded, ruleset: Ruleset, lang: str = "en") -> list[str]:
    notes = []
    mode = result_mode(ruleset)
    if ruleset.oka:
        notes.append(sentence("oka_note", lang, oka=f"+{ruleset.oka}"))
    if ruleset.uma_mode == "fixed":
        uma = ruleset.uma[: ruleset.players]  # three players: three places
        notes.append(sentence("uma_note", lang, uma=" / ".join(f"{u:+d}" for u in uma)))
    elif ruleset.uma_mode == "float":
        finals = [r["points"] for r in event.results]
        if ruleset.float_at_return:
            n = sum(p >= ruleset.return_points for p in finals)
        else:
            n = sum(p > ruleset.return_points for p in finals)
        row = ruleset.uma_float[min(max(n, 1), len(ruleset.uma_float)) - 1]
        notes.append(
            sentence(
                "float_note",
                lang,
                n=n,
                ret=points(ruleset.return_points),
                row=" / ".join(f"{u:+d}" for u in row),
            )
        )
    elif mode == "points":
        notes.append(sentence("points_note", lang, ret=points(ruleset.return_points)))
    elif mode == "raw":
        notes.append(sentence("raw_note", lang, start=points(ruleset.starting_points)))
    ranks = [r["rank"] for r in event.results]
    if len(set(ranks)) < len(ranks):
        key = {"split": "tie_split", "shared": "tie_shared"}.get(ruleset.rank_tie, "tie_external")
        if key == "tie_split" and mode != "pt":
            key = "tie_shared"
        notes.append(sentence(key, lang))
    final_points = [r["points"] for r in sorted(event.results, key=lambda r: r["seat"])]
    excess = sum(event.scores) - sum(final_points)
    if excess > 0:
        notes.append(sentence("excess_note", lang, excess=points(excess)))
    if event.sticks and ruleset.riichi:
        notes.append(sentence("sticks_unclaimed", lang, count=event.sticks))
    if ruleset.games_per_session > 1:
        notes.append(sentence("session_note", lang, games=ruleset.games_per_session))
    return notes


# ---------------------------------------------------------------------------
# The rules reference: every parameter of RULESETS.md §2, grouped A-K


# (letter, word key of the title, parameters): the titles and labels are in tui/words.py.
PARAMETER_GROUPS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    (
        "A",
        "rules.group_A",
        (
            "players",
            "removed_tiles",
            "chi",
            "kita",
            "kita_rinshan",
            "kita_ron_ippatsu",
            "tsumo_loss",
            "game_length",
            "games_per_session",
            "time_limit_minutes",
            "starting_points",
            "return_points",
            "oka",
            "uma_mode",
            "uma",
            "uma_float",
            "float_at_return",
            "rank_tie",
            "bust",
            "agari_yame",
            "final_deposits",
            "total_check",
            "extension",
            "extension_target",
            "last_dealer_stop",
            "result_rounding",
        ),
    ),
    (
        "B",
        "rules.group_B",
        ("min_yaku_han", "kuitan", "atozuke", "kuikae", "max_kans", "multiple_ron"),
    ),
    (
        "C",
        "rules.group_C",
        ("red_fives", "dora", "ura_dora", "kan_dora", "kan_ura", "kan_dora_timing"),
    ),
    (
        "D",
        "rules.group_D",
        (
            "riichi",
            "riichi_points",
            "riichi_min_tiles",
            "ippatsu",
            "double_riichi",
            "furiten_riichi",
            "riichi_no_draw",
            "riichi_last_tile",
            "riichi_ankan",
            "riichi_pass",
            "noten_riichi",
        ),
    ),
    (
        "E",
        "rules.group_E",
        (
            "renchan",
            "formal_tenpai",
            "tenpai_own_waits",
            "tenpai_declaration",
            "noten_payment",
            "honba_value",
            "honba_counter",
            "abort_kyuushu",
            "abort_suufon",
            "abort_suucha_riichi",
            "abort_suukaikan",
            "abort_sanchahou",
            "nagashi_mangan",
        ),
    ),
    (
        "F",
        "rules.group_F",
        (
            "scoring_model",
            "kiriage_30_4",
            "kiriage_60_3",
            "limit_mangan_han",
            "limit_haneman_han",
            "limit_baiman_han",
            "limit_sanbaiman_han",
            "classic_cap",
            "kazoe_yakuman",
            "yakuman_stacking",
            "yakuman_max",
            "special_double",
            "kokushi_ankan",
            "ryuuiisou_hatsu",
            "renhou",
        ),
    ),
    (
        "G",
        "rules.group_G",
        (
            "double_wind_pair_fu",
            "rinshan_tsumo_fu",
            "pinfu_tsumo",
            "open_pinfu_ron_fu",
            "chiitoitsu",
            "haitei_rinshan",
            "chinitsu_fu",
        ),
    ),
    (
        "H",
        "rules.group_H",
        ("pao", "pao_honba", "pao_tsumo_honba", "pao_stacked", "daiminkan_pao", "chips"),
    ),
    (
        "I",
        "rules.group_I",
        ("chombo_penalty_kind", "chombo_penalty_value", "chombo_hand", "call_word_penalty"),
    ),
    (
        "J",
        "rules.group_J", ("furiten_scope", "furiten_temporary", "furiten_after_riichi")),
    (
        "K",
        "rules.group_K",
        ("fu_rounding", "payment_rounding", "kaimen_dice", "dead_wall", "discard_rows"),
    ),
)

_ENUM_TEXT: dict[tuple[str, str], str] = {
    ("game_length", "hanchan"): "hanchan: East and South rounds",
    ("game_length", "isshou"): "isshou: East, South, West and North rounds",
    ("uma_mode", "fixed"): "fixed uma by place",
    ("uma_mode", "float"): "float table (by how many players float)",
    ("uma_mode", "none"): "none",
    ("rank_tie", "split"): "tied players split the rank points",
    ("rank_tie", "shared"): "shared place",
    ("rank_tie", "external"): "broken outside the game",
    ("bust", "none"): "none: play goes on below zero",
    ("final_deposits", "unclaimed"): "stay unclaimed",
    ("final_deposits", "none"): "n/a",
    ("total_check", "none"): "none",
    ("total_check", "excess_from_first"): "excess taken from first place",
    ("kuikae", "forbidden"): "forbidden",
    ("kuikae", "allowed"): "allowed",
    ("multiple_ron", "head_bump"): "one winner, nearest in turn order (head bump)",
    ("multiple_ron", "double_ron"): "up to two winners",
    ("tsumo_loss", "none"): "every other seat pays",
    ("tsumo_loss", "loss"): "the missing seat's share is not paid (tsumo loss)",
    ("tsumo_loss", "north_bisection"): "the missing seat's share is split between the payers",
    ("multiple_ron", "multiple"): "every claimant wins",
    ("kan_dora_timing", "immediate"): "at once, before the rinshan draw",
    ("kan_dora_timing", "none"): "n/a",
    ("kan_dora_timing", "closed_immediate_open_after_discard"): (
        "closed kan at once; open kan after the kan player's next discard"
    ),
    ("game_length", "tonpuu"): "tonpuu: East round only",
    ("rank_tie", "seat_order"): "by seat order from the first dealer",
    ("bust", "below_zero"): "the game ends when a player falls below zero",
    ("final_deposits", "to_first"): "go to first place",
    ("riichi_points", "min_1000"): "needs 1,000 points",
    ("extension", "none"): "none",
    ("extension", "west_sudden_death"): (
        "next round, sudden death until someone reaches the target"
    ),
    ("last_dealer_stop", "none"): "none",
    ("last_dealer_stop", "win_or_tenpai_when_first"): (
        "last hand: ends if the dealer wins or is tenpai and is first"
    ),
    ("last_dealer_stop", "win_when_first"): (
        "last hand: ends if the dealer wins and is first (a tenpai dealer plays on)"
    ),
    ("result_rounding", "none"): "none",
    ("result_rounding", "thousand_gosha_rokunyu"): (
        "to thousands, 500 down and 600 up (五捨六入)"
    ),
    ("riichi_points", "any"): "allowed; points may go below zero",
    ("riichi_points", "none"): "n/a",
    ("riichi_ankan", "none"): "not allowed",
    ("riichi_ankan", "composition"): "if the sets stay the same",
    ("riichi_ankan", "composition_no_yaku_loss"): "if the sets stay the same and no yaku is lost",
    ("riichi_ankan", "composition_no_yaku_change"): "if the sets and the yaku stay the same",
    ("riichi_pass", "furiten"): "allowed; furiten for the rest of the hand",
    ("riichi_pass", "none"): "n/a",
    ("noten_riichi", "chombo"): "chombo at the draw",
    ("noten_riichi", "none"): "n/a",
    ("renchan", "win_or_tenpai"): "the dealer wins or is tenpai at a draw",
    ("renchan", "win_only"): "the dealer wins",
    ("tenpai_own_waits", "noten"): "not tenpai",
    ("tenpai_own_waits", "noten_concealed"): "not tenpai only if all are concealed",
    ("renhou", "mangan"): "mangan (no yaku or dora added)",
    ("renhou", "yakuman"): "yakuman",
    ("tenpai_own_waits", "none"): "tenpai",
    ("tenpai_declaration", "optional"): "show the hand; silence is noten",
    ("tenpai_declaration", "none"): "n/a",
    ("honba_counter", "standard"): "+1 after a repeat or draw, 0 after a non-dealer win",
    ("honba_counter", "none"): "no honba",
    ("scoring_model", "modern"): "modern: base = fu x 2^(han+2)",
    ("scoring_model", "classic"): "classic: base = fu x 2^han, capped at mangan",
    ("pinfu_tsumo", "pinfu_20fu"): "pinfu + menzen tsumo at 20 fu",
    ("pinfu_tsumo", "classic_tsumo_yaku"): "no pinfu; a 1-han tsumo yaku at 30 fu",
    ("chiitoitsu", "25fu_2han"): "25 fu, 2 han",
    ("chiitoitsu", "none"): "not a winning form",
    ("pao_honba", "discarder"): "the discarder",
    ("pao_honba", "jpml"): "the discarder; the liable player with a double yakuman",
    ("pao_honba", "none"): "n/a",
    ("pao_tsumo_honba", "liable"): "the liable player",
    ("pao_tsumo_honba", "none"): "n/a",
    ("pao_stacked", "separate"): "his yakuman only; another yakuman is paid as usual",
    ("pao_stacked", "whole"): "the whole hand (tsumo: all of it; ron: half with the discarder)",
    ("chombo_penalty_kind", "result_pt"): "deducted from the final result (pt)",
    ("chombo_penalty_kind", "result_points"): "deducted at game end (points)",
    ("chombo_penalty_kind", "classic_half_mangan"): "half a mangan paid to the others",
    ("chombo_hand", "replay"): "replayed, same dealer, same honba",
    ("chombo_hand", "deal_passes"): "ends; the deal passes",
    ("furiten_scope", "all_waits"): "any wait in own discards blocks every ron",
    ("furiten_scope", "same_tile"): "only the identical tile",
    ("furiten_temporary", "until_next_take"): "no ron until your next draw or call",
    ("furiten_temporary", "same_tile_until_next_discard"): (
        "that tile only, until your next discard"
    ),
    ("furiten_after_riichi", "permanent"): "furiten until the hand ends",
    ("furiten_after_riichi", "none"): "n/a",
}


# The chip elements (rules.ruleset.CHIP_KEYS) as the rules reference names them.
CHIP_WORDS = {
    "red_five": "red five",
    "red_five_open": "red five (open hand)",
    "ura_dora": "ura dora",
    "ippatsu": "ippatsu",
    "yakuman": "yakuman",
}


def three_player_notes(ruleset: Ruleset, lang: str = "en") -> list[str]:
    """What a three-player preset plays differently (RULESETS.md §9), one sentence each,
    from its parameters; none for four players."""
    if ruleset.players == 4:
        return []
    notes = [sentence("sanma_seats", lang)]
    if ruleset.removed_tiles:
        notes.append(sentence("sanma_tiles", lang, removed=ruleset.removed_tiles,
                              count=136 - 4 * len(ruleset.removed_kinds)))
    if not ruleset.chi:
        notes.append(sentence("sanma_no_chi", lang))
    if ruleset.kita:
        notes.append(sentence("sanma_kita", lang))
    if ruleset.tsumo_loss != "none":
        notes.append(sentence(f"tsumo_{ruleset.tsumo_loss}", lang))
    return notes


def parameter_label(key: str, lang: str = "en") -> str:
    return words.term(f"param.{key}", lang)


def parameter_value(key: str, ruleset: Ruleset) -> str:
    """A readable value of one parameter of `ruleset`."""
    r = ruleset
    value = getattr(r, key)
    modern = not r.is_classic
    yes_no = "yes" if value is True else "no" if value is False else None
    if key in _RIICHI_ROWS and not r.riichi:
        return "n/a"
    if key in _TENPAI_ROWS and not r.noten_payment and r.renchan == "win_only":
        return "n/a"  # tenpai has no effect at a draw (renmei_classic)
    if key == "tenpai_declaration" and value == "none":
        return "automatic: every tenpai hand is shown"  # Tenhou, Mahjong Soul (§8.1)
    if key == "time_limit_minutes":
        return f"{value} minutes; the hand in play is finished" if value else "none"
    if key == "games_per_session":
        return "1" if value == 1 else f"{value}, results summed"
    if key in ("starting_points", "return_points"):
        return points(value) if value else "none"
    if key == "oka":
        return f"+{value} pt to first place" if value else "none"
    if key == "uma":
        if r.uma_mode != "fixed":
            return "n/a"
        return " / ".join(f"{u:+d}" for u in value[: r.players]) + " pt"  # a place each
    if key == "uma_float":
        if r.uma_mode != "float":
            return "n/a"
        return "; ".join(
            f"{i + 1} float{'s' if i else ''}: " + " / ".join(f"{u:+d}" for u in row)
            for i, row in enumerate(value)
        )
    if key == "float_at_return":
        if r.uma_mode != "float":
            return "n/a"
        return "at or above the return points" if value else "above the return points"
    if key == "renhou":
        return _ENUM_TEXT[(key, value)] if value else "none"
    if key == "removed_tiles":
        return value or "none"
    if key == "kita":
        return "North set aside as dora, with a replacement draw" if value else "none"
    if key == "players":
        return str(value)
    if key == "min_yaku_han":
        return f"{value} han of yaku (dora do not count)" if value else "none: no yaku needed"
    if key == "red_fives":
        return str(value) if value else "none"
    if key in ("noten_payment",):
        return f"{points(value)} in all" if value else "none"
    if key == "honba_value":
        return f"{value} per honba (ron +{value}, tsumo +{value // 3} each)" if value else "none"
    if key in ("kiriage_30_4", "kiriage_60_3"):
        if not modern:
            return "n/a"
        return "rounded up to mangan" if value else "7,700 / 11,600"
    if key.startswith("limit_") and key.endswith("_han"):
        return f"{value} han" if modern else "n/a"
    if key == "classic_cap":
        return f"base {value} (2,000 / 3,000)" if value else "n/a"
    if key == "yakuman_max":
        return f"x{value}"
    if key in ("double_wind_pair_fu", "open_pinfu_ron_fu", "chinitsu_fu"):
        return f"{value} fu" if value else "none"
    if key == "pao":
        if not value:
            return "none"
        if value == (PAO_CLASSIC,):
            return "honor melds that make a certain mangan"
        return ", ".join(words.yaku_name(v) for v in value)
    if key == "chips":  # RULESETS.md §8.5
        if not value:
            return "none"
        return ", ".join(f"{CHIP_WORDS[name]} {count}" for name, count in value) + (
            " (per payer: the discarder, or each on a tsumo)"
        )
    if key == "chombo_penalty_value":
        if r.chombo_penalty_kind == "result_pt":
            return f"{value:+d} pt"
        if r.chombo_penalty_kind == "result_points":
            return f"{value:+,} points"
        return "n/a"
    if key == "call_word_penalty":
        return f"{value:+,} points" if value else "none"
    if key in ("fu_rounding", "payment_rounding"):
        return f"up to a multiple of {value}" if value else "none"
    if key == "riichi_min_tiles":
        return f"{value} tiles left to draw" if value else "no limit"
    if key == "extension_target":
        if r.extension == "none":
            return "n/a"
        return points(value) if value else f"the return points ({points(r.return_points)})"
    if key == "kaimen_dice":
        return "one throw" if value == 1 else f"{value} throws"
    if key in (
        "abort_kyuushu",
        "abort_suufon",
        "abort_suucha_riichi",
        "abort_suukaikan",
        "abort_sanchahou",
        "nagashi_mangan",
        "kazoe_yakuman",
        "daiminkan_pao",
    ):
        return "yes" if value else "none"
    if isinstance(value, str):
        return _ENUM_TEXT.get((key, value), value.replace("_", " "))
    if yes_no is not None:
        return yes_no
    if isinstance(value, int):
        return points(value)
    return str(value)


_RIICHI_ROWS = frozenset(
    {
        "riichi_points",
        "ippatsu",
        "double_riichi",
        "furiten_riichi",
        "riichi_no_draw",
        "riichi_last_tile",
        "riichi_ankan",
        "riichi_pass",
        "noten_riichi",
        "final_deposits",
        "furiten_after_riichi",
        "ura_dora",
        "kan_ura",
    }
)
_TENPAI_ROWS = frozenset({"formal_tenpai", "tenpai_own_waits", "tenpai_declaration"})


# The three-player table (RULESETS.md §9): rows a four-player ruleset's reference leaves
# out, as they say nothing about its game (`rulesets --rules` still lists every key).
THREE_PLAYER_KEYS = frozenset(
    {"players", "removed_tiles", "chi", "kita", "kita_rinshan", "kita_ron_ippatsu", "tsumo_loss"}
)


def parameter_groups(ruleset: Ruleset, lang: str = "en") -> list[tuple[str, list[tuple[str, str]]]]:
    """[("A  Game structure and final result 対局の形式と成績", [(label, value), ...]), ...]."""
    hidden = THREE_PLAYER_KEYS if ruleset.players == 4 else frozenset()
    return [
        (
            f"{letter}  {words.term(title, lang)}",
            [
                (parameter_label(k, lang), parameter_value(k, ruleset))
                for k in keys
                if k not in hidden
            ],
        )
        for letter, title, keys in PARAMETER_GROUPS
    ]


def grouped_keys() -> list[str]:
    return [k for _, _, keys in PARAMETER_GROUPS for k in keys]


def yaku_table_rows(ruleset: Ruleset, lang: str = "en") -> list[tuple[str, str, str]]:
    """(yaku, closed, open) in the order players read them; limit hands named."""
    table = available_table(ruleset)
    limit = words.limit_name("mangan" if ruleset.is_classic else "yakuman", lang)
    rows = []
    for name in YAKU_ORDER:
        rule = table.get(name)
        if rule is None:
            continue
        if rule.yakuman:
            closed = limit if rule.yakuman == 1 else f"{limit} x{rule.yakuman}"
            opened = closed if name not in _CLOSED_ONLY_LIMITS else "-"
        else:
            closed = words.amount(rule.closed, "han", lang) if rule.closed else "-"
            opened = words.amount(rule.open, "han", lang) if rule.open else "-"
        rows.append((words.yaku_name(name, lang), closed, opened))
    return rows


# Limit hands that need a closed hand (RULESETS.md §3.4 "open allowed: no"; 001 門前のみ).
_CLOSED_ONLY_LIMITS = frozenset({"kokushi", "suuankou", "chuuren", "tenhou", "chiihou", "renhou"})


def preset_title(ruleset: Ruleset) -> str:
    """ "wrc — WRC ルール" (and the overrides, if any)."""
    info = {p.id: p for p in preset_infos(three_players=True)}.get(ruleset.id)
    title = f"{ruleset.id} - {info.name}" if info else ruleset.id
    if ruleset.overrides:
        title += " (+ " + ", ".join(f"{k}={v}" for k, v in ruleset.overrides) + ")"
    return title
