"""The command line's conventions (issue 26, "Command-line conventions, like ruff, cargo and mypy"), one test
per convention, each quoting the issue: --version, colour on a terminal only with NO_COLOR and FORCE_COLOR,
`check --json` and SARIF, `-` for standard input, `fmt --diff` exiting 1, `play` on many files, shell
completion, and the exit codes. In-process through ``main`` where it can be; a process of its own where
standard input or the environment's colour settings are what is tested."""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path
from typing import Any

import pytest

from spellc.compiler.cli import command_line, main
from spellc.compiler.colour import Painted
from spellc.compiler.commands import play
from spellc.compiler.completion import commands
from spellc.compiler.diagnostics import Diagnostics
from spellc.compiler.project import Project, load
from spellc.compiler.source import SourceFile, Span
from spellc.compiler.terminal import colour_wanted
from tests.commands import new_project, spellc, spellc_apart

# An Amtgard ability whose School is misspelt: one located error with a "did you mean".
MISSPELT = ('ability "Stoneskin" {\n    school Protecton\n    type Enchantment\n    magical\n    range Touch\n'
            '    uses 1 per refresh\n    incantation "May the strength of stone protect thee"\n'
            '    materials "A white strip"\n    magic armor 2\n}\n')
ANSI = re.compile(r"\x1b\[[0-9;]*m")


