"""The course (`mahjong-tui learn`): nine lessons in the order good teachers use, one
suit and short hands first, then the full hand, riichi before calls, furiten late.

Each lesson is a script of moments (`tui.learn.lessons`): the hands are written
here, every answer is worked out by the rules code when the step is shown. Where a
step follows a discard, its hand is the previous hand less the right discard plus
the tile drawn (written last); a test checks that every script holds together.
"""

from __future__ import annotations

from rules.request import answer
from rules.ruleset import Ruleset
from rules.tiles import (
    DRAGONS,
    is_yaochuu,
    kind_name,
    kind_to_str,
    parse_kinds,
    wind_from_letter,
)
from rules.waits import is_complete
from rules.yaku import available_table

from ..words import fu_name, yaku_name
from .drills import defence_table, payment_text, tile_label
from .lessons import Act, Discard, Lesson, Pick, Waits

WIN_OPTIONS = (("win", "Win: declare it"), ("pass", "Do not win: play on"))
TSUMO_OPTIONS = (("win", "Tsumo: declare the win"), ("pass", "Discard and play on"))
RON_OPTIONS = (("win", "Ron: win on this discard"), ("pass", "Pass"))
CALL_OPTIONS = (("call", "Call it"), ("pass", "Pass"))


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


def _sets_explain(picked: frozenset[str], ruleset: Ruleset) -> str:
    sets = [g for g in _GROUPS if _is_set(g)]
    others = [g for g in _GROUPS if not _is_set(g)]
    return (f"Sets: {', '.join(sets)} (a run of three in a row, or three alike). "
            f"Not sets: {', '.join(others)} (a gap, or only two tiles: 99m is a pair).")


LESSON_1 = Lesson("tiles", "Tiles and sets, in one suit", (
    Pick(
        say="Number tiles come in three suits, 1 to 9: man (m, 萬子), pin (p, 筒子) and sou "
            "(s, 索子); four copies of each. A winning hand is four sets and a pair. "
            "A set is a run of three in a row in one suit (順子 shuntsu) or three alike "
            "(刻子 koutsu).",
        goal="Pick every group that is a set, then Enter.",
        options=tuple((g, g) for g in _GROUPS),
        right=lambda r: frozenset(g for g in _GROUPS if _is_set(g)),
        explain=_sets_explain,
        multi=True,
    ),
    Waits(
        say="The other three sets and the pair 99m are made; 45m is half a run. A hand one "
            "tile from a win is tenpai (聴牌); the tiles that complete it are its waits.",
        goal="Pick every tile this hand wins on, then Enter.",
        hand="4599m", sets_done=3,
        after="45m waits on both sides, 3m and 6m: a two-sided wait (両面 ryanmen), the best.",
    ),
    Waits(
        say="Now 1113m. Read it two ways: 111m as a set with 3m alone, or 11m as the pair "
            "with 13m waiting in the middle.",
        goal="Pick every tile this hand wins on, then Enter.",
        hand="1113m", sets_done=3,
        after="2m (11m pair, 123m) and 3m (111m, 33m pair): one suit often hides several "
              "waits, so always try each reading.",
    ),
))


# --- 2 a short hand -------------------------------------------------------------------------

_OTHER_SETS = "123p456p789s"

LESSON_2 = Lesson("short", "A short hand: to tenpai and win", (
    Discard(
        say="A short hand: three sets (123p 456p 789s) are already made, so only these "
            "tiles matter. You drew 4m (last). Each turn you draw one tile and discard one.",
        goal="Discard the tile that brings the hand closest to a win.",
        hand="2359m4m", sets_done=3, widest=True,
        facts=(f"Made already: {_OTHER_SETS}",),
        after="9m: 2345m is tenpai on two tiles. Discarding 2m or 5m is tenpai too, but "
              "on 9m alone: keep the shape with more waits.",
    ),
    Waits(
        say="2345m: a run and one more tile, or one more tile and a run.",
        goal="Pick every tile this hand wins on, then Enter.",
        hand="2345m", sets_done=3,
        after="2m (22m pair + 345m) and 5m (234m + 55m pair).",
    ),
    Act(
        say="You drew 5m. 234m and the pair 55m with your three sets: four sets and a pair.",
        goal="Win, or play on?",
        hand="2345m5m", facts=(f"Made already: {_OTHER_SETS}",),
        decide="win", options=TSUMO_OPTIONS,
        request={"concealed": "2345m" + _OTHER_SETS, "win": "5m", "tsumo": True,
                 "seat_wind": "S", "round_wind": "E"},
        after="Winning on your own draw is tsumo (自摸); with a closed hand, tsumo is "
              "itself a yaku (門前清自摸和).",
    ),
))


