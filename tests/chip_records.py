"""Chip-lobby mjlogs made from real Tenhou records, for the chip tests (issue 22 case 1).

One real chip record is public (tests/records/SOURCES.md); more wins are checked by
making chip records from the real records of ../shared/records/tenhou: each AGARI gets
the chips Tenhou's own yaku list gives (`yaku` 2 ippatsu, 53 ura dora, 54 red fives,
with their counts; `yakuman`) at the chip lobby's values, written as Tenhou writes
them (as the real one does) — `chip="54,1"` and a 16-number
`sc` whose second half is each seat's chips before and moved — and every RYUUKYOKU the
chips unmoved. The count comes from the record's yaku, never from the engine, so the
engine's own chips (engine.chips) are checked against an independent reckoning.
"""

from __future__ import annotations

import re

IPPATSU, URA, RED = 2, 53, 54
PER_ITEM = {IPPATSU: 1, URA: 1, RED: 1}  # rules/presets.toml [chip_lobbies] tenhou
PER_YAKUMAN = 5
_ATTR = re.compile(r'(\w+)="([^"]*)"')


def _numbers(text: str) -> list[int]:
    return [int(x) for x in text.split(",") if x]


def chip_record(data: bytes) -> bytes:
    """`data` (a four-player mjlog) as a chip lobby's record of the same game."""
    chips = [0, 0, 0, 0]

    def agari(match: re.Match[bytes]) -> bytes:
        tag = match.group(0).decode()
        attrs = dict(_ATTR.findall(tag))
        yaku = _numbers(attrs.get("yaku", ""))
        items = [(y, n) for y, n in zip(yaku[0::2], yaku[1::2], strict=True) if y in PER_ITEM and n]
        yakuman = _numbers(attrs.get("yakuman", ""))
        each = sum(PER_ITEM[y] * n for y, n in items) + PER_YAKUMAN * len(yakuman)
        who, source = int(attrs["who"]), int(attrs["fromWho"])
        payers = [source] if source != who else [s for s in range(4) if s != who]
        moved = [0] * 4
        for seat in payers:
            moved[seat] -= each
            moved[who] += each
        extra = ",".join(f"{chips[s]},{moved[s]}" for s in range(4))
        for seat in range(4):
            chips[seat] += moved[seat]
        tag = tag.replace(f'sc="{attrs["sc"]}"', f'sc="{attrs["sc"]},{extra}"')
        if items:
            named = ",".join(f"{y},{n}" for y, n in items)
            tag = tag.replace("<AGARI ", f'<AGARI chip="{named}" ', 1)
        return tag.encode()

    def draw(match: re.Match[bytes]) -> bytes:
        tag = match.group(0).decode()
        sc = dict(_ATTR.findall(tag))["sc"]
        extra = ",".join(f"{chips[s]},0" for s in range(4))
        return tag.replace(f'sc="{sc}"', f'sc="{sc},{extra}"').encode()

    data = re.sub(rb"<AGARI [^>]*>", agari, data)
    return re.sub(rb"<RYUUKYOKU [^>]*>", draw, data)
