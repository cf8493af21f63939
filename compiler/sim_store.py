"""Where a study's matches are kept: a DuckDB file beside the study (``duels.sim.toml`` → ``duels.sim.duckdb``).

DuckDB rather than Parquet files: a study appends its matches as they end, a few at a time, and a file that later
runs append to, that a killed run leaves whole (its write-ahead log) and that answers a question in SQL
(``SELECT ... FROM matches``) is what DuckDB is; Parquet files are written whole, one per batch, and read back
through another library. A designer can open it with DuckDB's own shell or from Python and pandas.

Each match is one row of ``matches``, and each card a seat held in it one row of ``held`` (with how many times
that seat cast it), under its **study**: a digest of the study's declaration, the ruleset, the
project's card sources and spellc's code, so that matches of other cards or another spellc are never mixed in;
and under its **declaration** alone, by which `spellc sim --against` finds the same study played with other
cards. A run numbers its rows; `spellc sim --resume` finishes the last run of the same study, playing only the
matches it lacks (what an interrupted run kept).

A project may come from a stranger, and so may a file beside its study. The file is opened with DuckDB's access to
other files turned off (a planted view cannot read ``/etc/passwd`` into a report), and used only if its
``matches`` and ``held`` are tables of exactly these columns; a link, or anything not a regular file, where the
file or its log goes is refused.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import duckdb

from spellc.engine.core.study import Held, Played

MATCH = (("study", "VARCHAR"), ("run", "INTEGER"), ("pairing", "INTEGER"), ("index", "INTEGER"))
TABLES = {
    "matches": (MATCH[0], ("declared", "VARCHAR"), *MATCH[1:], ("seed", "UBIGINT"), ("first", "DOUBLE"),
                ("first_seat", "BOOLEAN"), ("capped", "BOOLEAN"), ("decisions", "INTEGER")),
    "held": (*MATCH, ("first", "BOOLEAN"), ("card", "VARCHAR"), ("casts", "INTEGER"))}
# No file but the results file itself, and no extension: a file from a stranger's project is data, never a way out.
CONFIG: dict[str, str | bool | int | float | list[str]] = {
    "enable_external_access": False, "autoinstall_known_extensions": False, "autoload_known_extensions": False,
    "allow_community_extensions": False}


class StoreError(Exception):
    """The results file cannot be used: why, in a sentence (``str``: after the file's path; ``reason``: alone, for
    a page that names the file already and shows no path of the machine it was built on)."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.reason = reason


class Store:
    """A results file: written to (made if need be), or only read (``read_only``: another run's, to compare with)."""

    def __init__(self, path: Path, read_only: bool = False) -> None:
        for each in (path, path.with_name(path.name + ".wal")):
            _refuse_link(each)
        if read_only and not path.is_file():
            raise StoreError(path, "no such results file")
        try:
            self.db = duckdb.connect(str(path), read_only=read_only, config=CONFIG)
        except duckdb.Error as err:
            if "lock" in str(err).lower():  # another process writes it: a study being played
                raise StoreError(path, "a study is being played into it now (it is in use)") from None
            raise StoreError(path, f"it is not a results file spellc can read ({type(err).__name__})") from None
        self.path = path
        self._check(read_only)

    def _check(self, read_only: bool) -> None:
        tables = self.db.execute("SELECT table_name, table_type FROM information_schema.tables").fetchall()
        for table, columns in TABLES.items():
            if (table, "BASE TABLE") not in tables and (read_only or any(name == table for name, _ in tables)):
                raise StoreError(self.path, f"its {table} is not a table of spellc's")
            if not read_only:
                declared = ", ".join(f'"{name}" {kind}' for name, kind in columns)
                self.db.execute(f"CREATE TABLE IF NOT EXISTS {table} ({declared})")
            found = self.db.execute("SELECT column_name, data_type FROM information_schema.columns "
                                    "WHERE table_name = ? ORDER BY ordinal_position", [table]).fetchall()
            if tuple(found) != columns:
                raise StoreError(self.path, f"its {table} table has other columns than spellc's: {found}")

    def last_run(self, study: str) -> int | None:
        found = self.db.execute("SELECT max(run) FROM matches WHERE study = ?", [study]).fetchone()
        return found[0] if found is not None and isinstance(found[0], int) else None

    def played(self, study: str, run: int) -> list[Played]:
        held: dict[tuple[int, int], list[Held]] = {}
        for pairing, index, first, card, casts in self.db.execute(
                'SELECT pairing, "index", first, card, casts FROM held WHERE study = ? AND run = ? '
                'ORDER BY pairing, "index", NOT first, card', [study, run]).fetchall():
            held.setdefault((pairing, index), []).append(Held(first, card, casts))
        rows = self.db.execute('SELECT pairing, "index", seed, first, first_seat, capped, decisions FROM matches '
                               'WHERE study = ? AND run = ? ORDER BY pairing, "index"', [study, run]).fetchall()
        return [Played(pairing, index, seed, first, seat, capped, decisions, tuple(held.get((pairing, index), ())))
                for pairing, index, seed, first, seat, capped, decisions in rows]

    def keep(self, study: str, declared: str, run: int, played: Iterable[Played]) -> None:
        played = list(played)
        rows: list[list[Any]] = [[study, declared, run, p.pairing, p.index, p.seed, p.first, p.first_seat,
                                  p.capped, p.decisions] for p in played]
        held: list[list[Any]] = [[study, run, p.pairing, p.index, h.first, h.card, h.casts]
                                 for p in played for h in p.held]
        if not rows:
            return
        self.db.begin()  # a match and its seats' cards are kept together, or not at all
        for table, values in (("matches", rows), ("held", held)):
            if values:
                self.db.executemany(f"INSERT INTO {table} VALUES ({', '.join('?' * len(TABLES[table]))})", values)
        self.db.commit()

    def latest(self, declared: str, other_than: str = "") -> tuple[str, int] | None:
        """The study and number of the last run kept of a declaration, under any study but ``other_than`` (other
        cards, another spellc)."""
        found = self.db.execute("SELECT study, run FROM matches WHERE declared = ? AND study <> ? "
                                "ORDER BY rowid DESC LIMIT 1", [declared, other_than]).fetchone()
        return (str(found[0]), found[1]) if found is not None and isinstance(found[1], int) else None

    def close(self) -> None:
        self.db.close()


def _refuse_link(path: Path) -> None:
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return
    if not stat.S_ISREG(mode):
        raise StoreError(path, "it is a link or not a file: spellc writes its results only into a file of its own "
                               "there (remove it, and run the study again)")
