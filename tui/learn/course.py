"""The course (`mahjong-tui learn`): nine lessons in the order good teachers use, one
suit and short hands first, then the full hand, riichi before calls, furiten late;
then a tenth for three-player (sanma) where it differs, under `tenhou3`.

Each lesson is a script of moments (`tui.learn.lessons`): the hands are written
here, every answer is worked out by the rules code when the step is shown. Where a
step follows a discard, its hand is the previous hand less the right discard plus
the tile drawn (written last); a test checks that every script holds together.
What a step's text says about its position is written beside it as `claims`
(`tui.learn.claims`), which a test checks with the rules code in both languages.

Every text is a `Say`: English, then Japanese in the terms Japanese players use
(萬子 筒子 索子, 字牌, 面子 雀頭, 聴牌 向聴, 立直, ツモ ロン, チー ポン カン, 役 役なし,
フリテン, 符 翻, 現物 筋). What the rules code computes (the yaku of a win, fu items,
the payment, why a tile is safe) is worded in the learner's language here.
"""

from __future__ import annotations

from rules.request import answer
from rules.ruleset import Ruleset
from rules.shanten import shanten
from rules.tiles import (
    DRAGONS,
    NORTH,
    dora_skipping,
    is_yaochuu,
    kind_to_str,
    parse_kinds,
    to_counts,
    wind_from_letter,
)
from rules.waits import is_complete
from rules.yaku import available_table

from ..words import check_lang, first_name, fu_name
from .claims import Claim
from .drills import defence_table, payment_text
from .lessons import (
    Act,
    Discard,
    Lesson,
    Pick,
    Say,
    Waits,
    state_text,
    tile_label,
    yaku_text,
)

TSUMO_OPTIONS = (("win", Say("Tsumo: declare the win", "ツモ: 和了を宣言する")),
                 ("pass", Say("Discard and play on", "打牌して続ける")))
RON_OPTIONS = (("win", Say("Ron: win on this discard", "ロン: この捨て牌で和了る")),
               ("pass", Say("Pass", "見送る")))
CALL_OPTIONS = (("call", Say("Call it", "鳴く")), ("pass", Say("Pass", "見送る")))
PICK_EVERY = Say("Pick every group that is a set, then Enter.",
                 "面子になっている組をすべて選んで Enter。")
PICK_WAITS = Say("Pick every tile this hand wins on, then Enter.",
                 "この手の和了牌をすべて選んで Enter。")
WIN_OR_NOT = Say("Win, or play on?", "和了りますか、続けますか?")


def _ja(lang: str) -> bool:
    return check_lang(lang) == "ja"


def _list(items: list[str], lang: str) -> str:
    return ("、" if _ja(lang) else ", ").join(items)


def _filled(hand: str, win: str) -> dict[str, object]:
    """A short lesson hand as a whole riichi win (three made sets added), so the
    scorer can say what kind of wait it is."""
    return {"concealed": hand + "123p456p789s", "win": win, "riichi": True, "seat_wind": "S",
            "round_wind": "E"}


# --- 1 tiles and sets ---------------------------------------------------------------------

_GROUPS = ("123m", "555m", "124m", "789m", "135m", "99m")


def _is_set(group: str) -> bool:
    """A set is three tiles that complete a hand with a pair and three sets made."""
    kinds = parse_kinds(group)
    if len(kinds) != 3:
        return False
    counts = [0] * 34
    for k in [*kinds, 27, 27]:  # with a pair of East as the hand's pair
        counts[k] += 1
    return is_complete(counts, 3, chiitoitsu=False)


_SETS = Say("Sets: {sets} (a run of three in a row, or three alike). Not sets: {others} (a gap, "
            "or only two tiles: 99m is a pair).",
            "面子: {sets} (同じ色の連続した三枚か、同じ牌三枚)。面子でない: {others} "
            "(間が空いている、または二枚だけ: 99m は対子)。")


def _sets_explain(picked: frozenset[str], ruleset: Ruleset, lang: str) -> str:
    sets = [g for g in _GROUPS if _is_set(g)]
    others = [g for g in _GROUPS if not _is_set(g)]
    return _SETS.text(lang, sets=_list(sets, lang), others=_list(others, lang))


LESSON_1 = Lesson("tiles", Say("Tiles and sets, in one suit", "牌と面子 (一色で)"), (
    Pick(
        say=Say("Number tiles come in three suits, 1 to 9: man (m, 萬子), pin (p, 筒子) and "
                "sou (s, 索子); four copies of each. A winning hand is four sets and a pair. "
                "A set is a run of three in a row in one suit (順子 shuntsu) or three alike "
                "(刻子 koutsu).",
                "数牌は萬子 (m)・筒子 (p)・索子 (s) の三種類で、それぞれ1から9、各4枚ずつ"
                "あります。和了の形は四つの面子と一つの雀頭 (対子) です。面子とは、同じ色で"
                "連続した三枚 (順子) か、同じ牌三枚 (刻子) のことです。"),
        goal=PICK_EVERY,
        options=tuple((g, g) for g in _GROUPS),
        right=lambda r: frozenset(g for g in _GROUPS if _is_set(g)),
        explain=_sets_explain,
        multi=True,
        claims=(Claim("sets", tiles=" ".join(_GROUPS), expected="123m 555m 789m"),),
    ),
    Waits(
        say=Say("The other three sets and the pair 99m are made; 45m is half a run. A hand one "
                "tile from a win is tenpai (聴牌); the tiles that complete it are its waits.",
                "ほかの三面子と雀頭 99m はできています。45m は順子の一歩手前です。あと一枚で"
                "和了れる手を聴牌といい、和了になる牌を待ちといいます。"),
        goal=PICK_WAITS,
        hand="4599m", sets_done=3,
        after=Say("45m waits on both sides, 3m and 6m: a two-sided wait (両面 ryanmen), the "
                  "best.",
                  "45m は両側の 3m と 6m を待ちます。両面待ち、いちばん良い待ちです。"),
        claims=(Claim("waits", tiles="3m6m", hand="4599m", sets_done=3, expected="3m6m"),
                Claim("win_value", tiles="3m", request=_filled("4599m", "3m"),
                      expected={"wait": "ryanmen"})),
    ),
    Waits(
        say=Say("Now 1113m. Read it two ways: 111m as a set with 3m alone, or 11m as the pair "
                "with 13m waiting in the middle.",
                "今度は 1113m。二通りに読めます: 111m を刻子にして 3m が単騎、または 11m を"
                "雀頭にして 13m が間の牌を待つ形。"),
        goal=PICK_WAITS,
        hand="1113m", sets_done=3,
        after=Say("2m (11m pair, 123m) and 3m (111m, 33m pair): one suit often hides several "
                  "waits, so always try each reading.",
                  "2m (雀頭 11m と 123m) と 3m (111m と雀頭 33m)。一色の形には複数の待ちが"
                  "隠れていることが多いので、いつも読み方を全部試しましょう。"),
        claims=(Claim("waits", tiles="2m3m", hand="1113m", sets_done=3, expected="2m3m"),
                Claim("reading", tiles="2m", hand="1113m", expected="11m 123m"),
                Claim("reading", tiles="3m", hand="1113m", expected="111m 33m")),
    ),
))


