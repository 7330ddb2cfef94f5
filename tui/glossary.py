"""The glossary's data: every yaku and every term the UI uses, explained for a beginner.

Data and look-up only (the screen is `tui.screens.glossary`). Each entry has its name as players
say it and in Japanese (taken from `tui.words`, so the glossary and the table
never name a thing two ways), a one-sentence definition in English and in
Japanese, and for each yaku an example hand that the project's scorer really
scores with that yaku (a test checks every one). How many han a yaku is worth is
not typed here: `yaku_han` reads it from each preset through
`rules.yaku.available_table`, so a ruleset change shows up in the glossary.

Definitions follow RULESETS.md (§1.4 glossary, §3 yaku, §5.8 furiten).
Standard library and `rules` only: no Textual.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from rules.ruleset import PRESET_IDS, load_preset
from rules.yaku import available_table

from .words import CALLS, LIMITS, SEATS, TERMS, YAKU

Section = Literal["yaku", "term"]


@dataclass(frozen=True, slots=True)
class Example:
    """A winning hand in the words of a `mahjong-tui score` request (CONTRACT.md).

    `melds` are "TYPE TILES [FROM]" strings ("pon 555z toimen"); `flags` are the
    request's booleans that hold (riichi, tsumo, haitei, ...); `rules` are the
    house rules the hand needs, where no preset has the yaku (renhou).
    """

    concealed: str
    win: str
    melds: tuple[str, ...] = ()
    flags: tuple[str, ...] = ()
    seat_wind: str = "S"
    round_wind: str = "E"
    rules: tuple[tuple[str, Any], ...] = ()

    @property
    def mpsz(self) -> str:
        """The hand as a learner reads it: concealed tiles, winning tile, melds."""
        melds = "".join(f" [{m.split()[1]}]" for m in self.melds)
        return f"{self.concealed} + {self.win}{melds}"

    def request(self) -> dict[str, Any]:
        """The `score` request for this hand."""
        melds = []
        for text in self.melds:
            kind, tiles, *source = text.split()
            melds.append({"type": kind, "tiles": tiles, **({"from": source[0]} if source else {})})
        return {
            "concealed": self.concealed,
            "win": self.win,
            "melds": melds,
            "seat_wind": self.seat_wind,
            "round_wind": self.round_wind,
            **{flag: True for flag in self.flags},
        }


@dataclass(frozen=True, slots=True)
class Entry:
    """One glossary entry."""

    id: str
    section: Section
    romaji: str
    japanese: str
    en: str
    ja: str
    example: Example | None = None
    see_also: tuple[str, ...] = field(default=())


@dataclass(frozen=True, slots=True)
class HanCell:
    """What a yaku is worth under one preset: han closed / open (0 = closed only)."""

    closed: int
    open: int
    yakuman: bool
    mangan_class: bool  # a "yakuman" of a scoring model capped at mangan (renmei_classic)

    def text(self) -> str:
        if self.yakuman:
            return "mangan" if self.mangan_class else "yakuman"
        return f"{self.closed} / {self.open if self.open else 'closed only'}"


# --- yaku -------------------------------------------------------------------------------

_RIICHI_HAND = ("123m456p234789s5s", "5s")  # closed, no other yaku: a tanki on 5s

# id: (English, Japanese, example)
_YAKU_TEXT: dict[str, tuple[str, str, Example]] = {
    "riichi": (
        "With a closed hand that is tenpai, you declare riichi and put down a 1,000-point "
        "stick; from then on you only discard what you draw, and a win is worth one more han.",
        "門前でテンパイしたときに千点棒を出して宣言する役で、以後は引いた牌を捨てるだけになり、"
        "和了ると1翻がつく。",
        Example(*_RIICHI_HAND, flags=("riichi",)),
    ),
    "double_riichi": (
        "Riichi declared with your very first discard, before anyone has called a tile; it "
        "replaces riichi and is worth two han.",
        "誰も鳴いていない状態で最初の捨て牌と同時にかけるリーチで、立直の代わりに2翻になる。",
        Example(*_RIICHI_HAND, flags=("double_riichi",)),
    ),
    "ippatsu": (
        "Winning within one go-around after your riichi (by your next draw at the latest), "
        "with no call by anyone in between.",
        "リーチ後、誰の鳴きもはさまずに、次の自分のツモまでに和了ること。",
        Example(*_RIICHI_HAND, flags=("riichi", "ippatsu")),
    ),
    "menzen_tsumo": (
        "Winning with a closed hand on a tile you drew yourself.",
        "門前（鳴いていない手）のまま、自分で引いた牌で和了ること。",
        Example(*_RIICHI_HAND, flags=("tsumo",)),
    ),
    "pinfu": (
        "A closed hand of four sequences and a pair that is not a value tile, won on a "
        "two-sided wait: the hand that earns no extra fu.",
        "門前で、4つの順子と役牌でない雀頭からなり、両面待ちで和了る手（符のつかない形）。",
        Example("123m456p789s23s55m", "4s"),
    ),
    "tanyao": (
        "Every tile of the hand, melds included, is a simple (2 to 8 of a suit).",
        "鳴いた面子も含め、すべての牌が2〜8の数牌（中張牌）だけでできている手。",
        Example("234m567p678s3455s", "5s"),
    ),
    "iipeikou": (
        "A closed hand with two identical sequences (same numbers, same suit).",
        "門前で、同じ種類・同じ数字の順子を2組持つ手。",
        Example("112233m456p789s5s", "5s"),
    ),
    "haitei": (
        "Winning by tsumo on the last tile of the wall.",
        "山の最後の牌をツモって和了ること。",
        Example(*_RIICHI_HAND, flags=("tsumo", "haitei")),
    ),
    "houtei": (
        "Winning by ron on the very last discard of the hand.",
        "その局の最後の捨て牌でロン和了すること。",
        Example(*_RIICHI_HAND, flags=("houtei",)),
    ),
    "rinshan": (
        "Winning on the replacement tile you draw from the dead wall after declaring a kan.",
        "カンをしたあとに王牌から引く嶺上牌で和了ること。",
        Example("456p234789s5s", "5s", melds=("ankan 2222m",), flags=("tsumo", "rinshan")),
    ),
    "chankan": (
        "Winning by ron on the tile another player adds to a pon to make a kan (robbing the kan).",
        "他家がポンに1枚加えてカン（加槓）しようとした牌でロン和了すること。",
        Example(*_RIICHI_HAND, flags=("chankan",)),
    ),
    "yakuhai_haku": (
        "A triplet (or quad) of white dragons (haku), one han.",
        "白の刻子（または槓子）を持つ手で、1翻。",
        Example("123m456p789s555z5s", "5s"),
    ),
    "yakuhai_hatsu": (
        "A triplet (or quad) of green dragons (hatsu), one han.",
        "發の刻子（または槓子）を持つ手で、1翻。",
        Example("123m456p789s666z5s", "5s"),
    ),
    "yakuhai_chun": (
        "A triplet (or quad) of red dragons (chun), one han.",
        "中の刻子（または槓子）を持つ手で、1翻。",
        Example("123m456p789s777z5s", "5s"),
    ),
    "yakuhai_seat_wind": (
        "A triplet (or quad) of your own seat's wind, one han.",
        "自分の風（自風）の刻子（または槓子）を持つ手で、1翻。",
        Example("123m456p789s222z5s", "5s"),
    ),
    "yakuhai_round_wind": (
        "A triplet (or quad) of the round's wind (East in the East round), one han.",
        "場の風（東場なら東）の刻子（または槓子）を持つ手で、1翻。",
        Example("123m456p789s111z5s", "5s"),
    ),
    "chiitoitsu": (
        "A closed hand of seven different pairs instead of sets and a pair.",
        "面子と雀頭ではなく、種類の違う7つの対子でできた門前の手。",
        Example("2277m3388p4466s5z", "5z"),
    ),
    "toitoi": (
        "Four triplets (or quads) and a pair: no sequence at all.",
        "順子を含まず、4つの刻子（または槓子）と雀頭でできた手。",
        Example("555s22s77z", "7z", melds=("pon 111m kamicha", "pon 999p toimen")),
    ),
    "sanankou": (
        "Three triplets made from your own draws, not from a called discard.",
        "鳴かずに自分のツモだけでそろえた刻子（暗刻）を3つ持つ手。",
        Example("111m333p555s78s99s", "6s"),
    ),
    "sanshoku_doukou": (
        "Triplets of the same number in all three suits.",
        "萬子・筒子・索子の3色で、同じ数字の刻子をそろえた手。",
        Example("222m222p222s456m9s", "9s"),
    ),
    "sankantsu": (
        "Three quads (kans) of any kind in one hand.",
        "1つの手の中にカン（槓子）を3つ持つこと。",
        Example(
            "567m5s", "5s",
            melds=("ankan 2222m", "minkan 3333p toimen", "minkan 4444s shimocha"),
        ),
    ),
    "shousangen": (
        "Two dragon triplets and a pair of the third dragon.",
        "三元牌のうち2種類を刻子に、残り1種類を雀頭にした手。",
        Example("555z666z77z123m45m", "3m"),
    ),
    "honroutou": (
        "Every tile is a terminal (1 or 9) or an honor.",
        "すべての牌が1・9の老頭牌と字牌だけでできている手。",
        Example("111s99s11z", "1z", melds=("pon 111m kamicha", "pon 999p toimen")),
    ),
    "sanshoku": (
        "The same sequence (same numbers) in all three suits.",
        "萬子・筒子・索子の3色で、同じ数字の順子をそろえた手。",
        Example("123m123p123s789m5s", "5s"),
    ),
    "ittsu": (
        "The straight 123, 456 and 789 of one suit.",
        "同じ種類の数牌で123・456・789の順子をそろえた手。",
        Example("123456789m123p5s", "5s"),
    ),
    "chanta": (
        "Every set and the pair contain a terminal or an honor, with at least one sequence "
        "and one honor.",
        "すべての面子と雀頭に1・9か字牌が入り、順子と字牌を1つ以上含む手。",
        Example("123m789p789s111z9m", "9m"),
    ),
    "ryanpeikou": (
        "A closed hand with two different pairs of identical sequences (iipeikou twice).",
        "門前で、一盃口を2組持つ手。",
        Example("112233m445566p7s", "7s"),
    ),
    "honitsu": (
        "Tiles of one suit only, plus honors.",
        "1種類の数牌と字牌だけでできている手。",
        Example("123m456m111z222z5m", "5m"),
    ),
    "junchan": (
        "Every set and the pair contain a terminal (1 or 9), with no honors and at least one "
        "sequence.",
        "字牌を使わず、すべての面子と雀頭に1か9が入り、順子を1つ以上含む手。",
        Example("123m789m123p789s9p", "9p"),
    ),
    "chinitsu": (
        "Tiles of one suit only, with no honors.",
        "字牌を使わず、1種類の数牌だけでできている手。",
        Example("234m456m678m345m6m", "6m"),
    ),
    "kokushi": (
        "Thirteen orphans: one of each terminal and honor, plus a second copy of one of them "
        "(a yakuman).",
        "すべての1・9牌と字牌を1枚ずつそろえ、そのうち1種類を2枚にした手（役満）。",
        Example("19m19p19s1234567z", "1m"),
    ),
    "suuankou": (
        "Four triplets made from your own draws (a yakuman).",
        "鳴かずに自分のツモでそろえた暗刻を4つ持つ手（役満）。",
        Example("111m333p555s777z9s", "9s"),
    ),
    "daisangen": (
        "Triplets of all three dragons (a yakuman).",
        "白・發・中の3種類すべてを刻子にした手（役満）。",
        Example("555z666z777z123m9s", "9s"),
    ),
    "tsuuiisou": (
        "Honors only (a yakuman).",
        "字牌だけでできている手（役満）。",
        Example("111z222z333z555z7z", "7z"),
    ),
    "shousuushii": (
        "Three wind triplets and a pair of the fourth wind (a yakuman).",
        "4種類の風牌のうち3種類を刻子、残り1種類を雀頭にした手（役満）。",
        Example("111z222z333z44z12m", "3m"),
    ),
    "daisuushii": (
        "Triplets of all four winds (a yakuman).",
        "東・南・西・北の4種類すべてを刻子にした手（役満）。",
        Example("111z222z333z444z5m", "5m"),
    ),
    "chinroutou": (
        "Terminals (1 and 9) only (a yakuman).",
        "1と9の数牌だけでできている手（役満）。",
        Example("111m999m111p999p1s", "1s"),
    ),
    "ryuuiisou": (
        "All green: only 2, 3, 4, 6 and 8 of bamboo and the green dragon (a yakuman).",
        "索子の2・3・4・6・8と發だけでできている手（役満）。",
        Example("234s234s666s888s6z", "6z"),
    ),
    "suukantsu": (
        "Four quads (kans) in one hand (a yakuman).",
        "カン（槓子）を4つ持つ手（役満）。",
        Example(
            "5m", "5m",
            melds=("ankan 1111m", "minkan 2222p toimen", "minkan 3333s shimocha", "ankan 4444z"),
        ),
    ),
    "chuuren": (
        "Nine gates: a closed one-suit hand of 1112345678999 plus any tile of that suit "
        "(a yakuman).",
        "門前で、1種類の数牌の1112345678999にその種類の牌が1枚加わった手（役満）。",
        Example("1112345678999m", "5m"),
    ),
    "tenhou": (
        "The dealer's first fourteen tiles are already a winning hand (a yakuman).",
        "親が配牌の14枚ですでに和了っていること（役満）。",
        Example(*_RIICHI_HAND, flags=("tsumo", "tenhou"), seat_wind="E"),
    ),
    "chiihou": (
        "A non-dealer wins on their very first draw, before anyone has called (a yakuman).",
        "子が、誰も鳴いていない状態の最初のツモで和了ること（役満）。",
        Example(*_RIICHI_HAND, flags=("tsumo", "chiihou")),
    ),
    "renhou": (
        "A non-dealer wins by ron before their first draw; only under house rules that have it.",
        "子が最初のツモより前にロン和了すること（採用するルールでのみ役になる）。",
        Example(*_RIICHI_HAND, flags=("renhou",), rules=(("renhou", True),)),
    ),
}

YAKU_ENTRIES: dict[str, Entry] = {
    yaku_id: Entry(yaku_id, "yaku", *YAKU[yaku_id], en, ja, example)
    for yaku_id, (en, ja, example) in _YAKU_TEXT.items()
}


# --- terms ------------------------------------------------------------------------------

# id: (romaji, Japanese, English definition, Japanese definition, see also)
_TERM_TEXT: dict[str, tuple[str, str, str, str, tuple[str, ...]]] = {
    "shanten": (
        *TERMS["shanten"],
        "How many tiles a hand is away from tenpai: 0 is tenpai, 1 means one useful tile "
        "more makes it tenpai, and so on.",
        "テンパイまであと何枚必要かを表す数。0がテンパイ、1なら有効な牌があと1枚でテンパイ。",
        ("tenpai", "ukeire"),
    ),
    "ukeire": (
        *TERMS["ukeire"],
        "The tiles that would bring your hand one step closer to winning, counted by how many "
        "copies you have not seen yet.",
        "引けば手が和了に一歩近づく牌のこと。まだ見えていない枚数で数える。",
        ("shanten",),
    ),
    "tenpai": (
        *TERMS["tenpai"],
        "Ready: your hand needs just one more tile to win.",
        "あと1枚で和了れる状態。",
        ("noten", "waits"),
    ),
    "noten": (
        *TERMS["noten"],
        "Not ready: your hand is not yet one tile from a win.",
        "テンパイしていない状態。",
        ("tenpai", "noten_bappu"),
    ),
    "waits": (
        *TERMS["waits"],
        "The tiles that would complete your tenpai hand.",
        "テンパイした手を完成させる牌の種類。",
        ("tenpai", "furiten"),
    ),
    "kamicha": (
        *SEATS["kamicha"],
        "The player on your left, who discards just before you; the only one you may chi from.",
        "自分の左に座り、自分の直前に打牌する人。チーはこの人の捨て牌からだけできる。",
        ("toimen", "shimocha"),
    ),
    "toimen": (
        *SEATS["toimen"],
        "The player sitting opposite you.",
        "自分の向かい側に座っている人。",
        ("kamicha", "shimocha"),
    ),
    "shimocha": (
        *SEATS["shimocha"],
        "The player on your right, who plays just after you.",
        "自分の右に座り、自分の次に打牌する人。",
        ("kamicha", "toimen"),
    ),
    "furiten": (
        *TERMS["furiten"],
        "You may not win by ron (a tsumo is still allowed) when one of your waits is in your "
        "own discards, or after letting a winning tile go by.",
        "自分の待ち牌を自分で捨てている、または和了牌を見逃したために、ロンできない状態"
        "（ツモ和了はできる）。",
        ("furiten_discard", "furiten_temporary", "furiten_riichi"),
    ),
    "furiten_discard": (
        "permanent (discard) furiten", "捨て牌フリテン",
        "As long as any of your waits lies in your own discards, even if someone called it, "
        "you cannot ron; change your waits to get out of it.",
        "待ち牌のどれかが自分の捨て牌にある間はロンできない（鳴かれた牌も含む）。待ちを変えれば解消する。",
        ("furiten",),
    ),
    "furiten_temporary": (
        "temporary furiten", "同巡内フリテン",
        "After you let a winning tile go by, you cannot ron until your next draw or call.",
        "和了牌を見逃すと、次に自分が牌を取る（ツモか鳴き）までロンできない。",
        ("furiten",),
    ),
    "furiten_riichi": (
        "riichi furiten", "立直後フリテン",
        "After riichi, letting a winning tile go by means no ron for the rest of the hand.",
        "リーチ後に和了牌を見逃すと、その局の終わりまでロンできない。",
        ("furiten", "riichi"),
    ),
    "formal_tenpai": (
        "formal tenpai (keishiki tenpai)", "形式テンパイ",
        "A tenpai hand that could not actually win (no yaku) still counts as tenpai at an "
        "exhaustive draw, where the ruleset says so.",
        "役がなく和了れない形でも、流局時にはテンパイとして認めること（ルールによる）。",
        ("tenpai", "ryuukyoku"),
    ),
    "kuikae": (
        *TERMS["kuikae"],
        "Calling a tile and then discarding the same tile, or one that could have made the "
        "same set, at once; most rulesets forbid it.",
        "鳴いた直後に、鳴いた牌と同じ牌や同じ面子になりえた牌を捨てること。多くのルールで禁止。",
        ("chi", "pon"),
    ),
    "pao": (
        *TERMS["pao"],
        "Liability: a player who fed the call that made a big hand certain (such as the third "
        "dragon pon for daisangen) pays for it.",
        "大三元の3つ目の三元牌を鳴かせるなど、役満を確定させる牌を鳴かせた人が支払いの責任を負うこと。",
        ("daisangen", "daisuushii"),
    ),
    "honba": (
        *TERMS["honba"],
        "A counter that goes up when the dealer deals again or a hand ends in a draw (as the "
        "ruleset says); every honba adds a little to the next win's payment.",
        "親の連荘や流局で（ルールに従って）増える積み棒で、1本ごとに次の和了の支払いが少し増える。",
        ("riichi_sticks",),
    ),
    "kiriage": (
        *LIMITS["kiriage_mangan"],
        "Rounding a hand just under mangan (30 fu 4 han, 60 fu 3 han) up to a full mangan, "
        "where the ruleset says so.",
        "30符4翻・60符3翻のように満貫にわずかに届かない手を満貫に切り上げること（ルールによる）。",
        ("mangan",),
    ),
    "riichi_sticks": (
        *TERMS["kyoutaku"],
        "The 1,000-point sticks put on the table with riichi declarations; the next winner "
        "takes them all.",
        "リーチ宣言で場に出された千点棒で、次に和了った人がすべて受け取る。",
        ("riichi", "honba"),
    ),
    "dora": (
        *TERMS["dora"],
        "Bonus tiles: each copy in your winning hand adds one han, but dora alone are not a "
        "yaku.",
        "ボーナス牌で、和了った手に1枚あるごとに1翻増える。ただしドラだけでは役にならない。",
        ("dora_indicator", "ura", "aka"),
    ),
    "dora_indicator": (
        *TERMS["dora_indicator"],
        "The face-up tile on the dead wall; the dora is the next tile after it (9 goes to 1, "
        "North to East, chun to haku).",
        "王牌で表向きにされた牌。その次の牌がドラになる（9の次は1、北の次は東、中の次は白）。",
        ("dora",),
    ),
    "ura": (
        *TERMS["ura"],
        "Hidden dora under the indicators, turned over only when a riichi player wins.",
        "ドラ表示牌の下にある牌で示されるドラ。リーチして和了った人だけが数える。",
        ("dora", "riichi"),
    ),
    "kan_dora": (
        *TERMS["kan_dora"],
        "An extra dora indicator turned over each time someone declares a kan.",
        "カンをするたびに追加でめくられるドラ表示牌。",
        ("dora",),
    ),
    "aka": (
        *TERMS["aka"],
        "Red fives that count as dora by themselves, where the ruleset uses them.",
        "赤く塗られた5の牌で、それ自体が1枚でドラになる（採用ルールのみ）。",
        ("dora",),
    ),
    "sanma": (
        *TERMS["sanma"],
        "Mahjong for three (tenhou3, mahjongsoul3): 108 tiles, the 2m-8m taken out, so a 1m "
        "indicator makes 9m the dora; no chi; the North seat stays empty and a North may be set "
        "aside as a dora (kita).",
        "三人で打つ麻雀（tenhou3・mahjongsoul3）で、2萬から8萬を抜いた108枚を使い、1萬が表示牌なら"
        "9萬がドラ。チーはなく、北家は空席で、北は抜いてドラにできる（北抜き）。",
        ("kita_dora", "tsumo_son", "dora_indicator"),
    ),
    "kita_dora": (
        *TERMS["kita_dora"],
        "With three players, a North set aside beside your melds (key x): each one is a dora, "
        "and you draw a replacement tile from the dead wall. Another player may ron the North you "
        "set aside.",
        "三人麻雀で北を抜いて副露の横に置くこと（x キー）で、1枚ごとにドラ1つになり、"
        "王牌から補充する。抜いた北は他家がロンできる。",
        ("sanma", "dora", "rinshan"),
    ),
    "tsumo_son": (
        *TERMS["tsumo_son"],
        "With three players a tsumo is paid by the two others only: the empty North seat's "
        "share is lost, so a tsumo earns less than a ron of the same hand (Mahjong Soul may "
        "split that share instead: north-bisection).",
        "三人麻雀のツモ和了は他の二人だけが払う。空いた北家の分がなくなるので、同じ手のロンより"
        "少なくなる（雀魂では北家の分を折半する北家折半もある）。",
        ("sanma", "tsumo"),
    ),
    "tsumogiri": (
        *TERMS["tsumogiri"],
        "Discarding the tile you have just drawn, without putting it into your hand.",
        "引いてきた牌を手に入れずにそのまま捨てること。",
        ("river",),
    ),
    "genbutsu": (
        "genbutsu", "現物",
        "A tile of the same kind as one a player has already discarded: that player cannot "
        "ron on it, so it is completely safe against them.",
        "ある人がすでに捨てている牌と同じ牌。その人にはロンされないので完全に安全。",
        ("furiten", "suji"),
    ),
    "suji": (
        "suji", "筋",
        "Tiles three apart in a suit (1-4-7, 2-5-8, 3-6-9): if a player discarded a 4, a "
        "two-sided wait on 1 or 7 would be furiten, so those are safer against them.",
        "同じ種類で3つ離れた牌の組（1-4-7、2-5-8、3-6-9）。4が捨てられていれば1や7の両面待ちは"
        "フリテンなので、比較的安全。",
        ("genbutsu",),
    ),
    "riichi": (
        *TERMS["riichi"],
        "The declaration of a closed tenpai hand, with a 1,000-point stick; see the yaku riichi.",
        "門前テンパイを千点棒を出して宣言すること（役の立直を参照）。",
        ("riichi_sticks", "furiten_riichi"),
    ),
    "tsumo": (
        *TERMS["tsumo"],
        "Drawing a tile from the wall; also winning on a tile you drew yourself.",
        "山から牌を引くこと。また、自分で引いた牌で和了ること。",
        ("ron",),
    ),
    "ron": (
        *TERMS["ron"],
        "Winning on a tile another player discarded; that player pays for the whole hand.",
        "他家の捨て牌で和了ること。捨てた人が1人で支払う。",
        ("tsumo", "furiten"),
    ),
    "fu": (
        *TERMS["fu"],
        "Minipoints for how the hand is built and won (sets, pair, wait), rounded up to tens.",
        "手の形や和了り方（面子・雀頭・待ち）による点数の単位で、10単位に切り上げる。",
        ("han",),
    ),
    "han": (
        *TERMS["han"],
        "The main unit of a hand's value: each han from yaku and dora doubles the points, up to "
        "the limit hands.",
        "手の価値の基本単位。役とドラの翻が1つ増えるごとに点数がほぼ倍になる（満貫などの上限まで）。",
        ("fu", "yaku"),
    ),
    "yaku": (
        *TERMS["yaku"],
        "A scoring pattern; in most rulesets a hand needs at least one yaku to win.",
        "和了りに必要な手の条件。多くのルールで、和了るには役が1つ以上必要。",
        ("han",),
    ),
    "menzen": (
        *TERMS["menzen"],
        "A hand that has called no discard (a closed kan keeps it closed).",
        "他家の捨て牌を一度も鳴いていない手（暗槓は門前のまま）。",
        ("riichi",),
    ),
    "wall": (
        *TERMS["wall"],
        "The tiles lying face down that the players draw from.",
        "裏向きに積まれ、そこから順に牌を引いていく山。",
        ("dead_wall",),
    ),
    "dead_wall": (
        *TERMS["dead_wall"],
        "The last fourteen tiles of the wall, never drawn normally: they hold the dora "
        "indicators and the replacement tiles for kans.",
        "山の最後の14枚。通常は引かず、ドラ表示牌とカンの補充牌（嶺上牌）が置かれる。",
        ("dora_indicator", "rinshan"),
    ),
    "rinshan": (
        *TERMS["rinshan"],
        "The replacement tile you draw from the dead wall after a kan.",
        "カンをしたあとに王牌から引く補充の牌。",
        ("dead_wall",),
    ),
    "river": (
        *TERMS["river"],
        "Where each player's discards lie, in rows of six, in the order played.",
        "各自の捨て牌を打った順に6枚ずつ並べる場所。",
        ("tsumogiri",),
    ),
    "tiles_left": (
        *TERMS["tiles_left"],
        "How many tiles can still be drawn from the wall before the hand ends in a draw.",
        "流局までに山からまだ引ける牌の枚数。",
        ("wall", "ryuukyoku"),
    ),
    "kyoutaku": (
        *TERMS["kyoutaku"],
        "Points waiting on the table (riichi sticks) for the next winner.",
        "場に出され、次の和了者が受け取る点棒（リーチ棒）。",
        ("riichi_sticks",),
    ),
    "ryuukyoku": (
        *TERMS["ryuukyoku"],
        "The hand ends with no winner because the wall has run out.",
        "山の牌がなくなり、誰も和了らずに局が終わること。",
        ("noten_bappu", "formal_tenpai"),
    ),
    "noten_bappu": (
        *TERMS["noten_bappu"],
        "At an exhaustive draw, the players who are not tenpai pay those who are.",
        "流局時に、テンパイしていない人がテンパイしている人に支払う点数。",
        ("ryuukyoku",),
    ),
    "oka": (
        *TERMS["oka"],
        "A bonus for first place at the end of the game, from the gap between the starting "
        "and the return points.",
        "配給原点と返し点の差から生まれる、終局時のトップへのボーナス。",
        ("uma",),
    ),
    "uma": (
        *TERMS["uma"],
        "Rank points added or taken at the end of the game by placing.",
        "終局時の順位に応じて加減される順位点。",
        ("oka",),
    ),
    "agari": (
        *TERMS["agari"],
        "A win, by tsumo or by ron.",
        "ツモまたはロンで和了ること。",
        ("tsumo", "ron"),
    ),
    "chombo": (
        *TERMS["chombo"],
        "A serious foul, such as declaring a win that is not one; it costs a penalty.",
        "和了でないのに和了を宣言するなどの重大な反則で、罰符を払う。",
        (),
    ),
    "hanchan": (
        *TERMS["hanchan"],
        "A game of two rounds, East then South.",
        "東場と南場の2つの場からなる対局。",
        ("round",),
    ),
    "round": (
        *TERMS["round"],
        "The East (or South, ...) round: every player deals at least once, and its wind is the "
        "round wind.",
        "東場・南場などの場。全員が1回以上親をつとめ、その風が場風になる。",
        ("hand", "hanchan"),
    ),
    "hand": (
        *TERMS["hand"],
        "One deal, from the first draw until a win or a draw.",
        "配牌から和了または流局までの1回の勝負。",
        ("round",),
    ),
    "score": (
        *TERMS["score"],
        "Each player's points; a win moves points from the payers to the winner.",
        "各自の持ち点。和了ると支払う人から和了った人へ点が移る。",
        (),
    ),
    "chi": (
        *CALLS["chi"],
        "Taking your left neighbour's discard to complete a sequence.",
        "上家の捨て牌をもらって順子を作る鳴き。",
        ("kamicha", "kuikae"),
    ),
    "pon": (
        *CALLS["pon"],
        "Taking anyone's discard to complete a triplet.",
        "誰かの捨て牌をもらって刻子を作る鳴き。",
        ("kuikae",),
    ),
    "kan": (
        *CALLS["kan"],
        "Declaring a quad (four of a kind); you then draw a replacement tile from the dead wall.",
        "同じ牌4枚で槓子を作る宣言。そのあと王牌から嶺上牌を引く。",
        ("rinshan", "kan_dora"),
    ),
    "mangan": (
        *LIMITS["mangan"],
        "The first limit hand: a fixed value (8,000 for a non-dealer in the modern presets) "
        "reached at about five han.",
        "点数の上限の最初の段階で、5翻程度で到達する決まった点数（現代ルールの子で8,000点）。",
        ("kiriage", "han"),
    ),
}

TERM_ENTRIES: dict[str, Entry] = {
    term_id: Entry(term_id, "term", romaji, japanese, en, ja, None, see_also)
    for term_id, (romaji, japanese, en, ja, see_also) in _TERM_TEXT.items()
}

ENTRIES: dict[str, Entry] = {**{f"yaku.{k}": v for k, v in YAKU_ENTRIES.items()},
                             **{f"term.{k}": v for k, v in TERM_ENTRIES.items()}}


# --- look-up ----------------------------------------------------------------------------


def lookup(key: str) -> Entry:
    """The entry for an id (`pinfu`, `term.suji`, `yaku.riichi`), a romaji or Japanese name.

    A yaku wins over a term of the same id (`riichi`); raises KeyError if nothing matches.
    """
    text = key.strip()
    if text in ENTRIES:
        return ENTRIES[text]
    for section in (YAKU_ENTRIES, TERM_ENTRIES):
        if text in section:
            return section[text]
    folded = text.casefold()
    for entry in ENTRIES.values():
        if folded in (entry.romaji.casefold(), entry.japanese.casefold()):
            return entry
    raise KeyError(f"no glossary entry for {key!r}")


def search(text: str) -> list[Entry]:
    """Entries whose names or definitions contain `text` (case-insensitive), names first."""
    folded = text.strip().casefold()
    if not folded:
        return []
    entries = ENTRIES.values()
    named = [e for e in entries if folded in f"{e.id} {e.romaji} {e.japanese}".casefold()]
    defined = [e for e in entries if e not in named and folded in f"{e.en} {e.ja}".casefold()]
    return named + defined


def yaku_han(yaku_id: str) -> dict[str, HanCell | None]:
    """What `yaku_id` is worth under each preset (None: the preset does not have it),
    read from the ruleset and rules/yaku.toml."""
    out: dict[str, HanCell | None] = {}
    for preset_id in PRESET_IDS:
        ruleset = load_preset(preset_id)
        row = available_table(ruleset).get(yaku_id)
        out[preset_id] = (
            None if row is None
            else HanCell(row.closed, row.open, bool(row.yakuman), ruleset.is_classic)
        )
    return out
