"""The reference site as its readers get it: built once per test session by mkdocs (strict), served on
localhost, and opened in Debian's Chromium through Playwright (which downloads no browser of its own).

A pytest plugin of the suite (tests/conftest.py names it): its fixtures ``site`` (the served site's address)
and ``browser`` serve every browser test."""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import Browser, sync_playwright

from tests.per_run import made_once

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = shutil.which("chromium")
needs_chromium = pytest.mark.skipif(CHROMIUM is None,
                                    reason="Debian's chromium is not installed (`make test` installs it with apt)")
CHROMIUM_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync")


@functools.cache
def built_site() -> Path:
    """The committed pages built by ``mkdocs build --strict`` into a temporary folder, once per test run
    (whichever of its processes asks first: tests/per_run.py)."""
    return made_once("site", _build_site) / "site"


def _build_site(folder: Path) -> None:
    mkdocs = Path(sys.executable).with_name("mkdocs")
    run = subprocess.run([str(mkdocs), "build", "--strict", "--site-dir", str(folder / "site")], cwd=ROOT / "site",
                         capture_output=True, text=True, timeout=300,
                         env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert run.returncode == 0, run.stderr


@contextmanager
def served(folder: Path) -> Iterator[str]:
    """``folder`` served over HTTP on localhost (the theme's search runs in a web worker, which needs one)."""
    handler = functools.partial(_QuietHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 (the base class's name)
        pass


@contextmanager
def chromium() -> Iterator[Browser]:
    assert CHROMIUM is not None
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=list(CHROMIUM_FLAGS))
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture(scope="session")
def site() -> Iterator[str]:
    with served(built_site()) as url:
        yield url


@pytest.fixture(scope="module")  # Playwright's sync API keeps an event loop running while it is open: a test
def browser() -> Iterator[Browser]:  # module after this one may run its own (the language server's client does)
    with chromium() as b:
        yield b
