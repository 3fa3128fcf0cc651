# tabletrip: `make run` to play, `make test` to set up and run the checks, `make bench`.
# Needs only python3.11+ and GNU make: the first run creates .venv and installs the project.

PYTHON ?= python3
VENV = .venv
BIN = $(VENV)/bin
PIP = $(BIN)/python -m pip --quiet --disable-pip-version-check
# Stamps inside .venv: the project is re-installed only when pyproject.toml changes.
INSTALLED = $(VENV)/.installed
INSTALLED_TEST = $(VENV)/.installed-test

.PHONY: run test bench clean

run: $(INSTALLED)
	$(BIN)/tabletrip play

test: $(INSTALLED_TEST)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/pytest

bench: $(INSTALLED_TEST)
	$(BIN)/python benchmarks/run.py

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

clean:
	rm -rf $(VENV) build dist .pytest_cache .ruff_cache .hypothesis
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