# --- 2 a short hand -------------------------------------------------------------------------

_OTHER_SETS = "123p456p789s"
_MADE = Say(f"Made already: {_OTHER_SETS}", f"完成済みの面子: {_OTHER_SETS}")

_L2_WIN = {"concealed": "2345m" + _OTHER_SETS, "win": "5m", "tsumo": True, "seat_wind": "S",
           "round_wind": "E"}

LESSON_2 = Lesson("short", Say("A short hand: to tenpai and win", "短い手: 聴牌から和了へ"), (
    Discard(
        say=Say("A short hand: three sets (123p 456p 789s) are already made, so only these "
                "tiles matter. You drew 4m (last). Each turn you draw one tile and discard one.",
                "短い手です。三つの面子 (123p 456p 789s) はもう完成しているので、残りの牌"
                "だけを考えます。4m をツモりました (右端)。毎巡、一枚ツモって一枚捨てます。"),
        goal=Say("Discard the tile that brings the hand closest to a win.",
                 "和了にいちばん近づく牌を切ってください。"),
        hand="2359m4m", sets_done=3, widest=True,
        facts=(_MADE,),
        claims=(Claim("best_discard", tiles="9m", hand="23459m", sets_done=3, expected="9m"),
                Claim("waits", tiles="2m5m", hand="2345m", sets_done=3, expected="2m5m"),
                Claim("waits", tiles="9m", hand="3459m", sets_done=3, expected="9m"),
                Claim("waits", tiles="9m", hand="2349m", sets_done=3, expected="9m")),
        after=Say("9m: 2345m is tenpai on two tiles. Discarding 2m or 5m is tenpai too, but "
                  "on 9m alone: keep the shape with more waits.",
                  "9m 切り: 2345m は二種の牌を待つ聴牌です。2m や 5m を切っても聴牌ですが、"
                  "待ちは 9m だけ。待ちの多い形を残しましょう。"),
    ),
    Waits(
        say=Say("2345m: a run and one more tile, or one more tile and a run.",
                "2345m: 順子と一枚、または一枚と順子。"),
        goal=PICK_WAITS,
        hand="2345m", sets_done=3,
        after=Say("2m (22m pair + 345m) and 5m (234m + 55m pair).",
                  "2m (雀頭 22m と 345m) と 5m (234m と雀頭 55m)。"),
        claims=(Claim("waits", tiles="2m5m", hand="2345m", sets_done=3, expected="2m5m"),
                Claim("reading", tiles="2m", hand="2345m", expected="22m 345m"),
                Claim("reading", tiles="5m", hand="2345m", expected="234m 55m")),
    ),
    Act(
        say=Say("You drew 5m. 234m and the pair 55m with your three sets: four sets and a pair.",
                "5m をツモりました。234m と雀頭 55m、それに三面子: 四面子一雀頭の完成です。"),
        goal=WIN_OR_NOT,
        hand="2345m5m", facts=(_MADE,),
        decide="win", options=TSUMO_OPTIONS,
        request=_L2_WIN,
        after=Say("Winning on your own draw is tsumo (自摸); with a closed hand, tsumo is "
                  "itself a yaku (門前清自摸和).",
                  "自分のツモで和了ることをツモ和了といいます。門前 (鳴いていない手) なら、"
                  "ツモそのものが役 (門前清自摸和) になります。"),
        claims=(Claim("reading", tiles="5m", hand="2345m", expected="234m 55m"),
                Claim("has_yaku", request=_L2_WIN, expected="menzen_tsumo")),
    ),
))


# --- 3 the full hand with honours -------------------------------------------------------------

_L3_RON = {"concealed": "123m456p555z22s78s", "win": "6s", "seat_wind": "S", "round_wind": "E"}

