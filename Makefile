# Two commands a newcomer needs: `make play` and `make test`.
# Each creates .venv when missing and installs the locked dependencies: the
# hashed lock for this system (requirements/<kind>-<system>.txt, made by
# `make lock` from constraints.txt), installed with pip --require-hashes.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
export PIP_DISABLE_PIP_VERSION_CHECK := 1

# linux-x86_64, linux-aarch64, macos-arm64, macos-x86_64, windows-x86_64
SYSTEM := $(shell uname -s | sed -e 's/^Linux$$/linux/' -e 's/^Darwin$$/macos/' \
	-e 's/^MINGW.*\|^MSYS.*\|^CYGWIN.*/windows/')-$(shell uname -m)
RUN_LOCK := requirements/run-$(SYSTEM).txt
DEV_LOCK := requirements/dev-$(SYSTEM).txt
DEV_EXTRAS := -e '.[test,dev]'
# A system without a lock of its own (say linux-ppc64le) still gets the same
# versions, from constraints.txt, without hashes.
define install_locked
	if [ -f $(1) ]; then \
		$(BIN)/python -m pip install -q --require-hashes -r $(1); \
	else \
		echo "no $(1): installing the versions in constraints.txt, unhashed"; \
		$(BIN)/python -m pip install -q -c constraints.txt $(2); \
	fi
	$(BIN)/python -m pip install -q --no-deps --no-build-isolation -e .
endef

.PHONY: play test lint typecheck bench catalog dist lock windows-setup linux-checks clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Runtime only: what `make play` needs.
$(VENV)/.run-installed: $(BIN)/python pyproject.toml constraints.txt $(wildcard $(RUN_LOCK))
	$(call install_locked,$(RUN_LOCK),setuptools wheel -e .)
	touch $@

# Runtime plus tests and developer tools.
$(VENV)/.dev-installed: $(VENV)/.run-installed $(wildcard $(DEV_LOCK))
	$(call install_locked,$(DEV_LOCK),$(DEV_EXTRAS))
	touch $@

play: $(VENV)/.run-installed
	$(BIN)/tute

# zizmor: the release workflow is valid and free of known weaknesses (offline:
# no GitHub API here); its settings are in .github/zizmor.yml.
lint: $(VENV)/.dev-installed
	$(BIN)/ruff check .
	$(BIN)/lint-imports
	$(BIN)/mypy tute_desktop
	$(BIN)/zizmor --offline --no-progress .github/workflows

test: lint
	$(BIN)/python -m pytest

bench: $(VENV)/.dev-installed
	$(BIN)/python benchmarks/engine_speed.py
	$(BIN)/python benchmarks/solver_speed.py

# The words: compile every tute_desktop/locale/<lang>/LC_MESSAGES/tute.po (edited by hand)
# to the tute.mo the game reads. Commit both; a test fails when a .mo is out of date.
catalog: $(VENV)/.dev-installed
	$(BIN)/pybabel compile --statistics --domain tute --directory tute_desktop/locale

# The hashed locks for every system, from constraints.txt (tools/lock.sh; needs PyPI).
lock: $(VENV)/.dev-installed
	bash tools/lock.sh

# Player builds: the one-folder app (build.spec, reproducibly: installer/freeze.sh),
# then every installer this system can make (installer/make_installers.sh:
# .tar.gz/.deb/AppImage, .dmg or setup.exe).
dist: $(VENV)/.dev-installed
	bash installer/freeze.sh
	bash installer/make_installers.sh

# The Windows installer, compiled with Inno Setup under Wine and installed,
# checked and uninstalled there (installer/windows/check_setup_wine.sh). The
# payload is the one-folder app this machine built (make dist first).
windows-setup:
	bash installer/windows/check_setup_wine.sh

# The Linux packages' checks (after make dist): the .deb (lintian, metainfo,
# copyright), the AppImage's AppDir, and a second build that must give the same
# .deb and .tar.gz bytes.
linux-checks: $(VENV)/.dev-installed
	bash installer/linux/check_deb.sh
	bash installer/linux/make_appimage.sh --appdir-only
	bash installer/linux/check_appdir.sh
	bash installer/linux/check_reproducible.sh

clean:
	rm -rf $(VENV) build dist .pytest_cache .mypy_cache .ruff_cache installer/windows/node_modules
