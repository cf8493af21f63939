"""A small table for rules tests: two Magi, chosen cards put straight into play, scripted answers.

The engine is a generator that stops at decisions; :meth:`Table.run` drives one piece of the rules
(a phase, a cast) to its end, answering dice from ``rolls`` and choices from ``choices`` (matched by
label or value), with the same defaults a scenario has (cast silently, no upgrade, sustain).
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from collections import deque
from collections.abc import Generator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from spellc.compiler.build_client import SERVER_ENV
from spellc.compiler.state import STATE_ENV
from spellc.engine.core.decisions import Choice, Decision
from spellc.engine.core.errors import IllegalAction
from spellc.engine.core.kept import CACHE_ENV
from spellc.engine.rulesets.serpents_tongue import actions, casting
from spellc.engine.rulesets.serpents_tongue.bindings import implemented
from spellc.engine.rulesets.serpents_tongue.cards import CardLibrary
from spellc.engine.rulesets.serpents_tongue.rules import Game, Options
from spellc.engine.rulesets.serpents_tongue.state import Being, Card, Place
from spellc.generated.serpents_tongue import LIBRARY
from tests.per_run import run_folder

# What a test process keeps outside its tests' own tmp_path is kept in a folder of the process's own, removed
# when it ends: spellc's kept values (engine/core/kept.py), so that a test never reads what another run, or the
# user's own builds, left behind; the key that signs what builds leave in a project (compiler/trust.py); and
# Hypothesis's storage (it keeps the constants of the code under test), which would otherwise be written into
# the repository. Each xdist worker makes its own: a worker inherits the controller's environment, and two
# processes making the key in one folder at once could read it half-written (and then sign nothing). A
# variable the user set (SPELLC_CACHE=off, say) is kept as given.
FOLDERS = {CACHE_ENV: "cache", STATE_ENV: "state", "HYPOTHESIS_STORAGE_DIRECTORY": "hypothesis"}
MADE = "SPELLC_TEST_FOLDERS"  # "<pid> <variable>...": the process that set these variables to folders of its own


def _own_folders() -> None:
    maker, *made = os.environ.get(MADE, "none").split()
    if maker == str(os.getpid()):
        return  # this process has its folders (the module is imported again, as tests.conftest)
    ours = [variable for variable in FOLDERS if variable in made or variable not in os.environ]
    root = Path(tempfile.mkdtemp(prefix="spellc-tests-"))
    atexit.register(shutil.rmtree, root, True)
    for variable in ours:
        os.environ[variable] = str(root / FOLDERS[variable])
    os.environ[MADE] = " ".join([str(os.getpid()), *ours])


_own_folders()
# Builds run in the test's own process (or the command's it starts): a build server would outlive the test, and
# build with none of its monkeypatches. tests/test_build_server.py starts its own, and stops them.
os.environ[SERVER_ENV] = "off"
run_folder()  # made now in xdist's controller, so that its workers share it (tests/per_run.py)

pytest_plugins = ["tests.browsing"]  # the served site and the browser, for the browser tests

# Property tests are about rules, never about time: the machines are shared and noisy, so no example has a
# deadline, and the examples are drawn from a fixed seed so that a run that passed passes again.
settings.register_profile("spellc", deadline=None, derandomize=True, database=None)
settings.load_profile("spellc")

# None: the first choice (zone order; Shields in the order they were placed).
DEFAULTS = {"speak": "silent", "upgrade": "no upgrade", "ritual": "no tiers", "resolve order": None,
            "shield order": None}


class Table:
    def __init__(self, level: int = 1, **options: Any) -> None:
        self.white = Being(name="White", team="White", essence=12, resonance=0, will=0 if level == 1 else 3)
        self.black = Being(name="Black", team="Black", essence=12, resonance=0, will=0 if level == 1 else 3)
        self.rolls: deque[int] = deque()
        self.draws: deque[str] = deque()  # an Encounter's draw bag, colour by colour
        self.choices: deque[Any] = deque()
        self.asked: list[Decision] = []
        self.owed: dict[str, deque[str]] = {}  # answers a cast line gives (target, discards)
        library = CardLibrary(dict(LIBRARY.cards))  # a test may add cards without touching the shared one
        self.game = Game([self.white, self.black], library, Options(level=level, chance="ask", **options),
                         plays=implemented())

    # ---- driving the rules
    def run(self, flow: Generator[Decision, Choice, Any]) -> Any:
        try:
            decision = next(flow)
            while True:
                decision = flow.send(self.answer(decision))
        except StopIteration as done:
            return done.value

    def answer(self, d: Decision) -> Choice:
        self.asked.append(d)
        if d.kind == "die":
            return d.options[self.rolls.popleft() - 1]
        if d.kind == "draw":
            return self._match(d, self.draws.popleft())
        if d.kind == "checkpoint":
            return Choice("", None)
        if self.owed.get(d.kind):
            want = self.owed[d.kind].popleft()
            return self._match(d, want)
        if not self.choices and d.kind in DEFAULTS:
            wanted = DEFAULTS[d.kind]
            return d.options[0] if wanted is None else d.find(wanted) or d.options[0]
        if d.kind == "sustain" and not self.choices:
            return d.options[0]
        if not self.choices:
            raise AssertionError(f"unanswered decision {d.kind}: {d.prompt} {[c.label for c in d.options]}")
        return self._match(d, self.choices.popleft())

    def _match(self, d: Decision, want: Any) -> Choice:
        for c in d.options:
            if want in (c.label, c.value) or c.label in (f'"{want}"', f"team {want}") \
                    or c.label.startswith(f'"{want}" of '):
                return c
        raise AssertionError(f"{want!r} is not among {[c.label for c in d.options]} for {d.prompt}")

    def first_decision(self, flow: Generator[Decision, Choice, Any]) -> Decision:
        return next(flow)

    # ---- helpers
    def give(self, being: Being, title: str, prepared: bool = True) -> Card:
        card = self.game.register(Card(spec=self.game.library[title], owner=being))
        card.place = Place.PREPARED if prepared else Place.CODEX
        (being.prepared if prepared else being.codex).append(card)
        return card

    def cast(self, being: Being, title: str, target: str | None = None, *discards: str) -> Card:
        card = self.give(being, title)
        being.full_actions = max(being.full_actions, 1)
        return self.cast_card(being, card, target, *discards)

    def cast_card(self, being: Being, card: Card, target: str | None = None, *discards: str) -> Card:
        reason = casting.why_not(self.game, being, card)
        if reason:
            rule, _, message = reason.partition(": ")
            raise IllegalAction(rule, message)
        self.owed = {"target": deque([target] if target else []), "discard": deque(discards)}
        try:
            self.run(casting.cast(self.game, being, card))
        finally:
            self.owed = {}
        return card

    def in_play(self, being: Being, title: str, target: str | None = None, *discards: str) -> Card:
        """Cast with the Resonance it needs, so a test can set up the board quickly."""
        being.resonance += max(0, -self.game.library[title].resonance)
        return self.cast(being, title, target, *discards)

    def use(self, being: Being, spell: str, ability: str, target: str | None = None) -> None:
        usable = [(c, a) for c, a in casting.usable_abilities(self.game, being)
                  if c.title == spell and a.name == ability]
        if not usable:
            raise IllegalAction("Once per Round", f"{ability} cannot be used now (already used this round?)")
        self.owed = {"target": deque([target] if target else [])}
        card, ab = usable[0]
        try:
            self.run(casting.use_ability(self.game, being, card, ab))
        finally:
            self.owed = {}

    def action_options(self, being: Being) -> list[str]:
        return [c.label for c in actions.options(self.game, being)]


@pytest.fixture
def table() -> Table:
    return Table()


EXAMPLES = Path(__file__).parent / "fixtures" / "cards"


@cache
def example_cards() -> dict[str, Any]:
    """The small cards of tests/fixtures/cards/*.spell (one file per group of rules), compiled once."""
    return compile_cards("\n".join(p.read_text(encoding="utf-8") for p in sorted(EXAMPLES.glob("*.spell"))))


@pytest.fixture
def t() -> Table:
    """A level-2 table (Harmony, Will, Voice in play) that also knows the example cards."""
    table = Table(level=2)
    table.game.library.cards.update(example_cards())
    return table


def compile_cards(text: str) -> dict[str, Any]:
    """Compile card source text for a test and load the generated classes, as `spellc build` would."""
    return {c.title: c for c in compile_card_classes(text)}


def compile_card_classes(text: str) -> list[Any]:
    """Every class compiled from card source text: a title printed at several fluencies gives several."""
    import tempfile

    from spellc.compiler.serpents_tongue.emit_python import emit_python
    from spellc.compiler.serpents_tongue.frontend import compile_files, nam_shubs, spells

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "test.spell"
        path.write_text(text, encoding="utf-8")
        result = compile_files([path])
    assert result.ok, result.diagnostics.render()
    classes: list[Any] = []
    for name, source in emit_python(spells(result), nam_shubs(result)).items():
        if name != "__init__.py":
            namespace: dict[str, Any] = {}
            exec(compile(source, name, "exec"), namespace)
            classes.extend(namespace["CARDS"])
    return classes


ROOT = Path(__file__).resolve().parent.parent


def replayed(scenario_path: Path) -> dict[str, Any]:
    """A scenario of cards_src/scenarios replayed against the compiled cards; its JSON (one snapshot a round)."""
    from spellc.compiler.diagnostics import Diagnostics
    from spellc.compiler.serpents_tongue.scenario import parse_scenario
    from spellc.compiler.source import SourceFile
    from spellc.engine.rulesets.serpents_tongue.scenario import replay

    scenario = parse_scenario(SourceFile.read(scenario_path, ROOT), Diagnostics())
    assert scenario is not None
    result = replay(scenario, LIBRARY)
    assert result.error is None, f"{result.error.where}: {result.error.message}"
    return result.json()