LESSON_3 = Lesson("full", Say("The full hand: 14 tiles with honours", "本当の手: 字牌を含む14枚"), (
    Discard(
        say=Say("Now the whole hand: 13 tiles, plus the one you draw. Honours (字牌) are the "
                "winds East South West North (1z-4z) and the dragons Haku Hatsu Chun (5z-7z). "
                "They make only triplets and pairs, never runs.",
                "今度は手牌全体: 13枚とツモった一枚です。字牌は風牌の東南西北 (1z-4z) と"
                "三元牌の白發中 (5z-7z)。字牌は刻子と対子にしかならず、順子は作れません。"),
        goal=Say("You drew 7s (last). Discard the tile that helps least.",
                 "7s をツモりました (右端)。いちばん役に立たない牌を切ってください。"),
        hand="123m456p555z22s4z9m7s", widest=True,
        claims=(Claim("best_discard", tiles="4z", hand="123m456p555z22s4z9m7s", expected="4z"),
                Claim("waits", tiles="7m", hand="89m11z", sets_done=3, expected="7m"),
                Claim("waits", tiles="8m", hand="79m11z", sets_done=3, expected="8m")),
        after=Say("North: alone, an honour only waits for its own three copies; 9m can still "
                  "become a run with 7m or 8m.",
                  "北切り: 孤立した字牌は同じ牌の残り三枚しか待てません。9m なら 7m や 8m で"
                  "順子になる可能性があります。"),
    ),
    Discard(
        say=Say("You drew 8s: 78s is a run waiting on both sides.",
                "8s をツモりました: 78s は両側を待つ順子の形です。"),
        goal=Say("Discard to reach tenpai.", "聴牌になる牌を切ってください。"),
        hand="123m456p555z22s9m7s8s", widest=True,
        claims=(Claim("best_discard", tiles="9m", hand="123m456p555z22s9m7s8s", expected="9m"),
                Claim("shanten", hand="123m456p555z22s7s8s", expected=0)),
        after=Say("9m: now the hand is tenpai: 123m 456p 555z, the pair 22s, and 78s.",
                  "9m 切り: これで聴牌です。123m 456p 555z、雀頭 22s、そして 78s。"),
    ),
    Waits(
        say=Say("Haku (555z) is a dragon triplet: a yaku by itself (役牌 yakuhai).",
                "白 (555z) は三元牌の刻子: それだけで役 (役牌) になります。"),
        goal=PICK_WAITS,
        hand="123m456p555z22s78s", suit="s",
        after=Say("6s and 9s, a two-sided wait.", "6s と 9s の両面待ちです。"),
        claims=(Claim("waits", tiles="6s9s", hand="123m456p555z22s78s", expected="6s9s"),
                Claim("has_yaku", tiles="5z", request=_L3_RON, expected="yakuhai_haku"),
                Claim("win_value", tiles="6s", request=_L3_RON, expected={"wait": "ryanmen"})),
    ),
    Act(
        say=Say("You drew 9s.", "9s をツモりました。"),
        goal=WIN_OR_NOT,
        hand="123m456p555z22s78s9s",
        decide="win", options=TSUMO_OPTIONS,
        request={"concealed": "123m456p555z22s78s", "win": "9s", "tsumo": True,
                 "seat_wind": "S", "round_wind": "E"},
        claims=(Claim("waits_include", tiles="9s", hand="123m456p555z22s78s"),),
    ),
))


# --- 4 riichi, tsumo and ron --------------------------------------------------------------------

_RIICHI_HAND = "123m456p789s34s11z"

LESSON_4 = Lesson("riichi", Say("Riichi, tsumo and ron", "立直、ツモとロン"), (
    Act(
        say=Say("Your closed hand is tenpai on 2s and 5s. But a win needs a yaku, and the pair "
                "of East (the round wind) spoils pinfu. Riichi (立直): with a closed tenpai "
                "hand you may bet 1000 points and declare it; riichi is then your yaku, but "
                "the hand is locked.",
                "門前の手が 2s と 5s 待ちで聴牌しています。しかし和了には役が必要で、場風の"
                "東の雀頭があるので平和もつきません。立直: 門前で聴牌していれば1000点を"
                "供託して宣言できます。立直そのものが役になりますが、以後は手を変えられません。"),
        goal=Say("Declare riichi, or stay silent (dama)?", "立直しますか、ダマにしますか?"),
        hand=_RIICHI_HAND,
        decide="riichi", options=(("riichi", Say("Riichi", "立直")),
                                  ("dama", Say("Dama: no riichi", "ダマ: 立直しない"))),
        request={"concealed": _RIICHI_HAND, "win": "2s", "seat_wind": "S",
                 "round_wind": "E"},
        claims=(Claim("waits", tiles="2s5s", hand=_RIICHI_HAND, expected="2s5s"),
                Claim("lacks_yaku", expected="pinfu",
                      request={"concealed": _RIICHI_HAND, "win": "2s", "riichi": True,
                               "seat_wind": "S", "round_wind": "E"})),
    ),
    Act(
        say=Say("You are in riichi. West discards 5s, one of your waits.",
                "立直中です。西家が 5s を捨てました。あなたの待ちの一つです。"),
        goal=Say("Ron, or pass?", "ロンしますか、見送りますか?"),
        hand=_RIICHI_HAND, facts=(Say("West discards 5s", "西家の捨て牌: 5s"),),
        decide="win", options=RON_OPTIONS,
        request={"concealed": _RIICHI_HAND, "win": "5s", "riichi": True, "seat_wind": "S",
                 "round_wind": "E"},
        claims=(Claim("waits_include", tiles="5s", hand=_RIICHI_HAND),),
        after=Say("Winning on another player's discard is ron (栄和): the discarder pays it all.",
                  "他家の捨て牌で和了ることをロンといいます。放銃した人が全額を払います。"),
    ),
    Act(
        say=Say("Another hand, the same tenpai: this time you draw 2s yourself.",
                "別の局、同じ聴牌: 今度は自分で 2s をツモりました。"),
        goal=WIN_OR_NOT,
        hand=_RIICHI_HAND + "2s",
        decide="win", options=TSUMO_OPTIONS,
        request={"concealed": _RIICHI_HAND, "win": "2s", "riichi": True, "tsumo": True,
                 "seat_wind": "S", "round_wind": "E"},
        claims=(Claim("waits_include", tiles="2s", hand=_RIICHI_HAND),
                Claim("has_yaku", expected="menzen_tsumo",
                      request={"concealed": _RIICHI_HAND, "win": "2s", "tsumo": True,
                               "seat_wind": "S", "round_wind": "E"})),
        after=Say("By tsumo the three others share the payment. And a closed hand's tsumo is "
                  "a yaku of its own (menzen tsumo), on top of riichi.",
                  "ツモ和了では、ほかの三人が分担して払います。また門前のツモはそれ自体が役"
                  " (門前清自摸和) で、立直に加わります。"),
    ),
))


# --- 5 calls --------------------------------------------------------------------------------


def open_yaku_after_call(hand: str, called: str, ruleset: Ruleset,
                         seat: str = "S", round_: str = "E") -> bool:
    """Whether the hand keeps a sure yaku once `called` (a set, mpsz) is open: a value
    triplet (a dragon, the seat or round wind) among the called sets, or every tile a
    simple where the ruleset allows open tanyao (kuitan). Riichi and menzen tsumo are
    gone once a hand is open."""
    values = {*DRAGONS, wind_from_letter(seat), wind_from_letter(round_)}
    sets = [parse_kinds(text) for text in called.split()]
    if any(len(set(kinds)) == 1 and kinds[0] in values for kinds in sets):
        return True
    every = parse_kinds(hand) + [k for kinds in sets for k in kinds]
    return ruleset.kuitan and not any(is_yaochuu(k) for k in every)


_CALL_HAND = "234m67p79s1199p66z"
_AFTER_PON = "234m67p79s119p"  # the pon of Hatsu made, 9p discarded
_CLOSED = "123m67p789s1199p5z"

