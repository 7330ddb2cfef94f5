"""Scorer answers and game events turned into teaching text.

The result screens show *why* points moved: every yaku with its han, the dora
and ura (with their indicators), the fu item by item and how they were rounded,
the limit, who paid whom and for what (hand, honba, sticks, pao), the score
changes, and what the same hand would be worth under the other presets. This
module computes all of that as plain data and strings, with no Textual or Rich,
so it is tested directly and the screens only lay it out.

Context comes from the game's event list: a `Won` is found among `game.events`
and the hand's `HandStarted`, `DoraRevealed`, riichi, calls and `HandEnded`
around it give the dealer, honba, sticks, dora indicators and score changes as
they were *in that hand* (by the time a screen shows the result, the engine may
already have dealt the next hand).

Words come from `tui.words`; the few it lacks are in `EXTRA_WORDS` /
`EXTRA_MESSAGES` below until they move there (`say` looks in both).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

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
    Pay,
    RiichiAccepted,
    TenpaiDeclared,
    Won,
)
from rules.hand import Meld, MeldKind
from rules.presets import preset_infos
from rules.request import answer
from rules.ruleset import PAO_CLASSIC, PRESET_IDS, Ruleset, load_preset
from rules.tiles import WIND_LETTERS, Tile, format_tiles, parse_tiles
from rules.yaku import YAKU_ORDER, available_table

from . import words
from .words import Message, Word, check_lang

# ---------------------------------------------------------------------------
# Words tui/words.py does not have yet (to be moved there).

EXTRA_WORDS: dict[str, Word] = {
    key: Word(*names)
    for key, names in {
        "result.win": ("win", "和了"),
        "result.draw": ("exhaustive draw", "流局"),
        "result.game_end": ("game over", "終局"),
        "result.final": ("final results", "最終成績"),
        "result.place": ("place", "順位"),
        "result.player": ("player", "プレイヤー"),
        "result.raw_points": ("points", "素点"),
        "result.result": ("result", "成績"),
        "result.payments": ("payments", "支払い"),
        "result.score_changes": ("score changes", "点数移動"),
        "result.hand_value": ("hand", "和了点"),
        "result.fu_total": ("total", "合計"),
        "result.rounded": ("rounded up", "切り上げ"),
        "result.yakuman_multiple": ("yakuman", "役満"),
        "result.mangan_class": ("mangan-class", "満貫役"),
        "result.other_presets": ("under the other presets", "他のルールでは"),
        "result.table": ("table", "卓"),
        "result.base": ("base points", "基本点"),
        "result.start": ("start", "局開始"),
        "result.end": ("end", "局終了"),
        "result.tenpai_hands": ("tenpai hands", "聴牌形"),
        "result.continue": ("Enter / Space / Esc: continue", "Enter・Space・Esc: 次へ"),
        "result.close": ("Esc: close", "Esc: 閉じる"),
        "result.scroll": ("arrows / PgUp / PgDn: scroll", "矢印・PgUp・PgDn: スクロール"),
        "rules.title": ("rules reference", "ルール"),
        "rules.parameters": ("parameters", "ルール項目"),
        "rules.yaku_table": ("yaku table", "役一覧"),
        "rules.closed": ("closed", "門前"),
        "rules.open": ("open", "副露"),
        "rules.closed_only": ("closed only", "門前のみ"),
        "help.title": ("keys", "キー操作"),
        "help.marks": ("marks", "記号"),
        # Key descriptions (tui/keys.py BINDINGS_TABLE).
        "key.left": ("move the cursor left", "カーソルを左へ"),
        "key.right": ("move the cursor right", "カーソルを右へ"),
        "key.first": ("cursor to the first tile", "先頭の牌へ"),
        "key.last": ("cursor to the last tile (the drawn one)", "末尾の牌 (ツモ牌) へ"),
        "key.discard": ("discard the tile under the cursor", "カーソルの牌を打牌"),
        "key.tsumo": (
            "tsumo: win on your draw; at a draw, show tenpai",
            "ツモ和了・流局時は聴牌宣言",
        ),
        "key.riichi": (
            "riichi: then pick a discard that keeps tenpai",
            "リーチ (聴牌を保つ打牌を選ぶ)",
        ),
        "key.chi": ("chi: call the discard for a sequence", "チー"),
        "key.pon": ("pon: call the discard for a triplet", "ポン"),
        "key.kan": ("kan (daiminkan, ankan, shouminkan)", "カン (大明槓・暗槓・加槓)"),
        "key.ron": ("ron: win on the discard", "ロン和了"),
        "key.pass": (
            "pass on a call or win; Esc also backs out of a choice",
            "見送り・選択の取り消し",
        ),
        "key.pick": (
            "pick one of several options (two ways to chi, several kans)",
            "複数の候補から番号で選択",
        ),
        "key.help": ("this help", "ヘルプ"),
        "key.hint": ("hint: what the AI would do, and why", "ヒント: AIの推奨とその理由"),
        "key.aids": ("learning aids on/off", "学習補助の表示切替"),
        "key.rules": ("rules reference of this preset", "このルールの一覧"),
        "key.quit": ("quit (the game is saved)", "終了 (対局は保存済み)"),
        # Short footer labels of the keys without a call word.
        "footer.left": ("left", "左"),
        "footer.right": ("right", "右"),
        "footer.first": ("first", "先頭"),
        "footer.last": ("last", "末尾"),
        "footer.discard": ("discard", "打牌"),
        "footer.pick": ("pick", "選択"),
        "footer.help": ("help", "ヘルプ"),
        "footer.hint": ("hint", "ヒント"),
        "footer.aids": ("aids", "補助"),
        "footer.rules": ("rules", "ルール"),
        "footer.quit": ("quit", "終了"),
        # Marks on the table (tui/tiles.py), listed by the help screen.
        "mark.sideways": (
            "turned tile: the riichi tile, or the called tile",
            "横向き: 立直宣言牌・鳴いた牌",
        ),
        "mark.back": ("tile back: hidden, or face down", "伏せ牌"),
        "mark.called": ("called away by another player", "鳴かれた牌"),
        "mark.last": ("the discard that can be called now", "直前の捨て牌"),
        "mark.tsumogiri": ("discarded straight from the draw (tsumogiri)", "ツモ切り"),
    }.items()
}

EXTRA_MESSAGES: dict[str, Message] = {
    "win_ron": Message(
        "{winner} wins by ron on {tile} from {loser}", "{winner} が {loser} から {tile} でロン和了"
    ),
    "win_tsumo": Message("{winner} wins by tsumo on {tile}", "{winner} が {tile} でツモ和了"),
    "win_chankan": Message(
        "{winner} robs {loser}'s added kan on {tile} (chankan)",
        "{winner} が {loser} の加槓 {tile} を搶槓",
    ),
    "win_rinshan": Message(
        "{winner} wins by tsumo on the rinshan tile {tile}", "{winner} が嶺上牌 {tile} でツモ和了"
    ),
    "liable": Message("{liable} is liable (pao) for {yaku}", "{liable} が {yaku} の責任払い (包)"),
    "liable_classic": Message(
        "{liable} is liable (pao): the call of their discard made the mangan certain",
        "{liable} が責任払い (包): その牌を鳴かせて満貫が確定した",
    ),
    "no_payment_at_draw": Message(
        "Nothing is paid at a draw under this preset", "このルールでは流局時の支払いはない"
    ),
    "no_tenpai_payment": Message("Nobody pays: everyone is {state}", "全員{state}のため支払いなし"),
    "renchan": Message("The dealer keeps the deal (renchan)", "親の連荘"),
    "deal_passes": Message("The deal passes to the next player", "親流れ"),
    "sticks_stay": Message(
        "Riichi sticks staying on the table: {count}", "卓上に残る供託: {count}本"
    ),
    "sticks_unclaimed": Message(
        "Riichi sticks left on the table, claimed by nobody: {count}",
        "誰のものにもならない卓上の供託: {count}本",
    ),
    "yakuman_no_dora": Message(
        "A yakuman ignores every other yaku and all dora", "役満は他の役とドラを数えない"
    ),
    "no_fu": Message("No fu are counted for this hand", "この手は符を計算しない"),
    "chiitoitsu_fu": Message("Chiitoitsu is always 25 fu", "七対子は25符固定"),
    "pinfu_tsumo_fu": Message(
        "Pinfu tsumo: the 2 tsumo fu are not added", "平和ツモ: ツモ符2符はつかない"
    ),
    "open_pinfu_fu": Message("An open pinfu-shaped ron counts {fu} fu", "喰い平和形のロンは{fu}符"),
    "kiriage": Message(
        "{fu} fu {han} han is rounded up to mangan (kiriage)",
        "{fu}符{han}翻は切り上げ満貫",
    ),
    "not_a_win": Message("not a win: {why}", "和了にならない: {why}"),
    "ura_unknown": Message(
        "Ura dora were not revealed here, so presets with ura cannot count them",
        "このルールでは裏ドラをめくらないため、裏ドラのあるルールでも数えていない",
    ),
    "kan_dora_unknown": Message(
        "Kan dora were not revealed here, so presets with kan dora cannot count them",
        "このルールでは槓ドラをめくらないため、槓ドラのあるルールでも数えていない",
    ),
    "no_dora_here": Message(
        "This preset has no dora, so no indicator was revealed to compare",
        "このルールにはドラがないため、ドラは比較できない",
    ),
    "tie_split": Message(
        "Tied players share the rank points of the places they occupy",
        "同点者は該当順位の順位点を折半",
    ),
    "tie_shared": Message("Tied players share the place", "同点者は同順位"),
    "tie_external": Message(
        "Ties are broken outside the game; shown here as a shared place",
        "同点の順位は対局外で決める (ここでは同順位)",
    ),
    "oka_note": Message("Oka {oka} pt goes to first place", "オカ {oka} pt はトップ"),
    "uma_note": Message("Uma {uma} pt by place", "ウマ {uma} pt"),
    "float_note": Message(
        "Float table: {n} player(s) at or above {ret}: {row} pt",
        "浮き順位点: {ret}点以上 {n} 人: {row} pt",
    ),
    "excess_note": Message(
        "The points above the starting total ({excess}) were taken from first place",
        "配給原点の合計を超えた {excess} 点はトップから差し引く",
    ),
    "session_note": Message(
        "This preset sums {games} games per session", "このルールは {games} 半荘の合計"
    ),
    "raw_note": Message(
        "The result is the raw points; players above {start} are winners",
        "成績は素点のまま。{start}点を超えた者が勝ち",
    ),
    "points_note": Message(
        "The result is the points against {ret} (▲ = minus)", "成績は {ret}点との差 (▲はマイナス)"
    ),
}


def say(key: str, lang: str = "en") -> str:
    """A word from `tui.words`, or from `EXTRA_WORDS` while it is missing there."""
    full = key if "." in key else f"term.{key}"
    if full in words.WORDS:
        return words.term(full, lang)
    return EXTRA_WORDS[full].show(lang)


def first_word(key: str, lang: str = "en") -> str:
    """Only the name in the chosen language (column headings, compact labels)."""
    full = key if "." in key else f"term.{key}"
    entry = words.WORDS.get(full) or EXTRA_WORDS[full]
    return entry.japanese if check_lang(lang) == "ja" else entry.romaji


def sentence(key: str, lang: str = "en", **fields: object) -> str:
    """A sentence from `tui.words.MESSAGES` or `EXTRA_MESSAGES`, fields filled in."""
    if key in words.MESSAGES:
        return words.message(key, lang, **fields)
    entry = EXTRA_MESSAGES[key]
    return (entry.ja if check_lang(lang) == "ja" else entry.en).format(**fields)


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

    def label(self, seat: int) -> str:
        """The seat's name for a table column (short when names are given)."""
        return self.short[seat] if self.short else self.names[seat]

    def seat_wind(self, seat: int) -> int:
        """0 East .. 3 North."""
        return (seat - self.dealer) % 4


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
        names=seat_names(dealer, names, lang),
        short=short_names(dealer, names, lang),
        events=tuple(hand_events),
    )


def seat_names(
    dealer: int, names: Sequence[str] | None = None, lang: str = "en"
) -> tuple[str, ...]:
    """Each seat by its wind in the hand ("South 南"), after its name if names are given."""
    out = []
    for seat in range(4):
        wind = words.wind_name((seat - dealer) % 4, lang)
        out.append(f"{names[seat]} ({wind})" if names else wind)
    return tuple(out)


def short_names(
    dealer: int, names: Sequence[str] | None = None, lang: str = "en"
) -> tuple[str, ...]:
    """Names for table columns: the wind ("South 南"), or the name and the wind's kanji."""
    if not names:
        return seat_names(dealer, None, lang)
    return tuple(
        f"{names[seat]} {words.word(f'wind.{_WINDS[(seat - dealer) % 4]}').japanese}"
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


def round_label(ctx: HandContext, lang: str = "en") -> str:
    """ "East 1 東1局 · 1 honba 本場 · 2 riichi sticks 供託" (only what is there)."""
    parts = [words.round_name(ctx.round_wind, ctx.hand_number + 1, lang)]
    if ctx.honba:
        parts.append(words.amount(ctx.honba, "honba", lang))
    if ctx.sticks:
        parts.append(sticks_label(ctx.sticks, lang))
    return " · ".join(parts)


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


def win_headline(event: Won, ctx: HandContext, lang: str = "en") -> str:
    """Who won, how, and from whom."""
    winner = ctx.names[event.winner]
    tile = words.tile_name(event.win_tile.kind, lang)
    ids = _yaku_ids(event)
    if event.from_seat is None:
        if "rinshan" in ids or _rinshan_draw(event, ctx):
            return sentence("win_rinshan", lang, winner=winner, tile=tile)
        return sentence("win_tsumo", lang, winner=winner, tile=tile)
    loser = ctx.names[event.from_seat]
    if "chankan" in ids or _robbed_kan(event, ctx):
        return sentence("win_chankan", lang, winner=winner, loser=loser, tile=tile)
    return sentence("win_ron", lang, winner=winner, loser=loser, tile=tile)


def _last_before_win(ctx: HandContext, kinds: tuple[type, ...]) -> Event | None:
    for e in reversed(ctx.events):
        if isinstance(e, Won):
            continue
        if isinstance(e, kinds):
            return e
    return None


def _rinshan_draw(event: Won, ctx: HandContext) -> bool:
    drew = _last_before_win(ctx, (Drew,))
    return (
        event.from_seat is None
        and isinstance(drew, Drew)
        and drew.seat == event.winner
        and drew.rinshan
    )


def _robbed_kan(event: Won, ctx: HandContext) -> bool:
    last = _last_before_win(ctx, (Drew, Discarded, KanDeclared, Called))
    return (
        event.from_seat is not None
        and isinstance(last, KanDeclared)
        and last.seat == event.from_seat
        and last.meld.kind is MeldKind.KAKAN
    )


def _haitei_draw(event: Won, ctx: HandContext) -> bool:
    drew = _last_before_win(ctx, (Drew,))
    return event.from_seat is None and isinstance(drew, Drew) and drew.haitei and not drew.rinshan


def _houtei_discard(event: Won, ctx: HandContext) -> bool:
    last = _last_before_win(ctx, (Drew, Discarded, KanDeclared, Called))
    return event.from_seat is not None and isinstance(last, Discarded) and last.houtei


def _ippatsu(event: Won, ctx: HandContext) -> bool:
    """Won within one go-around of the riichi discard with no call of any kind between."""
    riichi_at = None
    for i, e in enumerate(ctx.events):
        if isinstance(e, Discarded) and e.seat == event.winner and e.riichi:
            riichi_at = i
    if riichi_at is None:
        return False
    for e in ctx.events[riichi_at + 1 :]:
        if isinstance(e, Called | KanDeclared):
            return False
        if isinstance(e, Discarded) and e.seat == event.winner:
            return False
    return True


def hand_tiles(event: Won) -> tuple[tuple[Tile, ...], Tile]:
    """The concealed tiles sorted, and the winning tile (shown apart)."""
    return tuple(sorted(event.concealed, key=lambda t: (t.kind, t.red))), event.win_tile


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
    if yakuman:
        return rows
    dora = result.get("dora", {})
    r = ctx.ruleset
    if r.dora:
        rows.append(
            Row(
                say("dora", lang),
                words.amount(dora.get("dora", 0), "han", lang),
                ctx.dora_indicators,
            )
        )
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
    """A 1,920-base hand rounded up to mangan (30 fu 4 han, 60 fu 3 han)."""
    han, fu = result.get("han", 0), result.get("fu", 0)
    return (
        not ruleset.is_classic
        and result.get("limit") == "mangan"
        and not result.get("yakuman")
        and han < ruleset.limit_mangan_han
        and fu * 2 ** (han + 2) < 2000
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
        if p.reason == "honba" and ctx.honba:
            what += f" ({ctx.honba} x {points(ctx.ruleset.honba_value)})"
        if p.reason == "sticks" and p.amount:
            what = sticks_label(p.amount // 1000, lang)
        rows.append((payer, ctx.label(p.payee), points(p.amount), what))
    return rows


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
    for seat in range(4):
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

    Situational flags come from the result's yaku ids and from the hand's events
    (riichi stood, rinshan draw, robbed kan, last tile, ippatsu), so a flag the
    current preset does not score (ippatsu in jpml) still reaches presets that do.
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
    rinshan = tsumo and ("rinshan" in ids or _rinshan_draw(event, ctx))
    request: dict[str, Any] = {
        "concealed": format_tiles(event.concealed),
        "win": str(event.win_tile),
        "melds": melds,
        "seat_wind": WIND_LETTERS[ctx.seat_wind(event.winner)],
        "round_wind": WIND_LETTERS[ctx.round_wind],
        "tsumo": tsumo,
        "riichi": riichi and closed,
        "double_riichi": "double_riichi" in ids,
        "ippatsu": riichi and closed and not rinshan and ("ippatsu" in ids or _ippatsu(event, ctx)),
        "rinshan": rinshan,
        "chankan": not tsumo and ("chankan" in ids or _robbed_kan(event, ctx)),
        "haitei": tsumo and not rinshan and ("haitei" in ids or _haitei_draw(event, ctx)),
        "houtei": not tsumo and ("houtei" in ids or _houtei_discard(event, ctx)),
        "tenhou": "tenhou" in ids,
        "chiihou": "chiihou" in ids,
        "dora_indicators": format_tiles(ctx.dora_indicators),
        "ura_indicators": format_tiles(event.ura_indicators),
    }
    if request["chankan"]:
        request["houtei"] = False
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
    event: Won, ctx: HandContext, lang: str = "en", presets: Sequence[str] = PRESET_IDS
) -> list[PresetLine]:
    """One line per preset other than the game's own, each scored by the scorer."""
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
        for seat in range(4)
    ]


def draw_notes(event: ExhaustiveDraw, ctx: HandContext, lang: str = "en") -> list[str]:
    notes = []
    if not ctx.ruleset.noten_payment:
        notes.append(sentence("no_payment_at_draw", lang))
    elif not event.payments:
        state = say("tenpai" if all(event.tenpai) else "noten", lang)
        notes.append(sentence("no_tenpai_payment", lang, state=state))
    sticks = ctx.sticks + sum(1 for e in ctx.events if isinstance(e, RiichiAccepted))
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
        notes.append(sentence("uma_note", lang, uma=" / ".join(f"{u:+d}" for u in ruleset.uma)))
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


PARAMETER_GROUPS: tuple[tuple[str, Word, tuple[str, ...]], ...] = (
    (
        "A",
        Word("Game structure and final result", "対局の形式と成績"),
        (
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
        ),
    ),
    (
        "B",
        Word("Winning requirements and calls", "和了条件と鳴き"),
        ("min_yaku_han", "kuitan", "atozuke", "kuikae", "max_kans", "multiple_ron"),
    ),
    (
        "C",
        Word("Dora", "ドラ"),
        ("red_fives", "dora", "ura_dora", "kan_dora", "kan_ura", "kan_dora_timing"),
    ),
    (
        "D",
        Word("Riichi", "立直"),
        (
            "riichi",
            "riichi_points",
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
        Word("Draws and dealership", "流局と親"),
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
            "nagashi_mangan",
        ),
    ),
    (
        "F",
        Word("Scoring", "点数計算"),
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
        Word("Fu", "符"),
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
        Word("Pao (liability)", "包 (責任払い)"),
        ("pao", "pao_honba", "pao_tsumo_honba", "daiminkan_pao"),
    ),
    (
        "I",
        Word("Penalties", "罰則"),
        ("chombo_penalty_kind", "chombo_penalty_value", "chombo_hand", "call_word_penalty"),
    ),
    ("J", Word("Furiten", "振聴"), ("furiten_scope", "furiten_temporary", "furiten_after_riichi")),
    (
        "K",
        Word("Rounding and table", "端数と卓"),
        ("fu_rounding", "payment_rounding", "kaimen_dice", "dead_wall", "discard_rows"),
    ),
)

PARAMETER_LABELS: dict[str, Word] = {
    key: Word(*names)
    for key, names in {
        "game_length": ("game length", "対局の長さ"),
        "games_per_session": ("games per session", "1回の対局数"),
        "time_limit_minutes": ("time limit", "時間制限"),
        "starting_points": ("starting points", "配給原点"),
        "return_points": ("return points", "返し"),
        "oka": ("oka", "オカ"),
        "uma_mode": ("rank points", "順位点"),
        "uma": ("uma by place", "ウマ"),
        "uma_float": ("float-based rank points", "浮き沈みの順位点"),
        "float_at_return": ("who is floating", "浮きの基準"),
        "rank_tie": ("equal final points", "同点"),
        "bust": ("bust", "トビ"),
        "agari_yame": ("agari-yame at the last hand", "アガリやめ"),
        "final_deposits": ("sticks left at the end", "終局時の供託"),
        "total_check": ("check of the final total", "終局時の点数確認"),
        "min_yaku_han": ("minimum yaku", "縛り"),
        "kuitan": ("open tanyao (kuitan)", "喰いタン"),
        "atozuke": ("yaku completed after calls (atozuke)", "後付け"),
        "kuikae": ("kuikae", "喰い替え"),
        "max_kans": ("kans per hand", "槓の上限"),
        "multiple_ron": ("several players ron one tile", "ダブロン"),
        "red_fives": ("red fives", "赤牌"),
        "dora": ("dora", "ドラ"),
        "ura_dora": ("ura dora", "裏ドラ"),
        "kan_dora": ("kan dora", "槓ドラ"),
        "kan_ura": ("kan ura", "槓裏"),
        "kan_dora_timing": ("when a kan dora is revealed", "槓ドラをめくる時"),
        "riichi": ("riichi", "立直"),
        "riichi_points": ("riichi with under 1,000 points", "点棒不足の立直"),
        "ippatsu": ("ippatsu", "一発"),
        "double_riichi": ("double riichi", "ダブル立直"),
        "furiten_riichi": ("furiten riichi", "振聴立直"),
        "riichi_no_draw": ("riichi with no draw left", "ツモ番のない立直"),
        "riichi_last_tile": ("riichi on the houtei discard", "河底牌での立直"),
        "riichi_ankan": ("ankan after riichi", "立直後の暗槓"),
        "riichi_pass": ("passing a win after riichi", "立直後の見逃し"),
        "noten_riichi": ("noten riichi", "ノーテン立直"),
        "renchan": ("the dealer repeats when", "連荘"),
        "formal_tenpai": ("tenpai without yaku counts", "形式聴牌"),
        "tenpai_own_waits": ("all winning tiles in own hand", "純カラ聴牌"),
        "tenpai_declaration": ("declaring tenpai at a draw", "聴牌宣言"),
        "noten_payment": ("noten payments", "ノーテン罰符"),
        "honba_value": ("honba bonus", "積み場"),
        "honba_counter": ("honba counter", "本場の数え方"),
        "abort_kyuushu": ("abortive draw: nine terminals", "九種九牌"),
        "abort_suufon": ("abortive draw: four same winds", "四風連打"),
        "abort_suucha_riichi": ("abortive draw: four riichi", "四家立直"),
        "abort_suukaikan": ("abortive draw: four kans", "四槓散了"),
        "nagashi_mangan": ("nagashi mangan", "流し満貫"),
        "scoring_model": ("scoring model", "計算方式"),
        "kiriage_30_4": ("30 fu 4 han", "30符4翻"),
        "kiriage_60_3": ("60 fu 3 han", "60符3翻"),
        "limit_mangan_han": ("mangan from", "満貫"),
        "limit_haneman_han": ("haneman from", "跳満"),
        "limit_baiman_han": ("baiman from", "倍満"),
        "limit_sanbaiman_han": ("sanbaiman from", "三倍満"),
        "classic_cap": ("classic cap (base points)", "満貫の基本点"),
        "kazoe_yakuman": ("kazoe yakuman", "数え役満"),
        "yakuman_stacking": ("several yakuman in one hand", "役満の複合"),
        "yakuman_max": ("highest yakuman multiple", "役満の上限"),
        "special_double": ("special waits as double yakuman", "役満の特例"),
        "kokushi_ankan": ("kokushi robs an ankan", "国士無双の暗槓ロン"),
        "ryuuiisou_hatsu": ("ryuuiisou needs hatsu", "緑一色の發"),
        "renhou": ("renhou", "人和"),
        "double_wind_pair_fu": ("double wind pair", "連風牌の雀頭"),
        "rinshan_tsumo_fu": ("tsumo fu on a rinshan win", "嶺上開花のツモ符"),
        "pinfu_tsumo": ("pinfu by tsumo", "平和ツモ"),
        "open_pinfu_ron_fu": ("open pinfu-shaped ron", "喰い平和形のロン"),
        "chiitoitsu": ("chiitoitsu", "七対子"),
        "haitei_rinshan": ("haitei with rinshan", "海底と嶺上"),
        "chinitsu_fu": ("extra fu for chinitsu", "清一色の加符"),
        "pao": ("hands with liability", "包の対象"),
        "pao_honba": ("who pays the honba (pao ron)", "包の積み場"),
        "pao_tsumo_honba": ("honba on a pao tsumo", "包ツモの積み場"),
        "daiminkan_pao": ("liability for rinshan after daiminkan", "大明槓の包"),
        "chombo_penalty_kind": ("chombo penalty", "チョンボの罰則"),
        "chombo_penalty_value": ("chombo penalty amount", "チョンボの罰点"),
        "chombo_hand": ("the hand after a chombo", "チョンボ後の局"),
        "call_word_penalty": ("wrong call word", "発声間違い"),
        "furiten_scope": ("discard furiten", "捨て牌の振聴"),
        "furiten_temporary": ("passing a winning tile", "同巡内振聴"),
        "furiten_after_riichi": ("passing after riichi", "立直後の振聴"),
        "fu_rounding": ("fu rounding", "符の端数"),
        "payment_rounding": ("payment rounding", "点数の端数"),
        "kaimen_dice": ("dice throws for the break", "開門のサイコロ"),
        "dead_wall": ("dead wall", "王牌"),
        "discard_rows": ("discards per row", "捨て牌の段"),
    }.items()
}

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
    ("multiple_ron", "multiple"): "every claimant wins",
    ("kan_dora_timing", "immediate"): "at once, before the rinshan draw",
    ("kan_dora_timing", "none"): "n/a",
    ("riichi_points", "any"): "allowed; points may go below zero",
    ("riichi_points", "none"): "n/a",
    ("riichi_ankan", "none"): "not allowed",
    ("riichi_ankan", "composition"): "if the sets stay the same",
    ("riichi_ankan", "composition_no_yaku_loss"): "if the sets stay the same and no yaku is lost",
    ("riichi_pass", "furiten"): "allowed; furiten for the rest of the hand",
    ("riichi_pass", "none"): "n/a",
    ("noten_riichi", "chombo"): "chombo at the draw",
    ("noten_riichi", "none"): "n/a",
    ("renchan", "win_or_tenpai"): "the dealer wins or is tenpai at a draw",
    ("renchan", "win_only"): "the dealer wins",
    ("tenpai_own_waits", "noten"): "not tenpai",
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


def parameter_label(key: str, lang: str = "en") -> str:
    return PARAMETER_LABELS[key].show(lang)


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
    if key == "time_limit_minutes":
        return f"{value} minutes; the hand in play is finished" if value else "none"
    if key == "games_per_session":
        return "1" if value == 1 else f"{value}, results summed"
    if key in ("starting_points", "return_points"):
        return points(value) if value else "none"
    if key == "oka":
        return f"+{value} pt to first place" if value else "none"
    if key == "uma":
        return " / ".join(f"{u:+d}" for u in value) + " pt" if r.uma_mode == "fixed" else "n/a"
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
    if key == "kaimen_dice":
        return "one throw" if value == 1 else f"{value} throws"
    if key in (
        "abort_kyuushu",
        "abort_suufon",
        "abort_suucha_riichi",
        "abort_suukaikan",
        "nagashi_mangan",
        "kazoe_yakuman",
        "renhou",
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


def parameter_groups(ruleset: Ruleset, lang: str = "en") -> list[tuple[str, list[tuple[str, str]]]]:
    """[("A  Game structure and final result 対局の形式と成績", [(label, value), ...]), ...]."""
    return [
        (
            f"{letter}  {title.show(lang)}",
            [(parameter_label(k, lang), parameter_value(k, ruleset)) for k in keys],
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
    info = {p.id: p for p in preset_infos()}.get(ruleset.id)
    title = f"{ruleset.id} - {info.name}" if info else ruleset.id
    if ruleset.overrides:
        title += " (+ " + ", ".join(f"{k}={v}" for k, v in ruleset.overrides) + ")"
    return title
