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
}


def text(key: str, lang: str) -> str:
    """The sentence `key` in `lang` ("en" or "ja")."""
    en, ja = _TEXTS[key]
    return ja if lang == "ja" else en