# wins that the calls of lesson 5 lead to: with the pon of Hatsu (and the chi of 8s) the
# hand has its yaku; the chi of 5p leaves a hand of terminals with none
_HATSU_WIN = {"concealed": "234m67p11p", "win": "5p", "seat_wind": "S", "round_wind": "E",
              "melds": [{"type": "pon", "tiles": "666z", "from": "shimocha"},
                        {"type": "chi", "tiles": "789s", "from": "kamicha"}]}
_CHI_WIN = {"concealed": "123m789s1199p", "win": "9p", "seat_wind": "S", "round_wind": "E",
            "melds": [{"type": "chi", "tiles": "567p", "from": "kamicha"}]}

LESSON_5 = Lesson("calls", Say("Calls: pon and chi", "鳴き: ポンとチー"), (
    Act(
        say=Say("Another player's discard can complete a set: pon (ポン) takes it for three "
                "alike, from anyone; chi (チー) for a run, only from the player on your left "
                "(kamicha). A called set is open (shown), and an open hand may not riichi.",
                "他家の捨て牌で面子を完成させられます: ポンは同じ牌三枚の刻子で、誰からでも"
                "できます。チーは順子で、左隣の上家からだけです。鳴いた面子は公開され、"
                "鳴いた手は立直できません。"),
        goal=Say("North discards Hatsu (6z). You hold two. Pon it?",
                 "北家が發 (6z) を捨てました。あなたは二枚持っています。ポンしますか?"),
        hand=_CALL_HAND, facts=(Say("North discards Hatsu (6z)", "北家の捨て牌: 發 (6z)"),),
        decide="call", options=CALL_OPTIONS,
        call_right=lambda r: open_yaku_after_call(_CALL_HAND, "666z", r),
        claims=(Claim("has_yaku", tiles="6z", expected="yakuhai_hatsu", request=_HATSU_WIN),),
        why_call=Say("Hatsu is a dragon: a triplet of it is yakuhai, a yaku even in an open "
                     "hand.",
                     "發は三元牌: その刻子は役牌で、鳴いた手でも役になります。"),
    ),
    Act(
        say=Say("Your hand is open with a yaku (the pon of Hatsu); you discarded 9p. Now "
                "kamicha, the player on your left, discards 8s.",
                "手は鳴いていて役があります (發のポン)。9p を切りました。今、左隣の上家が "
                "8s を捨てました。"),
        goal=Say("Chi 8s with 79s?", "79s で 8s をチーしますか?"),
        hand=_AFTER_PON, facts=(Say("Called: pon 666z", "鳴いた面子: ポン 666z"),
                                Say("Kamicha discards 8s", "上家の捨て牌: 8s")),
        decide="call", options=CALL_OPTIONS,
        call_right=lambda r: open_yaku_after_call(_AFTER_PON, "666z 789s", r),
        claims=(Claim("has_yaku", tiles="8s", expected="yakuhai_hatsu", request=_HATSU_WIN),),
        why_call=Say("The hand already has its yaku (Hatsu), so a chi that fills the gap is "
                     "speed for free.",
                     "すでに役 (發) があるので、嵌張を埋めるチーは損なく手を速めます。"),
    ),
    Act(
        say=Say("A different hand: closed, no value pair, terminals in it. Kamicha discards "
                "5p.",
                "別の手: 門前で、役牌の対子はなく、么九牌を含みます。上家が 5p を捨てました。"),
        goal=Say("Chi 5p with 67p?", "67p で 5p をチーしますか?"),
        hand=_CLOSED, facts=(Say("Kamicha discards 5p", "上家の捨て牌: 5p"),),
        decide="call", options=CALL_OPTIONS,
        call_right=lambda r: open_yaku_after_call(_CLOSED, "567p", r),
        claims=(Claim("all_simples", hand=_CLOSED, expected=False),
                Claim("no_yaku", tiles="5p", request=_CHI_WIN)),
        why_call=Say("Open, this hand has no sure yaku: no riichi, no tanyao (it has "
                     "terminals), no value triplet. Stay closed and keep riichi.",
                     "鳴くとこの手には確実な役がありません: 立直はできず、么九牌があるので"
                     "断幺九もなく、役牌の刻子もありません。門前のまま立直を残しましょう。"),
    ),
))


# --- 6 yaku, and no yaku, no win ----------------------------------------------------------------

_YAKU_OPTIONS = ("riichi", "tanyao", "dora", "red_five", "pinfu")
_NOT_YAKU = {"dora": Say("dora ドラ", "ドラ"), "red_five": Say("red five 赤ドラ", "赤ドラ")}


def _is_yaku(name: str, ruleset: Ruleset) -> bool:
    return name in available_table(ruleset)


def _yaku_label(name: str, lang: str = "en") -> str:
    if name in _NOT_YAKU:
        return _NOT_YAKU[name].text(lang)
    return yaku_text(name, lang)


_YAKU_ARE = Say("Yaku: {yaku}; dora and red fives only add han.",
                "役: {yaku}。ドラと赤ドラは翻を足すだけです。")

