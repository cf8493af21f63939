"""What spellc derives from its own files alone is kept between processes (engine/core/kept.py), and made
again as soon as anything it was made from changes: the cache only ever saves time."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from spellc.compiler.card_site import Game, environment
from spellc.compiler.markdown import COMMON_TEMPLATES
from spellc.compiler.project import REPOSITORY
from spellc.compiler.serpents_tongue import emit_site as emit_site_module
from spellc.compiler.serpents_tongue.emit_site import coverage_report, emit_site
from spellc.compiler.serpents_tongue.frontend import compile_files, nam_shubs, spells
from spellc.engine.core import kept
from spellc.engine.core.kept import CACHE_ENV, OFF
from spellc.engine.rulesets.serpents_tongue.registry import load


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A cache folder of this test's own, and a folder of code that makes its values."""
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "cache"))
    kept.generation.cache_clear()
    (tmp_path / "code").mkdir()
    (tmp_path / "code" / "maker.py").write_text("v1\n", encoding="utf-8")
    yield tmp_path / "cache"
    kept.generation.cache_clear()


class Maker:
    def __init__(self) -> None:
        self.calls = 0

    def __call__(self) -> dict[str, int]:
        self.calls += 1
        return {"made": self.calls}


def _kept(source: Path, make: Maker) -> object:
    return kept.kept("test", source.name, kept.stamps([source]), make, dict[str, int], (str(source.parent / "code"),))


def test_a_value_is_made_once_and_read_back_in_later_calls(cache: Path, tmp_path: Path) -> None:
    source = tmp_path / "input.toml"
    source.write_text("a = 1\n", encoding="utf-8")
    make = Maker()
    assert _kept(source, make) == {"made": 1}
    kept.generation.cache_clear()  # as a new process would
    assert _kept(source, make) == {"made": 1}
    assert make.calls == 1


def test_an_input_that_changed_makes_the_value_again(cache: Path, tmp_path: Path) -> None:
    source = tmp_path / "input.toml"
    source.write_text("a = 1\n", encoding="utf-8")
    make = Maker()
    _kept(source, make)
    source.write_text("a = 22\n", encoding="utf-8")
    assert _kept(source, make) == {"made": 2}


def test_a_value_made_anew_replaces_the_one_before(cache: Path, tmp_path: Path) -> None:
    """One file per value: the cache does not grow as its inputs change."""
    source = tmp_path / "input.toml"
    make = Maker()
    for version in range(5):
        source.write_text(f"a = {'1' * (version + 1)}\n", encoding="utf-8")
        assert _kept(source, make) == {"made": version + 1}
    assert len(list(cache.rglob("test-*.json"))) == 1


def test_code_that_changed_makes_every_value_again(cache: Path, tmp_path: Path) -> None:
    source = tmp_path / "input.toml"
    source.write_text("a = 1\n", encoding="utf-8")
    make = Maker()
    _kept(source, make)
    (tmp_path / "code" / "maker.py").write_text("v22\n", encoding="utf-8")
    kept.generation.cache_clear()
    assert _kept(source, make) == {"made": 2}


def test_off_keeps_nothing(cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(CACHE_ENV, OFF)
    source = tmp_path / "input.toml"
    source.write_text("a = 1\n", encoding="utf-8")
    make = Maker()
    _kept(source, make)
    assert _kept(source, make) == {"made": 2}
    assert not cache.exists()


def test_a_cache_folder_others_may_write_to_is_not_used(cache: Path, tmp_path: Path) -> None:
    cache.mkdir()
    os.chmod(cache, 0o777)  # noqa: S103 (the point of the test)
    source = tmp_path / "input.toml"
    source.write_text("a = 1\n", encoding="utf-8")
    make = Maker()
    _kept(source, make)
    assert _kept(source, make) == {"made": 2}
    assert list(cache.iterdir()) == []


def test_a_damaged_value_is_made_again(cache: Path, tmp_path: Path) -> None:
    source = tmp_path / "input.toml"
    source.write_text("a = 1\n", encoding="utf-8")
    make = Maker()
    _kept(source, make)
    for file in cache.rglob("*.json"):
        file.write_text('{"made": ', encoding="utf-8")
    assert _kept(source, make) == {"made": 2}


def test_a_value_whose_bytes_changed_is_made_again(cache: Path, tmp_path: Path) -> None:
    """A kept value carries the digest of its own content: bytes flipped inside it (still JSON of the same shape,
    so nothing else would notice) are found, and the value is made anew instead of changing an output."""
    source = tmp_path / "input.toml"
    source.write_text("a = 1\n", encoding="utf-8")
    make = Maker()
    _kept(source, make)
    for file in cache.rglob("*.json"):
        file.write_bytes(file.read_bytes().replace(b'"made": 1', b'"made": 7'))
    assert _kept(source, make) == {"made": 2}


def test_a_value_of_the_wrong_shape_is_made_again(cache: Path, tmp_path: Path) -> None:
    """A kept value of another type than its maker gives (a list where a table was: written by another version of
    spellc, say, with its digest right) is not used: every build would otherwise fail on it until the cache is
    cleared."""
    source = tmp_path / "input.toml"
    source.write_text("a = 1\n", encoding="utf-8")
    _kept(source, Maker())
    code = (str(tmp_path / "code"),)
    assert kept.kept("test", source.name, kept.stamps([source]), lambda: [1, 2], list[int], code) == [1, 2]
    make = Maker()
    assert _kept(source, make) == {"made": 1} and make.calls == 1


@pytest.mark.parametrize(("value", "shape", "fits"), [
    ("text", str, True), (3, int, True), (True, int, False), (2.5, float, True), (2, float, True),
    (None, str | None, True), ([["a", None]], list[list[str | None]], True), ([["a", 1]], list[list[str]], False),
    ({"a": "b"}, dict[str, str], True), ({"a": 1}, dict[str, str], False), ([], dict[str, str], False),
    ({"deep": [1, {"x": None}]}, dict[str, Any], True),
])
def test_a_shape_is_the_type_json_gives_back(value: object, shape: object, fits: bool) -> None:
    assert kept.conforms(value, shape) is fits


def test_an_unwritable_cache_only_costs_time(cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "input.toml" / "cache"))  # under a file: cannot be made
    source = tmp_path / "input.toml"
    source.write_text("a = 1\n", encoding="utf-8")
    make = Maker()
    assert _kept(source, make) == {"made": 1}
    assert _kept(source, make) == {"made": 2}


