# The two commands of the README: `make run` and `make test`. Both set up .venv when it is missing.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test build site check lint play clean bench fuzz

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[docs,test]'
	@# The browser tests drive Debian's Chromium (Playwright is told where it is; it downloads no browser).
	command -v chromium >/dev/null || apt-get install -y -q chromium >/dev/null || \
		echo "note: Chromium could not be installed; the browser tests will say so"
	touch $(STAMP)

build: $(STAMP)
	$(BIN)/spellc build

site: $(STAMP)
	@# The cards, then the site, strictly (any warning fails it). spellc silences only mkdocs-material's banner
	@# about MkDocs 2, through its own variable: it is not ours to act on.
	$(BIN)/spellc site

play: $(STAMP)
	@# The seeds' walkthroughs in full (each round's summary): Acts I and II of Serpent's Tongue, Incantation 2's
	@# Example of Play. Then every scenario of every game in one process (each project's cards compiled once):
	@# each file's last line, and how many were played and failed; any failure fails the target.
	$(BIN)/spellc play cards_src/serpents_tongue/scenarios/act1_walkthrough.scenario
	$(BIN)/spellc play cards_src/serpents_tongue/scenarios/act2_walkthrough.scenario
	$(BIN)/spellc play cards_src/rackham_incantation/scenarios/example_of_play.scenario
	$(BIN)/spellc play cards_src/*/scenarios

run: site play

test: $(STAMP)
	$(BIN)/python -m pytest

# A nightly-sized fuzzing campaign: 100,000 mutated inputs over every game's cards and scenarios and the manifest
# (tests/fuzzing.py); each input that crashes is kept under tests/fixtures/crashers/, where `make test` replays it.
FUZZ_COUNT ?= 100000
fuzz: $(STAMP)
	$(BIN)/python tests/fuzzing.py --count $(FUZZ_COUNT) --workers 2 --keep tests/fixtures/crashers

lint: $(STAMP)
	$(BIN)/ruff check compiler engine tests benchmarks
	$(BIN)/mypy

bench: $(STAMP)
	$(BIN)/python benchmarks/bench_build.py 500 5000
	$(BIN)/python benchmarks/bench_matches.py
	$(BIN)/python benchmarks/bench_draws.py
	$(BIN)/python benchmarks/bench_site.py 500 5000
	$(BIN)/python -m benchmarks.bench_lsp
	$(BIN)/python -m benchmarks.bench_startup
	$(BIN)/python -m benchmarks.bench_check

clean:
	rm -rf $(VENV) site/site build *.egg-info
