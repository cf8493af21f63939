"""A card project is a stranger's, like a repository one clones (DESIGN.md, "Trust boundaries"): "Only the
project's declared output folders may be written, and only files spellc wrote may be deleted. Build markers
are trusted only if this user's spellc made them."

Each test crafts a project the way an attacker (or an accident) would, inside a sandbox folder that also holds a
folder of the user's own (``victim/``) beside it. It runs the real command line, then asserts that no byte
outside the project changed (a snapshot of the sandbox, the project left out, before and after) and that the
command said clearly why it refused.
"""

from __future__ import annotations

import hashlib
import html
import json
import os
import stat
from collections.abc import Iterator
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

import pytest

from spellc.compiler import trust
from spellc.compiler.cli import main
from spellc.compiler.project import MANIFEST
from spellc.compiler.publish import COMMITTED, OPEN, RECORD, WORKSPACE
from tests.commands import new_project, spellc

Snapshot = dict[str, tuple[str, ...]]


def snapshot(sandbox: Path, project: Path) -> Snapshot:
    """Every entry under ``sandbox`` but the project: its kind, and its bytes' digest, its link's target or its
    folder's entries; and the times and modes that a write, a touch or a chmod would change."""
    seen: Snapshot = {}
    for where, folders, files in os.walk(sandbox):
        if Path(where) == project or project in Path(where).parents:
            continue
        for name in sorted(folders + files):
            path = Path(where) / name
            if path == project:
                continue
            st = path.lstat()
            times = (str(st.st_mtime_ns), oct(st.st_mode))
            if stat.S_ISLNK(st.st_mode):
                seen[str(path)] = ("link", os.readlink(path), *times)
            elif stat.S_ISDIR(st.st_mode):
                seen[str(path)] = ("folder", ",".join(sorted(os.listdir(path))), *times)
            else:
                seen[str(path)] = ("file", hashlib.sha256(path.read_bytes()).hexdigest(), *times)
    return seen


