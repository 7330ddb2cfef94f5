"""Every seat a client of its own view (issue 21): ai/ and tui/ never import the referee.

The AI levels, the hint and the review decide from the `SeatView` the engine
gives a seat (`engine.player_view.player_view_of` reads it on their side), and the review gets
its views from `engine.replay_views`; none of them may reach for the `Game` or
its rule modules. This reads every import statement of a package (at the top,
inside functions, under `TYPE_CHECKING`: any of them would let the code hold the
referee) and names the forbidden ones.

ai/ is at zero. tui/ is not yet: `TUI_ALLOWED` lists today's offenders, module
by module with the referee modules each still imports. A new offender (a module,
or a new referee import in a listed one) fails; an entry that no longer offends
is printed so that the next session deletes it, until the list is empty.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

REFEREE = frozenset({
    "engine.game",
    "engine.state",
    "engine.claims",
    "engine.turns",
    "engine.kans",
    "engine.wins",
    "engine.ending",
    "engine.settlement",
    "engine.player_view_of_game",
})

# tui/ modules that still import the referee (issue 21): none any more, and none may.
TUI_ALLOWED: dict[str, frozenset[str]] = {}


def _module_name(path: Path, root: Path) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imported(path: Path, root: Path) -> set[str]:
    """Every module an import statement in `path` names (`from engine import game`
    names engine.game too; relative imports resolved against the module)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = _module_name(path, root).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            out.add(module)
            out.update(f"{module}.{alias.name}" for alias in node.names)
    return out


def offenders(package: str, root: Path = ROOT) -> dict[str, frozenset[str]]:
    """Each module of `package` that imports a referee module, with those it imports."""
    out = {}
    for path in sorted((root / package).rglob("*.py")):
        imported = _imported(path, root)
        found = frozenset(
            r for r in REFEREE if any(m == r or m.startswith(r + ".") for m in imported)
        )
        if found:
            out[_module_name(path, root)] = found
    return out


def test_the_scan_finds_every_form_of_import(tmp_path):
    pkg = tmp_path / "ai" / "sub"
    pkg.mkdir(parents=True)
    (tmp_path / "ai" / "__init__.py").write_text("")
    (pkg / "__init__.py").write_text("from ... import engine\n")
    (tmp_path / "ai" / "clean.py").write_text(
        "from engine.seat_view import SeatView\nfrom engine.gamelog import x\nfrom . import sub\n"
    )
    (pkg / "a.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from engine.game import Game\n"
        "def f():\n    import engine.state.deep\n"
        "from engine import player_view_of_game\n"
        "from ...engine.kans import kan\n"
    )
    assert offenders("ai", tmp_path) == {
        "ai.sub.a": {"engine.game", "engine.state", "engine.player_view_of_game", "engine.kans"},
    }


def test_ai_imports_nothing_of_the_referee():
    found = offenders("ai")
    assert found == {}, "ai/ imports the referee: " + "; ".join(
        f"{m}: {', '.join(sorted(r))}" for m, r in sorted(found.items())
    )


def test_tui_referee_imports_only_the_listed_ones():
    found = offenders("tui")
    print("tui/ modules still importing the referee (TUI_ALLOWED, to shrink to none):")
    for module, refs in sorted(TUI_ALLOWED.items()):
        state = "" if module in found else "  (no longer: delete this entry)"
        print(f"  {module}: {', '.join(sorted(refs))}{state}")
    new = {
        m: sorted(r - TUI_ALLOWED.get(m, frozenset()))
        for m, r in found.items()
        if r - TUI_ALLOWED.get(m, frozenset())
    }
    assert not new, f"new referee imports in tui/: {new}"