LESSON_6 = Lesson("yaku", Say("Yaku: no yaku, no win", "役: 役なしでは和了れない"), (
    Act(
        say=Say("Four sets and a pair is not enough: a win needs at least one yaku (役). Your "
                "hand is open (chi 789s) and complete with 5s: 234m 567p 345s 55s.",
                "四面子一雀頭だけでは足りません: 和了には役が最低一つ必要です。手は鳴いて"
                "いて (チー 789s)、5s で完成します: 234m 567p 345s 55s。"),
        goal=Say("South discards 5s. Ron?", "南家が 5s を捨てました。ロンしますか?"),
        hand="234m567p3455s", facts=(Say("Called: chi 789s", "鳴いた面子: チー 789s"),
                                     Say("South discards 5s", "南家の捨て牌: 5s")),
        decide="win", options=RON_OPTIONS,
        request={"concealed": "234m567p3455s", "win": "5s",
                 "melds": [{"type": "chi", "tiles": "789s", "from": "kamicha"}],
                 "seat_wind": "W", "round_wind": "E"},
        claims=(Claim("reading", tiles="5s", hand="234m567p3455s",
                      expected="234m 567p 345s 55s"),),
    ),
    Act(
        say=Say("The same, but the chi is 678s: now every tile is a simple (2-8).",
                "同じ手ですが、チーが 678s: 今度はすべての牌が中張牌 (2-8) です。"),
        goal=Say("South discards 5s. Ron?", "南家が 5s を捨てました。ロンしますか?"),
        hand="234m567p3455s", facts=(Say("Called: chi 678s", "鳴いた面子: チー 678s"),
                                     Say("South discards 5s", "南家の捨て牌: 5s")),
        decide="win", options=RON_OPTIONS,
        request={"concealed": "234m567p3455s", "win": "5s",
                 "melds": [{"type": "chi", "tiles": "678s", "from": "kamicha"}],
                 "seat_wind": "W", "round_wind": "E"},
        after=Say("All simples is tanyao (断幺九); this preset allows it open (kuitan).",
                  "中張牌だけの手は断幺九。このルールでは鳴いても成立します (喰いタン)。"),
        claims=(Claim("all_simples", hand="234m567p3455s678s", expected=True),
                Claim("rule", expected={"kuitan": True}),
                Claim("has_yaku", expected="tanyao",
                      request={"concealed": "234m567p3455s", "win": "5s", "seat_wind": "W",
                               "round_wind": "E",
                               "melds": [{"type": "chi", "tiles": "678s", "from": "kamicha"}]})),
    ),
    Pick(
        say=Say("Dora add han to a win but are not yaku: a hand with only dora cannot win.",
                "ドラは和了の翻を増やしますが、役ではありません: ドラだけの手は和了れません。"),
        goal=Say("Pick every yaku, then Enter.", "役をすべて選んで Enter。"),
        options=tuple((y, Say(_yaku_label(y), _yaku_label(y, "ja"))) for y in _YAKU_OPTIONS),
        right=lambda r: frozenset(y for y in _YAKU_OPTIONS if _is_yaku(y, r)),
        explain=lambda picked, r, lang: _YAKU_ARE.text(lang, yaku=_list(
            [_yaku_label(y, lang) for y in _YAKU_OPTIONS if _is_yaku(y, r)], lang)),
        multi=True,
        claims=(Claim("is_yaku", request={"names": _YAKU_OPTIONS},
                      expected=("riichi", "tanyao", "pinfu")),),
    ),
))


# --- 7 furiten --------------------------------------------------------------------------------

_FURITEN_HAND = "123m456m789s45p11z"
_RIVER = Say("Your river: 9m 1z 6p", "自分の河: 9m 1z 6p")

LESSON_7 = Lesson("furiten", Say("Furiten", "フリテン"), (
    Waits(
        say=Say("You are in riichi with this hand. Earlier you discarded 6p.",
                "この手で立直しています。前に 6p を捨てました。"),
        goal=PICK_WAITS,
        hand=_FURITEN_HAND, suit="p", facts=(_RIVER,),
        after=Say("3p and 6p. And 6p is in your own river.",
                  "3p と 6p。そして 6p は自分の河にあります。"),
        claims=(Claim("waits", tiles="3p6p", hand=_FURITEN_HAND, expected="3p6p"),
                Claim("furiten", tiles="6p", hand=_FURITEN_HAND, river="9m1z6p", expected=True)),
    ),
    Act(
        say=Say("Furiten (振聴): if any of your waits is in your own river, you may not win by "
                "ron on any of them, only by tsumo.",
                "フリテン: 待ちのどれかが自分の河にあると、どの待ちでもロンできず、"
                "ツモでしか和了れません。"),
        goal=Say("North discards 3p. Ron?", "北家が 3p を捨てました。ロンしますか?"),
        hand=_FURITEN_HAND, facts=(_RIVER, Say("North discards 3p", "北家の捨て牌: 3p")),
        decide="win", options=RON_OPTIONS, own_discards="9m1z6p",
        claims=(Claim("waits_include", tiles="3p", hand=_FURITEN_HAND),
                Claim("furiten", hand=_FURITEN_HAND, river="9m1z6p", expected=True)),
        request={"concealed": _FURITEN_HAND, "win": "3p", "riichi": True, "seat_wind": "S",
                 "round_wind": "E"},
    ),
    Act(
        say=Say("Then you draw 3p yourself.", "次に、自分で 3p をツモりました。"),
        goal=WIN_OR_NOT,
        hand=_FURITEN_HAND + "3p", facts=(_RIVER,),
        decide="win", options=TSUMO_OPTIONS, own_discards="9m1z6p",
        request={"concealed": _FURITEN_HAND, "win": "3p", "riichi": True, "tsumo": True,
                 "seat_wind": "S", "round_wind": "E"},
        after=Say("Furiten never stops a tsumo.", "フリテンでもツモ和了はできます。"),
        claims=(Claim("waits_include", tiles="3p", hand=_FURITEN_HAND),
                Claim("has_yaku", expected="menzen_tsumo",
                      request={"concealed": _FURITEN_HAND, "win": "3p", "tsumo": True,
                               "seat_wind": "S", "round_wind": "E"})),
    ),
))


# --- 8 reading the result ---------------------------------------------------------------------

RESULT_REQUEST = {"concealed": "234m67m345p678s55p", "win": "8m", "riichi": True,
                  "seat_wind": "S", "round_wind": "E", "dora_indicators": "7s"}


def _result(ruleset: Ruleset) -> dict:
    return answer(RESULT_REQUEST, ruleset)


_RESULT_FACTS = (Say("Riichi, ron on 8m from West; you are South (not the dealer)",
                     "立直、西家から 8m でロン。あなたは南家 (子) です"),
                 Say("Dora indicator 7s: the dora is 8s", "ドラ表示牌 7s: ドラは 8s"))


_DORA_CLAIM = Claim("dora", tiles="7s8s")


def _yaku_line(r: dict, lang: str) -> str:
    unit = "翻" if _ja(lang) else " han"
    return _list([f"{yaku_text(y['id'], lang)} {y['han']}{unit}" for y in r["yaku"]], lang)


def _fu_line(r: dict, lang: str) -> str:
    if _ja(lang):
        return _list([f"{first_name('fu.' + i['item'], 'ja')} {i['fu']}符"
                      for i in r["fu_breakdown"]], lang)
    return _list([f"{fu_name(i['item'])} {i['fu']}" for i in r["fu_breakdown"]], lang)


