"""`spellc check` accepts only what `spellc build` can build: what the audit found crashing the build is
either built (the emitters make safe names) or refused by the checker with a located diagnostic."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from spellc.compiler.frontend import Compiled
from spellc.compiler.names import GENERATED_NAMES, MAX_TITLE
from spellc.compiler.serpents_tongue.emit_python import emit_python
from spellc.compiler.serpents_tongue.emit_site import emit_site
from spellc.compiler.serpents_tongue.frontend import compile_files, nam_shubs, spells
from spellc.engine.rulesets.serpents_tongue import registry


def card(title: str, sphere: str = "Forces", extra: str = "") -> str:
    literal = title.replace("\\", "\\\\").replace('"', '\\"')
    return (f'spell "{literal}" {{\n    sphere {sphere}\n    role Attack\n    fluency 1\n    resonance -1\n'
            f"    aspects Heat | Dmg 1\n{extra}}}\n")


def check(tmp_path: Path, **files: str) -> Compiled:
    for name, text in files.items():
        (tmp_path / f"{name}.spell").write_text(text, encoding="utf-8")
    return compile_files([tmp_path], tmp_path)


def build_in_memory(result: Compiled) -> dict[str, Any]:
    """What `spellc build` renders, and the generated modules executed as `import generated` would."""
    assert result.ok, result.diagnostics.render()
    python = emit_python(spells(result), nam_shubs(result))
    site = emit_site(spells(result), registry.load(), (), nam_shubs(result))
    cards = {}
    for name, text in python.items():
        if name == "__init__.py":
            continue
        namespace: dict[str, Any] = {"__name__": f"spellc.generated.serpents_tongue.{name[:-3]}"}
        exec(compile(text, name, "exec"), namespace)
        cards.update({c.title: c for c in namespace["CARDS"]})
    return {"python": python, "site": site, "cards": cards}


def errors(result: Compiled) -> list[str]:
    return [f"{d.span.source.path}:{d.span.line}: {d.code}: {d.message}" for d in result.diagnostics.sorted()
            if d.severity == "error"]


@pytest.mark.parametrize("title", ["none", "true", "false", "None", "match", "Sphere", "Role", "CARDS", "Effect"])
def test_any_title_compiles_to_a_class_that_shadows_nothing(tmp_path: Path, title: str) -> None:
    built = build_in_memory(check(tmp_path, a=card(title)))
    assert built["cards"][title].title == title
    assert built["cards"][title].__name__ not in GENERATED_NAMES


def test_a_leading_count_requirement_is_built(tmp_path: Path) -> None:
    """`! 2 Actions` crashed the site emitter (an assertion on the requirement's text)."""
    built = build_in_memory(check(tmp_path, a=card("Rite Test", extra="    ! 2 Actions\n")))
    page = built["site"]["spells/rite-test.md"]
    assert '<span class="line-mark">!</span> 2 [Actions](../glossary/actions.md)' in page


def test_two_titles_that_share_a_page_are_refused_naming_both(tmp_path: Path) -> None:
    result = check(tmp_path, a=card("Fire Ball"), b=card("Fire-Ball", sphere="Matter"))
    assert errors(result) == ["b.spell:1: E908: 'Fire-Ball' and 'Fire Ball' would share the page fire-ball.md"]
    assert "'Fire Ball' is at a.spell:1" in result.diagnostics.render()


def test_a_duplicate_title_blames_the_newer_file(tmp_path: Path) -> None:
    """The shipped card was blamed when the new one sorted first by path."""
    (tmp_path / "z_shipped.spell").write_text(card("Ember"), encoding="utf-8")
    (tmp_path / "a_new.spell").write_text(card("Ember", sphere="Matter"), encoding="utf-8")
    os.utime(tmp_path / "z_shipped.spell", ns=(1_000_000_000, 1_000_000_000))
    result = compile_files([tmp_path], tmp_path)
    assert errors(result) == ["a_new.spell:1: E908: duplicate title 'Ember'"]
    assert "'Ember' is at z_shipped.spell:1" in result.diagnostics.render()


def test_a_title_too_long_for_a_file_name_is_refused(tmp_path: Path) -> None:
    result = check(tmp_path, a=card("Word " * 60))
    assert errors(result) == [f"a.spell:1: E907: a title of 300 characters: at most {MAX_TITLE}"]


def test_a_title_whose_page_name_is_too_long_in_bytes_is_refused(tmp_path: Path) -> None:
    """Each of these letters takes 3 bytes in a file name: 70 of them pass the length limit, not the bytes'."""
    result = check(tmp_path, a=card("\u4e00" * 70))
    assert [e.split(": ")[1] for e in errors(result)] == ["E907"]


def test_a_lone_surrogate_is_refused(tmp_path: Path) -> None:
    (tmp_path / "a.spell").write_text(card("X").replace('"X"', '"X\\ud800"'), encoding="utf-8")
    result = compile_files([tmp_path], tmp_path)
    assert errors(result) == ["a.spell:1: E004: quoted text holds '\\ud800', half of a surrogate pair, which is "
                              "no character"]


@pytest.mark.parametrize("title", ["con", "AUX", "Nul", "com1", "lpt9", "Index"])
def test_windows_device_names_and_index_are_never_page_names(tmp_path: Path, title: str) -> None:
    built = build_in_memory(check(tmp_path, a=card(title)))
    assert f"spells/{title.lower()}-page.md" in built["site"]


@pytest.mark.parametrize("escape", ["\\N{foo}", "\\x4", "\\u12", "\\U0011ffff", "\\l", "\\q"])
def test_a_bad_escape_is_a_diagnostic(tmp_path: Path, escape: str) -> None:
    (tmp_path / "a.spell").write_text(card("X").replace('"X"', f'"X{escape}"'), encoding="utf-8")
    result = compile_files([tmp_path], tmp_path)
    assert [e.split(": ")[1] for e in errors(result)] == ["E002"]


@pytest.mark.parametrize("number", ["10000", "9" * 5000, "0" * 30 + "12345"])
def test_numbers_have_a_range(tmp_path: Path, number: str) -> None:
    result = check(tmp_path, a=card("X").replace("Dmg 1", f"Dmg {number}"))
    assert [e.split(": ")[1] for e in errors(result)] == ["E005"]
