"""`spellc lsp` never blocks or dies (issue 25, item 3), whatever an editor or a project sends it.

The audit measured: completion quadratic in a long word (9.2 s at 32,000 letters; nothing in 7 minutes after a
1 MB title), `Content-Length: 1000000000000` killing the server with MemoryError, a server alive but deaf after any
framing error, requests with ill-typed parameters never answered, and one non-UTF-8 card on disk stopping the
diagnostics of every open card of its project.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types

from spellc.compiler import language_server
from spellc.compiler.language_server import MAX_DOCUMENT, MAX_WORD, partial_word, within_budget
from tests.test_language_server import Client, position, project, run

ROOT = Path(__file__).resolve().parent.parent
SERVER = [sys.executable, "-c", "import sys; from spellc.compiler.cli import main; sys.exit(main(['lsp']))"]


# ---------------------------------------------------------------- the protocol's framing, spoken raw
def frame(message: dict[str, Any]) -> bytes:
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def initialize(ident: int = 1) -> bytes:
    return frame({"jsonrpc": "2.0", "id": ident, "method": "initialize",
                  "params": {"processId": None, "rootUri": None, "capabilities": {}}})


def replies(out: bytes) -> list[dict[str, Any]]:
    """The messages the server wrote, in order."""
    found = []
    while out:
        header, _, rest = out.partition(b"\r\n\r\n")
        length = int(next(line for line in header.split(b"\r\n") if line.startswith(b"Content-Length"))
                     .split(b":")[1])
        found.append(json.loads(rest[:length]))
        out = rest[length:]
    return found


def converse(stream: bytes) -> tuple[int, list[dict[str, Any]], str]:
    """The server's exit code, its replies and what it said on stderr, given ``stream`` then the end of input."""
    done = subprocess.run(SERVER, input=stream, capture_output=True, cwd=ROOT, timeout=120)
    return done.returncode, replies(done.stdout), done.stderr.decode()


@pytest.mark.parametrize(("stream", "said"), [
    (b"Content-Length: 1000000000000\r\n\r\n", "Content-Length '1000000000000' is not a length of at most"),
    (b"Content-Length: -5\r\n\r\n", "Content-Length '-5' is not a length"),
    (b"Content-Length: 12abc\r\n\r\n", "is not a length"),
    (b"Hello there\r\n\r\n", "is not a header"),
    (b"Content-Type: text/plain\r\n\r\n", "a message without a Content-Length header"),
    (b"X" * 5_000_000, "a header line longer than 1024 bytes"),
    (b"Content-Length: 50\r\n\r\n{\"jsonrpc\"", "the stream ended 40 bytes before the end of a message"),
])
def test_a_framing_error_ends_the_server_cleanly_with_the_reason(stream: bytes, said: str) -> None:
    """The stream cannot be followed past a broken frame: the server says why and exits (1), never hanging
    alive and deaf, never with a MemoryError."""
    code, _, err = converse(initialize() + stream)
    assert code == 1 and said in err, err
    assert "Traceback" not in err and "MemoryError" not in err


def test_a_body_that_is_not_json_gets_a_parse_error_and_the_server_goes_on() -> None:
    junk = b"{this is not json"
    code, answers, err = converse(b"Content-Length: %d\r\n\r\n" % len(junk) + junk + initialize(7))
    assert code == 0, err
    assert answers[0]["error"]["code"] == -32700 and answers[0]["id"] is None
    assert answers[1]["id"] == 7 and "capabilities" in answers[1]["result"]


@pytest.mark.parametrize("params", [{"textDocument": 5, "position": "here"}, {"position": {"line": "x"}}, "text"])
def test_a_request_of_ill_typed_parameters_gets_an_invalid_params_error(params: Any) -> None:
    request = frame({"jsonrpc": "2.0", "id": 9, "method": "textDocument/hover", "params": params})
    code, answers, err = converse(initialize() + request + initialize(10))
    assert code == 0, err
    answered = {a["id"]: a for a in answers}
    assert answered[9]["error"]["code"] == -32602
    assert "result" in answered[10]  # and it goes on answering