_HAN = Say("{yaku}, and dora {dora}: {han} han.", "{yaku}、ドラ{dora}: 合計{han}翻。")
_FU = Say("{items}: {fu} fu.", "{items}: {fu}符。")
_PAY = Say("{han} han {fu} fu, non-dealer ron: {pay}{limit}.",
           "{han}翻{fu}符、子のロン: {pay}点{limit}。")
_LIMIT = Say(" ({limit} under {ruleset})", " ({ruleset} では{limit})")


def _pay_explain(picked: frozenset[str], r: Ruleset, lang: str) -> str:
    got = _result(r)
    limit = _LIMIT.text(lang, limit=first_name(f"limit.{got['limit']}", lang),
                        ruleset=r.id) if got["limit"] else ""
    return _PAY.text(lang, han=got["han"], fu=got["fu"], pay=payment_text(RESULT_REQUEST, got),
                     limit=limit)


LESSON_8 = Lesson("result", Say("Reading the result", "結果の読み方"), (
    Pick(
        say=Say("After a win the result screen lists the yaku with their han (翻), the dora, "
                "the fu (符, points for the hand's shape) and the payment.",
                "和了のあと、結果画面には役とその翻数、ドラ、符 (手の形による点) と支払いが"
                "表示されます。"),
        goal=Say("How many han is this win, dora included?", "この和了はドラ込みで何翻?"),
        hand="234m67m345p678s55p8m", facts=_RESULT_FACTS,
        options=tuple((str(n), Say(f"{n} han", f"{n}翻")) for n in (2, 3, 4, 5)),
        right=lambda r: frozenset({str(_result(r)["han"])}),
        claims=(_DORA_CLAIM,),
        explain=lambda p, r, lang: _HAN.text(lang, yaku=_yaku_line(_result(r), lang),
                                             dora=_result(r)["dora"]["dora"],
                                             han=_result(r)["han"]),
    ),
    Pick(
        say=Say("Fu start at 20; a closed ron adds 10; pinfu adds nothing else.",
                "符は20符 (副底) から始まり、門前のロンは10符加算、平和ならほかに加算は"
                "ありません。"),
        goal=Say("How many fu?", "何符?"),
        hand="234m67m345p678s55p8m", facts=_RESULT_FACTS,
        options=tuple((str(n), Say(f"{n} fu", f"{n}符")) for n in (20, 30, 40, 50)),
        right=lambda r: frozenset({str(_result(r)["fu"])}),
        claims=(_DORA_CLAIM, Claim("win_value", request=RESULT_REQUEST,
                                   expected={"fu_items": ["base", "closed_ron"]})),
        explain=lambda p, r, lang: _FU.text(lang, items=_fu_line(_result(r), lang),
                                            fu=_result(r)["fu"]),
    ),
    Pick(
        say=Say("Han and fu give the payment from the table: here a non-dealer's ron.",
                "翻と符から点数表で支払いが決まります: ここでは子のロンです。"),
        goal=Say("What does West pay?", "西家はいくら払いますか?"),
        hand="234m67m345p678s55p8m", facts=_RESULT_FACTS,
        options=tuple((str(n), str(n)) for n in (3900, 5200, 7700, 8000)),
        right=lambda r: frozenset({payment_text(RESULT_REQUEST, _result(r))}),
        claims=(_DORA_CLAIM,),
        explain=_pay_explain,
    ),
))


# --- 9 defence --------------------------------------------------------------------------------

# `ai.danger.tile_danger`'s reasons (English, in `defence_table`) in Japanese.
_DANGER_JA = {
    "genbutsu": "現物",
    "no copies left": "残り0枚",
    "outside the flush suit": "染め手の外",
    "suji": "筋",
    "kabe": "壁",
    "one-chance": "ワンチャンス",
    "suji and kabe": "筋と壁",
    "half-suji": "片筋",
    "one-chance on one side": "片側ワンチャンス",
    "kabe on one side": "片側壁",
    "no suji": "無筋",
}


def danger_reason(why: str, lang: str) -> str:
    """A reason of `ai.danger.tile_danger` in `lang` ("honor, 2 seen": 字牌 2枚見え)."""
    if not _ja(lang):
        return why
    if why.startswith("honor, ") and why.endswith(" seen"):
        return f"字牌 {why[len('honor, '):-len(' seen')]}枚見え"
    return _DANGER_JA[why]


def _table(hand: str, river: str) -> dict[int, tuple[float, str]]:
    return defence_table(parse_kinds(hand), parse_kinds(river), [], frozenset(parse_kinds(river)))


def _safest(hand: str, river: str) -> frozenset[str]:
    table = _table(hand, river)
    low = min(p for p, _ in table.values())
    return frozenset(kind_to_str(k) for k, (p, _) in table.items() if p == low)


_SAFEST_FIRST = Say("Safest first: {tiles}.", "安全な順: {tiles}。")


def _defence_explain(hand: str, river: str, lang: str) -> str:
    ranked = sorted(_table(hand, river).items(), key=lambda item: (item[1][0], item[0]))
    sep = "、" if _ja(lang) else "; "
    return _SAFEST_FIRST.text(lang, tiles=sep.join(
        f"{tile_label(k, lang)} {danger_reason(why, lang)}" for k, (_, why) in ranked[:4]))


_WHICH_SAFE = Say("Which tile is safest to discard?", "いちばん安全に切れる牌は?")


def _defence_step(say: Say, hand: str, river: str, after: Say,
                  claims: tuple[Claim, ...] = ()) -> Pick:
    kinds = sorted(set(parse_kinds(hand)))
    shown = " ".join(kind_to_str(k) for k in parse_kinds(river))
    return Pick(
        say=say, goal=_WHICH_SAFE, hand=hand,
        facts=(Say(f"South's river (riichi): {shown}", f"南家の河 (立直): {shown}"),),
        options=tuple((kind_to_str(k), Say(tile_label(k), tile_label(k, "ja"))) for k in kinds),
        right=lambda r: _safest(hand, river),
        explain=lambda p, r, lang: _defence_explain(hand, river, lang),
        after=after, claims=claims,
    )


