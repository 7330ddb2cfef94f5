"""The house-rules panel of the launch screen (u): the common rules, one line each.

↑↓ choose a rule, Enter or Space moves it to its next value ("preset" = the
preset's own rule), Esc or u closes the panel with the choice. Every change is
validated at once against the preset (`GameConfig.build_ruleset`, as `--rule`
is): a combination that does not fit is one line at the bottom, and the launch
screen will not start the game with it. In the launch screen's language.
"""

from __future__ import annotations

from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ..house_rules import HOUSE_RULES, chosen, cycle, rule_name, show
from ..settings import GameConfig
from ..words import first_name, message

VALUE_CELLS = 12  # a value this wide or less shares its line with the house-rule tag


def rules_problem(config: GameConfig) -> str | None:
    """Why the config's house rules do not fit its preset, in one line (None: they do)."""
    from rules.ruleset import RulesetError

    try:
        config.build_ruleset()
    except RulesetError as error:
        return message("launch.house_refused", config.lang, error=str(error).splitlines()[0])
    return None


class HouseRulesScreen(ModalScreen[tuple[str, ...]]):
    """The panel; dismisses with the rules (`GameConfig.rules` items)."""

    DEFAULT_CSS = """
    HouseRulesScreen { align: center middle; }
    #house-panel { width: 64; height: auto; max-height: 90%; border: round $accent;
                   padding: 0 1; background: $surface; }
    #house-list { height: auto; max-height: 14; }
    #house-problem { height: auto; color: $error; }
    #house-keys { height: 1; color: $text-muted; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "cycle", "change", priority=True),
        Binding("escape,u", "close", "close"),
    ]

    def __init__(self, config: GameConfig) -> None:
        super().__init__()
        self.config = config

    def compose(self) -> ComposeResult:
        with Vertical(id="house-panel") as panel:
            lang = self.config.lang
            panel.border_title = f"{first_name('house.title', lang)} - {self.config.ruleset}"
            yield OptionList(*self._options(), id="house-list")
            yield Static(id="house-problem")
            yield Static(message("house.keys", lang), id="house-keys")

    def _options(self) -> list[Option]:
        preset = _preset_values(self.config.ruleset)
        now = chosen(self.config.rules)
        lang = self.config.lang
        options = []
        for rule in HOUSE_RULES:
            # Padded in terminal cells: a Japanese name is two cells a character.
            name = rule_name(rule.key, lang)
            line = Text(name + " " * max(1, 16 - cell_len(name)), style="bold")
            if rule.key in now:
                value = show(now[rule.key], lang)
                tag = first_name("house.chosen", lang)
                if cell_len(value) > VALUE_CELLS:  # chips: the values on a line of their own
                    line.append(tag, style="bold italic")
                    line.append("\n  ")
                    line.append(value, style="reverse")
                else:
                    line.append(value, style="reverse")
                    line.append(" " * max(2, VALUE_CELLS - cell_len(value)))
                    line.append(tag, style="bold italic")
            else:
                own = show(preset.get(rule.key), lang)
                line.append(f"{first_name('house.preset', lang)} ({own})", style="dim")
            options.append(Option(line, id=rule.key))
        return options

    def on_mount(self) -> None:
        self.query_one("#house-list", OptionList).focus()
        self._check()

    def _check(self) -> None:
        self.query_one("#house-problem", Static).update(rules_problem(self.config) or "")

    def action_cycle(self) -> None:
        options = self.query_one("#house-list", OptionList)
        index = options.highlighted or 0
        key = HOUSE_RULES[index].key
        from dataclasses import replace

        self.config = replace(self.config, rules=cycle(self.config.rules, key))
        options.clear_options()
        options.add_options(self._options())
        options.highlighted = index
        self._check()

    def action_close(self) -> None:
        self.dismiss(self.config.rules)


def _preset_values(preset_id: str) -> dict[str, object]:
    from rules.ruleset import RulesetError, load_preset

    try:
        return load_preset(preset_id).as_dict()
    except RulesetError:
        return {}
