"""`spellc sim` (issue 27): "A study is declared in the project ... It names ... its players, the number of matches
per pairing, and a seed. A mistake in it gets a located diagnostic, as cards do. It runs the pairings in a round
robin, both seats." "Per pairing it reports win, draw and loss rates with 95% Wilson intervals, and the
first-seat advantage." "--json ... for machines." "It is deterministic: the same seed gives identical results
whatever the number of workers." "Amtgard ... otherwise spellc sim says plainly that the ruleset has no outcome to
measure."
"""

from __future__ import annotations

import csv
import io
import json
import subprocess
from pathlib import Path
from typing import Any

import duckdb
import pytest

from spellc.compiler.sim import Backend, simulate
from spellc.engine.core.rates import wilson
from tests.commands import new_project, new_study, spellc_apart

STUDY = 'players = ["random", { kind = "mcts", playouts = 6, depth = 3 }, "greedy"]\nmatches = 6\nseed = 3\n'


def study(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str = STUDY, ruleset: str = "incantation_charges"
          ) -> Path:
    return new_study(tmp_path / "cards", ruleset, capsys, text)


def results(project: Path, capsys: pytest.CaptureFixture[str], *options: str) -> dict[str, Any]:
    code, out, err = spellc_apart(project, capsys, "sim", "studies/duels.sim.toml", "--json", *options)
    assert code == 0, err
    found: dict[str, Any] = json.loads(out)
    found.pop("seconds")
    return found


