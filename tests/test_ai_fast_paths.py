"""The AI's fast paths (issue 13) against the plain computations they replace.

Each shortcut must give exactly what the straightforward code gives, or a bot's
decisions (and so a seeded game) would change. The states come from real games:
every decision of a few seeded hanchans is checked.
"""

from __future__ import annotations

import pytest

from ai.common import Context, Option, discards_by_kind, efficiency_options
from ai.easy import EasyPlayer
from ai.hard import HardPlayer
from ai.normal import _best_after_call, _flush_suit, _kuikae
from ai.value import meld_shapes, plan_allows, plan_shanten
from engine.actions import Action, Chi, Discard, Pon
from engine.game import Game
from engine.player_view import PlayerView
from rules.ruleset import load_preset
from rules.shanten import shanten, shanten_by_draw
from rules.tiles import KIND_COUNT, Tile


def _decisions(preset: str, seed: int) -> list[tuple[PlayerView, list[Action]]]:
    """Every decision of one hanchan played by `easy` bots (the view and the legal list)."""
    game = Game.new(load_preset(preset), seed)
    players = [EasyPlayer(s, seed) for s in range(4)]
    out = []
    while not game.is_over:
        seat = game.pending_seats()[0]
        view, legal = game.view(seat), game.legal_actions(seat)
        out.append((view, legal))
        game.apply(players[seat].choose(view, legal))
    return out


@pytest.fixture(scope="module")
def decisions() -> list[tuple[PlayerView, list[Action]]]:
    return [d for preset, seed in (("wrc", 3), ("tenhou", 4)) for d in _decisions(preset, seed)]


def _reference_options(ctx: Context, kinds: list[int], slack: int) -> list[tuple]:
    """Shanten, improving kinds and ukeire of each discard, worked out directly."""
    chiitoitsu = ctx.chiitoitsu and ctx.melds == 0
    after = []
    for kind in kinds:
        counts = list(ctx.counts)
        counts[kind] -= 1
        after.append((kind, counts, shanten(counts, ctx.melds, chiitoitsu=chiitoitsu)))
    limit = min(s for _, _, s in after) + slack
    out = []
    for kind, counts, now in after:
        if now > limit:
            out.append((kind, now, (), 0))
            continue
        draws = shanten_by_draw(counts, ctx.melds, chiitoitsu=chiitoitsu)
        improving = tuple(k for k in range(KIND_COUNT) if draws[k] < now)
        out.append((kind, now, improving, sum(ctx.unseen[k] for k in improving)))
    return out


def _as_rows(options: list[Option]) -> list[tuple]:
    return [(o.kind, o.shanten, o.improving, o.ukeire) for o in options]


def test_efficiency_options_match_the_direct_computation(decisions):
    checked = 0
    for view, legal in decisions:
        plain, _ = discards_by_kind(legal)
        if not plain:
            continue
        ctx = Context.of(view)
        for slack in (0, 2):
            want = _reference_options(ctx, list(plain), slack)
            # twice: the second call reads the shapes the first one memoised
            assert _as_rows(efficiency_options(ctx, list(plain), slack)) == want
            assert _as_rows(efficiency_options(ctx, list(plain), slack)) == want
        checked += 1
    assert checked > 100


def test_discards_are_grouped_plain_copy_first_riichi_apart():
    five, red = Tile(4), Tile(4, red=True)
    legal: list[Action] = [
        Discard(0, red), Discard(0, Tile(0)), Discard(0, five), Discard(0, red, riichi=True),
        Discard(0, five, riichi=True), Pon(0, (Tile(9), Tile(9))),
    ]
    plain, riichi = discards_by_kind(legal)
    assert plain == {4: [Discard(0, five), Discard(0, red)], 0: [Discard(0, Tile(0))]}
    assert riichi == {4: [Discard(0, five, riichi=True), Discard(0, red, riichi=True)]}


def _one_pass_best(ctx: Context, counts: list[int], melds, forbidden) -> tuple | None:
    """The call evaluation as first written: one pass, ukeire for every discard that
    ties or beats the best shanten so far."""
    from ai.common import shape

    best = None
    for d in range(34):
        if not counts[d] or d in forbidden:
            continue
        counts[d] -= 1
        eff, plan = plan_shanten(ctx, counts, melds, True)
        if best is None or eff <= best[0]:
            _, improving = shape(bytes(counts), len(melds), False)
            suit = _flush_suit(counts) if plan == "honitsu" else None
            uk = sum(ctx.unseen[k] for k in improving if plan_allows(plan, k, ctx, suit))
            if best is None or (eff, -uk) < (best[0], -best[1]):
                best = (eff, uk, plan)
        counts[d] += 1
    return best


def test_call_evaluation_matches_the_one_pass_version(decisions):
    checked = 0
    for view, legal in decisions:
        calls = [a for a in legal if isinstance(a, Chi | Pon)]
        if not calls or view.offered is None:
            continue
        ctx = Context.of(view)
        melds = meld_shapes(view.melds[view.seat])
        for a in calls:
            kinds = [t.kind for t in a.tiles]
            counts = list(ctx.counts)
            for k in kinds:
                counts[k] -= 1
            run = sorted([*kinds, view.offered.kind])
            is_chi = isinstance(a, Chi)
            new_melds = [*melds, (is_chi, run[0])]
            forbidden = _kuikae(view.ruleset.kuikae, view.offered.kind, run, is_chi)
            want = _one_pass_best(ctx, list(counts), new_melds, forbidden)
            assert _best_after_call(ctx, list(counts), new_melds, forbidden) == want
            checked += 1
    assert checked > 20


def test_hard_assesses_threats_once_per_decision_and_keeps_them(decisions):
    view, legal = next(
        (v, legal) for v, legal in decisions
        if v.phase == "turn" and not v.riichi[v.seat] and any(v.riichi)
    )
    player = HardPlayer(view.seat, 0)
    ctx = Context.of(view)
    first = player.threats(ctx)
    assert player.threats(ctx) is first  # the same decision: worked out once
    assert player.threats(Context.of(view)) is not first  # a new decision: afresh
    # `pick` weighs the threats by placement on copies, never on the shared list
    player.weights = lambda ctx: (1.0, 1.6)  # type: ignore[method-assign]
    ctx = Context.of(view)
    first = player.threats(ctx)
    values = [t.value for t in first]
    assert any(t.level >= 0.4 for t in first)  # a riichi: the weighing runs
    plain, _ = discards_by_kind(legal)
    player.pick(ctx, efficiency_options(ctx, list(plain)))
    assert [t.value for t in first] == values