# ---------------------------------------------------------------- a long word at the cursor
class Counted(str):
    """A text that counts the characters read from it one by one."""

    reads = 0

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, int):
            Counted.reads += 1
        return super().__getitem__(key)


def test_the_word_at_the_cursor_is_found_reading_a_bounded_number_of_characters() -> None:
    Counted.reads = 0
    assert partial_word(Counted("sphere " + "x" * 100_000)) is None  # no completion that long
    assert Counted.reads <= MAX_WORD + 2
    assert partial_word("    sphere For") == "For" and partial_word("deal 3") == ""
    assert partial_word("college Cynwä") == "Cynwä" and partial_word("2'") == ""


def test_completion_after_a_100000_character_word_answers_at_once(tmp_path: Path) -> None:
    """Measured as a ratio against a short word in the same session, not against a clock."""
    text = 'spell "A" {\n    sphere Fo\n}\n'
    long_text = f'spell "{"a" * 1_000_000}\n' + 'spell "A" {\n    sphere ' + "F" * 100_000 + "\n}\n"
    folder = project(tmp_path, "serpents_tongue", text)

    async def session(client: Client) -> tuple[float, float, int]:
        short_uri = client.open(folder / "cards" / "cards.spell")
        long_uri = client.open(folder / "cards" / "long.spell", long_text)

        async def timed(uri: str, at: types.Position) -> tuple[float, list[types.CompletionItem]]:
            start = time.perf_counter()
            result = await client.text_document_completion_async(types.CompletionParams(
                text_document=types.TextDocumentIdentifier(uri=uri), position=at))
            assert isinstance(result, types.CompletionList)
            return time.perf_counter() - start, result.items

        await timed(short_uri, position(text, "Fo", 2))  # warm
        short = min([(await timed(short_uri, position(text, "Fo", 2)))[0] for _ in range(3)])
        long, items = min([await timed(long_uri, position(long_text, "F" * 100_000, 100_000)) for _ in range(3)],
                          key=lambda t: t[0])
        return short, long, len(items)

    short, long, offered = run(session)
    assert offered == 0
    assert long / short < 10, (short, long)


# ---------------------------------------------------------------- documents and files
def test_a_document_past_the_size_limit_gets_one_diagnostic_and_no_stall(tmp_path: Path) -> None:
    folder = project(tmp_path, "amtgard", 'ability "A" {\n    school Spirit\n}\n')
    huge = 'ability "A" {\n    school Spirit\n}\n' + "// " + "x" * MAX_DOCUMENT + "\n"

    async def session(client: Client) -> list[types.Diagnostic]:
        return await client.diagnostics(client.open(folder / "cards" / "huge.spell", huge))

    found = run(session)
    assert len(found) == 1 and "past the 1,500,000 the language server checks as you type" in found[0].message


def test_an_undecodable_file_on_disk_costs_only_its_own_diagnostics(tmp_path: Path) -> None:
    """The audit: one non-UTF-8 card file on disk stopped diagnostics for every open card of its project."""
    cards = 'ability "Ward" {\n    school Protektion\n    type Enchantment\n}\n'
    folder = project(tmp_path, "amtgard", cards)
    (folder / "cards" / "broken.spell").write_bytes(b'ability "Caf\xe9" {\n}\n')

    async def session(client: Client) -> list[types.Diagnostic]:
        return await client.diagnostics(client.open(folder / "cards" / "cards.spell"))

    found = run(session)
    assert any("Protektion" in d.message or d.range.start == position(cards, "Protektion") for d in found), found


def test_a_request_past_its_budget_is_answered_without_its_result(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(language_server, "BUDGET_SECONDS", 0.05)
    assert within_budget(lambda: time.sleep(1) or "late", "in time") == "in time"
    assert within_budget(lambda: "done", "in time") == "done"  # the next request: after the late one finished
