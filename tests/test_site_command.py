"""`spellc site [--serve]` and the `spellc` mkdocs plugin: the site is built right after the cards, served
with a rebuild on every card edit, and its sidebar lists galleries, not every card."""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from spellc.compiler import site_command
from spellc.compiler.cli import main
from spellc.compiler.mkdocs_plugin import SERVE, SpellcPlugin, card_folders, in_nav
from spellc.compiler.project import MANIFEST, load
from spellc.compiler.site_command import watch_cards
from tests.test_site import sidebar


def test_the_sidebar_lists_a_card_folder_by_its_index_only() -> None:
    """"About 160 glossary links crowd the sidebar": a card's or a term's page is reached from its folder's
    index (the gallery, the glossary), and the theme no longer writes every card into every page."""
    folders = card_folders()
    assert {"spells", "glossary", "abilities", "cards", "magicians"} <= folders
    assert in_nav("index.md", folders) and in_nav("amtgard/rules.md", folders)
    assert in_nav("amtgard/abilities/index.md", folders) and in_nav("spells/index.md", folders)
    assert not in_nav("amtgard/abilities/fireball.md", folders)
    assert not in_nav("serpents_tongue/glossary/events/cast.md", folders)


def test_a_site_without_its_mkdocs_configuration_is_refused_with_the_way_to_make_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "cards"
    assert main(["new", str(folder), "--ruleset", "incantation_charges"]) == 0
    (folder / "mkdocs.yml").unlink()
    monkeypatch.chdir(folder)
    assert main(["site"]) == 1
    assert "mkdocs.yml: no such file" in capsys.readouterr().err


def test_a_site_whose_docs_dir_is_not_where_the_pages_go_is_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "cards"
    assert main(["new", str(folder), "--ruleset", "incantation_charges"]) == 0
    config = folder / "mkdocs.yml"
    config.write_text(config.read_text(encoding="utf-8").replace("docs_dir: site", "docs_dir: docs"),
                      encoding="utf-8")
    (folder / "docs").mkdir()
    monkeypatch.chdir(folder)
    assert main(["site"]) == 1
    assert "docs_dir is" in capsys.readouterr().err


def test_serving_rebuilds_the_cards_when_a_card_file_changes(tmp_path: Path) -> None:
    folder = tmp_path / "cards"
    with _watching(folder, "serpents_tongue") as (rebuilt, _):
        assert not rebuilt.wait(0.3)  # nothing changed: no rebuild
        (folder / "cards" / "more.spell").write_text("// a new file\n", encoding="utf-8")
        assert rebuilt.wait(10)


@contextmanager
def _watching(folder: Path, ruleset: str) -> Iterator[tuple[threading.Event, threading.Thread]]:
    """A new project of ``ruleset`` in ``folder``, its cards watched: an event set at each rebuild, and the
    watcher's thread."""
    assert main(["new", str(folder), "--ruleset", ruleset]) == 0
    rebuilt, stop = threading.Event(), threading.Event()
    watcher = threading.Thread(target=watch_cards, args=(load(folder / MANIFEST), rebuilt.set, stop, 0.05),
                               daemon=True)
    watcher.start()
    try:
        yield rebuilt, watcher
    finally:
        stop.set()
        watcher.join()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _page(url: str) -> str | None:
    try:
        with urllib.request.urlopen(url, timeout=5) as reply:
            return str(reply.read().decode("utf-8"))
    except OSError:
        return None


def _until(probe: Callable[[], bool], seconds: float) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if probe():
            return True
        time.sleep(0.3)
    return False


def test_spellc_site_serve_shows_an_edited_card_without_a_restart(tmp_path: Path) -> None:
    """"Search that works when served (`spellc site --serve`, live reload on card edits)": the served site shows
    a card renamed in its source a moment later."""
    folder = tmp_path / "cards"
    with _serving(folder) as site:
        index = f"{site}/cards/index.html"
        card = folder / "cards" / "sample.spell"
        card.write_text(card.read_text(encoding="utf-8").replace("Flame Dart", "Ember Dart"), encoding="utf-8")
        assert _until(lambda: "Ember Dart" in (_page(index) or ""), 60), "the edit never reached the site"
        assert _page(f"{site}/cards/ember-dart.html") is not None


