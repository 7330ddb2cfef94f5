"""`sim` says what `replay --summary` shows of the same games: busts, games that went
into the extension (West) round and each kind of abortive draw (issue 19, "Silent").
The counts are checked against the game logs read back through `replay`'s summary."""

from __future__ import annotations

from pathlib import Path

from ai import LEVELS
from engine.ending import in_extension
from engine.sim import ABORTIVE_KINDS, run_sim
from engine.storage.records.summary import hand_summaries
from rules.ruleset import load_preset, resolve
from tui.commands.replay import load_log

FACTORIES = {"easy": lambda seat, seed: LEVELS["easy"](seat, seed)}


def _counted_from_logs(tmp_path: Path, ruleset) -> tuple[int, int, dict[str, int]]:  # type: ignore[no-untyped-def]
    """(busts, extension games, abortive draws by kind) read back from the logs."""
    busts = extension = 0
    abortive = dict.fromkeys(ABORTIVE_KINDS, 0)
    for log in sorted(tmp_path.glob("game-*.jsonl")):
        game = load_log(str(log), lambda message: None)
        assert game is not None
        rows = hand_summaries(list(game.events))
        hands = [row for row in rows if "hand" in row]
        for row in hands:
            if row["end"] in abortive:
                abortive[row["end"]] += 1
        winds = {"E": 0, "S": 1, "W": 2, "N": 3}
        extension += any(in_extension(ruleset, winds[row["hand"][0]]) for row in hands)
        busts += min(rows[-1]["final_scores"]) < 0
    return busts, extension, abortive


def test_sim_counts_busts_extension_games_and_abortive_draws(tmp_path: Path) -> None:
    ruleset = load_preset("tenhou")
    summary = run_sim(ruleset, 8, 1, ["easy"] * 4, FACTORIES, log_dir=tmp_path)
    assert summary["errors"] == 0
    busts, extension, abortive = _counted_from_logs(tmp_path, ruleset)
    assert summary["busts"] == busts
    assert summary["extension_games"] == extension
    assert summary["abortive_draws"] == abortive
    assert busts and sum(abortive.values())  # the seeds show both
    assert set(summary) >= {"ruleset", "games", "hands", "seconds", "wins", "draws", "errors",
                            "invariant_violations", "placements", "stats"}


def test_sim_counts_games_that_went_into_the_west_round(tmp_path: Path) -> None:
    """With a target nobody reaches in the South round, games go on into the West."""
    ruleset = resolve("tenhou", ["extension_target=60000"])
    summary = run_sim(ruleset, 2, 1, ["easy"] * 4, FACTORIES, log_dir=tmp_path)
    busts, extension, abortive = _counted_from_logs(tmp_path, ruleset)
    assert summary["extension_games"] == extension > 0
    assert (summary["busts"], summary["abortive_draws"]) == (busts, abortive)