@pytest.fixture
def project(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A new Amtgard project, as `spellc new` makes it."""
    return new_project(tmp_path / "cards project", "amtgard", capsys)


def run(folder: Path, *argv: str, stdin: bytes = b"", **env: str) -> subprocess.CompletedProcess[bytes]:
    """``spellc ARGV`` as a process of its own in ``folder``, its colour settings only those of ``env``."""
    environ = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")} | env
    return subprocess.run([sys.executable, "-m", "spellc.compiler.cli", *argv], cwd=folder, input=stdin,
                          capture_output=True, env=environ, timeout=120)


# ---------------------------------------------------------------- --version and --help
def test_version_prints_the_distributions_version(capsys: pytest.CaptureFixture[str]) -> None:
    """"`--version`": the installed distribution's version, as `spellc 0.1.0`, and exit 0."""
    with pytest.raises(SystemExit) as exited:
        main(["--version"])
    assert exited.value.code == 0
    assert capsys.readouterr().out == f"spellc {version('spellc')}\n"


def test_help_documents_the_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    """"Exit codes documented (0 fine, 1 findings, 2 usage)"."""
    with pytest.raises(SystemExit) as exited:
        main(["--help"])
    assert exited.value.code == 0
    said = capsys.readouterr().out
    assert "exit status:" in said
    for code, meaning in (("0", "nothing wrong"), ("1", "findings"), ("2", "usage")):
        assert re.search(rf"^  {code} +{meaning}", said, re.M), said


@pytest.mark.parametrize("argv", [[], ["nonsense"], ["check", "--nonsense"], ["play"], ["new", "x"],
                                  ["build", "--nonsense"], ["fmt", "--nonsense"], ["coverage", "--fail-under", "x"],
                                  ["site", "--nonsense"], ["completion", "tcsh"], ["check", "--output-format", "xml"]])
def test_a_wrong_command_line_exits_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """"2 usage": argparse's, for every command."""
    with pytest.raises(SystemExit) as exited:
        main(argv)
    assert exited.value.code == 2
    assert "usage: spellc" in capsys.readouterr().err


def test_each_command_exits_1_on_findings_and_0_without(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """"0 fine, 1 findings (errors in cards, failed replays, a file that would be reformatted)"."""
    for argv in (["check"], ["fmt", "--check"], ["fmt", "--diff"], ["play", "scenarios/sample.scenario"],
                 ["play", "scenarios"], ["build"]):
        assert spellc(project, capsys, *argv)[0] == 0, argv
    (project / "scenarios" / "sample.scenario").write_text(
        (project / "scenarios" / "sample.scenario").read_text(encoding="utf-8").replace("Ana", "Ana "),
        encoding="utf-8")
    assert spellc(project, capsys, "fmt", "--check")[0] == 1
    assert spellc(project, capsys, "fmt", "--diff")[0] == 1
    (project / "cards" / "sample.spell").write_text(MISSPELT, encoding="utf-8")
    for argv in (["check"], ["build"], ["play", "scenarios/sample.scenario"], ["play", "scenarios"]):
        assert spellc(project, capsys, *argv)[0] == 1, argv


# ---------------------------------------------------------------- colour
def checked_misspelt(project: Path, **env: str) -> bytes:
    (project / "cards" / "sample.spell").write_text(MISSPELT, encoding="utf-8")
    done = run(project, "check", **env)
    assert done.returncode == 1
    return done.stderr


def test_diagnostics_are_plain_when_piped(project: Path) -> None:
    """"Colour through `rich` on a terminal, off when piped", byte for byte what spellc printed before."""
    said = checked_misspelt(project).decode()
    assert "\x1b" not in said
    assert said.startswith("cards/sample.spell:2:12: error[E")
    assert "help: did you mean 'Protection'?" in said


def test_force_color_colours_them_and_changes_no_character(project: Path) -> None:
    """"with `NO_COLOR` and `FORCE_COLOR` honoured": FORCE_COLOR stands for a terminal (https://force-color.org:
    "When this variable is present and not an empty string ... it should force the addition of ANSI color")."""
    plain = checked_misspelt(project)
    coloured = checked_misspelt(project, FORCE_COLOR="1", TERM="xterm-256color")
    assert b"\x1b[" in coloured
    assert ANSI.sub("", coloured.decode()) == plain.decode()


def test_no_color_wins_over_force_color(project: Path) -> None:
    """https://no-color.org: "when present and not an empty string (regardless of its value), prevents the
    addition of ANSI color"; an empty FORCE_COLOR forces nothing."""
    plain = checked_misspelt(project)
    assert checked_misspelt(project, NO_COLOR="1", FORCE_COLOR="1") == plain
    assert checked_misspelt(project, FORCE_COLOR="") == plain


def test_colour_is_wanted_on_a_terminal_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """"on a terminal, off when piped"."""
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    assert colour_wanted(Terminal()) and not colour_wanted(io.StringIO())
    monkeypatch.setenv("NO_COLOR", "")
    assert colour_wanted(Terminal())
    monkeypatch.setenv("NO_COLOR", "0")  # any value but the empty one
    assert not colour_wanted(Terminal())


def test_each_part_of_a_diagnostic_takes_its_colour() -> None:
    """"diagnostics' `error`/`warning`/carets/notes coloured": a caret in its diagnostic's severity's colour."""
    source = SourceFile("cards/a.spell", 'ability "A" {\n    school Sorcry\n}\n')
    diags = Diagnostics()
    diags.error("E012", "unknown School 'Sorcry'", Span(source, 2, 12, 2, 18), "help: did you mean 'Sorcery'?")
    diags.warning("W020", "meaningless", Span(source, 1, 1, 1, 8), "note: it is ignored")
    stream = io.StringIO()
    painted = Painted(stream)
    print(diags.render(), file=painted)
    painted.flush()
    said = stream.getvalue()
    red, yellow = "\x1b[1;31m", "\x1b[1;33m"
    assert f"{red}error\x1b[0m[" in said and f"{yellow}warning\x1b[0m[" in said
    assert f"{red}^^^^^^\x1b[0m" in said and f"{yellow}^^^^^^^\x1b[0m" in said
    assert "\x1b[1;36mhelp\x1b[0m:" in said and "\x1b[1;32mnote\x1b[0m:" in said
    assert "\x1b[1mcards/a.spell:2:12\x1b[0m" in said
    assert ANSI.sub("", said) == diags.render() + "\n"


# ---------------------------------------------------------------- check --json, SARIF
def test_check_json_prints_one_object_per_diagnostic(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """"`check --json`, one object per diagnostic with file, line, column, code, severity, message and
    suggestion": JSON Lines, on standard output."""
    (project / "cards" / "sample.spell").write_text(MISSPELT, encoding="utf-8")
    (project / "cards" / "second.spell").write_text(MISSPELT.replace("Stoneskin", "Barkskin"), encoding="utf-8")
    code, out, _ = spellc_out(project, capsys, "check", "--json")
    assert code == 1
    lines = [json.loads(line) for line in out.splitlines()]
    assert [(d["file"], d["line"]) for d in lines] == [("cards/sample.spell", 2), ("cards/second.spell", 2)]
    assert lines[0] == {"file": "cards/sample.spell", "line": 2, "column": 12, "end_line": 2, "end_column": 21,
                        "code": "E904", "severity": "error", "message": "no School is named 'Protecton'",
                        "suggestion": "did you mean 'Protection'?",
                        "notes": ["help: did you mean 'Protection'?", lines[0]["notes"][1]]}
    assert lines[0]["notes"][1].startswith("note: a School is one of: Command, Death, Flame")
    assert spellc_out(project, capsys, "check", "--output-format", "json") == spellc_out(project, capsys, "check",
                                                                                        "--json")


spellc_out = spellc_apart


def test_check_json_prints_nothing_for_clean_cards(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """No diagnostic, no line: standard output holds JSON alone, and the exit code says it passed."""
    assert spellc_out(project, capsys, "check", "--json")[:2] == (0, "")


def test_check_json_reports_a_manifests_mistake_as_json(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A manifest's mistake is a located diagnostic too, and a tool reading JSON gets it as JSON."""
    (project / "spellc.toml").write_text('[project]\nruleset = "amtgrad"\n', encoding="utf-8")
    code, out, _ = spellc_out(project, capsys, "check", "--json")
    assert code == 1
    (found,) = [json.loads(line) for line in out.splitlines()]
    assert (found["file"], found["line"], found["suggestion"]) == ("spellc.toml", 2, "did you mean 'amtgard'?")


# What SARIF 2.1.0's schema (sarif-schema-2.1.0.json, OASIS) requires of each object spellc writes: its required
# properties, the properties of which it needs one at least ("anyOf"), the properties it allows
# ("additionalProperties": false), and the values its enums and minimums allow.
SARIF: dict[str, dict[str, Any]] = {
    "sarifLog": {"required": ["version", "runs"], "allowed": ["$schema", "version", "runs",
                                                               "inlineExternalProperties", "properties"]},
    "run": {"required": ["tool"], "allowed": [
        "addresses", "artifacts", "automationDetails", "baselineGuid", "columnKind", "conversion", "defaultEncoding",
        "defaultSourceLanguage", "externalPropertyFileReferences", "graphs", "invocations", "language",
        "logicalLocations", "newlineSequences", "originalUriBaseIds", "policies", "properties", "redactionTokens",
        "results", "runAggregates", "specialLocations", "taxonomies", "threadFlowLocations", "tool", "translations",
        "versionControlProvenance", "webRequests", "webResponses"]},
    "tool": {"required": ["driver"], "allowed": ["driver", "extensions", "properties"]},
    "toolComponent": {"required": ["name"], "allowed": [
        "associatedComponent", "contents", "dottedQuadFileVersion", "downloadUri", "fullDescription", "fullName",
        "globalMessageStrings", "guid", "informationUri", "isComprehensive", "language", "localizedDataSemanticVersion",
        "locations", "minimumRequiredLocalizedDataSemanticVersion", "name", "notifications", "organization", "product",
        "productSuite", "properties", "releaseDateUtc", "rules", "semanticVersion", "shortDescription",
        "supportedTaxonomies", "taxa", "translationMetadata", "version"]},
    "reportingDescriptor": {"required": ["id"], "allowed": [
        "defaultConfiguration", "deprecatedGuids", "deprecatedIds", "deprecatedNames", "fullDescription", "guid",
        "help", "helpUri", "id", "messageStrings", "name", "properties", "relationships", "shortDescription"]},
    "result": {"required": ["message"], "allowed": [
        "analysisTarget", "attachments", "baselineState", "codeFlows", "correlationGuid", "fingerprints", "fixes",
        "graphTraversals", "graphs", "guid", "hostedViewerUri", "kind", "level", "locations", "message",
        "occurrenceCount", "partialFingerprints", "properties", "provenance", "rank", "relatedLocations", "rule",
        "ruleId", "ruleIndex", "stacks", "suppressions", "taxa", "webRequest", "webResponse", "workItemUris"]},
    "message": {"any_of": ["text", "id"], "allowed": ["arguments", "id", "markdown", "properties", "text"]},
    "location": {"allowed": ["annotations", "id", "logicalLocations", "message", "physicalLocation", "properties",
                             "relationships"]},
    "physicalLocation": {"any_of": ["address", "artifactLocation"],
                         "allowed": ["address", "artifactLocation", "contextRegion", "properties", "region"]},
    "artifactLocation": {"allowed": ["description", "index", "properties", "uri", "uriBaseId"]},
    "region": {"any_of": ["startLine", "charOffset", "byteOffset"], "allowed": [
        "byteLength", "byteOffset", "charLength", "charOffset", "endColumn", "endLine", "message", "properties",
        "snippet", "sourceLanguage", "startColumn", "startLine"]},
}


def conforms(value: dict[str, Any], kind: str) -> None:
    """``value`` has what SARIF requires of a ``kind`` and nothing it forbids."""
    rule = SARIF[kind]
    assert isinstance(value, dict), (kind, value)
    assert set(rule.get("required", [])) <= set(value), (kind, value)
    assert not rule.get("any_of") or set(rule["any_of"]) & set(value), (kind, value)
    assert set(value) <= set(rule["allowed"]), (kind, set(value) - set(rule["allowed"]))


def test_sarif_is_a_valid_sarif_2_1_0_log(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """"plus SARIF (`--output-format sarif`) so code-scanning tools show card errors inline": a run of the tool
    `spellc`, its rules the codes met, each result located."""
    (project / "cards" / "sample.spell").write_text(MISSPELT, encoding="utf-8")
    (project / "cards" / "other.spell").write_text(MISSPELT.replace("    type Enchantment\n", ""), encoding="utf-8")
    code, out, _ = spellc_out(project, capsys, "check", "--output-format", "sarif")
    assert code == 1
    log = json.loads(out)
    conforms(log, "sarifLog")
    assert log["version"] == "2.1.0"
    (run_,) = log["runs"]
    conforms(run_, "run")
    assert run_["columnKind"] in ("utf16CodeUnits", "unicodeCodePoints")
    conforms(run_["tool"], "tool")
    driver = run_["tool"]["driver"]
    conforms(driver, "toolComponent")
    assert driver["name"] == "spellc" and driver["version"] == version("spellc")
    for rule in driver["rules"]:
        conforms(rule, "reportingDescriptor")
    results = run_["results"]
    assert {r["ruleId"] for r in results} == {rule["id"] for rule in driver["rules"]}
    assert len(results) >= 2
    for result in results:
        conforms(result, "result")
        assert result["level"] in ("none", "note", "warning", "error")
        assert driver["rules"][result["ruleIndex"]]["id"] == result["ruleId"]
        conforms(result["message"], "message")
        (location,) = result["locations"]
        conforms(location, "location")
        conforms(location["physicalLocation"], "physicalLocation")
        conforms(location["physicalLocation"]["artifactLocation"], "artifactLocation")
        region = location["physicalLocation"]["region"]
        conforms(region, "region")
        assert all(isinstance(region[k], int) and region[k] >= 1 for k in region)
    first = next(r for r in results if r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
                 == "cards/sample.spell")
    assert first["locations"][0]["physicalLocation"]["region"] == {"startLine": 2, "startColumn": 12,
                                                                   "endLine": 2, "endColumn": 21}
    assert "help: did you mean 'Protection'?" in first["message"]["text"]


def test_sarif_of_clean_cards_is_a_log_with_no_result(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A run that found nothing is still a log: a code-scanning upload then clears the old alerts."""
    code, out, _ = spellc_out(project, capsys, "check", "--output-format", "sarif")
    assert code == 0
    log = json.loads(out)
    conforms(log, "sarifLog")
    assert log["runs"][0]["results"] == [] and log["runs"][0]["tool"]["driver"]["rules"] == []


# ---------------------------------------------------------------- standard input
def test_check_dash_reads_a_card_from_standard_input(project: Path) -> None:
    """"`spellc check -` reads one card file from stdin; it needs a project for its ruleset: the one of the
    current folder, or --project; its diagnostics name it `<stdin>`"."""
    done = run(project, "check", "-", stdin=MISSPELT.encode())
    assert done.returncode == 1
    assert done.stderr.decode().startswith("<stdin>:2:12: error[")
    done = run(project / "cards", "check", "-", stdin=(project / "cards" / "sample.spell").read_bytes())
    assert done.returncode == 0 and b"1 card in 1 file: no errors" in done.stdout
    done = run(project.parent, "check", "--json", "--project", str(project), "-", stdin=MISSPELT.encode())
    assert done.returncode == 1 and json.loads(done.stdout)["file"] == "<stdin>"
    done = run(project.parent, "check", "-", stdin=MISSPELT.encode())
    assert done.returncode == 1 and b"in no card project" in done.stderr


def test_check_dash_diagnoses_bytes_that_are_not_utf8(project: Path) -> None:
    """Standard input is any bytes, as a file is: never a traceback."""
    done = run(project, "check", "-", stdin=b'ability "\xff" {\n}\n')
    assert done.returncode == 1
    assert done.stderr.decode().startswith("<stdin>:1:10: error[E000]: the file is not UTF-8")


def test_dash_stands_alone(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Standard input is one file: given with others, it is a usage error."""
    assert spellc(project, capsys, "check", "-", "cards")[0] == 2
    assert spellc(project, capsys, "fmt", "-", "cards")[0] == 2


def test_fmt_dash_writes_the_formatted_text_to_standard_output(project: Path) -> None:
    """"`spellc fmt -` writes the formatted text to stdout, as ruff format - does"."""
    card = (project / "cards" / "sample.spell").read_bytes()
    messy = card.replace(b"    school", b"school").replace(b"\n", b"\r\n")
    done = run(project, "fmt", "-", stdin=messy)
    assert (done.returncode, done.stdout, done.stderr) == (0, card, b"")
    assert (project / "cards" / "sample.spell").read_bytes() == card  # nothing written
    done = run(project, "fmt", "--check", "-", stdin=messy)
    assert (done.returncode, done.stdout) == (1, b"would reformat <stdin>\n")
    assert run(project, "fmt", "--check", "-", stdin=card).returncode == 0
    done = run(project, "fmt", "--diff", "-", stdin=messy)
    assert done.returncode == 1 and done.stdout.startswith(b"--- <stdin>\n+++ <stdin>\n")


def test_fmt_dash_reads_a_scenario_by_the_name_it_is_given(project: Path) -> None:
    """A scenario has a grammar of its own: ``--stdin-filename`` says which file standard input stands for."""
    scenario = (project / "scenarios" / "sample.scenario").read_bytes()
    done = run(project, "fmt", "-", "--stdin-filename", "scenarios/sample.scenario", stdin=scenario)
    assert (done.returncode, done.stdout) == (0, scenario)
    done = run(project, "fmt", "-", stdin=scenario)  # read as a card, it does not parse
    assert done.returncode == 1 and done.stdout == b"" and done.stderr.startswith(b"<stdin>:")


# ---------------------------------------------------------------- fmt --diff
def test_fmt_diff_exits_1_when_a_file_would_change(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """"`fmt --diff` and `fmt --check` exit 1 when a file would change" (ruff exits 1)."""
    card = project / "cards" / "sample.spell"
    canonical = card.read_text(encoding="utf-8")
    card.write_text(canonical.replace("    school", "school"), encoding="utf-8")
    code, out = spellc(project, capsys, "fmt", "--diff")
    assert code == 1 and "+    school Protection" in out
    assert card.read_text(encoding="utf-8") != canonical  # --diff writes nothing
    assert spellc(project, capsys, "fmt")[0] == 0
    assert spellc(project, capsys, "fmt", "--diff") == (0, "")


# ---------------------------------------------------------------- play on many files
def scenarios(project: Path, count: int) -> list[str]:
    """``count`` copies of the sample scenario, as ``scenarios/NAME.scenario``."""
    sample = project / "scenarios" / "sample.scenario"
    for n in range(1, count):
        shutil.copy(sample, sample.with_name(f"copy{n}.scenario"))
    return sorted(p.relative_to(project).as_posix() for p in (project / "scenarios").glob("*.scenario"))


def test_play_replays_many_files_and_sums_them_up(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """"`play` takes many files and globs, runs them in one process and prints a summary": each file's last
    line, then "N scenarios, M failed"."""
    names = scenarios(project, 3)
    last = spellc_out(project, capsys, "play", names[0])[1].rstrip("\n").rpartition("\n")[2]
    for argv in (names, ["scenarios/*.scenario"], ["scenarios"], ["scenarios", names[0]]):
        code, out, _ = spellc_out(project, capsys, "play", *argv)
        assert code == 0, argv
        assert out == "".join(f"{name}: {last}\n" for name in names) + "spellc: 3 scenarios, 0 failed\n", argv


def test_play_exits_1_when_any_scenario_fails(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """"exit 1 if any failed", the others played all the same, and the failure located on standard error."""
    names = scenarios(project, 2)
    broken = project / names[0]
    broken.write_text(broken.read_text(encoding="utf-8").replace("Ana 2 magic", "Ana 3 magic"), encoding="utf-8")
    code, out, err = spellc_out(project, capsys, "play", "scenarios")
    assert code == 1
    assert out.splitlines() == [f"{names[0]}: failed", f"{names[1]}: 4 expectations held",
                                "spellc: 2 scenarios, 1 failed"]
    assert err.startswith(f"{names[0]}:9:5: error[E300]: at 0 s: expected Ana 3 magic armor on torso; found 2")


def test_play_says_when_a_glob_matches_nothing(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A pattern or a folder that names no scenario is a finding, not silence; the others are played."""
    (project / "empty").mkdir()
    code, out, err = spellc_out(project, capsys, "play", "scenarios/*.scenario", "nowhere/*.scenario", "empty")
    assert code == 1
    assert "no scenario file matches nowhere/*.scenario" in err and "no scenario file matches empty" in err
    assert out.endswith("spellc: 1 scenario, 0 failed\n")


def test_play_with_one_file_prints_what_it_printed_before(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """"with one file it prints exactly what it prints today": the replay of the file, whole."""
    path = project / "scenarios" / "sample.scenario"
    for flags in ([], ["--json"], ["--log"]):
        out = io.StringIO()
        loaded = load(project / "spellc.toml")
        assert isinstance(loaded, Project)
        assert play(path.read_bytes(), "scenarios/sample.scenario", project=loaded, json_out="--json" in flags,
                    log="--log" in flags, out=out) == 0
        assert spellc_out(project, capsys, "play", "scenarios/sample.scenario", *flags) == (0, out.getvalue(), "")


def test_play_json_of_many_files_is_a_line_each(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """With several files, --json prints one JSON line per file (standard output holds JSON alone)."""
    names = scenarios(project, 2)
    code, out, err = spellc_out(project, capsys, "play", "--json", *names)
    assert code == 0 and "2 scenarios, 0 failed" in err
    whole = json.loads(spellc_out(project, capsys, "play", "--json", names[0])[1])
    assert [json.loads(line) for line in out.splitlines()] == [{"file": n, "exit": 0, "replay": whole} for n in names]


# ---------------------------------------------------------------- completion
@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_completion_prints_a_script_for_each_shell(shell: str, capsys: pytest.CaptureFixture[str]) -> None:
    """"shell completion for bash, zsh and fish": every command and option of the parser is in the script."""
    assert main(["completion", shell]) == 0
    script = capsys.readouterr().out
    for word in ("check", "play", "fmt", "completion", "--output-format", "--stdin-filename", "amtgard"):
        assert word in script, word
    checker = {"bash": ["bash", "-n"], "zsh": ["zsh", "-n"], "fish": ["fish", "--no-execute"]}[shell]
    if shutil.which(checker[0]) is not None:
        done = subprocess.run([*checker], input=script.encode(), capture_output=True, timeout=60)
        assert done.returncode == 0, done.stderr.decode()


def completions(script: str, *words: str) -> list[str]:
    """What bash offers after ``spellc WORDS`` with the script loaded."""
    line = " ".join(["spellc", *words])
    program = (f'{script}\nCOMP_WORDS=({line}); COMP_CWORD={len(words)}; COMP_LINE="{line}"; '
               f'COMP_POINT={len(line)}; _shtab_spellc; printf "%s\\n" "${{COMPREPLY[@]}}"')
    done = subprocess.run(["bash", "-c", program], capture_output=True, timeout=60, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


@pytest.mark.skipif(shutil.which("bash") is None, reason="bash is not installed")
def test_bash_completion_completes_commands_options_and_rulesets(capsys: pytest.CaptureFixture[str]) -> None:
    """The bash script is valid bash and completes what the parser declares."""
    assert main(["completion", "bash"]) == 0
    script = capsys.readouterr().out
    assert completions(script, "ch") == ["check"]
    assert completions(script, "check", "--output-format", "") == ["text", "json", "sarif"]
    assert completions(script, "new", "x", "--ruleset", "am") == ["amtgard"]


def test_completion_is_made_from_the_parser() -> None:
    """A command added to the parser is completed the day it is added: nothing is listed twice."""
    assert set(commands(command_line())) == {"new", "build", "check", "play", "coverage", "fmt", "site", "sim",
                                            "server", "lsp", "completion"}
