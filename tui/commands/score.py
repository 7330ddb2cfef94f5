"""`mahjong-tui score`: one JSON request per line in, one JSON answer per line out.

The loop works on bytes so that nothing a script can send stops it: a line that
is too long is answered and skipped without being held in memory, bytes that are
not UTF-8 are an `invalid` answer like any other bad request (rules/request.py
checks every limit before the work). Every non-blank line gets exactly one
answer, in order. A failing stream (standard output full, standard input
unreadable) is an `OSError` with a message for `tui.cli` to print as one line.

Input is read in blocks of whatever has arrived, and the answers to a block are
written in one go just before the next read, which may wait: a batch costs one
write per block instead of one per line, and a script that sends one line and
waits still gets its answer at once.
"""

from __future__ import annotations

import gc
import io
import json
from collections.abc import Callable, Iterator
from typing import IO, Any

from rules.request import MAX_LINE_BYTES, answer_line_text, invalid
from rules.ruleset import Ruleset, RulesetError, resolve


def run_score(
    preset: str,
    overrides: list[str],
    stdin: IO[Any] | None,
    stdout: IO[Any] | None,
    fail: Callable[[str], None],
) -> int:
    """Answer every line in order; a bad request gets `ok: false`, never an exit."""
    try:
        ruleset = resolve(preset, overrides)
    except RulesetError as error:
        fail(str(error))
        return 2
    if stdin is None:
        fail("standard input is closed: score reads one JSON request per line from it")
        return 2
    if stdout is None:
        fail("standard output is closed: score writes its answers there")
        return 2
    # Why: an answer makes thousands of short-lived objects and almost no cycles,
    # while the scorer's memos grow into the oldest generation; with the default
    # thresholds the collector walks those memos again and again (about 2 µs a
    # request in a batch). Cycles are still collected, every 20,000 new objects.
    # What start-up made is frozen: never walked again, not even by the collection
    # at exit (5 ms of CPU when unfrozen), and what serving made is frozen at the
    # end for the same reason. An in-process caller (the tests) gets its thresholds
    # back; what was alive then stays frozen, i.e. never collected.
    thresholds = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(20_000, 20, 20)
    try:
        return serve(_binary_in(stdin), _binary_out(stdout), ruleset)
    finally:
        gc.freeze()  # the memos too: the collection at exit has nothing left to walk
        gc.set_threshold(*thresholds)


def serve(stdin: IO[bytes], stdout: IO[bytes], ruleset: Ruleset) -> int:
    """The loop itself, on byte streams (tests call it in-process).

    Returns 0, or 1 if the scorer itself failed on some line (that line is still
    answered, with `"error": "internal"`, and the others go on).
    """
    status = 0
    for lines in read_blocks(stdin):
        answers = []
        for line in lines:
            try:
                text = answer_line_text(line, ruleset) if line is not None else _TOO_LONG
            except Exception as error:  # a bug in the scorer; the next lines still get answers
                status = 1
                text = _internal(error)
            answers.append(_encode(text))
        _write(stdout, b"".join(answers))
    return status


def read_blocks(stream: IO[bytes]) -> Iterator[list[bytes | None]]:
    """The non-blank lines of `stream` (see `read_lines`), a block of them at a time.

    A block is the lines completed by one read of what has arrived (`read1`), so the
    caller answers them before the next read can wait for more. A stream without
    `read1` gives one line per block.
    """
    read1 = getattr(stream, "read1", None)
    if read1 is None:
        for line in read_lines(stream):
            yield [line]
        return
    head: list[bytes] = []  # the start of a line not ended yet
    head_size = 0
    skipping = False  # inside a line past the limit: its bytes are dropped as they come
    blank = True  # ...and whether all of them were blank
    while True:
        chunk = _read1(read1)
        if not chunk:
            break
        block: list[bytes | None] = []
        if skipping:
            end = chunk.find(b"\n")
            if end < 0:
                blank = blank and not chunk.strip()
                continue
            if not (blank and not chunk[:end].strip()):
                block.append(None)
            skipping = False
            chunk = chunk[end + 1 :]
        end = chunk.rfind(b"\n")
        if end < 0:
            head.append(chunk)
            head_size += len(chunk)
        else:
            head.append(chunk[:end])
            lines = b"".join(head).split(b"\n")
            rest = chunk[end + 1 :]
            head, head_size = [rest], len(rest)
            for line in lines:
                if len(line) > MAX_LINE_BYTES:
                    if line.strip():
                        block.append(None)
                elif line.strip():
                    block.append(line.rstrip(b"\r"))
        if head_size > MAX_LINE_BYTES:
            rest = b"".join(head)
            skipping, blank = True, not rest.strip()
            head, head_size = [], 0
        if block:
            yield block
    if skipping:
        if not blank:
            yield [None]
    elif head_size:
        line = b"".join(head)
        if line.strip():
            yield [line.rstrip(b"\r")]


