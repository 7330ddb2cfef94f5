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
    "mistake.gone": ("game {game} cannot be read any more ({why}): skipped",
                     "対局 {game} が読めない ({why}): 飛ばす"),
    "discard.option": ("{tile:>3}: {shanten}-shanten, {accepted} tiles accepted",
                       "{tile:>3}: {shanten}向聴、受け入れ{accepted}枚"),
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
    "menu.mistakes": ("Your own mistakes: discards from your kept games ({count})",
                      "自分のミス: 保存した対局の何切る ({count}問)"),
    "menu.no_mistakes": ("No discard mistakes in the kept games yet.",
                         "保存した対局に打牌ミスはまだない。"),
    "menu.at_once": ("Answers: shown after each question", "答え合わせ: 1問ごと"),
    "menu.at_end": ("Answers: shown at the end of a run of {count}",
                    "答え合わせ: {count}問のあとにまとめて"),
}


def text(key: str, lang: str) -> str:
    """The sentence `key` in `lang` ("en" or "ja")."""
    en, ja = _TEXTS[key]
    return ja if lang == "ja" else en

