"""Names vulture sees unused when it reads only the strictly checked engine modules
(`[tool.mypy] files`): each is used by a module outside that list (views, logs,
records, the UI) or is a rule kept for a caller that does not exist yet.

    .venv/bin/vulture <the [tool.mypy] files> .ci/vulture_whitelist.py   (see .ci/run)
"""

# ruff: noqa: B018 - bare attribute references are how vulture whitelists work
from engine.actions import action_from_dict, action_to_dict
from engine.codec import NOT_ENCODED
from engine.game import Game
from engine.results import session_total
from engine.scripted import do, of_type, scripted_game
from engine.settlement import chombo_payments
from engine.state import HandState
from engine.timeline import Timeline
from engine.wall import Position, Wall, position

NOT_ENCODED  # engine.events: derived fields of Won kept out of the log
action_from_dict, action_to_dict  # engine.log, engine.records: reading and writing logs
Game.hands_played  # tests, the replay viewer
Game.resume_clock  # tui.app: a resumed game's clock
Game.view  # engine.driver: what a player sees
Game.furiten  # engine.view: why a seat cannot ron
HandState.last_discard  # engine.view, ai.danger
Position.stack, Position.upper, position  # tui.widgets.wall: drawing the wall
Wall.dead_tiles  # tests: the dead wall stays at 14 tiles (000 第5条)
scripted_game, do, of_type  # tests and tui.app's scripted demo game
session_total  # teiai's four-game session total (003 §1, §28); tests, no screen yet
chombo_payments  # classic chombo (renmei); tests, no chombo action in play yet
Timeline.of, Timeline.event_end, Timeline.decision  # ai.review and the replay viewer
Timeline.owning  # engine.records.reading.load_timeline (outside the vulture paths)
