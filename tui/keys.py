"""The table screen's key bindings as documented data (issue 5 "Keys").

`BINDINGS_TABLE` is the one list: each entry names its key(s) as Textual key
names, the action it runs on the table screen (with arguments, Textual style:
``"move(-1)"``, ``"pick(2)"``), the word key of its description (`tui.words`) and whether the footer
shows it. The table screen uses `textual_bindings()` as its `BINDINGS`; the help
screen lists `BINDINGS_TABLE`; a test checks that both agree, so a key cannot be
bound without being documented.

Actions the table screen implements (``action_<name>``): cursor, cursor_to,
discard, tsumo, riichi, chi, pon, kan, ron, pass, kita, nine_terminals, choose, help,
hint, aids, rules; q quits the app (`app.quit`: the game is saved after every event).
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.binding import Binding

from .words import first_name as first_word


@dataclass(frozen=True, slots=True)
class KeyBinding:
    """One documented binding of the table screen."""

    keys: tuple[str, ...]  # Textual key names, e.g. ("left", "h")
    action: str  # the action with its arguments, e.g. "move(-1)"
    description: str  # word key of what it does, e.g. "key.left"
    show: bool = True  # shown in the footer (everything is in the help screen)
    key_display: str | None = None  # how the footer writes the key(s)
    needs: str | None = None  # the ruleset flag without which the key can never act
    # Listed in the help only under a ruleset that can use it (kita: a four-player
    # game's help stays as it was).
    help_if_usable: bool = False

    def usable(self, ruleset: object) -> bool:
        """Whether a game under `ruleset` can ever use the key (the footer lists
        only those: no `r riichi` where the ruleset has no riichi)."""
        return self.needs is None or bool(getattr(ruleset, self.needs, True))

    @property
    def key(self) -> str:
        """The keys as Textual writes several keys for one binding: "left,h"."""
        return ",".join(self.keys)

    def display(self) -> str:
        """The keys as people read them: "Left / h", "Enter / Space", "?"."""
        return " / ".join(KEY_NAMES.get(k, k) for k in self.keys)


# How key names read on screen (Textual names on the left).
KEY_NAMES: dict[str, str] = {
    "left": "Left",
    "right": "Right",
    "enter": "Enter",
    "space": "Space",
    "escape": "Esc",
    "home": "Home",
    "end": "End",
    "ctrl+q": "Ctrl+Q",
    "question_mark": "?",
}

BINDINGS_TABLE: tuple[KeyBinding, ...] = (
    KeyBinding(("left", "h"), "cursor(-1)", "key.left", show=False),
    KeyBinding(("right", "l"), "cursor(1)", "key.right", show=False),
    KeyBinding(("home",), "cursor_to(0)", "key.first", show=False),
    KeyBinding(("end",), "cursor_to(-1)", "key.last", show=False),
    KeyBinding(("enter", "space"), "discard", "key.discard", key_display="Enter"),
    KeyBinding(("t",), "tsumo", "key.tsumo"),
    KeyBinding(("r",), "riichi", "key.riichi", needs="riichi"),
    KeyBinding(("c",), "chi", "key.chi", needs="chi"),
    KeyBinding(("p",), "pon", "key.pon"),
    KeyBinding(("k",), "kan", "key.kan"),
    KeyBinding(("o",), "ron", "key.ron"),
    KeyBinding(("escape", "n"), "pass", "key.pass", key_display="n"),
    # 北抜き (RULESETS.md §9): only where the ruleset sets Norths aside (three players).
    KeyBinding(("x",), "kita", "key.kita", needs="kita", help_if_usable=True),
    # 九種九牌 (abort_kyuushu): offered on the first draw only, so in the footer only then.
    KeyBinding(("y",), "nine_terminals", "key.nine_terminals", show=False,
               needs="abort_kyuushu"),
    *(
        KeyBinding(
            (str(n),),
            f"choose({n})",
            "key.pick",
            show=n == 1,
            key_display="1-9" if n == 1 else None,
        )
        for n in range(1, 10)
    ),
    KeyBinding(("question_mark",), "help", "key.help", key_display="?"),
    KeyBinding(("i",), "hint", "key.hint"),
    KeyBinding(("a",), "aids", "key.aids"),
    KeyBinding(("g",), "rules", "key.rules"),
    # The glossary from the table, where the aids and the hint use its terms (shanten,
    # ukeire, suji...): in the help, not the footer, which is full already.
    KeyBinding(("G",), "glossary", "key.glossary", show=False),
    KeyBinding(("q", "ctrl+q"), "app.quit", "key.quit"),
)

# Short footer labels: the call words of `tui.words` where there is one.
FOOTER_LABELS: dict[str, str] = {
    "key.left": "footer.left",
    "key.right": "footer.right",
    "key.first": "footer.first",
    "key.last": "footer.last",
    "key.discard": "footer.discard",
    "key.tsumo": "call.tsumo",
    "key.riichi": "call.riichi",
    "key.chi": "call.chi",
    "key.pon": "call.pon",
    "key.kan": "call.kan",
    "key.ron": "call.ron",
    "key.pass": "call.pass",
    "key.kita": "call.kita",
    "key.nine_terminals": "footer.nine_terminals",
    "key.pick": "footer.pick",
    "key.help": "footer.help",
    "key.hint": "footer.hint",
    "key.aids": "footer.aids",
    "key.rules": "footer.rules",
    "key.glossary": "footer.glossary",
    "key.quit": "footer.quit",
}


def footer_label(description: str, lang: str = "en") -> str:
    """The short footer word for a binding's description key, in one language."""
    return first_word(FOOTER_LABELS[description], lang)


def describe(binding: KeyBinding, lang: str = "en") -> str:
    """What a binding does, in the chosen language (help screen, footer tooltip)."""
    return first_word(binding.description, lang)


def footer_bindings(ruleset: object, offered: frozenset[str] = frozenset()) -> list[KeyBinding]:
    """The footer's bindings in the order the table shows them (help first: the footer
    may be cut on a narrow terminal, the help never is), without the keys `ruleset`
    can never use (no riichi key where the ruleset has no riichi). `offered`: actions
    whose key is listed only while legal (nine terminals, on a first draw)."""
    ordered = sorted(BINDINGS_TABLE, key=lambda b: b.action != "help")
    return [b for b in ordered
            if (b.show or b.action in offered) and b.usable(ruleset)]


def textual_bindings(lang: str = "en") -> list[Binding]:
    """`BINDINGS_TABLE` as Textual bindings for the table screen's `BINDINGS`."""
    return [
        Binding(
            b.key,
            b.action,
            footer_label(b.description, lang),
            show=b.show,
            key_display=b.key_display,
            tooltip=describe(b, lang),
        )
        for b in BINDINGS_TABLE
    ]


def help_rows(lang: str = "en", ruleset: object = None) -> list[tuple[str, str]]:
    """(keys, description) for the help screen; the nine number keys form one row.
    Under a `ruleset`, a key listed only where usable (kita) is left out unless the
    ruleset can use it; with none, every binding is listed."""
    rows: list[tuple[str, str]] = []
    seen: set[str] = set()
    for b in BINDINGS_TABLE:
        if b.description in seen:
            continue
        if b.help_if_usable and ruleset is not None and not b.usable(ruleset):
            continue
        same = [x for x in BINDINGS_TABLE if x.description == b.description]
        seen.add(b.description)
        keys = f"{same[0].display()}-{same[-1].display()}" if len(same) > 1 else b.display()
        rows.append((keys, describe(b, lang)))
    return rows
