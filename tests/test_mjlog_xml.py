"""Tenhou mjlog read as XML (issue 20 case 11): headers, byte order marks, entity attacks
and crafted sizes.

A real mjlog may start with `<?xml version="1.0" encoding="UTF-8"?>` or a UTF-8 byte
order mark; both must be read like the bare `<mjloggm`, by `parse_mjlog` and by the
format detection every command goes through (`engine.storage.records.reading.load_game`).
An entity attack is refused in one line, and a crafted record of the largest size
allowed never costs more than a small multiple of its size in memory.
"""

from __future__ import annotations

import gzip
import time
import tracemalloc
from pathlib import Path

import pytest

from engine.storage.record_file import LogError
from engine.storage.records.mjlog import MjlogError, looks_like_mjlog, parse_mjlog
from engine.storage.records.reading import load_game

RECORDS = Path(__file__).resolve().parents[1].parent / "shared" / "records" / "tenhou"
FIRST = sorted(RECORDS.glob("*.mjlog"))[0]
HEADER = b'<?xml version="1.0" encoding="UTF-8"?>\n'
BOM = b"\xef\xbb\xbf"


@pytest.mark.parametrize(
    "front", [HEADER, BOM, BOM + HEADER, HEADER + b"<!-- saved -->\n"],
    ids=["header", "bom", "bom+header", "header+comment"],
)
def test_a_header_or_bom_in_front_reads_like_the_bare_record(front, tmp_path):
    data = FIRST.read_bytes()
    assert parse_mjlog(front + data) == parse_mjlog(data)
    assert looks_like_mjlog(front + data) and looks_like_mjlog(gzip.compress(front + data))
    path = tmp_path / "game.mjlog"
    path.write_bytes(front + data)
    plain = tmp_path / "plain.mjlog"
    plain.write_bytes(data)
    kinds = ("log", "mjai", "mjlog")
    assert load_game(path, kinds=kinds).events == load_game(plain, kinds=kinds).events


BILLION_LAUGHS = b"""<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>
<mjloggm ver="2.3"><UN n0="&lol3;"/></mjloggm>"""
EXTERNAL = b"""<?xml version="1.0"?>
<!DOCTYPE m [<!ENTITY x SYSTEM "file:///etc/passwd">]>
<mjloggm ver="2.3"><UN n0="&x;"/></mjloggm>"""


@pytest.mark.parametrize("data", [BILLION_LAUGHS, EXTERNAL], ids=["laughs", "external"])
def test_entity_attacks_are_refused_in_one_line(data, tmp_path):
    with pytest.raises(MjlogError) as caught:
        parse_mjlog(data)
    assert "\n" not in str(caught.value)
    path = tmp_path / "attack.mjlog"
    path.write_bytes(data)
    with pytest.raises(LogError, match=r"attack\.mjlog: .*DTD"):
        load_game(path, kinds=("mjlog",))


def test_a_document_of_another_root_or_broken_xml_is_one_line():
    for data, says in (
        (b'<mjloggm ver="2.3"><GO type="169"</mjloggm>', "well-formed"),
        (HEADER + b"<other/>", "does not start"),
    ):
        with pytest.raises(MjlogError, match=says):
            parse_mjlog(data)


def _crafted(size: int) -> bytes:
    """A record of about `size` bytes whose player names are `%41` repeated (issue 20)."""
    data = FIRST.read_bytes()
    head, rest = data.split(b"<UN ", 1)
    tail = rest.split(b"/>", 1)[1]
    name = b"%41" * ((size - len(head) - len(tail) - 64) // 12)
    un = b" ".join(b'n%d="%s"' % (seat, name) for seat in range(4))
    return head + b"<UN " + un + b"/>" + tail


def test_a_crafted_8_mib_record_stays_within_a_small_multiple_of_its_size():
    data = _crafted(8 * 1024 * 1024)
    assert 7 * 1024 * 1024 < len(data) <= 8 * 1024 * 1024
    tracemalloc.start()
    began = time.monotonic()
    try:
        game = parse_mjlog(data)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    took = time.monotonic() - began
    # The old reader used 708 MB (85x); the bytes are parsed once, names cut first.
    assert peak < 6 * len(data), f"peak {peak:,} bytes for a {len(data):,}-byte record"
    assert took < 10, f"{took:.1f} s"
    assert all(len(name) <= 256 for name in game.names) and game.names[0].startswith("AAA")