def test_every_two_players_meet_and_each_pairing_reports_its_rates(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    project = study(tmp_path, capsys)
    code, out, _ = spellc_apart(project, capsys, "sim", "studies/duels.sim.toml", "--workers", "1")
    assert code == 0
    lines = out.splitlines()
    assert [line.split(":")[0] for line in lines[:3]] == ["random vs mcts(6, depth 3)", "random vs greedy",
                                                          "mcts(6, depth 3) vs greedy"]
    assert "6 matches; random won " in lines[0] and "the first seat won" in lines[0] and "±" in lines[0]
    assert lines[-1].startswith("spellc: 18 matches in ")


def test_the_json_gives_each_rate_with_its_interval(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    found = results(study(tmp_path, capsys), capsys, "--workers", "1")
    pairings = found["pairings"]
    assert isinstance(pairings, list) and len(pairings) == 3
    first = pairings[0]
    assert first["matches"] == 6
    rates = [first[key] for key in ("won", "drawn", "lost")]
    assert sum(round(r["rate"] * 6) for r in rates) == 6
    assert all(r["low"] <= r["rate"] <= r["high"] for r in rates)


def test_the_same_seed_gives_the_same_results_whatever_the_number_of_workers(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    project = study(tmp_path, capsys)
    assert results(project, capsys, "--workers", "1") == results(project, capsys, "--workers", "2")


def test_a_mistake_in_the_study_is_located_with_a_suggestion(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    project = study(tmp_path, capsys, 'players = ["random", { kind = "mtcs" }]\nmatchs = 10\nseed = -1\n')
    code, out, err = spellc_apart(project, capsys, "sim", "studies/duels.sim.toml")
    assert code == 1 and out == ""
    assert "studies/duels.sim.toml:1:1: error[E805]: a player is one of random, greedy, mcts, not 'mtcs'" in err
    assert "did you mean 'mcts'?" in err
    assert "studies/duels.sim.toml:2:1: error[E802]: unknown setting 'matchs'" in err and "'matches'?" in err
    assert "studies/duels.sim.toml:3:1: error[E803]: seed is a whole number" in err


def test_one_player_needs_mirrors_to_make_a_pairing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    project = study(tmp_path, capsys, 'players = ["greedy"]\nmatches = 2\n')
    code, _, err = spellc_apart(project, capsys, "sim", "studies/duels.sim.toml")
    assert code == 1 and "a study needs two players to pair (or one, with mirrors = true)" in err
    (project / "studies" / "duels.sim.toml").write_text('players = ["greedy"]\nmatches = 2\nmirrors = true\n')
    code, out, _ = spellc_apart(project, capsys, "sim", "studies/duels.sim.toml", "--workers", "1")
    assert code == 0 and out.startswith("greedy vs greedy: 2 matches")


def test_workers_must_be_a_whole_number(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = spellc_apart(study(tmp_path, capsys), capsys, "sim", "studies/duels.sim.toml", "--workers", "0")
    assert code == 2 and "--workers is a whole number from 1 to 1024, not '0'" in err


def test_amtgard_says_plainly_it_has_no_outcome_to_measure(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    """"Amtgard: its matches are timelines with no winner ... otherwise spellc sim says plainly that the ruleset
    has no outcome to measure."""
    project = study(tmp_path, capsys, ruleset="amtgard")
    code, _, err = spellc_apart(project, capsys, "sim", "studies/duels.sim.toml")
    assert code == 1
    assert "declares no evaluation for its players: a study has no outcome to measure" in err
    assert "is the reeve's to state" in err and "seed 002 ends no life for good" in err  # why, in the seed's words


def test_every_match_is_kept_and_later_runs_append(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """"Results go to an embedded store that later runs append to"."""
    project = study(tmp_path, capsys)
    first = results(project, capsys, "--workers", "1")
    second = results(project, capsys, "--workers", "1")
    assert first == second
    with duckdb.connect(str(project / "studies" / "duels.sim.duckdb"), read_only=True) as db:
        assert db.execute("SELECT run, count(*) FROM matches GROUP BY run ORDER BY run").fetchall() == [(1, 18),
                                                                                                       (2, 18)]


def test_resume_finishes_an_interrupted_run_with_the_same_results(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """"A killed or interrupted study keeps every finished match, and --resume finishes it": here, the run kept
    only its first seven matches; resumed, it plays the other eleven, and reports what a whole run does."""
    project = study(tmp_path, capsys)
    whole = results(project, capsys, "--workers", "1")
    with duckdb.connect(str(project / "studies" / "duels.sim.duckdb")) as db:
        for table in ("matches", "held"):
            db.execute(f'DELETE FROM {table} WHERE pairing * 6 + "index" >= 7')
    code, out, _ = spellc_apart(project, capsys, "sim", "studies/duels.sim.toml", "--resume", "--workers", "2")
    assert code == 0 and "spellc: 11 matches in " in out and ", 7 kept from before" in out
    assert results(project, capsys, "--resume") == whole


def test_a_link_where_the_results_go_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A stranger's project could point its results file at a file of the user's: nothing is written through it."""
    project = study(tmp_path, capsys)
    victim = tmp_path / "victim.txt"
    victim.write_text("mine\n")
    (project / "studies" / "duels.sim.duckdb").symlink_to(victim)
    code, _, err = spellc_apart(project, capsys, "sim", "studies/duels.sim.toml")
    assert code == 1 and "is a link or not a file" in err
    assert victim.read_text() == "mine\n"


def test_a_planted_results_file_cannot_read_outside_the_project(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    """A results file that came with the project, whose `matches` reads a file of the user's, is not used."""
    project = study(tmp_path, capsys)
    secret = tmp_path / "secret.csv"
    secret.write_text("pairing\n1\n")
    with duckdb.connect(str(project / "studies" / "duels.sim.duckdb")) as db:
        db.execute(f"CREATE VIEW matches AS SELECT * FROM read_csv('{secret}')")
    code, out, err = spellc_apart(project, capsys, "sim", "studies/duels.sim.toml")
    assert code == 1 and out == "" and "its matches is not a table of spellc's" in err


def test_the_csv_gives_a_row_per_pairing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """"Output: --json / --csv for machines"."""
    project = study(tmp_path, capsys)
    code, out, _ = spellc_apart(project, capsys, "sim", "studies/duels.sim.toml", "--csv", "--workers", "1")
    assert code == 0
    pairings, cards = out.split("\n\n")  # a row per pairing, then a row per card
    rows = list(csv.DictReader(io.StringIO(pairings)))
    assert [row["pairing"] for row in rows] == ["random vs mcts(6, depth 3)", "random vs greedy",
                                                "mcts(6, depth 3) vs greedy"]
    assert all(float(row["won low"]) <= float(row["won rate"]) <= float(row["won high"]) for row in rows)
    assert {row["matches"] for row in rows} == {"6"}
    by_card = {row["card"]: row for row in csv.DictReader(io.StringIO(cards))}
    assert by_card and all(0 < int(row["held"]) <= 36 for row in by_card.values())


def sharpen(project: Path) -> None:
    """The designer's edit: the sample card deals 9 damage instead of 2."""
    card = project / "cards" / "sample.spell"
    card.write_text(card.read_text(encoding="utf-8").replace("deal 2 damage", "deal 9 damage"), encoding="utf-8")


def compared(project: Path, capsys: pytest.CaptureFixture[str], against: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The study played now with ``--against``: its results, and what changed (as JSON)."""
    code, out, err = spellc_apart(project, capsys, "sim", "studies/duels.sim.toml", "--json", "--workers", "1",
                                  "--against", against)
    assert code == 0, err
    now, change = (json.loads(line) for line in out.splitlines())
    return now, change


def assert_moved_from(before: dict[str, Any], now: dict[str, Any], change: dict[str, Any]) -> None:
    """Each pairing's change: the first player's win rate in ``before``, then in ``now``, with its test."""
    pairings = [c for c in change["changes"] if c["of"] == "pairing"]
    assert [c["name"] for c in pairings] == [p["pairing"] for p in now["pairings"]]
    for c, was, is_now in zip(pairings, before["pairings"], now["pairings"], strict=True):
        assert c["before"] == str(wilson(round(was["won"]["rate"] * 6), 6))
        assert c["after"] == str(wilson(round(is_now["won"]["rate"] * 6), 6))
        assert c["moved"] == (c["adjusted p"] < 0.05) and c["adjusted p"] >= c["p"]


def test_against_says_which_rates_moved_after_an_edit(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """"What changed. spellc sim --against ... RESULTS replays the same study on the same seeds with the cards as
    they were. It reports which rates moved beyond chance, with a two-proportion test"."""
    project = study(tmp_path, capsys)
    before = results(project, capsys, "--workers", "1")
    sharpen(project)
    now, change = compared(project, capsys, "studies/duels.sim.duckdb")
    assert_moved_from(before, now, change)


def test_against_needs_a_run_of_the_same_study_with_other_cards(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    project = study(tmp_path, capsys)
    code, _, err = spellc_apart(project, capsys, "sim", "studies/duels.sim.toml", "--workers", "1", "--against",
                                "studies/duels.sim.duckdb")
    assert code == 1 and "holds no run of this study with other cards or another spellc" in err
    code, _, err = spellc_apart(project, capsys, "sim", "studies/duels.sim.toml", "--against", "none.duckdb")
    assert code == 1 and "none.duckdb: no such results file to compare with" in err


def test_each_pairing_reports_how_long_its_matches_were(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """"the match-length distribution": the shortest, median, 90th percentile and longest, in decisions."""
    lengths = results(study(tmp_path, capsys), capsys, "--workers", "1")["pairings"][0]["decisions per match"]
    assert lengths["shortest"] <= lengths["median"] <= lengths["90%"] <= lengths["longest"]
    assert lengths["shortest"] <= lengths["mean"] <= lengths["longest"]


def test_against_in_csv_gives_a_row_per_pairing_after_the_results(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    project = study(tmp_path, capsys)
    results(project, capsys, "--workers", "1")
    sharpen(project)
    code, out, _ = spellc_apart(project, capsys, "sim", "studies/duels.sim.toml", "--csv", "--workers", "1",
                                "--against", "studies/duels.sim.duckdb")
    assert code == 0
    blocks = out.split("\n\n")  # the pairings, the cards, then what changed
    assert len(blocks) == 3 and blocks[2].startswith("of,name,rate,before,after,p,adjusted p,moved\n")
    changes = list(csv.DictReader(io.StringIO(blocks[2])))
    assert [c["of"] for c in changes[:3]] == ["pairing"] * 3 and {c["of"] for c in changes[3:]} <= {"card"}


def test_a_study_in_a_folder_linked_out_of_the_project_writes_nothing_there(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A stranger's project whose studies folder is a link to a folder of the user's: the results file would be
    written there, outside the project. Refused, and nothing is written."""
    project = study(tmp_path, capsys)
    elsewhere = tmp_path / "elsewhere"
    (project / "studies").rename(elsewhere)
    (project / "studies").symlink_to(elsewhere, target_is_directory=True)
    code, _, err = spellc_apart(project, capsys, "sim", "studies/duels.sim.toml", "--workers", "1")
    assert code == 1 and "is in no card project" in err  # found through the link, it is in none
    code, _, err = spellc_apart(project, capsys, "sim", "studies/duels.sim.toml", "--project", ".")
    assert code == 1 and "error[E015]: studies is 'studies', which resolves outside the project" in err
    (project / "studies").rename(project / "experiments")  # a folder of no setting's: the study itself is refused
    code, _, err = spellc_apart(project, capsys, "sim", "experiments/duels.sim.toml", "--project", ".")
    assert code == 1 and "lies outside its project" in err
    assert sorted(p.name for p in elsewhere.iterdir()) == ["duels.sim.toml"]


def committed(project: Path) -> None:
    """``project`` made a git repository of its own, with everything in it committed."""
    git = ["git", "-c", "user.name=Designer", "-c", "user.email=designer@example.org", "-C", str(project)]
    for args in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "cards"]):
        subprocess.run([*git, *args], check=True, capture_output=True)


def test_against_a_revision_replays_the_study_with_the_cards_as_they_were(tmp_path: Path,
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    """"spellc sim --against REV (a git revision of the project) ... replays the same study on the same seeds with
    the cards as they were": the rates before are those the study gave when the revision's cards were the
    project's."""
    project = study(tmp_path, capsys)
    committed(project)
    as_committed = results(project, capsys, "--workers", "1")
    sharpen(project)
    now, change = compared(project, capsys, "HEAD")
    assert change["against"] == "HEAD"
    assert_moved_from(as_committed, now, change)


def test_a_revision_s_run_is_kept_and_used_again(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The cards of a revision do not change: a second comparison with it plays only today's study again."""
    project = study(tmp_path, capsys)
    committed(project)
    sharpen(project)

    def kept() -> int:
        with duckdb.connect(str(project / "studies" / "duels.sim.duckdb"), read_only=True) as db:
            found = db.execute("SELECT count(*) FROM matches").fetchone()
        assert found is not None
        return int(found[0])

    outputs = []
    for expected in (36, 54):  # 18 now and 18 at HEAD; then 18 now again
        code, out, err = spellc_apart(project, capsys, "sim", "studies/duels.sim.toml", "--workers", "1",
                                      "--against", "HEAD")
        assert code == 0, err
        assert kept() == expected
        outputs.append(out.split("what changed")[1])
    assert outputs[0] == outputs[1]


def test_against_a_revision_that_is_not_there_plays_nothing(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    project = study(tmp_path, capsys)
    code, _, err = spellc_apart(project, capsys, "sim", "studies/duels.sim.toml", "--against", "HEAD")
    assert code == 1 and "is in no git repository" in err
    committed(project)
    for revision in ("no-such-branch", "--output=/tmp/x", "HEAD~5"):
        code, out, err = spellc_apart(project, capsys, "sim", "studies/duels.sim.toml", f"--against={revision}")
        assert code == 1 and f"{revision!r} is no results file, nor a revision of the git repository" in err
        assert out == ""
    assert not (project / "studies" / "duels.sim.duckdb").exists()


def test_a_revision_s_link_out_of_the_project_is_never_followed(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    """A stranger's history may hold a card file that is a link to a file of the user's: unpacked, it is refused
    (Python's data filter), and nothing is read through it."""
    project = study(tmp_path, capsys)
    secret = tmp_path / "secret.spell"
    secret.write_text("the user's own\n", encoding="utf-8")
    (project / "cards" / "stolen.spell").symlink_to(secret)
    committed(project)
    (project / "cards" / "stolen.spell").unlink()
    code, out, err = spellc_apart(project, capsys, "sim", "studies/duels.sim.toml", "--against", "HEAD")
    assert code == 1 and "cannot unpack the project as it was at HEAD" in err and out == ""


def test_a_search_may_play_on_greedily_or_search_for_a_time(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """"mcts: UCT search with a budget in playouts or milliseconds. Its playouts are random or greedy." A time
    budget gives other results on another machine: the study says so."""
    text = ('players = ["random", { kind = "mcts", playouts = 4, depth = 3, playout = "greedy" }, '
            '{ kind = "mcts", milliseconds = 5, depth = 3 }]\nmatches = 2\n')
    project = study(tmp_path, capsys, text)
    code, out, err = spellc_apart(project, capsys, "sim", "studies/duels.sim.toml", "--workers", "1")
    assert code == 0, err
    assert out.startswith("random vs mcts(4, depth 3, greedy playouts): 2 matches")
    assert "random vs mcts(5 ms, depth 3): 2 matches" in out
    assert "mcts(5 ms, depth 3) searches for a time, not a number of playouts" in err
    project = study(tmp_path / "bad", capsys, text.replace('"greedy"', '"greed"'))
    code, _, err = spellc_apart(project, capsys, "sim", "studies/duels.sim.toml")
    assert code == 1 and "a search's playout is \"random\" or \"greedy\", not 'greed'" in err
    assert "did you mean 'greedy'?" in err



class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_terminal_gets_summary_tables(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """"a summary table at the end": a table of the pairings and one of the cards, on a terminal (piped, a line
    each, for grep and diff)."""
    project = study(tmp_path, capsys)
    monkeypatch.chdir(project)
    out = Terminal()
    assert simulate(Path("studies/duels.sim.toml"), None, Backend(workers=1), "text", out, io.StringIO()) == 0
    shown = out.getvalue()
    assert "pairings: the first player's rates, 95% intervals" in shown and "cards: a seat's rates" in shown
    assert "│ random " in shown and "│ Strike " in shown  # a row per pairing, a row per card


def test_a_revision_of_another_game_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    project = study(tmp_path, capsys)
    committed(project)
    manifest = project / "spellc.toml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace("incantation_charges", "rackham_incantation"),
                        encoding="utf-8")
    for old in (project / "cards").iterdir():
        old.unlink()
    code, out, err = spellc_apart(project, capsys, "sim", "studies/duels.sim.toml", "--against", "HEAD")
    assert code == 1 and out == ""
    assert "at HEAD the project's cards are of Incantation charges, not of Incantation 2 (Rackham)" in err


def test_a_revision_s_filters_never_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A stranger's repository may name a filter for its card files (.gitattributes) and define it as a program in
    its configuration: `git archive` or a checkout would run it. The revision's files are read raw."""
    project = study(tmp_path, capsys)
    (project / ".gitattributes").write_text("*.spell filter=planted\n", encoding="utf-8")
    committed(project)
    ran = tmp_path / "the filter ran"
    for key, value in (("filter.planted.smudge", f"sh -c 'touch \"{ran}\"; cat'"), ("filter.planted.clean", "cat")):
        subprocess.run(["git", "-C", str(project), "config", key, value], check=True)
    sharpen(project)
    code, _, err = spellc_apart(project, capsys, "sim", "studies/duels.sim.toml", "--workers", "1", "--against", "HEAD")
    assert code == 0, err
    assert not ran.exists()


def test_a_study_plays_the_cards_as_they_were_when_it_began(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    """A designer edits a card while a study runs: every match of the study still plays the cards it began with
    (the study's results are keyed by them), and a worker reads neither the project's files nor its manifest."""
    from spellc.compiler.build import CardTexts, library, library_of
    from spellc.compiler.project import load
    from spellc.compiler.sim import project_match

    folder = new_project(tmp_path / "charges", "incantation_charges", capsys)
    project = load(folder / "spellc.toml")
    assert not isinstance(project, list)
    began = CardTexts.of(project)
    before = library_of(began)
    card = folder / "cards" / "sample.spell"
    card.write_text(card.read_text(encoding="utf-8").replace("deal 2 damage", "deal 9 damage"), encoding="utf-8")
    (folder / "spellc.toml").write_text("[broken", encoding="utf-8")  # a manifest mid-edit
    assert library_of(began) is before and project_match(began, 3).game is not None
    assert CardTexts.of(project) != began and library(project) is not before


def test_sim_with_no_study_named_plays_the_projects_one_study(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    project = study(tmp_path, capsys, STUDY.replace("matches = 6", "matches = 2"))
    code, out, err = spellc_apart(project, capsys, "sim", "--workers", "1")
    assert code == 0, err
    assert out.splitlines()[0].startswith("random vs mcts(6, depth 3): 2 matches")


def test_sim_with_no_study_named_and_several_says_which_to_name(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    project = study(tmp_path, capsys)
    (project / "studies" / "other.sim.toml").write_text(STUDY, encoding="utf-8")
    code, _, err = spellc_apart(project, capsys, "sim")
    assert code == 1
    assert "studies holds 2 studies; name the one to play: spellc sim studies/duels.sim.toml, " in err
    (project / "studies" / "other.sim.toml").unlink()
    (project / "studies" / "duels.sim.toml").unlink()
    code, _, err = spellc_apart(project, capsys, "sim")
    assert code == 1 and "no study in studies: declare one in a file of its own there" in err


def test_a_sim_table_in_the_manifest_says_where_a_study_is_declared(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """A project holds several studies, each with its results file beside it: a study is a file of its own, and a
    [sim] table in spellc.toml (which the issue names as the other way to declare one) says so where it is."""
    project = study(tmp_path, capsys)
    manifest = project / "spellc.toml"
    manifest.write_text(manifest.read_text(encoding="utf-8") + '\n[sim]\nplayers = ["random"]\n', encoding="utf-8")
    code, _, err = spellc_apart(project, capsys, "check")
    assert code == 1
    assert "spellc.toml:" in err and "error[E011]: a study is declared in a file of its own, not in the manifest" in err
    assert "help: move this table's settings, without its [sim] line, into studies/NAME.sim.toml" in err