@dataclass
class Sandbox:
    root: Path
    project: Path
    victim: Path

    def run(self, *argv: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
        """``spellc ARGV`` in the project, as a user runs it; its exit code and what it printed."""
        return spellc(self.project, capsys, *argv)

    def manifest(self, text: str) -> None:
        (self.project / MANIFEST).write_text(text, encoding="utf-8")


PROJECT = """[project]
ruleset = "amtgard"
cards = "{cards}"
scenarios = "scenarios"

[output]
python = "{python}"
site = "{site}"
mkdocs = "mkdocs.yml"
"""


@pytest.fixture
def sandbox(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Iterator[Sandbox]:
    """A fresh project of the user's (made by `spellc new`) and, beside it, a folder of theirs with files in it;
    the test asserts at its end that nothing outside the project changed."""
    root = tmp_path / "sandbox"
    victim = root / "victim"
    (victim / "sub").mkdir(parents=True)
    (victim / "thesis.txt").write_text("four years of work\n", encoding="utf-8")
    (victim / "sub" / "data.csv").write_text("a,b\n1,2\n", encoding="utf-8")
    (victim / "secret.spell").write_text('ability "Secret" { school Sorcery }\n', encoding="utf-8")
    project = root / "project"
    assert main(["new", str(project), "--ruleset", "amtgard"]) == 0
    capsys.readouterr()
    box = Sandbox(root, project, victim)
    before = snapshot(root, project)
    yield box
    assert snapshot(root, project) == before, "a file outside the project changed"


def sign(kind: str, body: bytes) -> bytes:
    return trust.sign(kind, body)


# ---------------------------------------------------------------- leftover build markers
def _forge_transaction(project: Path, marker: bytes) -> None:
    """A transaction folder as a killed build would leave it, but written by a stranger: a staged file meant for a
    folder beside the project, and a marker naming it."""
    txn = project / WORKSPACE / "txn"
    (txn / "new" / ".." / ".." / ".." / "mal-outside").mkdir(parents=True, exist_ok=True)
    (txn / "new" / "mal-outside").mkdir(parents=True, exist_ok=True)
    (txn / "new" / "mal-outside" / "pwned.sh").write_text("rm -rf ~\n", encoding="utf-8")
    (txn / COMMITTED).write_bytes(marker)


def _refused_untouched(box: Sandbox, code: int, said: str, *reason: str) -> None:
    assert code == 1, said
    assert all(r in said for r in reason), said
    assert "Traceback" not in said
    assert not (box.root / "mal-outside").exists()
    assert (box.victim / "thesis.txt").is_file()


def test_a_forged_marker_of_the_old_format_is_refused(sandbox: Sandbox, capsys: pytest.CaptureFixture[str]) -> None:
    """The audit's project: a COMMITTED marker naming a folder beside the project to remove and one to create."""
    _forge_transaction(sandbox.project, b"remove ../victim\ncreate ../mal-outside\n")
    code, said = sandbox.run("build", capsys=capsys)
    _refused_untouched(sandbox, code, said, "COMMITTED was not written by your spellc", "nothing was changed")
    assert (sandbox.project / WORKSPACE / "txn" / COMMITTED).is_file()  # left for the user to look at


def test_a_marker_signed_with_another_key_is_refused(sandbox: Sandbox, capsys: pytest.CaptureFixture[str]) -> None:
    body = json.dumps({"changes": [["remove", "../victim"], ["create", "../mal-outside"]]}).encode()
    _forge_transaction(sandbox.project, trust.HEADER + b"0" * 64 + b"\n" + body)
    code, said = sandbox.run("build", capsys=capsys)
    _refused_untouched(sandbox, code, said, "signature does not match")


def test_a_signed_marker_naming_paths_outside_the_outputs_is_refused(
        sandbox: Sandbox, capsys: pytest.CaptureFixture[str]) -> None:
    """Even a marker of this user's spellc (signed with their key) acts only inside the build's outputs."""
    body = json.dumps({"changes": [["remove", "../victim"], ["create", "../mal-outside"]]}).encode()
    _forge_transaction(sandbox.project, sign(COMMITTED, body))
    code, said = sandbox.run("build", capsys=capsys)
    _refused_untouched(sandbox, code, said, "'../victim'", "not in this build's outputs")


def test_a_signed_marker_naming_an_output_through_a_link_is_refused(
        sandbox: Sandbox, capsys: pytest.CaptureFixture[str]) -> None:
    (sandbox.project / "generated").mkdir()
    (sandbox.project / "generated" / "link").symlink_to(sandbox.victim)
    body = json.dumps({"changes": [["remove", "generated/link/thesis.txt"]]}).encode()
    _forge_transaction(sandbox.project, sign(COMMITTED, body))
    code, said = sandbox.run("build", capsys=capsys)
    _refused_untouched(sandbox, code, said, "generated/link is a symbolic link")


def test_a_staging_folder_no_build_of_yours_made_is_refused(
        sandbox: Sandbox, capsys: pytest.CaptureFixture[str]) -> None:
    txn = sandbox.project / WORKSPACE / "txn"
    (txn / "new").mkdir(parents=True)
    (txn / "new" / "keep.txt").write_text("someone's\n", encoding="utf-8")
    code, said = sandbox.run("build", capsys=capsys)
    _refused_untouched(sandbox, code, said, "no OPEN marker signed by your spellc")
    assert (txn / "new" / "keep.txt").is_file()


def test_an_open_marker_that_is_forged_is_refused(sandbox: Sandbox, capsys: pytest.CaptureFixture[str]) -> None:
    txn = sandbox.project / WORKSPACE / "txn"
    (txn / "old").mkdir(parents=True)
    (txn / OPEN).write_bytes(trust.HEADER + b"f" * 64 + b"\n")
    code, said = sandbox.run("build", capsys=capsys)
    _refused_untouched(sandbox, code, said, "no OPEN marker signed by your spellc")


def test_a_build_folder_that_is_a_link_is_refused(sandbox: Sandbox, capsys: pytest.CaptureFixture[str]) -> None:
    (sandbox.project / WORKSPACE).symlink_to(sandbox.victim, target_is_directory=True)
    code, said = sandbox.run("build", capsys=capsys)
    _refused_untouched(sandbox, code, said, "is not a folder (a link or a file is there)")


def test_a_lock_that_is_a_link_is_never_opened(sandbox: Sandbox, capsys: pytest.CaptureFixture[str]) -> None:
    (sandbox.project / WORKSPACE).mkdir()
    (sandbox.project / WORKSPACE / "lock").symlink_to(sandbox.victim / "thesis.txt")
    code, said = sandbox.run("build", capsys=capsys)
    _refused_untouched(sandbox, code, said, "cannot take the build lock")


def test_a_staging_folder_that_is_a_link_is_refused(sandbox: Sandbox, capsys: pytest.CaptureFixture[str]) -> None:
    (sandbox.project / WORKSPACE).mkdir()
    (sandbox.project / WORKSPACE / "txn").symlink_to(sandbox.victim, target_is_directory=True)
    code, said = sandbox.run("build", capsys=capsys)
    _refused_untouched(sandbox, code, said, "txn is not a folder")


def test_a_forged_record_deletes_nothing(sandbox: Sandbox, capsys: pytest.CaptureFixture[str]) -> None:
    """The record of what spellc wrote decides what a build may remove: one it did not sign names nothing."""
    assert sandbox.run("build", capsys=capsys)[0] == 0
    (sandbox.project / "generated" / "NOTES.md").write_text("mine\n", encoding="utf-8")
    record = json.dumps({"files": ["generated/NOTES.md", "../victim/thesis.txt"]}).encode()
    (sandbox.project / WORKSPACE / RECORD).write_bytes(trust.HEADER + b"0" * 64 + b"\n" + record)
    code, said = sandbox.run("build", capsys=capsys)
    assert code == 0, said
    assert (sandbox.project / "generated" / "NOTES.md").read_text(encoding="utf-8") == "mine\n"
    assert "generated/NOTES.md was not written by spellc: left in place" in said


# ---------------------------------------------------------------- output folders
@pytest.mark.parametrize("python", ["../victim", "{victim}", "generated/../../victim"])
def test_an_output_outside_the_project_is_refused(python: str, sandbox: Sandbox,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """The audit: `python = "../victim"` deleted the user's victim/thesis.txt and victim/sub/data.csv."""
    sandbox.manifest(PROJECT.format(cards="cards", python=python.format(victim=sandbox.victim), site="site"))
    code, said = sandbox.run("build", capsys=capsys)
    _refused_untouched(sandbox, code, said, "error[E017]: the python output resolves outside the project",
                       "--allow-outside-outputs")


@pytest.mark.parametrize("output", ["generated", "site"])
def test_an_output_that_is_a_link_out_of_the_project_is_refused(
        output: str, sandbox: Sandbox, capsys: pytest.CaptureFixture[str]) -> None:
    if output == "site":
        (sandbox.project / "site" / "index.md").unlink()
        (sandbox.project / "site").rmdir()
    (sandbox.project / output).symlink_to(sandbox.victim, target_is_directory=True)
    code, said = sandbox.run("build", capsys=capsys)
    _refused_untouched(sandbox, code, said, "output resolves outside the project")


def test_outside_outputs_the_user_allows_keep_every_file_spellc_did_not_write(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Allowed on the command line, a build writes its files into the folder, and removes none of the user's."""
    project = tmp_path / "project"
    assert main(["new", str(project), "--ruleset", "amtgard"]) == 0
    victim = tmp_path / "victim"
    (victim / "sub").mkdir(parents=True)
    (victim / "thesis.txt").write_text("four years of work\n", encoding="utf-8")
    (victim / "sub" / "data.csv").write_text("a,b\n", encoding="utf-8")
    (project / MANIFEST).write_text(PROJECT.format(cards="cards", python="../victim", site="site"), encoding="utf-8")
    box = Sandbox(tmp_path, project, victim)
    capsys.readouterr()
    code, said = box.run("build", "--allow-outside-outputs", capsys=capsys)
    assert code == 0, said
    assert (victim / "cards.py").is_file()
    assert (victim / "thesis.txt").read_text(encoding="utf-8") == "four years of work\n"
    assert (victim / "sub" / "data.csv").read_text(encoding="utf-8") == "a,b\n"
    assert "thesis.txt was not written by spellc: left in place" in said


def test_hand_written_files_in_the_outputs_survive_with_a_warning(
        sandbox: Sandbox, capsys: pytest.CaptureFixture[str]) -> None:
    """The audit: generated/NOTES.md, generated/helpers.py and site/abilities/my-page.md were deleted without a
    word."""
    assert sandbox.run("build", capsys=capsys)[0] == 0
    mine = {"generated/NOTES.md": "notes\n", "generated/helpers.py": "X = 1\n", "site/abilities/my-page.md": "# Mine\n"}
    for path, text in mine.items():
        (sandbox.project / path).write_text(text, encoding="utf-8")
    code, said = sandbox.run("build", capsys=capsys)
    assert code == 0, said
    for path, text in mine.items():
        assert (sandbox.project / path).read_text(encoding="utf-8") == text
        assert f"{path} was not written by spellc: left in place" in said


def test_a_page_spellc_wrote_and_no_longer_makes_is_removed(
        sandbox: Sandbox, capsys: pytest.CaptureFixture[str]) -> None:
    """What spellc wrote it still cleans up: a card removed takes its page with it."""
    assert sandbox.run("build", capsys=capsys)[0] == 0
    page = sandbox.project / "site" / "abilities" / "stoneskin.md"
    assert page.is_file()
    card = sandbox.project / "cards" / "sample.spell"
    card.write_text(card.read_text(encoding="utf-8").replace('"Stoneskin"', '"Barkskin"'), encoding="utf-8")
    assert sandbox.run("build", capsys=capsys)[0] == 0
    assert not page.exists() and (sandbox.project / "site" / "abilities" / "barkskin.md").is_file()


def test_a_link_inside_an_output_is_never_written_through(
        sandbox: Sandbox, capsys: pytest.CaptureFixture[str]) -> None:
    (sandbox.project / "site" / "abilities").symlink_to(sandbox.victim, target_is_directory=True)
    code, said = sandbox.run("build", capsys=capsys)
    _refused_untouched(sandbox, code, said, "site/abilities is a symbolic link")


def test_an_output_folder_that_is_a_file_is_refused(sandbox: Sandbox, capsys: pytest.CaptureFixture[str]) -> None:
    (sandbox.project / "generated").write_text("my notes, not a folder\n", encoding="utf-8")
    code, said = sandbox.run("build", capsys=capsys)
    _refused_untouched(sandbox, code, said, "generated is a file that spellc did not write")
    assert (sandbox.project / "generated").read_text(encoding="utf-8") == "my notes, not a folder\n"


# ---------------------------------------------------------------- what a build reads
def test_a_mistyped_cards_folder_is_an_error_not_an_empty_build(
        sandbox: Sandbox, capsys: pytest.CaptureFixture[str]) -> None:
    """The audit: `cards = "card"` built 0 cards with exit 0 and deleted every card page."""
    assert sandbox.run("build", capsys=capsys)[0] == 0
    sandbox.manifest(PROJECT.format(cards="card", python="generated", site="site"))
    code, said = sandbox.run("build", capsys=capsys)
    assert code == 1 and "error[E016]: the cards folder card does not exist" in said
    assert "help: did you mean 'cards'?" in said
    assert (sandbox.project / "site" / "abilities" / "stoneskin.md").is_file()


def test_a_cards_folder_that_links_to_the_root_is_refused(
        sandbox: Sandbox, capsys: pytest.CaptureFixture[str]) -> None:
    (sandbox.project / "everything").symlink_to("/", target_is_directory=True)
    sandbox.manifest(PROJECT.format(cards="everything", python="generated", site="site"))
    code, said = sandbox.run("build", capsys=capsys)
    assert code == 1 and "error[E015]: cards is 'everything', which resolves outside the project (to /)" in said


def test_a_card_file_that_links_out_of_the_project_is_not_read(
        sandbox: Sandbox, capsys: pytest.CaptureFixture[str]) -> None:
    (sandbox.project / "cards" / "evil.spell").symlink_to(sandbox.victim / "secret.spell")
    for command in ("check", "build"):
        code, said = sandbox.run(command, capsys=capsys)
        assert code == 1 and "cards/evil.spell is a link to" in said and "outside the project" in said
        assert "Secret" not in said


@pytest.mark.parametrize(("setting", "said"), [
    ('mkdocs = "/etc/passwd"', "mkdocs is '/etc/passwd', which resolves outside the project"),
    ('scenarios = "../victim"', "scenarios is '../victim', which resolves outside the project"),
    ('cards = "ca\\nrds"', "cards holds a control character ('\\n')"),
    ('cards = "ca\\u0000rds"', "cards holds a control character ('\\x00')"),
])
def test_a_manifest_naming_what_it_must_not_is_a_located_error(
        setting: str, said: str, sandbox: Sandbox, capsys: pytest.CaptureFixture[str]) -> None:
    key = setting.split(" ")[0]
    text = PROJECT.format(cards="cards", python="generated", site="site")
    sandbox.manifest("\n".join(setting if line.startswith(f"{key} =") else line for line in text.splitlines()))
    code, out = sandbox.run("build", capsys=capsys)
    assert code == 1 and said in out and f"{MANIFEST}:" in out and "^" in out, out


def test_a_manifest_that_is_not_utf8_is_a_located_error(sandbox: Sandbox, capsys: pytest.CaptureFixture[str]) -> None:
    (sandbox.project / MANIFEST).write_bytes(b'[project]\nruleset = "amtg\xe4rd"\n')
    code, said = sandbox.run("check", capsys=capsys)
    assert code == 1 and "spellc.toml:2:" in said and "not UTF-8" in said and "Traceback" not in said


@pytest.mark.parametrize(("member", "said"), [
    ("..", "leaves the workspace"), ("{victim}", "is an absolute path"), (".", "is the workspace itself"),
    ("../victim/*", "leaves the workspace"),
])
def test_a_workspace_member_outside_the_workspace_is_a_located_error(
        member: str, said: str, sandbox: Sandbox, capsys: pytest.CaptureFixture[str]) -> None:
    sandbox.manifest(f'[workspace]\nmembers = [{json.dumps(member.format(victim=sandbox.victim))}]\n')
    code, out = sandbox.run("build", capsys=capsys)
    assert code == 1 and "error[E013]" in out and said in out and "Traceback" not in out, out


def test_a_workspace_home_outside_the_workspace_is_refused(
        sandbox: Sandbox, capsys: pytest.CaptureFixture[str]) -> None:
    (sandbox.project / MANIFEST).rename(sandbox.project / "member.toml")
    member = sandbox.project / "member"
    member.mkdir()
    (sandbox.project / "member.toml").rename(member / MANIFEST)
    (sandbox.project / "cards").rename(member / "cards")
    sandbox.manifest('[workspace]\nmembers = ["member"]\nhome = "../victim/thesis.txt"\n')
    code, said = sandbox.run("build", capsys=capsys)
    assert code == 1 and "home is '../victim/thesis.txt', which resolves outside the workspace" in said


# ---------------------------------------------------------------- the site's mkdocs.yml
@pytest.mark.parametrize(("config", "said"), [
    ("site_dir: ../victim\n", "site_dir is"),
    ("site_dir: cards\n", "which mkdocs would empty"),
    ("hooks:\n  - evil.py\n", "hooks runs the Python files it names"),
    ("INHERIT: ../victim/base.yml\n", "INHERIT reads another file"),
    ("plugins:\n  - search\n  - macros\n", "the plugin 'macros' is not one spellc knows to be safe"),
    ("markdown_extensions:\n  - pymdownx.snippets:\n      base_path: /\n", "'pymdownx.snippets' is not one"),
    ("extra: !!python/object/apply:os.system ['touch ../victim/pwned']\n", "not a configuration spellc will read"),
])
def test_a_site_configuration_that_would_reach_outside_is_refused(
        config: str, said: str, sandbox: Sandbox, capsys: pytest.CaptureFixture[str]) -> None:
    """mkdocs empties its site_dir, runs hooks, reads INHERITed files and builds Python objects from YAML tags."""
    (sandbox.project / "evil.py").write_text("open('../victim/pwned', 'w').write('x')\n", encoding="utf-8")
    mkdocs = sandbox.project / "mkdocs.yml"
    mkdocs.write_text(mkdocs.read_text(encoding="utf-8").replace("site_dir: public\n", "") + config, encoding="utf-8")
    code, out = sandbox.run("site", capsys=capsys)
    assert code == 1 and said in out and "--trust-config" in out, out
    assert not (sandbox.project / "public").exists() and not (sandbox.project / "generated").exists()


def test_site_names_from_a_stranger_reach_no_page_as_markup(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                                            ) -> None:
    """The audit: `spellc new '<img src=x onerror=alert(1)>'` put the raw tag into the home page's <h1>; and a
    quote in the name ended mkdocs-material's aria-label attribute."""
    for name in ("<img src=x onerror=alert(1)>", 'a" onmouseover="alert(1)'):
        project = new_project(tmp_path / name, "amtgard", capsys)
        assert spellc(project, capsys, "site")[0] == 0
        page = (project / "public" / "index.html").read_text(encoding="utf-8")
        assert "<img src=x" not in page and 'onmouseover="' not in page


def test_fmt_and_play_never_follow_a_link_out_of_the_project(sandbox: Sandbox,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    (sandbox.project / "cards" / "evil.spell").symlink_to(sandbox.victim / "secret.spell")
    (sandbox.project / "scenarios" / "evil.scenario").symlink_to(sandbox.victim / "thesis.txt")
    code, said = sandbox.run("fmt", capsys=capsys)
    assert code == 1 and "cards/evil.spell is a link to" in said and "Secret" not in said
    code, said = sandbox.run("play", "scenarios/evil.scenario", capsys=capsys)
    assert code == 1 and "scenarios/evil.scenario is a link to" in said and "four years" not in said


class _Markup(HTMLParser):
    """What a page would run: event attributes, images and scripts a title brought in."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = [name for name, _ in attrs]
        if any(name.startswith("on") for name in names) or tag == "img" and ("src", "x") in attrs:
            self.found.append(f"<{tag} {attrs}>")


HOSTILE_TITLE = "<img src=x onerror=alert(1)>' onmouseover='alert(2)"
SAMPLE_TITLES = {"serpents_tongue": "Pillar of Earth", "incantation_charges": "Strike",
                 "rackham_incantation": "Flash of Light", "amtgard": "Stoneskin"}


@pytest.mark.parametrize("ruleset", sorted(SAMPLE_TITLES))
def test_a_title_reaches_no_page_as_markup(ruleset: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """"Every page spellc writes escapes what a user typed: project names, folder names, titles." A card's title and
    the folder and file it is written in, each an attempt at markup."""
    project = tmp_path / "project"
    assert main(["new", str(project), "--ruleset", ruleset]) == 0
    card = project / "cards" / "sample.spell"
    card.write_text(card.read_text(encoding="utf-8").replace(SAMPLE_TITLES[ruleset], HOSTILE_TITLE), encoding="utf-8")
    folder = project / "cards" / "<img src=x onerror=alert(3)>"  # a page names the file a card comes from
    folder.mkdir()
    card.rename(folder / "<svg onload=alert(4)>.spell")
    box = Sandbox(tmp_path, project, tmp_path)
    code, said = box.run("site", capsys=capsys)
    assert code == 0, said
    found = []
    for page in (project / "public").rglob("*.html"):
        parser = _Markup()
        parser.feed(page.read_text(encoding="utf-8"))
        found += [f"{page.relative_to(project)}: {tag}" for tag in parser.found]
    assert found == []
    assert any(HOSTILE_TITLE[:8] in html.unescape(p.read_text(encoding="utf-8"))
               for p in (project / "public").rglob("*.html"))  # shown, as text


def test_a_folder_where_a_page_goes_is_not_replaced_unless_spellc_wrote_it(
        sandbox: Sandbox, capsys: pytest.CaptureFixture[str]) -> None:
    assert sandbox.run("build", capsys=capsys)[0] == 0
    page = sandbox.project / "site" / "abilities" / "stoneskin.md"
    page.unlink()
    page.mkdir()
    (page / "mine.txt").write_text("mine\n", encoding="utf-8")
    code, said = sandbox.run("build", capsys=capsys)
    assert code == 1 and "site/abilities/stoneskin.md is a folder that spellc did not write" in said, said
    assert (page / "mine.txt").read_text(encoding="utf-8") == "mine\n"
