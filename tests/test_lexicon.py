"""The bilingual lexicon as data (issue #21): tui/lexicon/words.toml holds every word and
sentence, tui/words.py reads it and keeps its API; an installed wheel carries the file."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
import tomllib
from pathlib import Path

from tui import words

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tui" / "lexicon" / "words.toml"


def _data() -> dict:
    return tomllib.loads(DATA.read_text(encoding="utf-8"))


def test_the_words_are_data_and_read_as_written():
    text = DATA.read_text(encoding="utf-8")
    assert "立直" in text  # Japanese as it reads, for review
    assert not re.search(r"\\u[0-9a-fA-F]{4}", text)
    data = _data()
    assert data["YAKU"]["pinfu"] == ["pinfu", "平和"]
    assert data["MESSAGES"]["riichi_already"] == {"en": "You are already in riichi",
                                                  "ja": "すでにリーチしている"}


def test_words_py_holds_no_table():
    """Every table is in the data file, none left as a literal in the module."""
    tree = ast.parse((ROOT / "tui" / "words.py").read_text(encoding="utf-8"))
    literals = [n for n in ast.walk(tree) if isinstance(n, ast.Dict) and len(n.keys) > 3]
    assert not literals, [n.lineno for n in literals]


def test_every_table_of_the_file_is_the_modules():
    data = _data()
    for table, prefix in data["prefixes"].items():
        for key, (romaji, japanese) in data[table].items():
            assert words.WORDS[f"{prefix}{key}"] == words.Word(romaji, japanese)
            if table != "WORDS":  # `[WORDS]`: the words of no table
                assert getattr(words, table)[key] == (romaji, japanese)
    for table, included in data["includes"].items():
        for other in included:
            assert getattr(words, other).items() <= getattr(words, table).items()
    for key, entry in data["MESSAGES"].items():
        assert words.MESSAGES[key] == words.Message(entry["en"], entry["ja"])
    assert data["AI_REASONS"] == words.AI_REASONS
    assert words.YAKU["pinfu"] == ("pinfu", "平和")  # tuples, as the glossary unpacks them
    assert words.term("yaku.pinfu", "ja") == "平和 pinfu"


def test_a_wheel_carries_the_file():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["tui"]
    assert any(Path("lexicon/words.toml").match(p) for p in patterns), patterns


def test_the_words_load_without_the_ui_libraries():
    """`score` may name yaku: reading the data costs no Rich and no Textual."""
    code = ("import sys, tui.words as w; assert w.WORDS; "
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'rich', 'textual'}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, check=True)
    assert out.stdout.strip() == "[]"
