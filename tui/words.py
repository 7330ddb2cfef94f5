"""Every word the UI shows, in one table: romaji (or English) with its Japanese.

Players and rulebooks name yaku, calls and terms in Japanese; learners read
romaji. So every term is shown as both, "riichi 立直", and `lang="ja"` puts the
Japanese first, "立直 riichi". Widgets and screens never spell a term or a status
message themselves: they ask this module, so a wording is fixed in one place and
a test can check that every yaku and fu item the scorer emits has a name.

Keys are dotted by section (``yaku.pinfu``, ``fu.wait_kanchan``, ``limit.mangan``,
``call.pon``, ``wind.east``, ``seat.kamicha``); general vocabulary sits in
``term.*`` and `term` accepts it without the prefix (``term("riichi")``).
Sentences for the status line live in `MESSAGES` with an English and a Japanese
version and `{name}` fields.

Standard library only: the `score` command may use it without loading Rich.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from rules.tiles import kind_to_str

Lang = Literal["en", "ja"]
LANGS: tuple[Lang, ...] = ("en", "ja")


@dataclass(frozen=True, slots=True)
class Word:
    """A term as players say it (romaji or plain English) and as it is written in Japanese."""

    romaji: str
    japanese: str

    def show(self, lang: str = "en") -> str:
        """Both names, the chosen language first."""
        first, second = (
            (self.japanese, self.romaji)
            if check_lang(lang) == "ja"
            else (self.romaji, self.japanese)
        )
        return f"{first} {second}" if second else first


@dataclass(frozen=True, slots=True)
class Message:
    """A status-line sentence in both languages; `{fields}` are filled by `message`."""

    en: str
    ja: str


def _section(prefix: str, rows: dict[str, tuple[str, str]]) -> dict[str, Word]:
    return {f"{prefix}.{key}": Word(*names) for key, names in rows.items()}


YAKU: dict[str, tuple[str, str]] = {
    "riichi": ("riichi", "立直"),
    "double_riichi": ("double riichi", "ダブル立直"),
    "ippatsu": ("ippatsu", "一発"),
    "menzen_tsumo": ("menzen tsumo", "門前清自摸和"),
    "pinfu": ("pinfu", "平和"),
    "tanyao": ("tanyao", "断幺九"),
    "iipeikou": ("iipeikou", "一盃口"),
    "haitei": ("haitei", "海底撈月"),
    "houtei": ("houtei", "河底撈魚"),
    "rinshan": ("rinshan kaihou", "嶺上開花"),
    "chankan": ("chankan", "搶槓"),
    "yakuhai_haku": ("yakuhai haku", "役牌 白"),
    "yakuhai_hatsu": ("yakuhai hatsu", "役牌 發"),
    "yakuhai_chun": ("yakuhai chun", "役牌 中"),
    "yakuhai_seat_wind": ("yakuhai seat wind", "役牌 自風"),
    "yakuhai_round_wind": ("yakuhai round wind", "役牌 場風"),
    "chiitoitsu": ("chiitoitsu", "七対子"),
    "toitoi": ("toitoi", "対々和"),
    "sanankou": ("sanankou", "三暗刻"),
    "sanshoku_doukou": ("sanshoku doukou", "三色同刻"),
    "sankantsu": ("sankantsu", "三槓子"),
    "shousangen": ("shousangen", "小三元"),
    "honroutou": ("honroutou", "混老頭"),
    "sanshoku": ("sanshoku", "三色同順"),
    "ittsu": ("ittsu", "一気通貫"),
    "chanta": ("chanta", "全帯幺九"),
    "ryanpeikou": ("ryanpeikou", "二盃口"),
    "honitsu": ("honitsu", "混一色"),
    "junchan": ("junchan", "純全帯幺九"),
    "chinitsu": ("chinitsu", "清一色"),
    "kokushi": ("kokushi musou", "国士無双"),
    "suuankou": ("suuankou", "四暗刻"),
    "daisangen": ("daisangen", "大三元"),
    "tsuuiisou": ("tsuuiisou", "字一色"),
    "shousuushii": ("shousuushii", "小四喜"),
    "daisuushii": ("daisuushii", "大四喜"),
    "chinroutou": ("chinroutou", "清老頭"),
    "ryuuiisou": ("ryuuiisou", "緑一色"),
    "suukantsu": ("suukantsu", "四槓子"),
    "chuuren": ("chuuren poutou", "九蓮宝燈"),
    "tenhou": ("tenhou", "天和"),
    "chiihou": ("chiihou", "地和"),
    "renhou": ("renhou", "人和"),
}

# Fu items as the scorer emits them (`FuItem.item`), RULESETS.md §4.2 and §4.7.
FU_ITEMS: dict[str, tuple[str, str]] = {
    "base": ("fuutei (base)", "副底"),
    "closed_ron": ("menzen ron", "門前加符"),
    "tsumo": ("tsumo", "ツモ符"),
    "open_triplet": ("open triplet (minkou)", "明刻"),
    "concealed_triplet": ("concealed triplet (ankou)", "暗刻"),
    "open_quad": ("open quad (minkan)", "明槓"),
    "concealed_quad": ("concealed quad (ankan)", "暗槓"),
    "value_pair": ("value pair (yakuhai jantou)", "役牌雀頭"),
    "wait_kanchan": ("kanchan wait", "嵌張待ち"),
    "wait_penchan": ("penchan wait", "辺張待ち"),
    "wait_tanki": ("tanki wait", "単騎待ち"),
    "chinitsu": ("chinitsu", "清一色加符"),
    "open_pinfu_ron": ("open pinfu-shaped ron", "喰い平和形"),
    "chiitoitsu": ("chiitoitsu", "七対子"),
}

LIMITS: dict[str, tuple[str, str]] = {
    "mangan": ("mangan", "満貫"),
    "haneman": ("haneman", "跳満"),
    "baiman": ("baiman", "倍満"),
    "sanbaiman": ("sanbaiman", "三倍満"),
    "yakuman": ("yakuman", "役満"),
    "kazoe_yakuman": ("kazoe yakuman", "数え役満"),
    "kiriage_mangan": ("kiriage mangan", "切り上げ満貫"),
}

CALLS: dict[str, tuple[str, str]] = {
    "chi": ("chi", "チー"),
    "pon": ("pon", "ポン"),
    "kan": ("kan", "カン"),
    "ankan": ("ankan", "暗槓"),
    "daiminkan": ("daiminkan", "大明槓"),
    "minkan": ("daiminkan", "大明槓"),  # CONTRACT.md's name for the same call
    "shouminkan": ("shouminkan", "加槓"),
    "kakan": ("shouminkan", "加槓"),  # rules.hand.MeldKind.KAKAN
    "riichi": ("riichi", "リーチ"),
    "tsumo": ("tsumo", "ツモ"),
    "ron": ("ron", "ロン"),
    "pass": ("pass", "見送り"),
}

WINDS: dict[str, tuple[str, str]] = {
    "east": ("East", "東"),
    "south": ("South", "南"),
    "west": ("West", "西"),
    "north": ("North", "北"),
}

DRAGONS: dict[str, tuple[str, str]] = {
    "haku": ("Haku", "白"),
    "hatsu": ("Hatsu", "發"),
    "chun": ("Chun", "中"),
}

SEATS: dict[str, tuple[str, str]] = {
    "self": ("you", "自家"),
    "kamicha": ("kamicha", "上家"),
    "toimen": ("toimen", "対面"),
    "shimocha": ("shimocha", "下家"),
    "dealer": ("dealer (oya)", "親"),
    "non_dealer": ("non-dealer (ko)", "子"),
}

TERMS: dict[str, tuple[str, str]] = {
    "riichi": ("riichi", "立直"),
    "tsumo": ("tsumo", "自摸"),
    "ron": ("ron", "栄和"),
    "furiten": ("furiten", "振聴"),
    "tenpai": ("tenpai", "聴牌"),
    "noten": ("noten", "不聴"),
    "shanten": ("shanten", "向聴"),
    "ukeire": ("ukeire", "受け入れ"),
    "waits": ("waits (machi)", "待ち"),
    "dora": ("dora", "ドラ"),
    "dora_indicator": ("dora indicator", "ドラ表示牌"),
    "ura": ("ura dora", "裏ドラ"),
    "kan_dora": ("kan dora", "槓ドラ"),
    "aka": ("aka dora", "赤ドラ"),
    "honba": ("honba", "本場"),
    "kyoutaku": ("riichi sticks (kyoutaku)", "供託"),
    "fu": ("fu", "符"),
    "han": ("han", "翻"),
    "yaku": ("yaku", "役"),
    "kuikae": ("kuikae", "喰い替え"),
    "tsumogiri": ("tsumogiri", "ツモ切り"),
    "menzen": ("closed hand (menzen)", "門前"),
    "wall": ("wall", "牌山"),
    "dead_wall": ("dead wall", "王牌"),
    "rinshan": ("rinshan tile", "嶺上牌"),
    "river": ("river", "河"),
    "tiles_left": ("tiles left", "残り"),
    "ryuukyoku": ("exhaustive draw (ryuukyoku)", "流局"),
    "noten_bappu": ("noten payments", "ノーテン罰符"),
    "oka": ("oka", "オカ"),
    "uma": ("uma", "ウマ"),
    "agari": ("win (agari)", "和了"),
    "chombo": ("chombo", "チョンボ"),
    "pao": ("pao", "包"),
    "hanchan": ("hanchan", "半荘"),
    "round": ("round", "場"),
    "hand": ("hand (kyoku)", "局"),
    "score": ("points", "点"),
}

WORDS: dict[str, Word] = {
    **_section("yaku", YAKU),
    **_section("fu", FU_ITEMS),
    **_section("limit", LIMITS),
    **_section("call", CALLS),
    **_section("wind", WINDS),
    **_section("dragon", DRAGONS),
    **_section("seat", SEATS),
    **_section("term", TERMS),
}

MESSAGES: dict[str, Message] = {
    "riichi_needs_closed_tenpai": Message(
        "Riichi needs a closed tenpai hand", "リーチは門前で聴牌のときだけ"
    ),
    "riichi_needs_points": Message(
        "Riichi needs 1,000 points for the stick", "リーチ棒の千点が足りない"
    ),
    "riichi_needs_tiles": Message(
        "Riichi needs at least one more draw left in the wall",
        "ツモ番が残っていないのでリーチできない",
    ),
    "riichi_already": Message("You are already in riichi", "すでにリーチしている"),
    "riichi_locked": Message(
        "After riichi you discard the tile you draw", "リーチ後はツモ切りのみ"
    ),
    "kuikae": Message(
        "Kuikae: you may not discard a tile of the set you just called",
        "喰い替え: 鳴いた面子と同じ牌は切れない",
    ),
    "not_your_turn": Message("It is not your turn", "あなたの番ではない"),
    "nothing_to_call": Message("No call is possible now", "今は鳴けない"),
    "chi_only_from_kamicha": Message(
        "Chi only from kamicha (the player on your left)", "チーは上家からのみ"
    ),
    "no_chi": Message("You cannot chi this tile", "この牌はチーできない"),
    "no_pon": Message("You need a pair of {tile} to pon", "ポンには{tile}の対子が必要"),
    "no_kan": Message("No kan is possible now", "今はカンできない"),
    "no_tsumo": Message("Your hand is not complete", "和了形ではない"),
    "no_ron": Message("This discard does not complete your hand", "この牌では和了れない"),
    "no_yaku": Message("No yaku: the hand cannot win", "役がないので和了れない"),
    "furiten_discard": Message(
        "Furiten: you discarded {tile}, one of your waits",
        "振聴: 待ちの{tile}を自分で捨てている",
    ),
    "furiten_passed": Message(
        "Furiten: you passed a win this go-around", "同巡内振聴: 和了を見逃した"
    ),
    "furiten_riichi": Message("Furiten: you passed a win after riichi", "立直後の見逃しで振聴"),
    "cannot_discard": Message("You cannot discard that tile now", "その牌は今は切れない"),
    "choose_option": Message("Press 1-{count} to choose", "1-{count}で選択"),
    "no_hint": Message("No hint available now", "今はヒントなし"),
    "terminal_too_small": Message(
        "Terminal too small: {width}x{height} needed, {actual_width}x{actual_height} here",
        "端末が小さすぎる: {width}x{height}以上が必要 (現在 {actual_width}x{actual_height})",
    ),
}


def check_lang(lang: str) -> Lang:
    """`lang` if supported, else a ValueError naming the choices (for `--lang`)."""
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}: choose one of {', '.join(LANGS)}")
    return lang  # type: ignore[return-value]


def word(key: str) -> Word:
    """The entry for a dotted key; a bare key means ``term.<key>``."""
    full = key if "." in key else f"term.{key}"
    try:
        return WORDS[full]
    except KeyError:
        raise KeyError(f"no word for {full!r}: add it to tui/words.py") from None


def term(key: str, lang: str = "en") -> str:
    """The term in both languages: "riichi 立直" (en), "立直 riichi" (ja); key e.g. ``call.pon``."""
    return word(key).show(lang)


def yaku_name(yaku_id: str, lang: str = "en") -> str:
    """A yaku id of `rules.yaku.YAKU_ORDER` as players name it: "pinfu 平和"."""
    return term(f"yaku.{yaku_id}", lang)


def fu_name(item: str, lang: str = "en") -> str:
    """A fu breakdown item id (`FuItem.item`): "kanchan wait 嵌張待ち"."""
    return term(f"fu.{item}", lang)


def limit_name(limit: str, lang: str = "en") -> str:
    """A limit id (`ScoreResult.limit`): "mangan 満貫"."""
    return term(f"limit.{limit}", lang)


def call_name(call: str, lang: str = "en") -> str:
    """A call or declaration: "pon ポン"; accepts MeldKind values (minkan, kakan) too."""
    return term(f"call.{call}", lang)


def seat_name(relative: str, lang: str = "en") -> str:
    """A relative seat (kamicha, toimen, shimocha, self): "kamicha 上家"."""
    return term(f"seat.{relative}", lang)


_WIND_KEYS = ("east", "south", "west", "north")
_DRAGON_KEYS = ("haku", "hatsu", "chun")


def wind_name(wind: int, lang: str = "en") -> str:
    """A wind as 0-3 (E S W N) or its tile kind 27-30: "East 東"."""
    index = wind - 27 if wind >= 27 else wind
    return term(f"wind.{_WIND_KEYS[index]}", lang)


def tile_name(kind: int, lang: str = "en") -> str:
    """A tile kind in words: suited tiles in mpsz ("4m"), honors named ("South 南")."""
    if kind < 27:
        return kind_to_str(kind)
    if kind < 31:
        return wind_name(kind, lang)
    return term(f"dragon.{_DRAGON_KEYS[kind - 31]}", lang)


def round_name(wind: int, hand: int, lang: str = "en") -> str:
    """A hand of a round: "East 1 東1局" (en) or "東1局 East 1" (ja); `hand` counts from 1."""
    w = word(f"wind.{_WIND_KEYS[wind - 27 if wind >= 27 else wind]}")
    english, japanese = f"{w.romaji} {hand}", f"{w.japanese}{hand}局"
    return Word(english, japanese).show(lang)


def amount(value: int, key: str, lang: str = "en") -> str:
    """A count with its unit: "30 fu 符", "2 han 翻", "1 honba 本場" ("30符 fu" in ja)."""
    w = word(key)
    if check_lang(lang) == "ja":
        return f"{value}{w.japanese} {w.romaji}"
    return f"{value:,} {w.romaji} {w.japanese}"


def message(key: str, lang: str = "en", **fields: object) -> str:
    """A status-line sentence in `lang`, its `{fields}` filled in."""
    try:
        entry = MESSAGES[key]
    except KeyError:
        raise KeyError(f"no message {key!r}: add it to tui/words.py") from None
    text = entry.ja if check_lang(lang) == "ja" else entry.en
    return text.format(**fields)