# --- 3 the full hand with honours -------------------------------------------------------------

LESSON_3 = Lesson("full", "The full hand: 14 tiles with honours", (
    Discard(
        say="Now the whole hand: 13 tiles, plus the one you draw. Honours (字牌) are the "
            "winds East South West North (1z-4z) and the dragons Haku Hatsu Chun (5z-7z). "
            "They make only triplets and pairs, never runs.",
        goal="You drew 7s (last). Discard the tile that helps least.",
        hand="123m456p555z22s4z9m7s", widest=True,
        after="North: alone, an honour only waits for its own three copies; 9m can still "
              "become a run with 7m or 8m.",
    ),
    Discard(
        say="You drew 8s: 78s is a run waiting on both sides.",
        goal="Discard to reach tenpai.",
        hand="123m456p555z22s9m7s8s", widest=True,
        after="9m: now the hand is tenpai: 123m 456p 555z, the pair 22s, and 78s.",
    ),
    Waits(
        say="Haku (555z) is a dragon triplet: a yaku by itself (役牌 yakuhai).",
        goal="Pick every tile this hand wins on, then Enter.",
        hand="123m456p555z22s78s", suit="s",
        after="6s and 9s, a two-sided wait.",
    ),
    Act(
        say="You drew 9s.",
        goal="Win, or play on?",
        hand="123m456p555z22s78s9s",
        decide="win", options=TSUMO_OPTIONS,
        request={"concealed": "123m456p555z22s78s", "win": "9s", "tsumo": True,
                 "seat_wind": "S", "round_wind": "E"},
    ),
))


# --- 4 riichi, tsumo and ron --------------------------------------------------------------------

_RIICHI_HAND = "123m456p789s34s11z"

