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

    @property
    def en(self) -> str:
        """The romaji or English part alone ("East 1")."""
        return self.romaji

    @property
    def ja(self) -> str:
        """The Japanese part alone ("東1局")."""
        return self.japanese

    def part(self, lang: str = "en") -> str:
        """Only the chosen language's part: compact labels take this, never a split
        of `show` (a part may itself hold spaces, "East 1", "riichi sticks")."""
        return self.japanese if check_lang(lang) == "ja" else self.romaji


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

# Words of the result, rules, help and key screens (full dotted keys).
SCREEN_WORDS: dict[str, tuple[str, str]] = {
    "legend.wall": ("wall", "山"),
    "legend.dead_wall": ("dead wall", "王牌"),
    "legend.rinshan": ("rinshan", "嶺上"),
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
    # a win the ruleset allows without a yaku (min_yaku_han 0): its value is fu only
    "result.no_yaku": ("no yaku (fu only)", "役なし (符のみ)"),
    "result.other_presets": ("under the other presets", "他のルールでは"),
    "result.table": ("table", "卓"),
    "result.base": ("base points", "基本点"),
    "result.start": ("start", "局開始"),
    "result.end": ("end", "局終了"),
    "result.tenpai_hands": ("tenpai hands", "聴牌形"),
    "result.continue": ("Enter / Space / Esc: continue", "Enter・Space・Esc: 次へ"),
    "result.close": ("Esc: close", "Esc: 閉じる"),
    "result.review": ("v: review", "v: 検討"),
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
    "key.glossary": ("glossary: every term the table, aids and hint use",
                     "用語集: 卓・補助・ヒントで使う用語"),
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
    "footer.glossary": ("glossary", "用語集"),
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
    "mark.stacked": (
        "added kan (kakan): the added tile on the turned one",
        "加槓: 横向きの牌に重ねた牌",
    ),
    "mark.dora": (
        "dora (underlined), after its indicator: 3m>4m",
        "ドラ (下線)、表示牌の後: 3m>4m",
    ),
    "mark.wall_two": ("wall: a stack of two tiles", "山: 二枚の山"),
    "mark.wall_one": ("wall: one tile left in the stack", "山: 残り一枚"),
    "mark.wall_dead": ("dead wall (wanpai), set apart", "王牌"),
    "mark.wall_shown": ("dead wall stack with a dora indicator face up", "ドラ表示牌の山"),
    "mark.wall_gone": ("blank: stacks already drawn", "空白: ツモ済みの山"),
    # How tiles are written (tui/tiles.py), listed by the help screen.
    "help.tiles": ("tiles", "牌の表記"),
    "notation.man": ("man (characters) 1-9: 1m-9m", "萬子 1-9: 1m-9m"),
    "notation.pin": ("pin (circles) 1-9: 1p-9p", "筒子 1-9: 1p-9p"),
    "notation.sou": ("sou (bamboo) 1-9: 1s-9s", "索子 1-9: 1s-9s"),
    "notation.winds": ("winds East, South, West, North: 1z-4z", "風牌 東南西北: 1z-4z"),
    "notation.dragons": (
        "dragons haku (white), hatsu (green), chun (red): 5z 6z 7z",
        "三元牌 白・發・中: 5z 6z 7z",
    ),
    "notation.red": (
        "red five (aka dora, one more dora): 0m 0p 0s, aka in kanji faces",
        "赤ドラ (赤五): 0m 0p 0s、漢字では赤",
    ),
    "notation.mpsz": (
        "mpsz: the numbers, then the suit (z: honors); 555z = three haku",
        "mpsz表記: 数字の後に種類 (z は字牌)、555z = 白三枚",
    ),
    "notation.cursor": ("your hand: the tile under the cursor", "手牌: カーソルの牌"),
    "notation.dim": (
        "your hand: a tile you may not discard now",
        "手牌: 今は切れない牌",
    ),
}

# The rules reference: the titles of RULESETS.md §2's groups A-K and one label per parameter.
RULE_GROUPS: dict[str, tuple[str, str]] = {
    "rules.group_A": ("Game structure and final result", "対局の形式と成績"),
    "rules.group_B": ("Winning requirements and calls", "和了条件と鳴き"),
    "rules.group_C": ("Dora", "ドラ"),
    "rules.group_D": ("Riichi", "立直"),
    "rules.group_E": ("Draws and dealership", "流局と親"),
    "rules.group_F": ("Scoring", "点数計算"),
    "rules.group_G": ("Fu", "符"),
    "rules.group_H": ("Pao (liability)", "包 (責任払い)"),
    "rules.group_I": ("Penalties", "罰則"),
    "rules.group_J": ("Furiten", "振聴"),
    "rules.group_K": ("Rounding and table", "端数と卓"),
}

PARAMETERS: dict[str, tuple[str, str]] = {
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
    "pao_stacked": ("pao with a second yakuman", "包と複合役満"),
    "chips": ("chips", "祝儀"),
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
}

