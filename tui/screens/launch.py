"""The launch screen: ruleset (the six presets with summaries and a details pane),
AI level, seed (random by default, shown, editable), tile style, language, and the
house rules (u opens their panel, `tui.screens.house_rules`; one line here says
which apply, or why they do not fit the preset: then Enter does not start).
Keyboard only; Enter starts; d opens the drills, c the lessons (the course). The
choice is remembered for next time (tui.settings).
"""

from __future__ import annotations

import random
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from rules.presets import preset_infos
from rules.ruleset import load_preset

from ..settings import GameConfig
from ..tiles import TILE_STYLES, tiles_text
from ..words import LANGS
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


def preset_details(preset_id: str) -> Text:
    """Name, family, summary and the parameters a player notices first."""
    info = next(p for p in preset_infos() if p.id == preset_id)
    r = load_preset(preset_id)
    text = Text()
    text.append(f"{info.id}\n", style="bold reverse")
    text.append(f"{info.name}\n", style="bold")
    text.append(f"{info.family} · seed rulebook {info.seed}\n\n", style="dim")
    text.append(f"{info.summary}\n\n")
    rows = [
        ("game", r.game_length + (f", {r.time_limit_minutes} min" if r.time_limit_minutes else "")),
        ("start / return", f"{r.starting_points:,} / {r.return_points:,}"),
        ("uma", " ".join(f"{u:+}" for u in r.uma) if r.uma_mode != "none" else "none"),
        ("riichi", "yes" if r.riichi else "no"),
        (
            "dora",
            ", ".join(
                n for n, on_ in (("omote", r.dora), ("ura", r.ura_dora), ("kan", r.kan_dora)) if on_
            )
            or "none",
        ),
        ("red fives", str(r.red_fives)),
        ("kuikae", r.kuikae),
        ("open tanyao", "yes" if r.kuitan else "no"),
        ("kiriage mangan", "yes" if r.kiriage_30_4 else "no"),
        ("multiple ron", r.multiple_ron),
    ]
    for key, value in rows:
        text.append(f"{key:>15}  ", style="bold")
        text.append(f"{value}\n")
    return text


class LaunchScreen(Screen[GameConfig | str]):
    """Pick and start; dismisses with the `GameConfig` to play."""

    CSS_PATH: ClassVar = [APP_CSS_PATH]

    BINDINGS: ClassVar = [
        Binding("enter", "start", "Start", priority=True),
        Binding("a", "cycle_ai", "AI level"),
        Binding("t", "cycle_tiles", "Tiles"),
        Binding("l", "cycle_lang", "Language"),
        Binding("s", "edit_seed", "Seed"),
        Binding("n", "new_seed", "New seed"),
        Binding("r", "resume", "Resume"),
        Binding("h", "stats", "Stats"),
        Binding("u", "house_rules", "House rules"),
        Binding("d", "drills", "Drills"),
        Binding("c", "lessons", "Lessons"),  # c: the course (l is the language)
        Binding("escape", "leave_seed", "Back", show=False),
        Binding("ctrl+q", "app.quit", "Quit"),
    ]

    def __init__(
        self, config: GameConfig, *, resume_note: str = "", can_resume: bool = False
    ) -> None:
        super().__init__()
        self.config = config
        self.levels = ai_levels()
        self.resume_note = resume_note
        self.can_resume = can_resume

    def compose(self) -> ComposeResult:
        infos = preset_infos()
        with Vertical(id="launch"):
            yield Static("mahjong-tui · Japanese mahjong under six real rulebooks", id="title")
            with Horizontal(id="launch-body"):
                yield OptionList(
                    *(
                        Option(
                            Text.assemble(
                                (f"{p.id:<15}", "bold"), p.name, "\n", (p.summary, "dim")
                            ),
                            id=p.id,
                        )
                        for p in infos
                    ),
                    id="presets",
                )
                yield Static(id="details")
            yield Static(id="choices")
            yield Static(id="house")
            with Horizontal(id="seed-row"):
                yield Static("Seed (s to edit, n for a new one):", id="seed-label")
                yield Input(str(self.config.seed), id="seed", restrict=r"[0-9]*", max_length=9)
            if self.resume_note:
                yield Static(self.resume_note, id="resume")
            yield Static(
                # The learning keys come first: at 80 columns the line is cut at the
                # end, and a newcomer must see where the lessons are.
                "⏎ start · c lessons · d drills · ↑↓ ruleset · a AI · t tiles · l language"
                " · s/n seed · u house rules",
                id="launch-help",
            )
        yield Footer(compact=True)

    def on_mount(self) -> None:
        presets = self.query_one("#presets", OptionList)
        ids = [p.id for p in preset_infos()]
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
        self.query_one("#details", Static).update(preset_details(c.ruleset))
        sample = tiles_text(_SAMPLE, c.tiles)
        line = Text()
        line.append("Opponents ", style="bold")
        line.append(f"{c.ai}", style="reverse")
        line.append(f" ({', '.join(self.levels)})   ", style="dim")
        line.append("Tiles ", style="bold")
        line.append(f"{c.tiles}", style="reverse")
        line.append(" ")
        line.append_text(sample)
        line.append("   Language ", style="bold")
        line.append(c.lang, style="reverse")
        self.query_one("#choices", Static).update(line)
        self._show_house()

    def _show_house(self) -> None:
        """One line: the house rules chosen, or why they do not fit this preset."""
        from .house_rules import rules_problem

        problem = rules_problem(self.config)
        line = Text()
        if problem:
            line.append(problem, style="bold red")
        else:
            line.append("House rules ", style="bold")
            line.append(", ".join(self.config.rules) or "none (the preset's own)",
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