def test_old_generations_are_retired(cache: Path, tmp_path: Path) -> None:
    source = tmp_path / "input.toml"
    source.write_text("a = 1\n", encoding="utf-8")
    for version in range(kept.GENERATIONS + 3):
        (tmp_path / "code" / "maker.py").write_text(f"v{version}\n", encoding="utf-8")
        kept.generation.cache_clear()
        _kept(source, Maker())
    assert len([p for p in cache.iterdir() if p.is_dir()]) == kept.GENERATIONS


def test_a_generation_still_in_use_is_not_retired(cache: Path, tmp_path: Path) -> None:
    """The glossary tables' generation (made by Python alone) outlives many edits of the compiler's code: the
    generations retired are those unused the longest, not the oldest."""
    source = tmp_path / "input.toml"
    source.write_text("a = 1\n", encoding="utf-8")
    stable = Maker()
    kept.kept("table", source.name, kept.stamps([source]), stable, dict[str, int])
    for version in range(kept.GENERATIONS - 1):  # as many generations as are kept
        (tmp_path / "code" / "maker.py").write_text(f"v{version}\n", encoding="utf-8")
        kept.generation.cache_clear()
        _kept(source, Maker())
    folders = sorted(cache.iterdir(), key=lambda p: p.stat().st_mtime_ns)
    for age, folder in enumerate(folders):  # made long ago, a second apart, in that order
        os.utime(folder, (1_000_000 + age, 1_000_000 + age))
    kept.generation.cache_clear()
    kept.kept("table", source.name, kept.stamps([source]), stable, dict[str, int])  # used again: now the newest
    (tmp_path / "code" / "maker.py").write_text("v-next\n", encoding="utf-8")
    _kept(source, Maker())  # a new generation retires the one unused the longest
    kept.kept("table", source.name, kept.stamps([source]), stable, dict[str, int])
    assert stable.calls == 1
    assert len(list(cache.iterdir())) == kept.GENERATIONS


def test_kept_glossary_pages_are_the_pages_made_anew(monkeypatch: pytest.MonkeyPatch) -> None:
    """The glossary's pages come out of the cache with the project's own spells in them: the same bytes as
    pages made with nothing kept."""
    result = compile_files([REPOSITORY / "cards_src" / "serpents_tongue"], REPOSITORY)
    made = emit_site(spells(result), load(), None, nam_shubs(result))
    emit_site_module._glossary_texts.cache_clear()  # read back from the cache
    assert emit_site(spells(result), load(), None, nam_shubs(result)) == made
    emit_site_module._glossary_texts.cache_clear()
    monkeypatch.setenv(CACHE_ENV, OFF)
    kept.generation.cache_clear()
    assert emit_site(spells(result), load(), None, nam_shubs(result)) == made
    kept.generation.cache_clear()


def test_a_kept_glossary_page_follows_an_edited_template(tmp_path: Path) -> None:
    """Jinja reloads an edited template in a running process (`spellc site --serve`): a glossary page kept
    between runs must be drawn again with it, not read back as it was."""
    templates = tmp_path / "templates"
    shutil.copytree(emit_site_module.TEMPLATES, templates)
    shutil.copy(COMMON_TEMPLATES / "term.md.j2", templates)  # a game's own template comes before the shared one
    env = environment(Game(templates, emit_site_module.COVERAGE))
    registry = load()
    rows = tuple(coverage_report(registry))

    def pages() -> dict[str, str]:
        return emit_site_module._glossary_texts(tuple(env.get_template(n) for n in emit_site_module.GLOSSARY_TEMPLATES),
                                                registry, rows)

    before = pages()
    entry = templates / "term.md.j2"
    entry.write_text(entry.read_text(encoding="utf-8") + "Edited.\n", encoding="utf-8")
    later = entry.stat().st_mtime + 10  # Jinja sees an edit by its time: past the clock's tick, as a person edits
    os.utime(entry, (later, later))
    after = pages()
    page = "glossary/bonded.md"
    assert not before[page].endswith("Edited.\n") and after[page].endswith("Edited.\n")


def test_no_home_folder_only_costs_time(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A service account may have no home folder: nothing is kept, and everything is made."""
    monkeypatch.delenv(CACHE_ENV)
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)

    def no_home() -> Path:
        raise RuntimeError("Could not determine home directory.")

    monkeypatch.setattr(Path, "home", no_home)
    kept.generation.cache_clear()
    source = tmp_path / "input.toml"
    source.write_text("a = 1\n", encoding="utf-8")
    make = Maker()
    assert _kept(source, make) == {"made": 1} and _kept(source, make) == {"made": 2}
    kept.generation.cache_clear()