# The replay viewer, the review of decisions and the statistics (tui/screens/replay.py,
# review.py, stats.py and `mahjong-tui stats`): footer words, tags and column headings,
# shown in one language (`first_name`).
VIEWER_WORDS: dict[str, tuple[str, str]] = {
    # The AI level the viewer and the review ask (`LEVEL` = "hard").
    "level.hard": ("hard", "上級"),
    "level.hard_ai": ("Hard AI", "上級AI"),
    # The replay viewer's footer.
    "replay.step": ("step", "1手"),
    "replay.back": ("back", "1手戻る"),
    "replay.hand": ("hand", "1局"),
    "replay.next_hand": ("next hand", "次局"),
    "replay.prev_hand": ("prev hand", "前局"),
    "replay.ends": ("ends", "最初・最後"),
    "replay.seat": ("seat", "席"),
    "replay.next_seat": ("next seat", "次の席"),
    "replay.all_hands": ("all hands", "全員の手牌"),
    "replay.own_hand": ("own hand", "自分の手牌"),
    "replay.hard_ai": ("hard AI", "上級AI"),
    "replay.hide_ai": ("hide AI", "AIを隠す"),
    "replay.review": ("review", "検討"),
    # The review: its footer, the verdicts (besides shanten and ukeire) and labels.
    "review.choose": ("choose", "選択"),
    "review.show": ("show in the replay", "牌譜で見る"),
    "review.equal_discards": ("equal discards", "同等の打牌"),
    "review.back": ("back", "戻る"),
    "review.danger": ("danger", "危険度"),
    "review.judgment": ("judgment", "判断"),
    "review.equal": ("equal", "同等"),
    "review.loss": ("loss", "放銃損失"),
    "review.complete": ("complete", "和了形"),
    "review.played": ("Played", "実際"),
    # The statistics: the title and the columns of the figures table.
    "stats.title": ("Statistics", "成績統計"),
    "stats.history": ("Game history", "対局履歴"),
    "stats.ruleset": ("ruleset", "ルール"),
    "stats.all": ("all", "全体"),
    "stats.games": ("games", "対局"),
    "stats.avg_place": ("avg place", "平均順位"),
    "stats.places": ("1st/2nd/3rd/4th", "1位/2位/3位/4位"),
    "stats.win": ("win", "和了率"),
    "stats.deal_in": ("deal-in", "放銃率"),
    "stats.riichi": ("riichi", "立直率"),
    "stats.call": ("call", "副露率"),
    "stats.avg_win": ("avg win", "平均和了"),
    "stats.avg_deal_in": ("avg deal-in", "平均放銃"),
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
    **{key: Word(*names) for key, names in SCREEN_WORDS.items()},
    **{key: Word(*names) for key, names in RULE_GROUPS.items()},
    **_section("param", PARAMETERS),
    **{key: Word(*names) for key, names in VIEWER_WORDS.items()},
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
        "Kuikae: right after a call you may not discard the tile you called, nor, after"
        " a chi, the tile at the other end of the sequence (suji kuikae)",
        "喰い替え: 鳴いた直後は鳴いた牌も、チーなら順子の反対側の筋の牌も切れない",
    ),
    "not_your_turn": Message("It is not your turn", "あなたの番ではない"),
    "sticks_to_first": Message(
        "The riichi sticks left on the table ({sticks}, {points} points) go to first place:"
        " {who} +{points}",
        "場に残った供託 ({sticks}本、{points}点) はトップの {who} へ: +{points}",
    ),
    "session_progress": Message(" · game {game} of {of}, your total {total}",
                                " · 第{game}/{of}戦、通算 {total}"),
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
    # The event log, the prompt and the centre of the table.
    "log_discard": Message("{who}: discards {tile}", "{who}: 打 {tile}"),
    "log_riichi_discard": Message("{who}: {riichi}, discards {tile}", "{who}: {riichi} 打 {tile}"),
    "log_call": Message(
        "{who}: {call} {tile} from {source}", "{who}: {source} から {tile} を{call}"
    ),
    "log_kan": Message("{who}: {call} {tile}", "{who}: {tile} を{call}"),
    "log_dora": Message(
        "{label}: {indicator} -> dora {dora}", "{label}: {indicator} → ドラ {dora}"
    ),
    "log_riichi_stands": Message(
        "{who}: riichi stands, -{stick} to the table (sticks on the table: {sticks})",
        "{who}: 立直成立、供託 -{stick} (供託 {sticks}本)",
    ),
    "log_win_honba": Message("honba +{points}", "積み棒 +{points}"),
    "log_win_sticks": Message("riichi sticks +{points}", "供託 +{points}"),
    "log_hand_over_moved": Message("Hand over: {moved}", "局終了: {moved}"),
    "log_hand_over_nothing": Message("Hand over: no points moved", "局終了: 点数移動なし"),
    "log_rinshan_draw": Message("You draw the rinshan tile {tile}", "嶺上牌 {tile} をツモ"),
    "log_win_tsumo": Message(
        "{who} wins by tsumo on {tile}{value}", "{who} が {tile} でツモ和了{value}"
    ),
    "log_win_ron": Message(
        "{who} wins by ron from {source} on {tile}{value}",
        "{who} が {source} から {tile} でロン和了{value}",
    ),
    "log_draw": Message("{ryuukyoku}; tenpai: {listed}", "{ryuukyoku}; 聴牌: {listed}"),
    "log_nobody": Message("nobody", "なし"),
    "act_discard": Message("Discard {tile}", "打 {tile}"),
    "act_riichi_discard": Message("{riichi}, discard {tile}", "{riichi} 打 {tile}"),
    "act_show_tenpai": Message("Show {tenpai}", "{tenpai}を公開"),
    "centre_dice": Message(
        "dice {throw}: {owner}'s wall broken", "サイコロ {throw}: {owner}の山から開門"
    ),
    "centre_sticks_short": Message("sticks {sticks}", "供託 {sticks}"),
    "centre_left_short": Message("left {left}", "残り {left}"),
    # A time limit (gifu: 50 minutes).
    "log_time_up": Message("Time is up: the game ends with this hand", "時間切れ: この局で終局"),
    "centre_time_left": Message("{minutes} min left", "残り{minutes}分"),
    # The board (tui.widgets.board): the centre panel and the seats' badges.
    "board_round": Message("{round}, honba {honba}", "{round} {honba}本場"),
    "board_sticks": Message("sticks {sticks}", "供託 {sticks}"),
    "board_left": Message("{left} tiles left", "残り {left}"),
    "board_dora": Message("dora", "ドラ"),
    "board_ura": Message("ura", "裏ドラ"),
    "board_dead_wall": Message("dead wall", "王牌"),
    "board_rinshan": Message("rinshan {count}", "嶺上 {count}"),
    "board_break": Message("broken at {owner}'s wall", "開門 {owner}の山"),
    "board_break_yours": Message("broken at your wall", "開門 自家の山"),
    # Chips (RULESETS.md §8.5, tui/chip_lines.py): a win's and the game's.
    "chips_win": Message("Chips for {items}: {moved}", "祝儀 ({items}): {moved}"),
    "chips_game": Message("Chips over the game: {moved}", "祝儀の合計: {moved}"),
    "chip_red_five": Message("red five", "赤"),
    "chip_red_five_open": Message("red five", "赤"),
    "chip_ura_dora": Message("ura dora", "裏ドラ"),
    "chip_ippatsu": Message("ippatsu", "一発"),
    "chip_yakuman": Message("yakuman", "役満"),
    "board_break_unknown": Message(
        "break unknown (no dice in the record)", "開門 不明 (記録にサイコロなし)"
    ),
    "badge_dealer": Message("dealer", "親"),
    "badge_riichi": Message("riichi", "リーチ"),
    "badge_turn": Message("to act", "手番"),
    "board_tiles": Message("{count} tiles", "{count}枚"),
    "board_house_rules": Message("house rules: {rules}", "ハウスルール: {rules}"),
    "board_house_rules_short": Message("{count} house rules (g)", "ハウスルール{count} (g)"),
    "time_up_note": Message(
        "The {minutes}-minute time limit ended the game", "{minutes}分の時間制限で終局"
    ),
    # The learning aids.
    "aid_riichi_possible": Message(
        "{riichi} possible: discard {tiles}", "{riichi} 可能: 打 {tiles}"
    ),
    "aid_cursor": Message(
        "Discard {tile} -> {shanten}, {ukeire} {count}: {tiles}",
        "打 {tile} → {shanten}、{ukeire} {count}枚: {tiles}",
    ),
    "aid_waits_after": Message("after discarding {tile}, {waits}:", "打 {tile} の後の{waits}:"),
    "aid_no_yaku": Message("no {yaku}", "{yaku}なし"),
    "aid_off": Message("aids off (a)", "学習支援 オフ (a)"),
    "aid_left": Message(" x{count} left", " 残り{count}枚"),
    "aid_hint_more": Message("i again: the whole hint in a window",
                             "もう一度 i: ヒントの全文を別画面で"),
    "aid_hint_title": Message("Hint and its reasons", "ヒントと理由"),
    # The table's status line and prompts.
    "prompt_back": Message("back", "戻る"),
    "prompt_declare": Message("declare", "宣言"),
    "prompt_cancel": Message("cancel", "取消"),
    "prompt_riichi_with": Message("Riichi with {tiles}:", "リーチ打牌 {tiles}:"),
    "prompt_riichi": Message("Riichi ({tiles})", "リーチ ({tiles})"),
    "prompt_pass": Message("Pass", "見送り"),
    "prompt_silent": Message("Stay silent", "黙る"),
    "prompt_discarded": Message("{who} discarded {tile}:", "{who} の打牌 {tile}:"),
    "prompt_kan_tile": Message("Kan tile {tile}:", "槓の牌 {tile}:"),
    "prompt_discard": Message("Discard (⏎)", "打牌 (⏎)"),
    "nothing_to_pass": Message("Nothing to pass now", "今は見送るものがない"),
    "nothing_to_ron": Message("No discard to ron now", "今はロンできる牌がない"),
    "nothing_to_pon": Message("Nothing to pon", "ポンできる牌がない"),
    "nothing_to_chi": Message("Nothing to chi", "チーできる牌がない"),
    "no_call_in_riichi": Message(
        "After riichi you may not chi, pon or daiminkan", "立直後はチー・ポン・明槓できない"
    ),
    "no_call_houtei": Message("Nobody may call the last discard (houtei)", "河底牌は鳴けない"),
    "tsumo_after_call": Message(
        "No tsumo right after a call: discard a tile", "鳴いた直後はツモ和了できない"
    ),
    "riichi_not_in_preset": Message("This rulebook has no riichi", "このルールにはリーチがない"),
    "riichi_choose": Message(
        "Riichi: pick the discard that keeps tenpai ({tiles}); Enter declares, Esc cancels",
        "リーチ: 聴牌を保つ打牌 ({tiles}) を選んで Enter、Esc で取り消し",
    ),
    "riichi_pick_listed": Message(
        "Riichi: only {tiles} keep tenpai", "リーチ: 聴牌を保つのは {tiles} だけ"
    ),
    "choose_call": Message(
        "{what}: press 1-{count} to choose, Esc to go back", "{what}: 1-{count}で選択、Escで戻る"
    ),
    "no_such_option": Message("There is no option {number}", "選択肢 {number} はない"),
    "waiting_for_others": Message("Waiting for the other players", "他家の番"),
    "your_turn": Message("Your turn: discard a tile", "あなたの番: 打牌してください"),
    "you_may_call": Message("You may call {tile}", "{tile} を鳴ける"),
    "declare_tenpai": Message(
        "Exhaustive draw: show your tenpai hand (t) or stay silent (n)?",
        "流局: 聴牌を公開する (t) / 黙る (n)",
    ),
    "nothing_to_declare": Message("Nothing to declare now", "今は宣言できない"),
    "claim_open": Message(
        "{tile} is on offer: call it with the key shown, or pass (n)",
        "{tile} が出ている: 表示のキーで鳴くか、見送り (n)",
    ),
    "aids_on": Message("Learning aids on", "学習支援 オン"),
    "aids_off": Message("Learning aids off (a turns them on)", "学習支援 オフ (a で戻す)"),
    "hint": Message("Hint: {action}", "ヒント: {action}"),
    "hint_why": Message(
        "{shanten} after it, {count} tiles improve the hand", "打牌後 {shanten}、有効牌 {count} 枚"
    ),
    "game_over": Message("The game is over", "対局終了"),
    "not_enabled": Message("Not possible now", "今はできない"),
    # The engine's reasons (`SeatView.unavailable`), by its key: "why.<key>".
    "why.not_your_turn": Message("It is not your turn", "あなたの番ではない"),
    "why.no_yaku": Message("No yaku: the hand cannot win", "役がないので和了れない"),
    "why.furiten": Message("Furiten: you cannot win by ron now", "振聴: 今はロンできない"),
    "why.kuikae": Message(
        "Kuikae: {tile} may not go right after this call: neither the tile you called"
        " nor, after a chi, the tile at the other end of the sequence (suji kuikae)",
        "喰い替え: 鳴いた直後に{tile}は切れない (鳴いた牌と、チーなら順子の反対側の筋の牌)",
    ),
    "why.not_tenpai": Message("Your hand is not tenpai", "聴牌していない"),
    "why.not_complete": Message("Your hand is not complete", "和了形ではない"),
    "why.riichi_locked": Message(
        "After riichi you discard the tile you draw", "リーチ後はツモ切りのみ"
    ),
    "why.riichi_already": Message("You are already in riichi", "すでにリーチしている"),
    "why.no_riichi": Message("This rulebook has no riichi", "このルールにはリーチがない"),
    "why.not_closed": Message("Riichi needs a closed hand", "リーチは門前のときだけ"),
    "why.no_call_in_riichi": Message(
        "After riichi you may not chi, pon or daiminkan", "立直後はチー・ポン・明槓できない"
    ),
    "why.houtei": Message("Nobody may call the last discard (houtei)", "河底牌は鳴けない"),
    "why.not_kamicha": Message(
        "Chi only from kamicha (the player on your left)", "チーは上家からのみ"
    ),
    "why.no_tiles": Message("You do not hold the tiles for that call", "その鳴きに必要な牌がない"),
    "why.nothing_offered": Message("No discard is on offer now", "今は出ている牌がない"),
    "why.after_call": Message(
        "No tsumo right after a call: discard a tile", "鳴いた直後はツモ和了できない"
    ),
    "why.other": Message("Not possible now", "今はできない"),
    "why.nine_terminals_off": Message(
        "This rulebook has no nine-terminals abortive draw", "このルールには九種九牌がない"
    ),
    "why.nine_terminals_first_draw": Message(
        "Nine terminals only on your first draw, with no call before it",
        "九種九牌は鳴きのない第一ツモのときだけ",
    ),
    "why.nine_terminals_too_few": Message(
        "Nine terminals needs nine different terminals and honors; you hold {count}",
        "九種九牌には9種類の么九牌が必要 (今は{count}種類)",
    ),
    "why.riichi.not_tenpai": Message(
        "Riichi needs a closed tenpai hand", "リーチは門前で聴牌のときだけ"
    ),
    "why.no_kan_max": Message("No more kans: {max} is the limit", "槓は{max}回まで"),
    "why.no_kan_last_tile": Message("No kan on the last tile", "最後の牌では槓できない"),
    "why.no_points": Message(
        "Riichi needs {need} points for the stick (you have {score})",
        "リーチ棒の{need}点が足りない (持ち点 {score})",
    ),
    "why.too_few_tiles": Message(
        "Riichi needs at least one more draw left in the wall ({tiles_left} left)",
        "ツモ番が残っていないのでリーチできない (残り {tiles_left})",
    ),
    "why.riichi_after_call": Message(
        "Riichi needs a closed hand: you called", "鳴いたのでリーチできない"
    ),
    "why.riichi_last_tile": Message("No riichi on the last draw", "最後のツモではリーチできない"),
    "why.riichi_needs_closed": Message(
        "Riichi needs a closed tenpai hand", "リーチは門前で聴牌のときだけ"
    ),
    "why.riichi_not_in_ruleset": Message(
        "This rulebook has no riichi", "このルールにはリーチがない"
    ),
    "why.declaring": Message("The hand is over: tenpai is being declared", "流局: 聴牌の宣言中"),
    "why.already_answered": Message("You have answered already", "すでに答えた"),
    "why.kan_tile_ron_only": Message(
        "An added kan's tile may only be robbed by ron (chankan)", "加槓の牌は搶槓のロンのみ"
    ),
    "why.waiting_for_claims": Message(
        "Waiting for the others to answer the discard", "他家の鳴きの返答待ち"
    ),
    "why.claim_open": Message(
        "A discard is on offer: call it or pass (n)", "打牌が出ている: 鳴くか見送り (n)"
    ),
    # Hand results and game end.
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
    "win_ron_you": Message("You win by ron on {tile} from {loser}",
                           "自家が {loser} から {tile} でロン和了"),
    "win_tsumo_you": Message("You win by tsumo on {tile}", "自家が {tile} でツモ和了"),
    "win_chankan_you": Message("You rob {loser}'s added kan on {tile} (chankan)",
                               "自家が {loser} の加槓 {tile} を搶槓"),
    "win_rinshan_you": Message("You win by tsumo on the rinshan tile {tile}",
                               "自家が嶺上牌 {tile} でツモ和了"),
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
    # The replay viewer (tui/screens/replay.py): its header and status lines.
    "replay_header": Message(
        "Replay · {where} · step {step}/{steps} · {what}{ending}",
        "牌譜 · {where} · ステップ {step}/{steps} · {what}{ending}",
    ),
    "replay_where": Message("{round}, {honba} honba", "{round}、{honba}本場"),
    "replay_start": Message("the start", "開始前"),
    "replay_deal": Message("the deal", "配牌"),
    "replay_hand_over": Message(" (hand over)", " (局終了)"),
    "replay_game_over": Message(" (game over)", " (終局)"),
    "replay_last_step": Message("The last step", "最後のステップ"),
    "replay_first_step": Message("The first step", "最初のステップ"),
    "replay_no_later_hand": Message("No later hand", "次の局はない"),
    "replay_no_earlier_hand": Message("No earlier hand", "前の局はない"),
    "replay_seat_at_bottom": Message(
        "Seat {seat} ({wind} at the start) at the bottom", "席 {seat} (開始時の{wind}家) を手前に"
    ),
    "replay_all_face_up": Message("Every hand face up", "全員の手牌を表向きに"),
    "replay_own_face_up": Message("Only the bottom hand face up", "手前の手牌だけ表向きに"),
    "replay_suggest_on": Message(
        "{ai} suggestions on (s hides them)", "{ai}の推奨 オン (s で隠す)"
    ),
    "replay_suggest_off": Message("AI suggestions off", "AIの推奨 オフ"),
    "replay_nothing_decided": Message(
        "Nothing has been decided yet: step forward with →", "まだ何も選んでいない: → で進む"
    ),
    "replay_no_choice": Message(
        "{who} had no choice: {action}", "{who}に選択肢はなかった: {action}"
    ),
    "replay_ai_agrees": Message("{ai} agrees with {who}: {action}", "{ai}も{who}と同じ: {action}"),
    "replay_ai_differs": Message(
        "{ai}: {action} (played: {played})", "{ai}: {action} (実際: {played})"
    ),
    # The review of one seat's decisions (tui/screens/review.py).
    "review_title_you": Message(
        "Review of your decisions (seat {seat}, {wind} at the start)",
        "自分の選択の検討 (席 {seat}、開始時の{wind}家)",
    ),
    "review_title_seat": Message(
        "Review of {wind}'s decisions (seat {seat}, {wind} at the start)",
        "{wind}家の選択の検討 (席 {seat}、開始時の{wind}家)",
    ),
    "review_headline": Message(
        "{level}: {notable} of {decisions} decisions played otherwise",
        "{level}: {decisions}回の選択のうち{notable}回が異なる",
    ),
    "review_headline_equal": Message(
        " (and {equal} equal discards)", " (ほかに同等の打牌 {equal}回)"
    ),
    "review_all_agree": Message("{ai} agrees with every decision", "{ai}はすべての選択に同意"),
    "review_round": Message("{wind} {hand}", "{wind}{hand}局"),
    "review_honba": Message(", {honba} honba", " {honba}本場"),
    "review_where": Message("{round}{honba}, turn {turn}", "{round}{honba} {turn}巡目"),
    "review_on_offer": Message("on offer: {tile}", "出た牌: {tile}"),
    "review_shanten": Message("{count}-shanten", "{count}向聴"),
    "review_efficiency": Message("{shanten}, ukeire {ukeire}", "{shanten}、受け入れ {ukeire}枚"),
    "review_act_discard": Message("discard {tile}", "打 {tile}"),
    "review_act_riichi": Message("riichi with {tile}", "リーチ 打 {tile}"),
    "review_act_chi": Message("chi{on} with {tiles}", "チー{on} ({tiles})"),
    "review_act_pon": Message("pon{on}", "ポン{on}"),
    "review_act_daiminkan": Message("daiminkan{on}", "大明槓{on}"),
    "review_act_ankan": Message("ankan {tile}", "暗槓 {tile}"),
    "review_act_kakan": Message("kakan {tile}", "加槓 {tile}"),
    "review_act_tsumo": Message("tsumo", "ツモ"),
    "review_act_ron": Message("ron{on}", "ロン{on}"),
    "review_act_nine_terminals": Message(
        "call the hand off: nine terminals and honors", "九種九牌で流局"
    ),
    "review_act_show_tenpai": Message("show tenpai", "聴牌を公開"),
    "review_act_pass": Message("pass", "見送り"),
    "review_act_silent": Message("stay silent (noten)", "黙る (不聴)"),
    # The statistics (tui/screens/stats.py; `mahjong-tui stats` shares the English).
    "stats_none": Message(
        "No finished games yet: play one to the end and it is counted here.",
        "終局した対局はまだない: 最後まで打つとここに集計される。",
    ),
    "stats_none_recorded": Message(
        "No finished games recorded yet ({path}).", "終局した対局の記録はまだない ({path})。"
    ),
    "stats_games_one": Message("{games} finished game", "終局した対局 {games}回"),
    "stats_games": Message("{games} finished games", "終局した対局 {games}回"),
    "stats_games_in": Message("{games} in {path}", "{games} (記録: {path})"),
    "stats_top_yaku": Message("Yaku won with most", "よく和了った役"),
    "stats_note": Message(
        "Rates are per hand played; average win and deal-in are hand values "
        "(honba and riichi sticks excluded).",
        "率は参加した局あたり。平均和了・平均放銃は手の点数 (積み棒と供託は含まない)。",
    ),
    "stats_keys": Message(" Esc close · ↑↓ scroll ", " Esc 閉じる · ↑↓ スクロール "),
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


