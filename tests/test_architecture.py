"""The layers point one way: tui -> engine, ai, rules; nothing below tui loads Textual."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _modules_loaded_after_import(package: str) -> set[str]:
    code = (
        f"import sys, importlib, pkgutil; import {package}\n"
        f"for m in pkgutil.walk_packages({package}.__path__, '{package}.'):\n"
        f"    importlib.import_module(m.name)\n"
        "print('\\n'.join(sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    return set(out.stdout.split())


@pytest.mark.parametrize("package", ["rules", "engine", "ai"])
def test_core_packages_never_load_textual_or_rich(package):
    loaded = _modules_loaded_after_import(package)
    assert not {m for m in loaded if m.split(".")[0] in ("textual", "rich")}


def test_rules_imports_nothing_from_the_other_layers():
    loaded = _modules_loaded_after_import("rules")
    assert not {m for m in loaded if m.split(".")[0] in ("engine", "ai", "tui")}


def test_engine_does_not_import_ai_or_tui():
    loaded = _modules_loaded_after_import("engine")
    assert not {m for m in loaded if m.split(".")[0] in ("ai", "tui")}


def test_score_and_sim_commands_do_not_load_textual():
    code = "import sys; import tui.cli; print('\\n'.join(sys.modules))"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert "textual" not in set(out.stdout.split())


# -- the seat protocol (issue 21): tui/ holds no game and none of the referee's rules ----------

REFEREE = (
    "engine.game", "engine.state", "engine.claims", "engine.turns", "engine.kans",
    "engine.wins", "engine.ending", "engine.settlement", "engine.player_view_of_game",
)
# What tui/ still imports of the referee, file by file: a list that only shrinks. A
# file that stops importing one removes it here (the test says so); a new import fails.
# Empty: the app's saves, the end of a game and its history record are the host's
# (engine.table_host, engine.storage.save_store, engine.game_finish,
# engine.storage.history_recorder).
STILL_IMPORTED: dict[str, set[str]] = {}


def _referee_imports(path: Path) -> set[str]:
    """The referee modules `path` imports anywhere in it (a function's late import and
    a `TYPE_CHECKING` one included)."""
    import ast

    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
        found |= {n for n in names if n in REFEREE or n.startswith(tuple(f"{r}." for r in REFEREE))}
    return {n if n in REFEREE else n.rsplit(".", 1)[0] for n in found}


def test_tui_imports_no_new_part_of_the_referee():
    imports = {
        path.relative_to(ROOT).as_posix(): _referee_imports(path)
        for path in sorted((ROOT / "tui").rglob("*.py"))
    }
    new = {f: sorted(m - STILL_IMPORTED.get(f, set())) for f, m in imports.items()}
    assert not {f: m for f, m in new.items() if m}, "tui/ must not import the referee"
    gone = {f: sorted(m - imports.get(f, set())) for f, m in STILL_IMPORTED.items()}
    assert not {f: m for f, m in gone.items() if m}, "no longer imported: shrink STILL_IMPORTED"


def test_the_table_and_the_replay_viewer_hold_no_game():
    for module in ("tui/seat_client.py", "tui/screens/table.py", "tui/screens/replay.py",
                   "tui/screens/review.py", "tui/replay_app.py", "tui/learn/mistakes.py"):
        assert not _referee_imports(ROOT / module), module
        assert "_start_hand" not in (ROOT / module).read_text(encoding="utf-8"), module


def _game_reaches(path: Path) -> list[str]:
    """Where `path` reaches a live game through something else: an attribute named
    `game` or `_game` read (a host's, a save's), or `hosted_game` (the engine's and the
    tests' way to look at the game a host plays)."""
    import ast

    found: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Attribute) and node.attr in ("game", "_game"):
            found.append(f"{path.name}:{node.lineno}: .{node.attr}")
        elif isinstance(node, ast.Name) and node.id == "hosted_game":
            found.append(f"{path.name}:{node.lineno}: hosted_game")
        elif isinstance(node, ast.ImportFrom) and any(a.name == "hosted_game" for a in node.names):
            found.append(f"{path.name}:{node.lineno}: import hosted_game")
    return found


def test_tui_never_reaches_the_game_a_host_holds():
    """tui/ asks the host (`engine.table_host.TableHost`) and renders: no module reads a
    host's or a save's game, so none can hold one."""
    found = [hit for path in sorted((ROOT / "tui").rglob("*.py")) for hit in _game_reaches(path)]
    assert not found, found


def test_the_reach_check_sees_a_game_reached_through_a_host(tmp_path):
    """The check above is not vacuous: the ways of reaching a host's game are seen."""
    module = tmp_path / "m.py"
    module.write_text(
        "from engine.table_host import hosted_game\n"
        "def f(app, saved):\n"
        "    return app.table_host.game, saved.game, hosted_game(app.table_host)\n",
        encoding="utf-8",
    )
    assert len(_game_reaches(module)) == 4


def test_the_table_host_does_not_expose_its_game():
    """The host's game is private: a client has no public attribute to reach it by."""
    from engine.game import Game
    from engine.table_host import TableHost
    from rules.ruleset import load_preset

    host = TableHost(Game.new(load_preset("wrc"), 1))
    public = {name: getattr(host, name) for name in dir(host) if not name.startswith("_")}
    assert not [name for name, value in public.items() if isinstance(value, Game)]
