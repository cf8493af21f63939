# The two commands of the README: `make run` and `make test`. Both set up .venv when it is missing.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test test-pythons build site check lint play clean bench fuzz

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[docs,test,ray,plots]'
	@# The browser tests drive Debian's Chromium (Playwright is told where it is; it downloads no browser).
	@# A new machine's package lists may be missing or stale: they are updated only if the install fails.
	command -v chromium >/dev/null || apt-get install -y -q chromium >/dev/null 2>&1 || \
		{ apt-get update -q >/dev/null && apt-get install -y -q chromium >/dev/null; } || \
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

# Every test, spread over the cores by pytest-xdist (JOBS=0: all in one process; what is slow to make is made once
# per run, see tests/per_run.py): each line of dots ends with the share done, and the end lists the reason for
# each skipped test and the ten slowest tests.
JOBS ?= auto
test: $(STAMP)
	$(BIN)/python -m pytest -n $(JOBS) -rs --durations=10

# The suite on the oldest and the newest Python spellc supports, each in a virtual environment of its own
# (.venv-3.11, .venv-3.13). An interpreter is looked for on the PATH (python3.13), then among pyenv's versions.
PYTHONS ?= 3.11 3.13
test-pythons:
	@for v in $(PYTHONS); do \
		py=$$(for c in python$$v "$${PYENV_ROOT:-$$HOME/.pyenv}"/versions/$$v*/bin/python$$v; do \
			"$$c" -c "" 2>/dev/null && { command -v "$$c"; break; }; done); \
		test -n "$$py" || { echo "test-pythons: no Python $$v on the PATH or in pyenv"; exit 1; }; \
		echo "== Python $$v ($$py)"; \
		$(MAKE) --no-print-directory test PY="$$py" VENV=.venv-$$v || exit 1; \
	done

# A nightly-sized fuzzing campaign: 100,000 mutated inputs over every game's cards and scenarios and the manifest
# (tests/fuzzing.py); each input that crashes is kept under tests/fixtures/crashers/, where `make test` replays it.
FUZZ_COUNT ?= 100000
fuzz: $(STAMP)
	$(BIN)/python tests/fuzzing.py --count $(FUZZ_COUNT) --workers 2 --keep tests/fixtures/crashers

lint: $(STAMP)
	$(BIN)/ruff check compiler engine tests benchmarks
	$(BIN)/mypy

bench: $(STAMP)
	$(BIN)/python -m benchmarks.bench_build 500 5000
	$(BIN)/python benchmarks/bench_matches.py
	$(BIN)/python benchmarks/bench_draws.py
	$(BIN)/python benchmarks/bench_site.py 500 5000
	$(BIN)/python -m benchmarks.bench_lsp
	$(BIN)/python -m benchmarks.bench_startup
	$(BIN)/python -m benchmarks.bench_check
	$(BIN)/python -m benchmarks.bench_sim

clean:
	rm -rf $(VENV) .venv-3.* site/site build *.egg-info