LESSON_9 = Lesson("defence", Say("Defence against a riichi", "立直への守り"), (
    _defence_step(
        Say("South declared riichi; your hand is far from tenpai. Fold: discard tiles South "
            "cannot win on. Genbutsu (現物): a tile in South's own river is perfectly safe "
            "(furiten).",
            "南家が立直しました。あなたの手は聴牌から遠いので、降りましょう: 南家が和了れ"
            "ない牌を切ります。現物: 南家自身の河にある牌は完全に安全です (フリテン)。"),
        "1m3m7m2p5p8p3s6s9s5z7z1z6z", "4m1z9p2s",
        Say("1z, East, is in South's river: genbutsu.", "1z (東) は南家の河にある現物です。"),
        (Claim("genbutsu", tiles="1z", river="4m1z9p2s"),
         Claim("genbutsu_in_hand", hand="1m3m7m2p5p8p3s6s9s5z7z1z6z", river="4m1z9p2s",
               expected=True),
         Claim("safest", tiles="1z", hand="1m3m7m2p5p8p3s6s9s5z7z1z6z", river="4m1z9p2s",
               expected="1z")),
    ),
    _defence_step(
        Say("No genbutsu in your hand now. Suji (筋): South discarded 4s, so a two-sided wait "
            "on 1s-4s or 4s-7s would be furiten: 1s and 7s are safer.",
            "今度は手に現物がありません。筋: 南家は 4s を捨てているので、1s-4s や 4s-7s の"
            "両面待ちならフリテンです: 1s と 7s は比較的安全です。"),
        "2m3m7m2p5p8p1s5s8s9s5z7z6z", "4m9p4s2z",
        Say("1s is suji of 4s: the only two-sided shape that waits on 1s, 2-3s, waits on 4s "
            "too, and South discarded 4s (furiten). Only a tanki (single) or a shanpon "
            "(two-pair) wait can still win on 1s.",
            "1s は 4s の筋です: 1s を待つ両面は 2-3s の形だけで、それは 4s も待つので、"
            "4s を切った南家にはフリテンです。1s で和了れるのは単騎待ちかシャンポン待ち"
            "だけです。"),
        (Claim("genbutsu_in_hand", hand="2m3m7m2p5p8p1s5s8s9s5z7z6z", river="4m9p4s2z",
               expected=False),
         Claim("suji", tiles="1s", river="4m9p4s2z"),
         Claim("suji", tiles="7s", river="4m9p4s2z"),
         Claim("ron_shapes", tiles="1s", river="4m9p4s2z", expected=("shanpon", "tanki")),
         Claim("safest", tiles="1s", hand="2m3m7m2p5p8p1s5s8s9s5z7z6z", river="4m9p4s2z",
               expected="1s")),
    ),
))


# --- 10 three-player (sanma) ------------------------------------------------------------------

_INDICATOR = "1m"


def _dora_after(indicator: str, r: Ruleset) -> str:
    """The dora an indicator points to in the ruleset's tile set (1m -> 9m without 2m-8m)."""
    return kind_to_str(dora_skipping(parse_kinds(indicator)[0], r.removed_kinds))


_DORA_IS = Say("With 2m-8m out of the set, the tile after {indicator} is {dora}: {dora} is the "
               "dora. The other way round, a 9m indicator makes 1m the dora.",
               "2m-8m が抜けているので、{indicator} の次は {dora}: ドラは {dora} です。"
               "逆に 9m が表示牌なら、ドラは 1m です。")

_KITA_HAND = "234p567p99p345s67s4z"  # the North drawn last
_KEPT_HAND = "234p567p99p345s67s"


def _shanten(hand: str) -> int:
    return shanten(to_counts(parse_kinds(hand)), 0, chiitoitsu=False, kokushi=False)


def _kita_right(r: Ruleset) -> frozenset[str]:
    """Set the North aside when the ruleset has kita and the hand is no further from a
    win without it than with it kept (discarding another tile); else discard it, or
    keep it when it is part of the hand."""
    kinds = parse_kinds(_KITA_HAND)
    without = list(kinds)
    without.remove(NORTH)
    kept = min(_shanten("".join(kind_to_str(k) for k in kinds[:i] + kinds[i + 1:]))
               for i, k in enumerate(kinds) if k != NORTH)
    if _shanten("".join(kind_to_str(k) for k in without)) > kept:
        return frozenset({"keep"})
    return frozenset({"kita" if r.kita else "discard"})


_KITA_IS = Say("Set aside, the North is a dora and you draw a replacement tile: the hand stays "
               "{state} and is worth one han more.",
               "抜くと北はドラになり、嶺上牌を一枚引きます: 手は{state}のままで、一翻増えます。")
_NO_KITA = Say("This ruleset has no kita: the North is only a tile to discard.",
               "このルールには北抜きがありません: 北はただ捨てる牌です。")


def _kita_explain(picked: frozenset[str], r: Ruleset, lang: str) -> str:
    if not r.kita:
        return _NO_KITA.text(lang)
    return _KITA_IS.text(lang, state=state_text(_shanten(_KEPT_HAND), lang))


# the kept hand's win with the North set aside: the North counts one dora (one han)
_KITA_WIN = {"concealed": _KEPT_HAND, "win": "5s", "riichi": True, "seat_wind": "S",
             "round_wind": "E", "dora_indicators": _INDICATOR, "kita": 1}
_ONE_DORA = {"dora": 1, "aka": 0, "ura": 0}

_NORTH_TRIPLET = {"concealed": "444z123p456p789s1s", "win": "1s", "seat_wind": "S",
                  "round_wind": "E"}

_SANMA_DISCARD = "1m2p456p789s111z66z8p"  # 8p drawn last

# a non-dealer's mangan by tsumo: riichi, menzen tsumo, pinfu and two Norths set aside
_SANMA_TSUMO = {"concealed": "234p567p11s23s789s", "win": "4s", "tsumo": True, "riichi": True,
                "seat_wind": "S", "round_wind": "E", "dora_indicators": _INDICATOR, "kita": 2}


def _tsumo_result(r: Ruleset) -> dict:
    return answer(_SANMA_TSUMO, r)


_TSUMO_PAID = Say("{han} han, a mangan by tsumo: the dealer pays {dealer} and the other player "
                  "{other}, {total} in all. There is no fourth player to pay another {other} "
                  "(tsumo loss).",
                  "{han}翻の満貫をツモ: 親が{dealer}点、もう一人が{other}点、合計{total}点です。"
                  "四人目がいないので、もう{other}点は入りません (ツモ損)。")


