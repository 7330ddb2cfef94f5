"""Names vulture sees unused when it reads the whole tree (engine/, rules/, ai/, tui/:
`[tool.vulture] paths` in pyproject.toml), each with the reason it stays: it is used
from outside those paths (tests, benchmarks, a builder run by hand), read by name
(getattr, a TOML key, a string annotation), or kept referenced on purpose.
Textual's and Rich's own hooks (`compose`, `on_*`, `action_*`, ...) are
`[tool.vulture] ignore_names` instead.

    .venv/bin/vulture   (see .ci/run)
"""

# ruff: noqa: B018 - bare attribute references are how vulture whitelists work
from typing import TYPE_CHECKING

from ai.review import ReviewItem
from engine.events import HandStarted
from engine.frames import decode_frame, encode_frame
from engine.scripted import of_type
from engine.seat_view import WallView
from engine.server.app import Connection
from engine.server.client import Client
from engine.server.remote_seat import RemoteTable
from engine.settlement import chombo_payments
from engine.storage.history.db import HistoryDB
from engine.storage.kept_games import kept_games
from engine.storage.records.mjai import masked_for
from engine.storage.records.mjlog import MjlogGame, _Reader, looks_like_mjlog, record_summary
from engine.storage.save_store import SaveStore
from engine.table_host import TableHost, hosted_game
from engine.wall import Wall
from rules import scoring, shanten, tiles
from rules.decompose import build_parts_table
from rules.request import answer_line
from rules.ruleset import Ruleset
from rules.shanten import build_group_table
from tui import words
from tui.human import Decision
from tui.layout import Rect
from tui.learn.lessons import Step, played_hand
from tui.remote_app import RemoteApp
from tui.result_text import FinalRow, grouped_keys
from tui.screens.friends import FriendsScreen
from tui.screens.table import TableScreen
from tui.settings import config_dir, save_settings
from tui.tiles import RIVER_MARKS, sideways_width
from tui.words import seat_name

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

# --- kept for callers outside the tree's code
Wall.dead_tiles  # tests: the dead wall stays at 14 tiles (000 第5条)
of_type  # tests: scripted games pick an action by its type
chombo_payments  # classic chombo (renmei); tests, no chombo action in play yet
encode_frame, decode_frame  # a frame's JSON form for a remote seat; tests round-trip it
masked_for  # an mjai record as one seat sees it: tests/test_mjai_bot, the mjai benchmark
looks_like_mjlog, record_summary  # tests: sniffing a Tenhou record, the record's own summary
HistoryDB.session_games, HistoryDB.incomplete_games  # tests: the history's consistency
Client.create, Client.rejoin  # the server protocol's client side; server tests
TableHost.actions_applied  # tests: the table host really applied the player's actions
answer_line  # tests: `score --batch` answers, line by line, checked against the text form
scoring.clear_caches, shanten.clear_caches  # benchmarks: cold-cache measurements
tiles.format_counts  # tests: hands printed in failure messages
ReviewItem.hand_text  # tests: the review item's hand in mpsz
grouped_keys  # tests: every parameter of RULESETS.md §2 has a row in the reference
kept_games  # tests: the unfinished games kept aside in the data directory
Rect.overlaps, Rect.inside  # tests/test_tui_geometry: nothing overlaps, nothing clipped
played_hand  # tests: each lesson script's next hand
Step.verdict_claims  # tests/test_learn_claims: what a step's feedback claims, checked
SaveStore.kept_aside  # tests: damaged save files set aside
TableScreen.hands_started  # tests: the table counted the hands it dealt
config_dir, save_settings  # tests: where settings live and how they are written
RIVER_MARKS, sideways_width  # tests: the river's marks and a turned tile's width
seat_name  # tests: the relative seats' two names (tui.words's public API)

# --- builders run by hand when a precomputed table must be made again
build_parts_table  # writes rules/group_parts.bin
build_group_table  # writes rules/group_table.bin

# --- read by name or kept on purpose
tiles.MAN, tiles.PIN, tiles.SOU  # the suits' numbers, named beside HONOR (which is used)
HandStarted.break_stacks, WallView.break_stacks  # record/view fields: the wall's break
MjlogGame.shuffle_seed  # a Tenhou record's SHUFFLE seed, kept with the parsed record
# The mjlog reader's `_on_<tag>` handlers: found by getattr from the XML tag's name
_Reader._on_shuffle, _Reader._on_go, _Reader._on_un, _Reader._on_bye, _Reader._on_init
_Reader._on_n, _Reader._on_reach, _Reader._on_dora, _Reader._on_agari, _Reader._on_ryuukyoku
Connection.closer  # holds the close task: asyncio keeps only a weak reference to a task
DataclassInstance  # tui.widgets.base: a TypeVar bound given as a string (typeshed only)
# Ruleset fields read by name: from the presets' TOML and by tui.result_text's rules reference
Ruleset.agari_yame, Ruleset.atozuke, Ruleset.noten_riichi, Ruleset.daiminkan_pao
Ruleset.chombo_hand, Ruleset.dead_wall, Ruleset.discard_rows
FinalRow.vs_return  # read by column name (tui.screens.game_end)
Decision.seat_view  # the seat's own view, set by tui.seat_client for the aids to read
RemoteTable.reconnects  # tests: how often a remote seat came back after a lost server
hosted_game  # tests: the game a table host holds (tui/ may not call it: test_architecture)
RemoteApp.spectating  # holds the spectator's connection for the app's lifetime
FriendsScreen.server_process  # holds the hosting process started from the launch screen
# tui.words's tables, loaded from tui/lexicon/words.toml: its API (tests, the
# glossary and the screens read them by name), kept whole
words.FU_ITEMS, words.SCREEN_WORDS, words.RULE_GROUPS, words.PARAMETERS, words.VIEWER_WORDS
words.ONLINE_PARAMETERS, words.SANMA_PARAMETERS, words.ENDINGS, words.ENDING_MESSAGES
words.LAUNCH_WORDS
