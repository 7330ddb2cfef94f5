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