def first_name(key: str, lang: str = "en") -> str:
    """Only the name in the chosen language (column headings, compact labels)."""
    return word(key).part(lang)


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


def seat_word(relative: str) -> Word:
    """A relative seat's two names (`seat_name` shows both)."""
    return word(f"seat.{relative}")


def wind_word(wind: int) -> Word:
    """A wind as 0-3 (E S W N) or its tile kind 27-30, both names: East / 東."""
    index = wind - 27 if wind >= 27 else wind
    return word(f"wind.{_WIND_KEYS[index]}")


def wind_name(wind: int, lang: str = "en") -> str:
    """A wind as 0-3 (E S W N) or its tile kind 27-30: "East 東"."""
    return wind_word(wind).show(lang)


def tile_word(kind: int) -> Word:
    """A tile kind's names: suited tiles in mpsz in both parts ("4m"), honors named."""
    if kind < 27:
        return Word(kind_to_str(kind), kind_to_str(kind))
    if kind < 31:
        return wind_word(kind)
    return word(f"dragon.{_DRAGON_KEYS[kind - 31]}")


def tile_name(kind: int, lang: str = "en") -> str:
    """A tile kind in words: suited tiles in mpsz ("4m"), honors named ("South 南")."""
    if kind < 27:
        return kind_to_str(kind)
    return tile_word(kind).show(lang)


