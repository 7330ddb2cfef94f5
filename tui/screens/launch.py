"""The launch screen: ruleset (the six presets with summaries and a details pane),
AI level, seed (random by default, shown, editable), tile style, language, and the
house rules (u opens their panel, `tui.screens.house_rules`; one line here says
which apply, or why they do not fit the preset: then Enter does not start).
Keyboard only; Enter starts; d opens the drills, c the lessons (the course). The
choice is remembered for next time (tui.settings). Every text, the footer's too, is
in the chosen language and follows it live (l): a learner who picked Japanese reads
the whole screen in Japanese.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingsMap, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from rules.presets import PresetInfo, preset_infos
from rules.ruleset import load_preset

from ..settings import GameConfig
from ..tiles import TILE_STYLES, tiles_text
from ..words import LANGS, first_name, message
from ..wrap_ja import JaWrapped
from . import APP_CSS_PATH

SEED_MAX = 10**9
LETTER_ACTIONS = (
    "resume", "cycle_ai", "cycle_tiles", "cycle_lang", "edit_seed", "new_seed", "stats",
    "house_rules", "drills", "lessons",
)


def random_seed() -> int:
    return random.SystemRandom().randrange(SEED_MAX)


def ai_levels() -> list[str]:
    from ai import LEVELS

    return list(LEVELS)


# The footer's keys: (key, action, word key in tui.words, shown, priority).
KEYS: tuple[tuple[str, str, str, bool, bool], ...] = (
    ("enter", "start", "launch.key_start", True, True),
    ("a", "cycle_ai", "launch.key_ai", True, False),
    ("t", "cycle_tiles", "launch.key_tiles", True, False),
    ("l", "cycle_lang", "launch.key_lang", True, False),
    ("s", "edit_seed", "launch.key_seed", True, False),
    ("n", "new_seed", "launch.key_new_seed", True, False),
    ("r", "resume", "launch.key_resume", True, False),
    ("h", "stats", "launch.key_stats", True, False),
    ("u", "house_rules", "launch.key_house_rules", True, False),
    ("d", "drills", "launch.key_drills", True, False),
    ("c", "lessons", "launch.key_lessons", True, False),  # c: the course (l is the language)
    ("f", "friends", "launch.key_friends", True, False),
    ("escape", "leave_seed", "launch.key_back", False, False),
    ("ctrl+q", "app.quit", "launch.key_quit", True, False),
)


def key_bindings(lang: str = "en") -> list[BindingType]:
    """The screen's bindings, their footer words in `lang`."""
    return [
        Binding(key, action, first_name(label, lang), show=show, priority=priority)
        for key, action, label, show, priority in KEYS
    ]


def value_name(value: str, lang: str) -> str:
    """A ruleset value as the screen shows it: as is in English, in words in Japanese."""
    return first_name(f"value.{value}", lang)


def yes_no(flag: bool, lang: str) -> str:
    return value_name("yes" if flag else "no", lang)


def preset_details(preset_id: str, lang: str = "en") -> RenderableType:
    """Name, family, summary and the parameters a player notices first, in `lang`.
    A Japanese summary wraps between characters (`wrap_ja`); the rest wraps as Rich
    does, so a long file name in the rulebook line folds instead of being cut."""
    info = next(p for p in preset_infos(three_players=True) if p.id == preset_id)
    head = Text()
    head.append(f"{info.id}\n", style="bold reverse")
    head.append(f"{info.name}\n", style="bold")
    head.append(f"{info.family_in(lang)} · {first_name('launch.rulebook', lang)} {info.seed}",
                style="dim")
    rows = detail_rows(preset_id, lang)
    if lang != "ja":
        return Text.assemble(head, "\n\n", info.summary, "\n\n", rows)
    return Group(head, Text(), JaWrapped(Text(info.summary_ja)), Text(), rows)


def detail_rows(preset_id: str, lang: str) -> Text:
    """The parameters of the details pane, one a line, labels right-aligned."""
    r = load_preset(preset_id)
    text = Text()
    minutes = first_name("launch.minutes", lang)
    length = value_name(r.game_length, lang)
    if r.time_limit_minutes:
        length += f", {r.time_limit_minutes} {minutes}" if lang == "en" else \
            f", {r.time_limit_minutes}{minutes}"
    dora = [value_name(n, lang) for n, on_ in
            (("omote", r.dora), ("ura", r.ura_dora), ("kan", r.kan_dora)) if on_]
    separator = "・" if lang == "ja" else ", "
    rows = [
        ("launch.game", length),
        ("launch.points", f"{r.starting_points:,} / {r.return_points:,}"),
        ("launch.uma", " ".join(f"{u:+}" for u in r.uma) if r.uma_mode != "none"
         else value_name("none", lang)),
        ("launch.riichi", yes_no(r.riichi, lang)),
        ("launch.dora", separator.join(dora) or value_name("none", lang)),
        ("launch.red_fives", message("launch.red_fives", lang, count=r.red_fives)),
        ("launch.kuikae", value_name(r.kuikae, lang)),
        ("launch.kuitan", yes_no(r.kuitan, lang)),
        ("launch.kiriage", yes_no(r.kiriage_30_4, lang)),
        ("launch.multiple_ron", value_name(r.multiple_ron, lang)),
    ]
    if r.players == 3:  # the three-player rows (RULESETS.md §9); four-player panes as before
        rows += [
            ("launch.players", value_name("three_players", lang)),
            ("launch.kita", value_name(str(r.kita), lang) if r.kita else yes_no(False, lang)),
            ("launch.tsumo_loss", value_name(r.tsumo_loss, lang)),
        ]
    for key, value in rows:
        label = first_name(key, lang)
        # Right-aligned in terminal cells: a Japanese label is two cells a character.
        text.append(" " * max(0, 15 - cell_len(label)) + label + "  ", style="bold")
        text.append(f"{value}\n")
    return text