LESSON_4 = Lesson("riichi", "Riichi, tsumo and ron", (
    Act(
        say="Your closed hand is tenpai on 2s and 5s. But a win needs a yaku, and the pair "
            "of East (the round wind) spoils pinfu. Riichi (立直): with a closed tenpai "
            "hand you may bet 1000 points and declare it; riichi is then your yaku, but "
            "the hand is locked.",
        goal="Declare riichi, or stay silent (dama)?",
        hand=_RIICHI_HAND,
        decide="riichi", options=(("riichi", "Riichi"), ("dama", "Dama: no riichi")),
        request={"concealed": _RIICHI_HAND, "win": "2s", "seat_wind": "S",
                 "round_wind": "E"},
    ),
    Act(
        say="You are in riichi. West discards 5s, one of your waits.",
        goal="Ron, or pass?",
        hand=_RIICHI_HAND, facts=("West discards 5s",),
        decide="win", options=RON_OPTIONS,
        request={"concealed": _RIICHI_HAND, "win": "5s", "riichi": True, "seat_wind": "S",
                 "round_wind": "E"},
        after="Winning on another player's discard is ron (栄和): the discarder pays it all.",
    ),
    Act(
        say="Another hand, the same tenpai: this time you draw 2s yourself.",
        goal="Win, or play on?",
        hand=_RIICHI_HAND + "2s",
        decide="win", options=TSUMO_OPTIONS,
        request={"concealed": _RIICHI_HAND, "win": "2s", "riichi": True, "tsumo": True,
                 "seat_wind": "S", "round_wind": "E"},
        after="By tsumo the three others share the payment.",
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

LESSON_5 = Lesson("calls", "Calls: pon and chi", (
    Act(
        say="Another player's discard can complete a set: pon (ポン) takes it for three "
            "alike, from anyone; chi (チー) for a run, only from the player on your left "
            "(kamicha). A called set is open (shown), and an open hand may not riichi.",
        goal="North discards Hatsu (6z). You hold two. Pon it?",
        hand=_CALL_HAND, facts=("North discards Hatsu (6z)",),
        decide="call", options=CALL_OPTIONS,
        call_right=lambda r: open_yaku_after_call(_CALL_HAND, "666z", r),
        why_call="Hatsu is a dragon: a triplet of it is yakuhai, a yaku even in an open hand.",
    ),
    Act(
        say="Your hand is open with a yaku (the pon of Hatsu); you discarded 9p. Now "
            "kamicha, the player on your left, discards 8s.",
        goal="Chi 8s with 79s?",
        hand=_AFTER_PON, facts=("Called: pon 666z", "Kamicha discards 8s"),
        decide="call", options=CALL_OPTIONS,
        call_right=lambda r: open_yaku_after_call(_AFTER_PON, "666z 789s", r),
        why_call="The hand already has its yaku (Hatsu), so a chi that fills the gap is "
                 "speed for free.",
    ),
    Act(
        say="A different hand: closed, no value pair, terminals in it. Kamicha discards 5p.",
        goal="Chi 5p with 67p?",
        hand=_CLOSED, facts=("Kamicha discards 5p",),
        decide="call", options=CALL_OPTIONS,
        call_right=lambda r: open_yaku_after_call(_CLOSED, "567p", r),
        why_call="Open, this hand has no sure yaku: no riichi, no tanyao (it has terminals), "
                 "no value triplet. Stay closed and keep riichi.",
    ),
))


# --- 6 yaku, and no yaku, no win ----------------------------------------------------------------

_YAKU_OPTIONS = ("riichi", "tanyao", "dora", "red_five", "pinfu")


def _is_yaku(name: str, ruleset: Ruleset) -> bool:
    return name in available_table(ruleset)


def _yaku_label(name: str) -> str:
    try:
        return yaku_name(name)
    except KeyError:
        return {"dora": "dora ドラ", "red_five": "red five 赤ドラ"}[name]


LESSON_6 = Lesson("yaku", "Yaku: no yaku, no win", (
    Act(
        say="Four sets and a pair is not enough: a win needs at least one yaku (役). Your "
            "hand is open (chi 789s) and complete with 5s: 234m 567p 345s 55s.",
        goal="South discards 5s. Ron?",
        hand="234m567p3455s", facts=("Called: chi 789s", "South discards 5s"),
        decide="win", options=RON_OPTIONS,
        request={"concealed": "234m567p3455s", "win": "5s",
                 "melds": [{"type": "chi", "tiles": "789s", "from": "kamicha"}],
                 "seat_wind": "W", "round_wind": "E"},
        after="",
    ),
    Act(
        say="The same, but the chi is 678s: now every tile is a simple (2-8).",
        goal="South discards 5s. Ron?",
        hand="234m567p3455s", facts=("Called: chi 678s", "South discards 5s"),
        decide="win", options=RON_OPTIONS,
        request={"concealed": "234m567p3455s", "win": "5s",
                 "melds": [{"type": "chi", "tiles": "678s", "from": "kamicha"}],
                 "seat_wind": "W", "round_wind": "E"},
        after="All simples is tanyao (断幺九); this preset allows it open (kuitan).",
    ),
    Pick(
        say="Dora add han to a win but are not yaku: a hand with only dora cannot win.",
        goal="Pick every yaku, then Enter.",
        options=tuple((y, _yaku_label(y)) for y in _YAKU_OPTIONS),
        right=lambda r: frozenset(y for y in _YAKU_OPTIONS if _is_yaku(y, r)),
        explain=lambda picked, r: "Yaku: " + ", ".join(
            _yaku_label(y) for y in _YAKU_OPTIONS if _is_yaku(y, r)) + "; dora and red fives "
            "only add han.",
        multi=True,
    ),
))


# --- 7 furiten --------------------------------------------------------------------------------

_FURITEN_HAND = "123m456m789s45p11z"

LESSON_7 = Lesson("furiten", "Furiten", (
    Waits(
        say="You are in riichi with this hand. Earlier you discarded 6p.",
        goal="Pick every tile this hand wins on, then Enter.",
        hand=_FURITEN_HAND, suit="p", facts=("Your river: 9m 1z 6p",),
        after="3p and 6p. And 6p is in your own river.",
    ),
    Act(
        say="Furiten (振聴): if any of your waits is in your own river, you may not win by ron "
            "on any of them, only by tsumo.",
        goal="North discards 3p. Ron?",
        hand=_FURITEN_HAND, facts=("Your river: 9m 1z 6p", "North discards 3p"),
        decide="win", options=RON_OPTIONS, own_discards="9m1z6p",
        request={"concealed": _FURITEN_HAND, "win": "3p", "riichi": True, "seat_wind": "S",
                 "round_wind": "E"},
    ),
    Act(
        say="Then you draw 3p yourself.",
        goal="Win, or play on?",
        hand=_FURITEN_HAND + "3p", facts=("Your river: 9m 1z 6p",),
        decide="win", options=TSUMO_OPTIONS, own_discards="9m1z6p",
        request={"concealed": _FURITEN_HAND, "win": "3p", "riichi": True, "tsumo": True,
                 "seat_wind": "S", "round_wind": "E"},
        after="Furiten never stops a tsumo.",
    ),
))


# --- 8 reading the result ---------------------------------------------------------------------

RESULT_REQUEST = {"concealed": "234m67m345p678s55p", "win": "8m", "riichi": True,
                  "seat_wind": "S", "round_wind": "E", "dora_indicators": "7s"}


def _result(ruleset: Ruleset) -> dict:
    return answer(RESULT_REQUEST, ruleset)


def _result_facts() -> tuple[str, ...]:
    return ("Riichi, ron on 8m from West; you are South (not the dealer)",
            "Dora indicator 7s: the dora is 8s")


def _yaku_line(r: dict) -> str:
    return ", ".join(f"{yaku_name(y['id'])} {y['han']}" for y in r["yaku"])


def _fu_line(r: dict) -> str:
    return ", ".join(f"{fu_name(i['item'])} {i['fu']}" for i in r["fu_breakdown"])


LESSON_8 = Lesson("result", "Reading the result", (
    Pick(
        say="After a win the result screen lists the yaku with their han (翻), the dora, "
            "the fu (符, points for the hand's shape) and the payment.",
        goal="How many han is this win, dora included?",
        hand="234m67m345p678s55p8m", facts=_result_facts(),
        options=tuple((str(n), f"{n} han") for n in (2, 3, 4, 5)),
        right=lambda r: frozenset({str(_result(r)["han"])}),
        explain=lambda p, r: f"{_yaku_line(_result(r))}, and dora "
                             f"{_result(r)['dora']['dora']}: {_result(r)['han']} han.",
    ),
    Pick(
        say="Fu start at 20; a closed ron adds 10; pinfu adds nothing else.",
        goal="How many fu?",
        hand="234m67m345p678s55p8m", facts=_result_facts(),
        options=tuple((str(n), f"{n} fu") for n in (20, 30, 40, 50)),
        right=lambda r: frozenset({str(_result(r)["fu"])}),
        explain=lambda p, r: f"{_fu_line(_result(r))}: {_result(r)['fu']} fu.",
    ),
    Pick(
        say="Han and fu give the payment from the table: here a non-dealer's ron.",
        goal="What does West pay?",
        hand="234m67m345p678s55p8m", facts=_result_facts(),
        options=tuple((str(n), str(n)) for n in (3900, 5200, 7700, 8000)),
        right=lambda r: frozenset({payment_text(RESULT_REQUEST, _result(r))}),
        explain=lambda p, r: f"{_result(r)['han']} han {_result(r)['fu']} fu, non-dealer ron: "
                             f"{payment_text(RESULT_REQUEST, _result(r))}"
                             + (f" ({_result(r)['limit']} under {r.id})"
                                if _result(r)["limit"] else "") + ".",
    ),
))


# --- 9 defence --------------------------------------------------------------------------------


def _safest(hand: str, river: str, others: str = "") -> frozenset[str]:
    table = defence_table(parse_kinds(hand), parse_kinds(river), parse_kinds(others),
                          frozenset(parse_kinds(river)))
    low = min(p for p, _ in table.values())
    return frozenset(kind_to_str(k) for k, (p, _) in table.items() if p == low)


def _defence_explain(hand: str, river: str, others: str = "") -> str:
    table = defence_table(parse_kinds(hand), parse_kinds(river), parse_kinds(others),
                          frozenset(parse_kinds(river)))
    ranked = sorted(table.items(), key=lambda item: (item[1][0], item[0]))
    return ("Safest first: " + "; ".join(f"{kind_name(k)} {why}" for k, (_, why) in ranked[:4])
            + ".")


def _defence_step(say: str, hand: str, river: str, after: str) -> Pick:
    kinds = sorted(set(parse_kinds(hand)))
    return Pick(
        say=say, goal="Which tile is safest to discard?", hand=hand,
        facts=(f"South's river (riichi): {' '.join(kind_to_str(k) for k in parse_kinds(river))}",),
        options=tuple((kind_to_str(k), tile_label(k)) for k in kinds),
        right=lambda r: _safest(hand, river),
        explain=lambda p, r: _defence_explain(hand, river),
        after=after,
    )


LESSON_9 = Lesson("defence", "Defence against a riichi", (
    _defence_step(
        "South declared riichi; your hand is far from tenpai. Fold: discard tiles South "
        "cannot win on. Genbutsu (現物): a tile in South's own river is perfectly safe "
        "(furiten).",
        "1m3m7m2p5p8p3s6s9s5z7z1z6z", "4m1z9p2s",
        "1z, East, is in South's river: genbutsu.",
    ),
    _defence_step(
        "No genbutsu in your hand now. Suji (筋): South discarded 4s, so a two-sided wait on "
        "1s-4s or 4s-7s would be furiten: 1s and 7s are safer.",
        "2m3m7m2p5p8p1s5s8s9s5z7z6z", "4m9p4s2z",
        "1s is suji of 4s (and only a 2-3s shape waits on it).",
    ),
))

COURSE: tuple[Lesson, ...] = (LESSON_1, LESSON_2, LESSON_3, LESSON_4, LESSON_5, LESSON_6,
                              LESSON_7, LESSON_8, LESSON_9)
