"""Our `mahjong-tui bot` under the `mjai` package's referee (Mortal's libriichi arena,
`mjai.mlibriichi.arena.Match`), four copies, as mjai.app plays them.

Run with the Python of a venv that has `mjai` (it pins `mahjong~=1.2`, so never the
project's): `python tests/mjai_referee.py SEED LEVEL BOT_PYTHON PROJECT_DIR` (LEVEL `script:MODE`:
the scripted test bot instead, e.g. `script:illegal`). mjai.app's
engine (`mjai.engine.DockerMjaiLogEngine`) is used as it is, with the bot a process on
stdin/stdout in place of its HTTP container; its `start_game` names the game index
where the container gets the seat on its command line, so the seat is named here.
Prints one JSON line: the match's return value and the seconds it took.
"""

import json
import subprocess
import sys
import tempfile
import time

from mjai.engine import DockerMjaiLogEngine
from mjai.mlibriichi.arena import Match


class BotProcess:
    """`react(line) -> line`, as mjai.app's player client, over a pipe."""

    def __init__(self, command: list[str], cwd: str) -> None:
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, cwd=cwd)

    def react(self, events: str) -> str:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(events + "\n")
        self.proc.stdin.flush()
        return self.proc.stdout.readline().strip()

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=30)


class Engine(DockerMjaiLogEngine):
    def start_game(self, game_idx: int) -> None:
        events = [{"type": "start_game", "names": ["0", "1", "2", "3"],
                   "id": self.player_ids[game_idx]}]
        self.player.react(json.dumps(events, separators=(",", ":")))


def main() -> None:
    seed, level, python, project = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
    command = [python, "-c", "import sys; from tui.cli import main; sys.exit(main())",
               "bot", "--level", level]
    if level.startswith("script"):  # tests/mjai_scripted_bot.py, `script:MODE`
        command = [python, f"{project}/tests/mjai_scripted_bot.py", level.partition(":")[2]]
    bots = [BotProcess(command, project) for _ in range(4)]
    engines = [Engine(name=str(i), player=bot) for i, bot in enumerate(bots)]
    began = time.perf_counter()
    with tempfile.TemporaryDirectory() as logs:
        result = Match(log_dir=logs).py_match(*engines, seed_start=(seed, 1))
        kinds: dict[str, int] = {}
        for name in __import__("os").listdir(logs):
            with open(f"{logs}/{name}", "rb") as f:
                import gzip
                data = f.read()
                text = gzip.decompress(data).decode() if data[:2] == b"\x1f\x8b" else data.decode()
                for line in text.splitlines():
                    kind = json.loads(line)["type"]
                    kinds[kind] = kinds.get(kind, 0) + 1
    for bot in bots:
        bot.close()
    print(json.dumps({"result": repr(result), "seconds": round(time.perf_counter() - began, 2),
                      "events": kinds}))


if __name__ == "__main__":
    main()
