# tabletrip: `make run` starts the server (play in the browser), `make test` sets up and runs
# the checks, `make bench` measures.
# Needs only python3.11+ and GNU make: the first run creates .venv and installs the project.

PYTHON ?= python3
VENV = .venv
BIN = $(VENV)/bin
PIP = $(BIN)/python -m pip --quiet --disable-pip-version-check
# Stamps inside .venv: the project is re-installed only when pyproject.toml changes.
INSTALLED = $(VENV)/.installed
INSTALLED_TEST = $(VENV)/.installed-test

.PHONY: run test bench mutate clean browser postgres

run: $(INSTALLED)
	$(BIN)/tabletrip serve

# The suite runs on both cores of the reference machine (pytest-xdist).
test: $(INSTALLED_TEST) browser postgres
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/pytest -n 2

bench: $(INSTALLED_TEST) postgres
	$(BIN)/python benchmarks/run.py

# Mutation testing of the scoring modules ([tool.mutmut] in pyproject.toml), with the kill rate.
mutate: $(INSTALLED_TEST)
	rm -rf mutants
	$(BIN)/mutmut run --max-children 2
	$(BIN)/mutmut export-cicd-stats
	$(BIN)/python benchmarks/mutation_score.py mutants/mutmut-cicd-stats.json

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || { \
		echo "tabletrip needs Python 3.11 or newer: try make PYTHON=python3.11 $(MAKECMDGOALS)"; \
		exit 1; }
	$(PYTHON) -m venv $(VENV)

$(INSTALLED): pyproject.toml | $(BIN)/python
	$(PIP) install -e .
	@touch $@

# The test extras include the project itself, so they satisfy `make run` too.
$(INSTALLED_TEST): pyproject.toml | $(BIN)/python
	$(PIP) install -e '.[test]'
	@touch $@ $(INSTALLED)

# The browser tests drive Debian's Chromium; install it when it is missing (needs root or sudo).
browser:
	@command -v chromium >/dev/null 2>&1 || { \
		echo "installing Debian's chromium for the browser tests"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -q && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q chromium \
		|| echo "could not install chromium: the browser tests will be skipped"; }

# The server's multi-process tests and bench start a throwaway cluster from Debian's
# PostgreSQL programs; install them when missing (needs root or sudo).
postgres:
	@command -v initdb >/dev/null 2>&1 || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { \
		echo "installing Debian's postgresql for the multi-process server tests"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -q && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q postgresql \
		|| echo "could not install postgresql: the PostgreSQL tests will be skipped"; }

clean:
	rm -rf $(VENV) build dist .pytest_cache .ruff_cache .hypothesis .mypy_cache mutants
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