def read_lines(stream: IO[bytes]) -> Iterator[bytes | None]:
    """The non-blank lines of `stream`, without their line ends; None for one too long.

    A line longer than the limit is read on in pieces and dropped, so memory stays
    bounded whatever comes in; a long line of nothing but blanks is still blank.
    """
    while True:
        line = _read(stream, MAX_LINE_BYTES + 1)
        if not line:
            return
        if len(line) > MAX_LINE_BYTES and not line.endswith(b"\n"):
            blank = not line.strip()
            while line and not line.endswith(b"\n"):
                line = _read(stream, MAX_LINE_BYTES)
                blank = blank and not line.strip()
            if not blank:
                yield None
        elif line.strip():
            yield line.rstrip(b"\r\n")


_TOO_LONG = json.dumps(
    invalid(f"a request line may hold at most {MAX_LINE_BYTES:,} bytes"), ensure_ascii=False
)


def _internal(error: Exception) -> str:
    import traceback

    where = traceback.extract_tb(error.__traceback__)[-1]
    return json.dumps(
        {
            "ok": False,
            "error": "internal",
            "message": f"the scorer failed: {type(error).__name__} at "
            f"{where.filename.rsplit('/', 1)[-1]}:{where.lineno}",
        },
        ensure_ascii=False,
    )


def _encode(text: str) -> bytes:
    """One answer line. Text from the request may hold lone surrogates (`"\\ud800"`),
    which UTF-8 cannot carry: such an answer is written with JSON escapes instead."""
    try:
        return (text + "\n").encode("utf-8")
    except UnicodeEncodeError:
        return (json.dumps(json.loads(text)) + "\n").encode("ascii")


def _read1(read1: Callable[[int], bytes]) -> bytes:
    try:
        return read1(MAX_LINE_BYTES)
    except OSError as error:
        raise OSError(error.errno, f"cannot read standard input: {error.strerror}") from None


def _read(stream: IO[bytes], size: int) -> bytes:
    try:
        return stream.readline(size)
    except OSError as error:
        raise OSError(error.errno, f"cannot read standard input: {error.strerror}") from None


def _write(stream: IO[bytes], data: bytes) -> None:
    try:
        stream.write(data)
        stream.flush()  # the answers so far, before the next read may wait
    except BrokenPipeError:
        raise  # the reader went away: tui.cli ends quietly
    except OSError as error:
        raise OSError(
            error.errno, f"cannot write the answers to standard output: {error.strerror}"
        ) from None


def _binary_in(stream: IO[Any]) -> IO[bytes]:
    """The byte stream under a text stream (`sys.stdin.buffer`); a text-only one is encoded."""
    if isinstance(stream, io.TextIOBase):
        buffer = getattr(stream, "buffer", None)
        if buffer is not None:
            return buffer
        return io.BytesIO(stream.read().encode("utf-8", "surrogateescape"))
    return stream


class _TextSink(io.RawIOBase):
    """Bytes written to a text-only stream (an `io.StringIO` standing in for stdout)."""

    def __init__(self, text: IO[str]) -> None:
        self.text = text

    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:
        self.text.write(bytes(data).decode("utf-8"))
        return len(data)

    def flush(self) -> None:
        self.text.flush()


def _binary_out(stream: IO[Any]) -> IO[bytes]:
    if isinstance(stream, io.TextIOBase):
        buffer = getattr(stream, "buffer", None)
        if buffer is not None:
            stream.flush()  # anything already written through the text layer goes first
            return buffer
        return _TextSink(stream)  # type: ignore[return-value]
    return stream