def round_word(wind: int, hand: int) -> Word:
    """A hand of a round in both languages, East 1 / 東1局; `hand` counts from 1."""
    w = wind_word(wind)
    return Word(f"{w.romaji} {hand}", f"{w.japanese}{hand}局")


def round_name(wind: int, hand: int, lang: str = "en") -> str:
    """A hand of a round: "East 1 東1局" (en) or "東1局 East 1" (ja); `hand` counts from 1."""
    return round_word(wind, hand).show(lang)


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


# ---------------------------------------------------------------- the AI's reasons
# The AI words its reasons in English (`ai.reasons.Reason`: text, key, fields);
# these are the Japanese sentences for `lang="ja"`, by key, with the same fields.
# `tui.describe.reason_text` fills them with tiles, seats and shanten in Japanese.
AI_REASONS: dict[str, str] = {
    "win": "和了: 手が完成していて和了れる",
    "show_tenpai": "流局時に聴牌を公開: ノーテン者が聴牌者に支払う",
    "pon_value": "{tile} をポン: 役牌の刻子は役になる",
    "ankan_free": "{tile} を暗槓: 順子に使わない4枚",
    "riichi_closed": "リーチ: 門前で聴牌",
    "silent_leader": "オーラスのトップ親は黙ってノーテン: 対局が終わる",
    "threat": "脅威: {who} — {why} (聴牌率 ~{chance}、~{points}点)",
    "fold": "オリ: 手は{shanten}で ~{points}点。押すより最も安全な牌",
    "push": "押し: {shanten}、和了率 ~{chance}、~{points}点",
    "efficient_instead": "最も効率的な打牌は {tile} (放銃の期待損失 ~{points}点)",
    "no_call_threat": "鳴かない: 脅威があり、鳴いても手が遠い",
    "no_call_fold": "鳴かない: 鳴いた後は押せず、脅威に対してオリになる",
    "dama_leader": "オーラスのトップはダマ: どの和了でもトップで終わる",
    "ankan_riichi": "リーチ後の暗槓: 待ちは変わらず、ドラが1枚増える",
    "best": "効率と打点で最善: {option}",
    "alternative": "次点: {option}",
    "no_riichi": "リーチしない: ダマで手の柔軟さを残す",
    "no_riichi_dead": "リーチしない: 待ち ({waits}) はすべて見えている",
    "dama_thin_early": "ダマ: 待ちは {count}枚 ({waits}) だけ。まだ早いので改良を待つ",
    "riichi_no_yaku": "リーチ: リーチしないと役がない。待ち {count}枚 ({waits})",
    "dama_against_riichi": "ダマ: 役があり他家がリーチ中。オリられるように",
    "dama_big": "ダマ: すでに約{points}点、待ち {count}枚",
    "dama_late": "ダマ: 終盤で待ちが薄い",
    "riichi_value": "リーチ: 待ち {count}枚 ({waits})。リーチで約{points}点になる",
    "ankan": "{tile} を暗槓: 向聴は変わらず、嶺上ツモとドラ",
    "kakan": "{tile} を加槓: その牌はもう要らない",
    "pass_no_call": "見送り: 役を保って向聴 ({shanten}) を進める鳴きがない",
    "call": "{call} ({tiles}): {before} → {after}、役は{plan}",
    "danger": "{tile} は {who} ({threat}) に対して{why}: 放銃率 約{chance}",
    "danger_riichi": "{tile} は {who} のリーチに対して{why}: 放銃率 約{chance}",
    "option": "打 {tile}: {shanten}、有効牌 {count}枚 ({tiles}{more})",
    "option_wait": "打 {tile}: {shanten}、待ち {count}枚 ({tiles}{more})",
    "option_towards": (
        "打 {tile}: {shanten}、有効牌 {count}枚 ({tiles}{more})。{plan}まで{plan_shanten}"
    ),
    "option_wait_towards": (
        "打 {tile}: {shanten}、待ち {count}枚 ({tiles}{more})。{plan}まで{plan_shanten}"
    ),
    "option_yaku": "打 {tile}: {shanten}、有効牌 {count}枚 ({tiles}{more}) (役: {plan})",
    "option_wait_yaku": "打 {tile}: {shanten}、待ち {count}枚 ({tiles}{more}) (役: {plan})",
    "suggest_discard": "推奨: 打 {tile}{red}",
    "suggest_riichi": "推奨: 打 {tile}{red} でリーチ",
    "suggest_call": "推奨: {tiles} で{call}",
    "suggest_ankan": "推奨: {tile} を暗槓",
    "suggest_kakan": "推奨: {tile} を加槓",
    "suggest_tsumo": "推奨: ツモ和了",
    "suggest_ron": "推奨: ロン和了",
    "suggest_daiminkan": "推奨: 大明槓",
    "suggest_show_tenpai": "推奨: 聴牌を公開",
    "suggest_pass": "推奨: 見送り",
    "kita": "北抜き: 抜いた北はドラになり、代わりの牌をツモる",
}

