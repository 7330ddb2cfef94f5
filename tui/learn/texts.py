"""The drills' sentences in English and Japanese, by key: `text("you", "ja")`.

The question makers and the drill screens write every sentence through here, so
`--lang ja` turns the whole drill (prompts, facts, explanations, labels) into
Japanese with the usual mahjong terms; the yaku and fu names come from
`tui.words` as before.
"""

from __future__ import annotations

_TEXTS: dict[str, tuple[str, str]] = {
    # the all-last drill
    "you": (" (you)", "(あなた)"),
    "dealer": (" (dealer)", "(親)"),
    "places": (": you are {place}", ": あなたは{place}"),
    "tie_with": (", tied with {who} at {points}", "、{who}と{points}点で同点"),
    "how.tsumo": ("tsumo", "ツモ"),
    "how.ron": ("ron off {who}", "{who}からのロン"),
    "alllast.prompt": ("All-last: what is the cheapest {how} that moves you up to {place}?",
                       "オーラス: {place}に着順を上げる最も安い{how}は?"),
    "alllast.where": ("{round} 4, {honba} honba, {sticks} riichi sticks on the table ({rules})",
                      "{round}4局 {honba}本場 供託{sticks}本 ({rules})"),
    "alllast.gaps": ("Point gaps to the players above you: {gaps}.",
                     "上の人との点差: {gaps}。"),
    "alllast.extra": ("The win also takes {honba} honba ({honba_points}) and the sticks "
                      "({stick_points}).",
                      "和了すると{honba}本場({honba_points}点)と供託({stick_points}点)も入る。"),
    "alllast.right": ("Enough: {value}: ", "足りる: {value}: "),
    "alllast.short": ("One step less is not: {value}: ", "一段安いと足りない: {value}: "),
    "alllast.any": ("Any win is enough.", "どの和了でも足りる。"),
    "alllast.direct": ("A ron off a player above you is a direct hit: the gap shrinks twice.",
                       "上の人からの直撃: 点差は倍縮まる。"),
    "limit.mangan": ("mangan", "満貫"),
    "limit.haneman": ("haneman", "跳満"),
    "limit.baiman": ("baiman", "倍満"),
    "limit.sanbaiman": ("sanbaiman", "三倍満"),
    "limit.yakuman": ("yakuman", "役満"),
    "limit.kazoe_yakuman": ("counted yakuman", "数え役満"),
    "tie.split": ("Ties: tied players share the place and split its rank points.",
                  "同点: 同着、順位点は折半。"),
    "tie.shared": ("Ties: tied players share the better place.", "同点: 同着(上の着順)。"),
    "tie.external": ("Ties: shared here (the event breaks them by its own data).",
                     "同点: ここでは同着(大会の規定で決める)。"),
    "tie.seat_order": ("Ties: the seat nearer the first dealer ranks higher.",
                       "同点: 起家に近い席が上位(上家取り)。"),
    # questions from the player's own games
    "mistake.prompt": ("From one of your games: which tile do you discard? (tile "
                       "efficiency: shanten, then accepted tiles)",
                       "あなたの対局から 何切る? (牌効率: 向聴数、次に受け入れ枚数)"),
    "mistake.where": ("Game {game}, your turn {turn}", "対局 {game}、{turn}巡目"),
    "mistake.seen": ("Seen on the table (counted): {tiles}", "見えている牌(枚数に数える): {tiles}"),
    "mistake.dora": ("Dora indicators: {tiles}", "ドラ表示牌: {tiles}"),
    "mistake.melds": ("Your calls: {melds}", "あなたの副露: {melds}"),
    "mistake.played": ("In that game you discarded {tile}.", "対局ではあなたは{tile}を切った。"),
    "mistake.suggested": ("The review's AI (hard) would discard {tile}.",
                          "検討の上級コンピュータなら{tile}切り。"),
    "mistake.gone": ("game {game} cannot be read any more ({why}): skipped",
                     "対局 {game} が読めない ({why}): 飛ばす"),
    "discard.option": ("{tile:>3}: {state}, {accepted} tiles accepted",
                       "{tile:>3}: {state}、受け入れ{accepted}枚"),
    # the drill screens
    "screen.right": ("Right!", "正解!"),
    "screen.wrong": ("Not quite: the answer is {right}.", "不正解: 答えは {right}。"),
    "screen.summary": ("The run is over: every question, your answer, the right one and why.",
                       "終了: 各問題のあなたの答え、正解、その理由。"),
    "summary.score": ("{right} of {asked} right.", "{asked}問中{right}問正解。"),
    "summary.wrong": ("Wrong.", "不正解。"),
    "summary.yours": ("Your answer: {picked}.", "あなたの答え: {picked}。"),
    "summary.answer": ("The answer: {right}.", "正解: {right}。"),
    "keys.figures": ("{right}/{asked} right", "正解 {right}/{asked}"),
    "keys.accuracy": (" ({accuracy}), {seconds}s each", " ({accuracy})、平均{seconds}秒"),
    "keys.revisit": (", {count} to revisit", "、復習{count}問"),
    "keys.run": (", question {done}/{total} of the run", "、{done}/{total}問目"),
    "keys.run_short": (", question {done}/{total}", "、{done}/{total}問目"),
    "keys.pick": ("key: pick", "キー: 選ぶ"),
    "keys.check": (", Enter: check", "、Enter: 答え合わせ"),
    "keys.left": (" · {left}s left", " · 残り{left}秒"),
    "keys.next": ("Enter: next", "Enter: 次へ"),
    "keys.again": ("Enter: another run", "Enter: もう一度"),
    "keys.glossary": ("glossary", "用語集"),
    "keys.back": ("back", "戻る"),
    "title.discard": ("", "何切る"),
    "title.waits": ("", "待ち当て"),
    "title.fu": ("", "符計算"),
    "title.points": ("", "点数計算"),
    "title.yaku": ("", "役当て"),
    "title.defence": ("", "守備: リーチに対する安全牌"),
    "title.alllast": ("", "オーラス: 着順を上げる最安の和了"),
    # the drill menu
    "menu.title": ("Drills ({rules})", "練習問題 ({rules})"),
    "menu.keys": ("1-{last}: a drill · m: your mistakes · e: answers now/at end · "
                  "l: lessons · Esc: back",
                  "1-{last}: 練習開始 · m: 自分のミス · e: 答え合わせ(即時/最後) · "
                  "l: レッスン · Esc: 戻る"),
    "menu.keys_when": ("e: answers", "e: 答え合わせ"),  # menu.keys' e, where it is too wide
    "menu.mistakes": ("Your own mistakes: discards from your kept games ({count})",
                      "自分のミス: 保存した対局の何切る ({count}問)"),
    "menu.no_mistakes": ("No discard mistakes in the kept games yet.",
                         "保存した対局に打牌ミスはまだない。"),
    "menu.at_once": ("Answers: shown after each question", "答え合わせ: 1問ごと"),
    "menu.at_end": ("Answers: shown at the end of a run of {count}",
                    "答え合わせ: {count}問のあとにまとめて"),
    # the seeded drills
    "stop": (".", "。"),
    "discard.prompt": ("Which tile do you discard? (tile efficiency: shanten, then accepted "
                       "tiles)", "何切る? (牌効率: 向聴数、次に受け入れ枚数)"),
    "discard.seen": ("Seen elsewhere (counted): {tiles}",
                     "他に見えている牌(枚数に数える): {tiles}"),
    "discard.every": ("Every discard: shanten, accepted tiles still unseen (the kinds), "
                      "improving tiles (draws that keep the shanten but widen the hand):",
                      "打牌ごと: 向聴数、残っている有効牌の枚数(種類)、改良牌(向聴数は同じで"
                      "受け入れが広がるツモ)の枚数:"),
    "discard.line": ("{tile}: {state}, {count} ({accepted}); improving {improving}",
                     "{tile}: {state}、有効牌{count}枚 ({accepted})、改良牌{improving}枚"),
    "waits.prompt": ("This hand is tenpai. Pick every tile it wins on, then Enter.",
                     "この手は聴牌。和了牌をすべて選んでEnter。"),
    "waits.are": ("The waits: {tiles}.", "待ち: {tiles}。"),
    "waits.pairs": ("seven pairs: ", "七対子: "),
    "how.ron_plain": ("ron", "ロン"),
    "meld.chi": ("chi", "チー"),
    "meld.pon": ("pon", "ポン"),
    "meld.kan": ("kan", "カン"),
    "meld.ankan": ("ankan", "暗槓"),
    "meld.minkan": ("minkan", "明槓"),
    "meld.shouminkan": ("shouminkan", "加槓"),
    "meld.kakan": ("kakan (added kan)", "加槓"),
    "flag.riichi": ("riichi", "立直"),
    "flag.ippatsu": ("ippatsu", "一発"),
    "flag.double_riichi": ("double_riichi", "ダブル立直"),
    "flag.haitei": ("haitei", "海底"),
    "flag.houtei": ("houtei", "河底"),
    "flag.rinshan": ("rinshan", "嶺上"),
    "flag.chankan": ("chankan", "槍槓"),
    "win.how": ("Won by {how} on {tile}", "{tile}で{how}和了"),
    "win.calls": ("; calls: {melds}", "、副露: {melds}"),
    "win.closed": ("; closed", "、門前"),
    "win.winds": ("Seat wind {seat}, round wind {round}", "自風 {seat}、場風 {round}"),
    "win.dora": ("Dora indicator {tiles}", "ドラ表示牌 {tiles}"),
    "win.ura": (", ura {tiles}", "、裏ドラ表示牌 {tiles}"),
    "fu.prompt": ("How many fu is this win worth?", "この和了は何符?"),
    "fu.items": ("Item by item:", "内訳:"),
    "fu.rounded": ("Sum {total}, rounded up to the next 10: {fu} fu.",
                   "合計{total}、10符単位に切り上げて{fu}符。"),
    "fu.total": ("Total: {fu} fu.", "合計: {fu}符。"),
    "fu.value": ("{fu} fu", "{fu}符"),
    "fu.pinfu_tsumo": ("Pinfu by tsumo: the 2 fu a tsumo earns are not added (pinfu is the "
                       "hand that earns no fu), so a pinfu tsumo is always 20 fu.",
                       "平和のツモ: ツモの2符は加えません (平和は符のつかない手)。"
                       "平和ツモは常に20符です。"),
    "fu.chiitoitsu": ("Seven pairs is always 25 fu: no other item is added.",
                      "七対子は常に25符で、ほかの符は加えません。"),
    "who.dealer": ("dealer", "親"),
    "who.child": ("non-dealer", "子"),
    "points.value": ("{han} han {fu} fu", "{han}翻{fu}符"),
    "points.prompt": ("{value}, {who} {how}{honba} ({rules}): what is the payment?",
                      "{value} {who}の{how}{honba} ({rules}): 点数は?"),
    "points.prompt_honba": (", {honba} honba", "、{honba}本場"),
    "points.line": ("{value}, {who} {how}: {pay}", "{value} {who}の{how}: {pay}"),
    "points.honba": (" (honba: +{points} in all)", " (積み棒: 合計+{points})"),
    "points.basic": ("Basic points {basic}; ", "基本点 {basic}。"),
    "points.from_limit": ("from the limit ({limit})", "{limit}から"),
    "points.ron": ("ron: the discarder pays 4x (dealer 6x), rounded up to 100.",
                   "ロン: 放銃者が4倍(親は6倍)を払い、100点単位に切り上げ。"),
    "points.tsumo": ("tsumo: each non-dealer pays 1x (the dealer 2x; a dealer's win: 2x all), "
                     "rounded up to 100.",
                     "ツモ: 子は1倍、親は2倍を払う(親の和了は全員2倍)。100点単位に切り上げ。"),
    "points.yaku": ("Yaku: {yaku}; dora {dora}.", "役: {yaku}、ドラ{dora}。"),
    "yaku.prompt": ("Pick every yaku of this win, then Enter (dora are not yaku).",
                    "この和了の役をすべて選んでEnter(ドラは役ではない)。"),
    "yaku.are": ("The yaku: {yaku}.", "役: {yaku}。"),
    "yaku.han": ("{han} han", "{han}翻"),
    "yaku.dora": ("Dora are not yaku: dora {dora}, red {red}, ura {ura}.",
                  "ドラは役ではない: ドラ{dora}、赤{red}、裏{ura}。"),
    "yaku.total": ("In all {han} han {fu} fu.", "合計{han}翻{fu}符。"),
    "yaku.not_here": ("Not in this win:", "この和了にない役:"),
    "yaku.needs_closed": ("{yaku}: needs a closed hand, and this one called {meld}.",
                          "{yaku}: 門前でなければつかない役ですが、この手は{meld}を鳴いています。"),
    "yaku.needs_riichi": ("{yaku}: needs riichi declared, and there was none.",
                          "{yaku}: 立直の宣言が必要ですが、立直していません。"),
    "yaku.needs_tsumo": ("{yaku}: needs a win by tsumo, and this is a ron.",
                         "{yaku}: ツモ和了でなければつきませんが、これはロンです。"),
    "yaku.replaced": ("{yaku}: counted inside {by}, which replaces it.",
                      "{yaku}: 上位の{by}に含まれるので、重ねてはつきません。"),
    "yaku.needs_simples": ("{yaku}: needs every tile a simple (2-8), and this hand has "
                           "{tiles}.",
                           "{yaku}: すべて中張牌 (2-8) でなければつきませんが、この手には "
                           "{tiles} があります。"),
    "yaku.lacks": ("{yaku} (not in this win): {definition}",
                   "{yaku} (この和了にはない): {definition}"),
    "yaku.no_such": ("{yaku}: not a yaku under {rules}.", "{yaku}: {rules} にはない役です。"),
    "defence.prompt": ("South declared riichi. Which tile is safest to discard?",
                       "南家がリーチ。一番安全な牌は?"),
    "defence.river": ("South's river (riichi): {tiles}", "南家の河(リーチ): {tiles}"),
    "defence.others": ("Other tiles in sight: {tiles}", "他に見えている牌: {tiles}"),
    "defence.safest": ("Safest: {tiles} - {why}.", "最も安全: {tiles} - {why}。"),
    "defence.each": ("Each tile, safest first (chance of dealing in if the riichi is tenpai):",
                     "安全な順(リーチが聴牌のときの放銃率):"),
    "why.genbutsu": ("", "現物: リーチ者自身が切った牌なのでロンできない(フリテン)"),
    "why.suji": ("", "筋: この牌を通る両面待ちはどちらもリーチ者の捨て牌で否定されている"),
    "why.kabe": ("", "壁: 両面待ちに必要な牌がすべて見えている"),
    "why.one-chance": ("", "ワンチャンス: 両面待ちに必要な牌が3枚見えている"),
}

_DANGER_JA = {
    "genbutsu": "現物",
    "no copies left": "残り0枚",
    "outside the flush suit": "染め手の色以外",
    "suji": "筋",
    "one-chance": "ワンチャンス",
    "kabe": "壁",
    "suji and kabe": "筋と壁",
    "half-suji": "片筋",
    "one-chance on one side": "片側ワンチャンス",
    "kabe on one side": "片側の壁",
    "no suji": "無筋",
}


def danger_reason(reason: str, lang: str) -> str:
    """`ai.danger.tile_danger`'s reason ('suji', 'honor, 2 seen') in `lang`."""
    if lang != "ja":
        return reason
    if reason.startswith("honor, "):
        return f"字牌、{reason.split()[1]}枚見え"
    return _DANGER_JA.get(reason, reason)


def shanten_words(value: int, lang: str) -> str:
    """'聴牌', '2向聴' (the English words are `rules.analysis.shanten_state`)."""
    if value < 0:
        return "和了形"
    return "聴牌" if value == 0 else f"{value}向聴"


def text(key: str, lang: str) -> str:
    """The sentence `key` in `lang` ("en" or "ja")."""
    en, ja = _TEXTS[key]
    return ja if lang == "ja" else en