def preset_prompt(info: PresetInfo, lang: str) -> Text | JaWrapped:
    """One preset in the list: id, name, and its summary in `lang` (Japanese wraps
    between characters, `wrap_ja`)."""
    text = Text.assemble((f"{info.id:<15}", "bold"), info.name)
    if load_preset(info.id).players == 3:  # marked: the table seats three
        text.append(f"  {first_name('launch.three_players', lang)}", style="bold cyan")
    text.append("\n")
    text.append(info.summary_in(lang), style="dim")
    return wrapped(text, lang)


def wrapped(text: Text, lang: str) -> Text | JaWrapped:
    return JaWrapped(text) if lang == "ja" else text


class LaunchScreen(Screen[GameConfig | str]):
    """Pick and start; dismisses with the `GameConfig` to play."""

    CSS_PATH: ClassVar = [APP_CSS_PATH]

    BINDINGS: ClassVar = key_bindings()

    def __init__(
        self, config: GameConfig, *, resume_note: str = "", can_resume: bool = False
    ) -> None:
        super().__init__()
        self.config = config
        self.levels = ai_levels()
        self.resume_note = resume_note
        self.can_resume = can_resume
        self._shown_lang = ""  # the language the texts were last put in

    def compose(self) -> ComposeResult:
        infos = preset_infos(three_players=True)
        with Vertical(id="launch"):
            yield Static(id="title")
            with Horizontal(id="launch-body"):
                yield OptionList(
                    *(Option(preset_prompt(p, self.config.lang), id=p.id) for p in infos),
                    id="presets",
                )
                with VerticalScroll(id="details"):  # scrolls: never cut on a small screen
                    yield Static(id="details-text")
            yield Static(id="choices")
            yield Static(id="house")
            with Horizontal(id="seed-row"):
                yield Static(id="seed-label")
                yield Input(str(self.config.seed), id="seed", restrict=r"[0-9]*", max_length=9)
            if self.resume_note:
                yield Static(self.resume_note, id="resume")
            # Every key, the learning keys first (a newcomer must see where the lessons
            # are); it wraps at 80 columns. It stands for a footer, which was one row
            # that ran off the screen's edge and lost its last keys (issue #19).
            yield Static(id="launch-help")

    def on_mount(self) -> None:
        presets = self.query_one("#presets", OptionList)
        ids = [p.id for p in preset_infos(three_players=True)]
        presets.highlighted = ids.index(self.config.ruleset) if self.config.ruleset in ids else 0
        presets.focus()
        self._show()

    @on(OptionList.OptionHighlighted, "#presets")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id:
            self.config = _replace(self.config, ruleset=event.option.id)
            self._show()

    @on(OptionList.OptionSelected, "#presets")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        self.action_start()

    def _show(self) -> None:
        if not self.is_mounted:
            return
        c = self.config
        lang = c.lang
        if lang != self._shown_lang:
            self._show_language()
        self.query_one("#details-text", Static).update(preset_details(c.ruleset, lang))
        sample = tiles_text(_SAMPLE, c.tiles)
        levels = ", ".join(first_name(f"level.{level}", lang) for level in self.levels)
        line = Text()
        line.append(f"{first_name('launch.opponents', lang)} ", style="bold")
        line.append(first_name(f"level.{c.ai}", lang), style="reverse")
        line.append(f" ({levels})   ", style="dim")
        line.append(f"{first_name('launch.tiles', lang)} ", style="bold")
        line.append(first_name(f"tiles.{c.tiles}", lang), style="reverse")
        line.append(" ")
        line.append_text(sample)
        line.append(f"   {first_name('launch.language', lang)} ", style="bold")
        line.append(first_name(f"lang.{lang}", lang), style="reverse")
        self.query_one("#choices", Static).update(line)
        self._show_house()

    def _show_language(self) -> None:
        """The texts that change only with the language: title, preset summaries, seed
        label, key line and footer."""
        lang = self.config.lang
        self._shown_lang = lang
        self.query_one("#title", Static).update(message("launch.title", lang))
        presets = self.query_one("#presets", OptionList)
        for info in preset_infos(three_players=True):
            presets.replace_option_prompt(info.id, preset_prompt(info, lang))
        self.query_one("#seed-label", Static).update(first_name("launch.seed", lang))
        self.query_one("#launch-help", Static).update(self.keys_line(lang))
        self._bindings = BindingsMap(key_bindings(lang))
        self.refresh_bindings()

    def keys_line(self, lang: str) -> str:
        """Every key of the screen: the learning and game keys of `launch.keys`, then
        the rest (resume only when there is a game to resume)."""
        more = [("f", "launch.key_friends"), ("h", "launch.key_stats"),
                ("^q", "launch.key_quit")]
        if self.can_resume:
            more.insert(0, ("r", "launch.key_resume"))
        words = [f"{key} {first_name(label, lang).lower()}" for key, label in more]
        return " · ".join([message("launch.keys", lang), *words])

    def _show_house(self) -> None:
        """One line: the house rules chosen, or why they do not fit this preset."""
        from ..house_rules import describe
        from .house_rules import rules_problem

        problem = rules_problem(self.config)
        lang = self.config.lang
        line = Text()
        if problem:
            line.append(problem, style="bold red")
        else:
            line.append(f"{first_name('launch.house_rules', lang)} ", style="bold")
            line.append(describe(self.config.rules, lang) or first_name("launch.house_none", lang),
                        style="reverse" if self.config.rules else "dim")
        self.query_one("#house", Static).update(line)

    # -- actions -----------------------------------------------------------------
    def action_start(self) -> None:
        seed_input = self.query_one("#seed", Input)
        text = seed_input.value.strip()
        seed = int(text) if text.isdigit() else self.config.seed
        self.config = _replace(self.config, seed=seed)
        from .house_rules import rules_problem

        if rules_problem(self.config):  # said on the house-rules line; nothing starts
            self._show_house()
            self.app.bell()
            return
        self.dismiss(self.config)

    def action_house_rules(self) -> None:
        from .house_rules import HouseRulesScreen

        self.app.push_screen(HouseRulesScreen(self.config), callback=self._house_chosen)

    def _house_chosen(self, rules: tuple[str, ...] | None) -> None:
        if rules is not None:
            self.config = _replace(self.config, rules=tuple(rules))
        self._show()

    def action_stats(self) -> None:
        from .stats import StatsScreen

        self.app.push_screen(StatsScreen.for_app(self.app))

    def action_drills(self) -> None:
        """The drills, under the ruleset and language chosen here (results kept beside
        the game's history)."""
        from .drill_menu import DrillMenuScreen

        store = getattr(self.app, "store", None)
        c = self.config
        self.app.push_screen(DrillMenuScreen(load_preset(c.ruleset), getattr(store, "dir", None),
                                             seed=c.seed, lang=c.lang, tiles=c.tiles))

    def action_lessons(self) -> None:
        """The course of lessons, in the language and tile style chosen here (progress
        kept beside the game's history); its first game starts through the app."""
        from .lesson_menu import LessonMenuScreen

        store = getattr(self.app, "store", None)
        c = self.config
        self.app.push_screen(LessonMenuScreen(getattr(store, "dir", None), tiles=c.tiles,
                                              lang=c.lang))

    def action_friends(self) -> None:
        """Play with friends: host, join or watch a table on a table server."""
        from ..commands.friends import default_name
        from .friends import FriendsScreen

        store = getattr(self.app, "store", None)
        self.app.push_screen(FriendsScreen(self.config, getattr(store, "dir", None),
                                           default_name()))

    def action_resume(self) -> None:
        if self.can_resume:
            self.dismiss("resume")

    def action_cycle_ai(self) -> None:
        levels = self.levels
        i = levels.index(self.config.ai) if self.config.ai in levels else -1
        self.config = _replace(self.config, ai=levels[(i + 1) % len(levels)])
        self._show()

    def action_cycle_tiles(self) -> None:
        styles = list(TILE_STYLES)
        i = styles.index(self.config.tiles) if self.config.tiles in styles else -1
        self.config = _replace(self.config, tiles=styles[(i + 1) % len(styles)])
        self._show()

    def action_cycle_lang(self) -> None:
        langs = list(LANGS)
        i = langs.index(self.config.lang) if self.config.lang in langs else -1
        self.config = _replace(self.config, lang=langs[(i + 1) % len(langs)])
        self._show()

    def action_edit_seed(self) -> None:
        self.query_one("#seed", Input).focus()

    def action_leave_seed(self) -> None:
        self.query_one("#presets", OptionList).focus()

    def action_new_seed(self) -> None:
        seed = random_seed()
        self.config = _replace(self.config, seed=seed)
        self.query_one("#seed", Input).value = str(seed)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # While the seed is being typed, letters belong to the input.
        typing = isinstance(self.focused, Input)
        if action == "resume":
            return self.can_resume and not typing
        return not (typing and action in LETTER_ACTIONS)


def _replace(config: GameConfig, **changes) -> GameConfig:
    from dataclasses import replace

    return replace(config, **changes)


def _sample():
    from rules.tiles import parse_tiles

    return parse_tiles("5m5p5s1z5z6z7z")


_SAMPLE = _sample()