# The AI's own vocabulary in its reasons (`ai.reasons.Term`): plans, threats and
# how safe a tile is. A term missing here is shown as the AI wrote it.
AI_TERMS: dict[str, str] = {
    "tanyao": "断幺九",
    "honitsu": "混一色",
    "toitoi": "対々和",
    "yakuhai": "役牌",
    "chiitoitsu": "七対子",
    "none": "なし",
    "chi": "チー",
    "pon": "ポン",
    "riichi": "リーチ",
    "dama": "ダマ聴の可能性",
    "flush calls": "染め手の鳴き",
    "1 call": "1副露",
    "2 calls": "2副露",
    "3 calls": "3副露",
    "4 calls": "4副露",
    "genbutsu": "現物",
    "no copies left": "残りなし",
    "outside the flush suit": "染め色以外",
    "suji": "筋",
    "one-chance": "ワンチャンス",
    "kabe": "壁",
    "suji and kabe": "筋かつ壁",
    "half-suji": "片筋",
    "one-chance on one side": "片側ワンチャンス",
    "kabe on one side": "片側壁",
    "no suji": "無筋",
    "honor, 0 seen": "字牌 (0枚見え)",
    "honor, 1 seen": "字牌 (1枚見え)",
    "honor, 2 seen": "字牌 (2枚見え)",
    "honor, 3 seen": "字牌 (3枚見え)",
    " (red)": " (赤)",
    " ...": " …",
}


# The online presets' rules (RULESETS.md §8.4): their rows in the rules reference, and the
# names of the endings they add (the result screens and the hand log name an abortive draw
# or a nagashi mangan as they name a win).
ONLINE_PARAMETERS: dict[str, tuple[str, str]] = {
    "extension": ("extension (West round)", "延長戦 (西入)"),
    "extension_target": ("points that end the extension", "延長戦の終了点"),
    "last_dealer_stop": ("dealer stop in the last hand", "オーラス親の止め"),
    "result_rounding": ("rounding of the final results", "成績の端数処理"),
    "riichi_min_tiles": ("tiles left needed for riichi", "立直に必要な残り枚数"),
    "abort_sanchahou": ("abortive draw: triple ron", "三家和了"),
}
PARAMETERS.update(ONLINE_PARAMETERS)
WORDS.update(_section("param", ONLINE_PARAMETERS))

# The three-player parameters (RULESETS.md §9).
SANMA_PARAMETERS: dict[str, tuple[str, str]] = {
    "players": ("players at the table", "人数"),
    "removed_tiles": ("tiles taken out of the set", "抜く牌"),
    "chi": ("chi", "チー"),
    "kita": ("kita (North set aside as dora)", "北抜き"),
    "kita_rinshan": ("rinshan kaihou on the kita tile", "北抜き後の嶺上開花"),
    "kita_ron_ippatsu": ("ippatsu on a ron off a kita", "北ロンの一発"),
    "tsumo_loss": ("tsumo payments with three players", "ツモ損"),
}
PARAMETERS.update(SANMA_PARAMETERS)
WORDS.update(_section("param", SANMA_PARAMETERS))