@contextmanager
def _serving(folder: Path) -> Iterator[str]:
    """`spellc site --serve` of a new project of Incantation charges in ``folder``, once it serves: its address."""
    assert main(["new", str(folder), "--ruleset", "incantation_charges"]) == 0
    port = _free_port()
    spellc = Path(sys.executable).with_name("spellc")
    server = subprocess.Popen([str(spellc), "site", "--serve", "--dev-addr", f"127.0.0.1:{port}"], cwd=folder,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        index = f"http://127.0.0.1:{port}/cards/index.html"
        assert _until(lambda: "Flame Dart" in (_page(index) or ""), 60), "the site was never served"
        yield f"http://127.0.0.1:{port}"
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_a_rebuild_that_fails_inside_spellc_keeps_the_server_going(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """The audit: a card that crashed the compiler killed the watcher thread, and the server went on serving old
    pages, rebuilding no edit. A fault of spellc's own is now printed, shown on every page, and the next edit
    rebuilds."""
    folder = tmp_path / "cards"
    assert main(["new", str(folder), "--ruleset", "amtgard"]) == 0
    project = load(folder / MANIFEST)
    monkeypatch.setattr(SERVE, "watched", tmp_path / ".spellc-build" / "serve")
    monkeypatch.setattr(SERVE, "error", None)

    def crash(*args: object, **kwargs: object) -> None:
        raise RecursionError("maximum recursion depth exceeded")

    rebuild = site_command.serve_rebuild(project, False)
    with monkeypatch.context() as m:
        m.setattr(site_command, "build_reported", crash)
        rebuild()
    assert SERVE.error is not None and "internal error while building the cards (RecursionError" in SERVE.error
    assert "internal error" in capsys.readouterr().err
    assert "The cards did not build" in SpellcPlugin().on_page_content("<p>page</p>", page=None, config=None,  # type: ignore[arg-type]
                                                                        files=None)  # type: ignore[arg-type]
    assert (tmp_path / ".spellc-build" / "serve" / "status").read_text(encoding="utf-8") == "failed\n"
    rebuild()  # the next edit
    assert SERVE.error is None
    assert (tmp_path / ".spellc-build" / "serve" / "status").read_text(encoding="utf-8") == "built\n"


def test_the_watcher_outlives_a_cards_folder_that_goes_away(tmp_path: Path) -> None:
    folder = tmp_path / "cards"
    with _watching(folder, "amtgard") as (rebuilt, watcher):
        assert not rebuilt.wait(0.3)  # the watcher has seen the cards as they are
        shutil.rmtree(folder / "cards")
        assert rebuilt.wait(10)  # the build says why: no cards folder
        rebuilt.clear()
        (folder / "cards").mkdir()
        (folder / "cards" / "back.spell").write_text("// back\n", encoding="utf-8")
        assert rebuilt.wait(10) and watcher.is_alive()


def test_spellc_site_serve_shows_a_card_error_on_its_pages_until_it_is_fixed(tmp_path: Path) -> None:
    folder = tmp_path / "cards"
    with _serving(folder) as site:
        index = f"{site}/cards/index.html"
        card = folder / "cards" / "sample.spell"
        good = card.read_text(encoding="utf-8")
        card.write_text(good.replace("Flame Dart", "Ember Dart").replace("{", "{ nonsense", 1), encoding="utf-8")
        assert _until(lambda: "The cards did not build" in (_page(index) or ""), 60), "the error was never shown"
        assert "sample.spell:" in (_page(index) or "")
        card.write_text(good.replace("Flame Dart", "Ember Dart"), encoding="utf-8")
        assert _until(lambda: "Ember Dart" in (_page(index) or "") and "did not build" not in (_page(index) or ""),
                      60), "the fixed card never reached the site"


def test_a_projects_site_orders_its_sidebar_and_names_its_game_as_the_repositorys_does(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A project's site is laid out as a game's section of the repository's: its pages are at the top of its
    docs folder, in the same order (the galleries as the front end writes them, not alphabetically), its
    studies' Balance section before the coverage page."""
    folder = tmp_path / "cards"
    assert main(["new", str(folder), "--ruleset", "rackham_incantation"]) == 0
    manifest = folder / MANIFEST
    manifest.write_text(manifest.read_text(encoding="utf-8").replace("coverage = false", "coverage = true"),
                        encoding="utf-8")
    monkeypatch.chdir(folder)
    assert main(["site"]) == 0
    nav = sidebar(folder / "public" / "glossary" / "index.html")
    assert nav[1:] == ["Spells", "Magicians", "Creatures", "Glossary", "The language of Incantation 2 (Rackham)",
                       "Balance", "Incantation 2 (Rackham): glossary coverage"], nav
    glossary = (folder / "public" / "glossary" / "index.html").read_text(encoding="utf-8")
    assert "<title>Glossary · Incantation 2 (Rackham) · cards</title>" in glossary  # the project's game


def test_spellc_site_without_mkdocs_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    """`pip install spellc` brings no MkDocs (the docs extra does): `spellc site` then says what to install, where it
    printed a ModuleNotFoundError's traceback."""
    import importlib.util

    from spellc.compiler.cli import main

    found = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "yaml" else found(name, *a))
    assert main(["site"]) == 1
    err = capsys.readouterr().err
    assert "pip install 'spellc[docs]'" in err and "Traceback" not in err
