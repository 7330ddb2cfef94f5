"""Issue #13: `mypy --strict` covers every module of rules/ and engine/, and CI runs
plain mypy over ai/ and tui/. A module added without joining the strict list, or
an error silenced wholesale in the plain run, fails here rather than slipping past."""

from __future__ import annotations

import configparser
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PLAIN = ROOT / ".ci" / "mypy-plain.ini"
# Silenced in the plain run only while another branch fixes them (see the ini).
EXCUSED: set[str] = set()  # no module is silenced: every error in ai/ and tui/ fails CI


def _strict_files() -> list[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    mypy = config["tool"]["mypy"]
    assert mypy["strict"] is True
    files: list[str] = mypy["files"]
    return files


def test_every_rules_and_engine_module_is_checked_strictly() -> None:
    listed = set(_strict_files())
    on_disk = {
        path.relative_to(ROOT).as_posix()
        for package in ("rules", "engine")
        for path in (ROOT / package).rglob("*.py")
    }
    assert on_disk - listed == set()
    assert listed - on_disk == set()  # no stale entry for a module that has gone


def test_ci_runs_plain_mypy_over_ai_and_tui() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert ".venv/bin/mypy --config-file .ci/mypy-plain.ini" in ci
    plain = configparser.ConfigParser()
    plain.read(PLAIN, encoding="utf-8")
    assert [f.strip() for f in plain["mypy"]["files"].split(",")] == ["ai", "tui"]
    assert "strict" not in plain["mypy"]
    silenced = {
        module.strip()
        for section in plain.sections()
        if section.startswith("mypy-") and plain[section].getboolean("ignore_errors", False)
        for module in section.removeprefix("mypy-").split(",")
    }
    assert silenced <= EXCUSED


@pytest.mark.slow
@pytest.mark.parametrize("args", [[], ["--config-file", str(PLAIN)]], ids=["strict", "plain"])
def test_mypy_is_clean(args: list[str]) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mypy", *args], cwd=ROOT, capture_output=True, text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr
