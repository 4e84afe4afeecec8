# Everything starts from a fresh clone with only Python and make.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

# Translations (gettext, domain spherewars): builder/locale/<lang>/LC_MESSAGES/spherewars.po,
# compiled to .mo here and by setup.py when the package is installed or built.
LOCALE := builder/locale
PO := $(wildcard $(LOCALE)/*/LC_MESSAGES/spherewars.po)
MO := $(PO:.po=.mo)

# Installs come from the lock files in requirements/ (exact versions, with hashes): test.lock
# for the app, its tests and its build; dev.lock adds the linters and the packagers. pyproject.toml
# keeps the ranges a `pip install` of the wheel accepts. `make lock` regenerates both locks from
# those ranges; `make test-latest` runs the suite on the newest versions the ranges allow.
LOCK := requirements/test.lock
DEV_LOCK := requirements/dev.lock
# uv resolves the locks (for every platform at once, with hashes); installs need only pip.
UV_VERSION := 0.13.9
LOCK_FLAGS := --universal --python-version 3.11 --generate-hashes -q
PIP_LOCKED := -m pip install -q --require-hashes --no-deps

.PHONY: run test test-latest test-lowest lock bench lint dist clean translations screenshots bytecode

run: $(STAMP) $(MO) bytecode
	$(BIN)/spherewars gui

test: $(STAMP) $(MO) bytecode
	$(BIN)/python -m pytest -q
	$(BIN)/python tests/wheel_smoke.py

bench: $(STAMP)
	$(BIN)/python bench/bench.py

# The package's bytecode, as installing a wheel compiles it: an editable install never writes
# it when PYTHONDONTWRITEBYTECODE is set, and every start would compile ~60 modules (0.2 s).
# Only changed sources are compiled again. (The benchmarks compile it themselves.)
bytecode: $(STAMP)
	$(BIN)/python -m compileall -q builder

# The README's pictures of the main window at 1024×600, 1280×760 and 1920×1080 (offscreen),
# and of play mode (the play window at 1280×760, the phone page at 390×844 in Chromium).
screenshots: $(STAMP) $(MO)
	$(BIN)/python docs/screenshots/make_screenshots.py
	$(BIN)/python docs/screenshots/make_play_screenshots.py
	$(BIN)/python docs/screenshots/make_roster_screenshots.py
	$(BIN)/python docs/screenshots/make_options_screenshots.py
	$(BIN)/python docs/screenshots/make_roster_editor_screenshots.py

lint: $(VENV)/.dev-installed
	$(BIN)/python -m ruff check builder tests bench packaging
	$(BIN)/python -m mypy builder
	$(BIN)/lint-imports

$(VENV)/.dev-installed: $(STAMP) $(DEV_LOCK)
	$(BIN)/python $(PIP_LOCKED) -r $(DEV_LOCK)
	touch $@

# Extract every marked message into messages.pot, merge it into each language's .po (a changed
# English message keeps its old translation, marked fuzzy for review), compile the .mo files.
translations: $(STAMP)
	$(BIN)/pybabel extract -F babel.cfg -k Nn_:1,2 --add-location=file --sort-by-file \
		--width 100 --project spherewars --copyright-holder "SphereWars Warband Builder" \
		-o $(LOCALE)/messages.pot builder resources/examples
	$(BIN)/pybabel update -D spherewars -i $(LOCALE)/messages.pot -d $(LOCALE) --width 100 \
		--ignore-obsolete
	$(BIN)/pybabel compile -D spherewars -d $(LOCALE) --statistics

$(LOCALE)/%/LC_MESSAGES/spherewars.mo: $(LOCALE)/%/LC_MESSAGES/spherewars.po | $(STAMP)
	$(BIN)/pybabel compile -D spherewars -d $(LOCALE) -l $*

# Re-install only when the project's metadata or the lock changed. The first run downloads the
# locked packages (about 150 MB, most of it Qt). The project itself goes in without build
# isolation, so its build uses the locked setuptools, wheel and Babel, never the newest ones.
$(STAMP): pyproject.toml setup.py $(LOCK)
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python $(PIP_LOCKED) -r $(LOCK)
	$(BIN)/python -m pip install -q --no-deps --no-build-isolation -e .
	rm -f $(VENV)/.dev-installed
	touch $(STAMP)

UV := build/uv/bin/uv
$(UV):
	$(PYTHON) -m venv build/uv
	build/uv/bin/python -m pip install -q "uv==$(UV_VERSION)"

# Both locks anew from pyproject.toml's ranges (and requirements/build.in): newest versions
# allowed, for every platform. Review the diff, run `make test`, commit the locks.
lock: $(UV)
	$(UV) pip compile pyproject.toml requirements/build.in --extra test --extra dev \
		$(LOCK_FLAGS) -o $(DEV_LOCK)
	$(UV) pip compile pyproject.toml requirements/build.in --extra test \
		-c $(DEV_LOCK) $(LOCK_FLAGS) -o $(LOCK)

# The suite in a throw-away environment with the newest versions pyproject.toml allows (not the
# lock): a new upstream release that breaks us is met here, on purpose, never by surprise in CI.
LATEST := build/latest
test-latest:
	rm -rf $(LATEST) && $(PYTHON) -m venv $(LATEST)
	$(LATEST)/bin/python -m pip install -q --upgrade setuptools wheel babel
	$(LATEST)/bin/python -m pip install -q --upgrade --upgrade-strategy eager \
		--no-build-isolation -e '.[test]'
	$(LATEST)/bin/python -m pip list --format=freeze
	$(LATEST)/bin/python -m pytest -q -p no:cacheprovider

# The suite on the lowest version of each direct dependency that pyproject.toml allows, so its
# lower bounds stay true (the build tools are the ones pinned in [build-system]).
LOWEST := build/lowest
test-lowest: $(UV)
	rm -rf $(LOWEST) && $(PYTHON) -m venv $(LOWEST)
	$(UV) pip compile pyproject.toml --extra test --python-version 3.11 \
		--resolution lowest-direct -q -o $(LOWEST)/requirements.txt
	$(LOWEST)/bin/python -m pip install -q -r $(LOWEST)/requirements.txt
	$(LOWEST)/bin/python -c "import tomllib; print('\\n'.join(tomllib.load(open(\
		'pyproject.toml', 'rb'))['build-system']['requires']))" > $(LOWEST)/build.txt
	$(LOWEST)/bin/python -m pip install -q -r $(LOWEST)/build.txt
	$(LOWEST)/bin/python -m pip install -q --no-deps --no-build-isolation -e .
	$(LOWEST)/bin/python -m pip list --format=freeze
	$(LOWEST)/bin/python -m pytest -q -p no:cacheprovider

# Wheel and sdist in dist/, then the PyInstaller one-folder app in dist/pyinstaller/spherewars,
# checked from another folder by packaging/smoke_test.py.
dist: $(VENV)/.dev-installed $(MO)
	rm -rf dist build/pyinstaller
	$(BIN)/python -m build --no-isolation --outdir dist .
	$(BIN)/pyinstaller --noconfirm --log-level WARN --distpath dist/pyinstaller \
		--workpath build/pyinstaller packaging/spherewars.spec
	$(BIN)/python packaging/smoke_test.py dist/pyinstaller/spherewars

clean:
	rm -rf $(VENV) build dist *.egg-info $(MO) $(LOCALE)/messages.pot