def _tsumo_explain(picked: frozenset[str], r: Ruleset, lang: str) -> str:
    got = _tsumo_result(r)
    points = got["points"]
    return _TSUMO_PAID.text(lang, han=got["han"], dealer=points["tsumo_dealer"],
                            other=points["tsumo_non_dealer"], total=points["total"])


LESSON_10 = Lesson("sanma", Say("Three-player mahjong (sanma)", "三人麻雀 (三麻)"), (
    Pick(
        say=Say("Three players, 108 tiles: 2m to 8m are taken out, so the only man tiles are "
                "1m and 9m. The dora indicator still points to the next tile in the set.",
                "三人で108枚: 2m から 8m が抜かれ、萬子は 1m と 9m だけです。ドラ表示牌は"
                "やはり牌の並びで次の牌を指します。"),
        goal=Say("The dora indicator is 1m. Which tile is the dora?",
                 "ドラ表示牌は 1m。ドラはどれ?"),
        facts=(Say(f"Dora indicator: {_INDICATOR}", f"ドラ表示牌: {_INDICATOR}"),),
        options=(("2m", "2m"), ("9m", "9m"), ("1p", "1p")),
        right=lambda r: frozenset({_dora_after(_INDICATOR, r)}),
        explain=lambda p, r, lang: _DORA_IS.text(lang, indicator=_INDICATOR,
                                                 dora=_dora_after(_INDICATOR, r)),
        claims=(Claim("dora", tiles="1m9m"), Claim("dora", tiles="9m1m"),
                Claim("rule", expected={"players": 3, "removed_tiles": "2345678m"})),
    ),
    Pick(
        say=Say("Kita (北抜き): on your turn you may set a North (4z) aside. It counts as a "
                "dora, and you draw a replacement tile. You drew a North; it is alone.",
                "北抜き: 自分の番に北 (4z) を抜いて脇に置けます。抜いた北はドラになり、"
                "嶺上牌を一枚引きます。北をツモりましたが、孤立しています。"),
        goal=Say("Set the North aside, discard it, or keep it?",
                 "北を抜きますか、捨てますか、残しますか?"),
        hand=_KITA_HAND,
        options=(("kita", Say("Kita: set the North aside", "北抜き: 北を抜く")),
                 ("discard", Say("Discard the North", "北を捨てる")),
                 ("keep", Say("Keep the North, discard another tile", "北を残して別の牌を切る"))),
        right=_kita_right,
        explain=_kita_explain,
        after=Say("A North kept in the hand is no value tile in three-player: a triplet of "
                  "North (444z) is no yaku.",
                  "三麻では手に残した北は役牌ではありません: 北 (444z) の刻子は役になりません。"),
        claims=(Claim("rule", expected={"kita": "nukidora"}),
                Claim("shanten", hand=_KEPT_HAND, expected=0),
                Claim("win_value", request=_KITA_WIN, expected={"dora": _ONE_DORA}),
                Claim("no_yaku", tiles="4z", request=_NORTH_TRIPLET)),
    ),
    Pick(
        say=Say("Tsumo loss (ツモ損): a win by tsumo is paid by the two other players only, "
                "as they would pay at a four-player table.",
                "ツモ損: ツモ和了は残りの二人だけが、四人麻雀と同じ額を払います。"),
        goal=Say("You are South (not the dealer) and win this mangan by tsumo. How much do "
                 "you receive in all?",
                 "あなたは南家 (子) で、この満貫をツモ和了しました。合計で何点受け取りますか?"),
        hand="234p567p11s23s789s4s",
        facts=(Say("Riichi, tsumo on 4s; two Norths set aside (kita)",
                   "立直、4s でツモ。北を二枚抜いています"),),
        options=tuple((str(n), str(n)) for n in (6000, 8000, 9000)),
        right=lambda r: frozenset({str(_tsumo_result(r)["points"]["total"])}),
        explain=_tsumo_explain,
        claims=(Claim("win_value", tiles="4s", request=_SANMA_TSUMO,
                      expected={"limit": "mangan", "payment": "2000/4000",
                                "dora": {"dora": 2, "aka": 0, "ura": 0}}),
                Claim("rule", expected={"tsumo_loss": "loss"})),
    ),
    Act(
        say=Say("There is no chi in three-player: a discard completes a set only by pon or "
                "kan (or wins by ron).",
                "三麻にはチーがありません: 捨て牌で面子を作れるのはポンとカン (と和了のロン)"
                "だけです。"),
        goal=Say("Kamicha discards 3p. Chi it with 24p?",
                 "上家が 3p を捨てました。24p でチーしますか?"),
        hand="24p567p11s345s789s", facts=(Say("Kamicha discards 3p", "上家の捨て牌: 3p"),),
        decide="call", options=CALL_OPTIONS,
        call_right=lambda r: r.chi,
        why_call=Say("No chi here: only pon, kan and ron take another player's discard.",
                     "チーはできません: 他家の捨て牌を取れるのはポン、カン、ロンだけです。"),
        claims=(Claim("rule", expected={"chi": False}),),
    ),
    Discard(
        say=Say("A lone 1m or 9m can only pair up, as an honour does: there is no 2m-8m to "
                "make a run with. You drew 8p (last).",
                "孤立した 1m や 9m は字牌と同じく対子にしかなりません: 順子を作る 2m-8m が"
                "ないからです。8p をツモりました (右端)。"),
        goal=Say("Discard the tile that brings the hand closest to a win.",
                 "和了にいちばん近づく牌を切ってください。"),
        hand=_SANMA_DISCARD, widest=True,
        after=Say("1m: 2p and 8p can still grow into runs with 3p and 7p; 1m waits only for "
                  "its own three copies.",
                  "1m 切り: 2p と 8p は 3p や 7p で順子に育ちますが、1m は残り三枚の 1m しか"
                  "待てません。"),
        claims=(Claim("best_discard", tiles="1m", hand=_SANMA_DISCARD, expected="1m"),
                Claim("rule", expected={"removed_tiles": "2345678m"})),
    ),
), ruleset="tenhou3")

COURSE: tuple[Lesson, ...] = (LESSON_1, LESSON_2, LESSON_3, LESSON_4, LESSON_5, LESSON_6,
                              LESSON_7, LESSON_8, LESSON_9, LESSON_10)
