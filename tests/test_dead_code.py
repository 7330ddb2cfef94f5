"""Dead code over the whole tree (issue #21): vulture reads engine/, rules/, ai/ and tui/
with the project's own settings ([tool.vulture] in pyproject.toml) and finds nothing
that is not whitelisted with a reason (.ci/vulture_whitelist.py)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "rules", "ai", "tui")


def test_vulture_reads_every_package() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    paths = config["tool"]["vulture"]["paths"]
    for package in PACKAGES:
        assert package in paths, f"[tool.vulture] paths leave out {package}/"


def test_vulture_finds_no_dead_code() -> None:
    vulture = Path(sys.executable).with_name("vulture")
    command = [str(vulture)] if vulture.exists() else [shutil.which("vulture") or ""]
    if not command[0]:
        pytest.skip("vulture is not installed")
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