# `end` names of CONTRACT.md (`replay --summary --json`) for the endings besides a win.
ENDINGS: dict[str, tuple[str, str]] = {
    "nine_terminals": ("abortive draw: nine terminals and honors", "九種九牌"),
    "four_winds": ("abortive draw: four same winds", "四風連打"),
    "four_riichi": ("abortive draw: four riichi", "四家立直"),
    "four_kans": ("abortive draw: four kans", "四槓散了"),
    "triple_ron": ("abortive draw: triple ron", "三家和了"),
    "nagashi_mangan": ("nagashi mangan", "流し満貫"),
    "chombo": ("chombo", "錯和"),
}
WORDS.update(_section("end", ENDINGS))
ENDING_MESSAGES: dict[str, Message] = {
    "why.nine_terminals": Message(
        "{seat} showed {count} different terminals and honors ({tiles}) on the first"
        " draw and called the hand off",
        "{seat}が第一ツモで{count}種類の么九牌 ({tiles}) を見せて流局を宣言した",
    ),
    "why.four_winds": Message(
        "All four players discarded {tile} on the first go-around",
        "第一巡で四人が{tile}を捨てた",
    ),
    "why.four_riichi": Message(
        "The fourth riichi ({seat}) was accepted: all four players are in riichi",
        "四人目の立直 ({seat}) が成立し、全員が立直した",
    ),
    "why.four_kans": Message(
        "Four kans by more than one player ({seat}): the hand ended after the next discard",
        "二人以上 ({seat}) で四回の槓: 次の打牌で流局",
    ),
    "why.triple_ron": Message(
        "Three players called ron on {tile} discarded by {loser} ({seat}): nobody wins",
        "三人 ({seat}) が{loser}の{tile}でロンした: 和了なし",
    ),
    "why.nagashi_mangan": Message(
        "{seat} discarded only terminals and honors and none was called: paid a"
        " mangan as by tsumo",
        "{seat}の捨て牌は全て么九牌で鳴かれなかった: ツモの満貫として支払われる",
    ),
    "why.chombo": Message(
        "{seat} timed out or answered illegally (an mjai bot under mjai.app's rule): the"
        " hand is over and {seat} pays a mangan",
        "{seat}が時間切れか不正な応答 (mjai.appの規定): 流局、{seat}が満貫を支払う",
    ),
    "why.abortive_draw": Message(
        "Abortive draw: nothing is paid; the dealer stays ({dealer}), the next hand is"
        " {honba} honba and the riichi sticks stay on the table ({sticks})",
        "途中流局: 支払いなし。親 ({dealer}) は連荘、次局は{honba}本場、供託は場に残る ({sticks})",
    ),
    "nine_terminals_prompt": Message(
        "Nine terminals and honors: call the hand off (y) or play on?",
        "九種九牌: 流局にする (y) か続けるか",
    ),
}
MESSAGES.update(ENDING_MESSAGES)

# The 九種九牌 key (tui/keys.py): its help line and footer word.
WORDS.update(
    {
        "key.nine_terminals": Word(
            "nine terminals: call the hand off (first draw only)",
            "九種九牌で流局にする (第一ツモのみ)",
        ),
        "footer.nine_terminals": Word("abort", "九種九牌"),
    }
)

# The launch screen and its house-rules panel (tui/screens/launch.py, house_rules.py):
# labels, footer words and the values of the details pane, one language at a time
# (`first_name`). The English part of a value is the ruleset's own value, shown as is.
LAUNCH_WORDS: dict[str, tuple[str, str]] = {
    "launch.opponents": ("Opponents", "対戦相手"),
    "launch.tiles": ("Tiles", "牌の表示"),
    "launch.language": ("Language", "言語"),
    "launch.house_rules": ("House rules", "ローカルルール"),
    "launch.house_none": ("none (the preset's own)", "なし (プリセットのまま)"),
    "launch.seed": ("Seed (s to edit, n for a new one):", "シード (s で編集、n で新規):"),
    "launch.rulebook": ("seed rulebook", "元の規定"),
    # The details pane's labels.
    "launch.game": ("game", "対局"),
    "launch.points": ("start / return", "持ち点 / 返し"),
    "launch.uma": ("uma", "ウマ"),
    "launch.riichi": ("riichi", "立直"),
    "launch.dora": ("dora", "ドラ"),
    "launch.red_fives": ("red fives", "赤ドラ"),
    "launch.kuikae": ("kuikae", "喰い替え"),
    "launch.kuitan": ("open tanyao", "喰いタン"),
    "launch.kiriage": ("kiriage mangan", "切り上げ満貫"),
    "launch.multiple_ron": ("multiple ron", "複数ロン"),
    "launch.minutes": ("min", "分"),
    # The footer.
    "launch.key_start": ("Start", "開始"),
    "launch.key_ai": ("AI level", "AIの強さ"),
    "launch.key_tiles": ("Tiles", "牌の表示"),
    "launch.key_lang": ("Language", "言語"),
    "launch.key_seed": ("Seed", "シード"),
    "launch.key_new_seed": ("New seed", "新しいシード"),
    "launch.key_resume": ("Resume", "再開"),
    "launch.key_stats": ("Stats", "成績"),
    "launch.key_house_rules": ("House rules", "ローカルルール"),
    "launch.key_drills": ("Drills", "ドリル"),
    "launch.key_lessons": ("Lessons", "レッスン"),
    "launch.key_friends": ("Play with friends", "友達と対局"),
    "launch.key_back": ("Back", "戻る"),
    "launch.key_quit": ("Quit", "終了"),
    # The choices: AI levels (ai.LEVELS; level.hard is above), tile styles, languages.
    "level.tsumogiri": ("tsumogiri", "ツモ切り"),
    "level.greedy": ("greedy", "牌効率"),
    "level.easy": ("easy", "初級"),
    "level.normal": ("normal", "中級"),
    "tiles.text": ("text", "英数字"),
    "tiles.kanji": ("kanji", "漢字"),
    "tiles.unicode": ("unicode", "牌画"),
    "lang.en": ("en", "英語"),
    "lang.ja": ("ja", "日本語"),
    # Ruleset values as the details pane and the house-rules panel show them.
    "value.yes": ("yes", "あり"),
    "value.no": ("no", "なし"),
    "value.none": ("none", "なし"),
    "value.hanchan": ("hanchan", "東南戦 (半荘)"),
    "value.isshou": ("isshou", "一荘戦"),
    "value.tonpuu": ("tonpuu", "東風戦"),
    "value.omote": ("omote", "表ドラ"),
    "value.ura": ("ura", "裏ドラ"),
    "value.kan": ("kan", "槓ドラ"),
    "value.forbidden": ("forbidden", "禁止"),
    "value.allowed": ("allowed", "あり"),
    "value.head_bump": ("head_bump", "頭ハネ"),
    "value.double_ron": ("double_ron", "ダブロン"),
    "value.multiple": ("multiple", "ダブロン・トリロン"),
    # The house-rules panel (tui/house_rules.py HOUSE_RULES, by parameter).
    "house.title": ("House rules", "ローカルルール"),
    "house.preset": ("preset", "既定"),
    "house.chosen": ("house rule", "ローカルルール"),
    "house.red_fives": ("red fives", "赤ドラ"),
    "house.kuitan": ("open tanyao", "喰いタン"),
    "house.kiriage_30_4": ("kiriage mangan", "切り上げ満貫"),
    "house.kazoe_yakuman": ("kazoe yakuman", "数え役満"),
    "house.yakuman_stacking": ("double yakuman", "ダブル役満"),
    "house.multiple_ron": ("multiple ron", "複数ロン"),
    "house.abort_kyuushu": ("nine terminals draw", "九種九牌"),
    "house.abort_suufon": ("four winds draw", "四風連打"),
    "house.abort_suucha_riichi": ("four riichi draw", "四家立直"),
    "house.abort_suukaikan": ("four kans draw", "四槓散了"),
    "house.nagashi_mangan": ("nagashi mangan", "流し満貫"),
    "house.chips": ("chips", "祝儀"),
}
WORDS.update({key: Word(*names) for key, names in LAUNCH_WORDS.items()})
MESSAGES.update(
    {
        "launch.red_fives": Message("{count}", "{count}枚"),
        "launch.title": Message(
            "mahjong-tui · Japanese mahjong under six real rulebooks",
            "mahjong-tui · 実在の競技ルールで打つ日本の麻雀",
        ),
        # The key line: the learning keys first (at 80 columns the end is cut off).
        "launch.keys": Message(
            "⏎ start · c lessons · d drills · ↑↓ ruleset · a AI · t tiles · l language"
            " · s/n seed · u house rules",
            "⏎ 開始 · c レッスン · d ドリル · ↑↓ ルール · a AI · t 牌 · l 言語"
            " · s/n シード · u ローカルルール",
        ),
        "house.keys": Message("↑↓ rule · ⏎/space change · Esc/u done",
                              "↑↓ 項目 · ⏎/Space 変更 · Esc/u 閉じる"),
        "launch.house_refused": Message("House rules refused: {error}",
                                        "ローカルルールが合わない: {error}"),
    }
)

# The session table between the games of a session (tui/screens/session_table.py).
MESSAGES.update(
    {
        "session.you": Message("You", "自家"),
        "session.opponent": Message("Opponent {n}", "相手{n}"),
        "session.game": Message("Game", "対局"),
        "session.total": Message("Total", "合計"),
        "session.place": Message("Place", "順位"),
        "session.title": Message("Session", "セッション"),
        "session.continue": Message(" Enter continue ", " Enter 次へ "),
        "session.heading": Message("Session - {k} games", "セッション - 全{k}戦"),
        "session.house": Message("House rules: {rules}", "ローカルルール: {rules}"),
        "session.over": Message(
            "The session is over: {k} games, summed (place by the total).",
            "セッション終了: 全{k}戦の合計 (順位は合計で)。",
        ),
        "session.next": Message(
            "Game {played} of {k} is over. Next: game {next} of {k} (seed {seed}).",
            "第{played}戦 (全{k}戦) が終わった。次は第{next}戦 (シード {seed})。",
        ),
        "session.explain": Message(
            "Each game: its own rank points from the starting points; the total is their"
            " sum. (n) = the place in that game.",
            "各対局: 持ち点からのその対局の順位点。合計はその和。(n) = その対局の順位。",
        ),
        "session.keys_done": Message("Enter: done", "Enter: 終了"),
        "session.keys_next": Message("Enter: play game {n}", "Enter: 第{n}戦へ"),
        "session.replay_one": Message("1: replay game 1", "1: 第1戦を再生"),
        "session.replay_many": Message("1-{n}: replay that game", "1-{n}: その対局を再生"),
    }
)
