"""Seed 003's step forms mean the same in every game (compiler.rules_text.check_shape): the forms the common grammar
accepts but that mean nothing are refused in each, with a located error and the game's own example. Amtgard,
Incantation 2 and Incantation charges accepted all four before (a first "if you did" was never done, a lone option
always taken); Serpent's Tongue refused them with a check of its own, now the shared one, under its own code E018
(tests/fixtures/err/malformed_steps.spell).

One card a case, checked as a designer would (`spellc check` in a project of that card); each test quotes the rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from spellc.compiler.amtgard import check as amtgard
from spellc.compiler.cli import main
from spellc.compiler.incantation_charges import check as incantation_charges
from spellc.compiler.rackham_incantation import check as rackham_incantation
from spellc.compiler.serpents_tongue import check as serpents_tongue


@dataclass(frozen=True)
class Game:
    """A card of the game with one effect (``{steps}``), the code it refuses a shape with, and its example."""

    card: str
    code: str
    if_you_did: str
    act: str  # a step of the game's own, to build the effects below from
    other: str


GAMES = {
    "amtgard": Game('ability "Knot" {\n    school Neutral\n    type Verbal\n    extraordinary\n    range Self\n'
                    '    uses 1 per life\n    incantation "I tie it"\n    effect: {steps}\n}\n',
                    "E909", amtgard.IF_YOU_DID, "remove Stopped from caster", "affect caster for 30 s"),
    "rackham_incantation": Game('spell "Knot" {\n    college Elemental Light\n    gems 2 Light\n    difficulty 7\n'
                                '    range 30 cm\n    target enemy\n    frequency 2 per turn\n    power 2\n    pa 10\n'
                                '    effect: {steps}\n}\n',
                                "E909", rackham_incantation.IF_YOU_DID, "deal 1 wound to target", "move away 20 cm"),
    "incantation_charges": Game('action "Knot" {\n    at enemy\n    effect: {steps}\n}\n',
                                "E909", incantation_charges.IF_YOU_DID, "deal 2 damage to target", "draw 1 card"),
    "serpents_tongue": Game('spell "Knot" {\n    sphere Soul\n    role Attack\n    fluency 1\n    resonance 0\n'
                            '    aspects | Dmg 1 |\n    rules {\n        on impact: {steps}\n    }\n}\n',
                            "E018", serpents_tongue.IF_YOU_DID, "deal Dmg 1 to bearer", "gain 1 Resonance"),
}


def checked(game: str, steps: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
            capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """What `spellc check` says of a project of one card of ``game`` whose effect is ``steps``."""
    (tmp_path / "spellc.toml").write_text(f'[project]\nruleset = "{game}"\ncards = "."\n', encoding="utf-8")
    (tmp_path / "knot.spell").write_text(GAMES[game].card.replace("{steps}", steps), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code = main(["check"])
    return code, capsys.readouterr().err


def refused(game: str, steps: str, message: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
            capsys: pytest.CaptureFixture[str]) -> str:
    code, said = checked(game, steps, tmp_path, monkeypatch, capsys)
    assert code == 1 and "Traceback" not in said
    assert f"error[{GAMES[game].code}]: {message}" in said, said
    return said


@pytest.mark.parametrize("game", sorted(GAMES))
def test_if_you_did_looks_back_at_the_step_before_it(game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """6.5.d: 'Some conditional effects are written "[Do X]; if you did, [do Y]" or "[You may do X]; if you did,
    [do Y]"': with no step before it, there is no X to have done."""
    g = GAMES[game]
    said = refused(game, f"if you did: {g.other}", "'if you did' needs a step before it to look back at",
                   tmp_path, monkeypatch, capsys)
    assert f"help: write it after the step it depends on: `{g.if_you_did}`" in said


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_help_of_if_you_did_is_a_sound_effect_of_the_game(game: str, tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    """The example a designer is given is the game's own words, and checks clean."""
    code, said = checked(game, GAMES[game].if_you_did, tmp_path, monkeypatch, capsys)
    assert code == 0, said


@pytest.mark.parametrize("game", sorted(GAMES))
def test_an_effect_chooses_its_mode_once(game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    """6.5.e: 'The choice of mode is done when the spell, quick action, Reaction or internal action is declared,
    before its resolution': one "choose one" an effect."""
    g = GAMES[game]
    options = f"choose one {{ - {g.act} - {g.other} }}"
    refused(game, f"{options}; {options}", "an effect has at most one 'choose one'", tmp_path, monkeypatch, capsys)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_mode_is_not_chosen_inside_a_mode(game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    """6.5.e: 'They are written "Choose on[e]" followed by multiple lines starting with •': a line is steps, not
    another choice."""
    g = GAMES[game]
    inner = f"choose one {{ - {g.act} - {g.other} }}"
    refused(game, f"choose one {{ - {g.act} - {inner} }}", "a 'choose one' cannot be inside another 'choose one'",
            tmp_path, monkeypatch, capsys)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_mode_is_one_of_several(game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    """6.5.e: '"Choose on[e]" followed by multiple lines starting with •': a single option is no choice."""
    refused(game, f"choose one {{ - {GAMES[game].act} }}", "a 'choose one' needs at least two options",
            tmp_path, monkeypatch, capsys)


def test_a_nam_shub_pages_step_is_an_effect_of_its_own(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    """6.5.d: '"[Do X]; if you did, [do Y]"': a Nam-Shub page's step is an effect as a spell's is, so its shapes are
    refused there too (Serpent's Tongue checked them only in a spell's rules and an Encounter's Discord Event)."""
    (tmp_path / "spellc.toml").write_text('[project]\nruleset = "serpents_tongue"\ncards = "."\n', encoding="utf-8")
    (tmp_path / "kur.spell").write_text('nam-shub "Unbinding of Kur" {\n'
                                        '    step "Trace the Circle" for 2 Resonance: if you did: gain 1 Resonance\n'
                                        '    step "Call the Deep" [Free Action]: choose one { - gain 1 Resonance }\n'
                                        '    victory\n}\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["check"]) == 1
    said = capsys.readouterr().err
    assert "kur.spell:2:46: error[E018]: 'if you did' needs a step before it to look back at" in said
    assert "kur.spell:3:41: error[E018]: a 'choose one' needs at least two options" in said
