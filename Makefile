# Two commands a newcomer needs: `make play` and `make test`.
# Each creates .venv when missing and installs the pinned dependencies.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
export PIP_DISABLE_PIP_VERSION_CHECK := 1

.PHONY: play test lint typecheck bench catalog dist clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Runtime only: what `make play` needs.
$(VENV)/.run-installed: $(BIN)/python pyproject.toml constraints.txt
	$(BIN)/python -m pip install -q -c constraints.txt -e .
	touch $@

# Runtime plus tests and developer tools.
$(VENV)/.dev-installed: $(VENV)/.run-installed
	$(BIN)/python -m pip install -q -c constraints.txt -e '.[test,dev]'
	touch $@

play: $(VENV)/.run-installed
	$(BIN)/tute

lint: $(VENV)/.dev-installed
	$(BIN)/ruff check .
	$(BIN)/lint-imports
	$(BIN)/mypy tute_desktop

test: lint
	$(BIN)/python -m pytest

bench: $(VENV)/.dev-installed
	$(BIN)/python benchmarks/engine_speed.py
	$(BIN)/python benchmarks/solver_speed.py

# The words: compile every tute_desktop/locale/<lang>/LC_MESSAGES/tute.po (edited by hand)
# to the tute.mo the game reads. Commit both; a test fails when a .mo is out of date.
catalog: $(VENV)/.dev-installed
	$(BIN)/pybabel compile --statistics --domain tute --directory tute_desktop/locale

# Player builds: the one-folder app (build.spec), then every installer this system
# can make (installer/make_installers.sh: .tar.gz/.deb/AppImage, .dmg or setup.exe).
dist: $(VENV)/.dev-installed
	$(BIN)/pyinstaller --noconfirm --clean --log-level WARN build.spec
	bash installer/make_installers.sh

clean:
	rm -rf $(VENV) build dist .pytest_cache .mypy_cache .ruff_cache
