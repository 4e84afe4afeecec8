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

.PHONY: run test bench lint dist clean translations screenshots bytecode

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

# The README's pictures of the main window at 1024×600, 1280×760 and 1920×1080 (offscreen).
screenshots: $(STAMP) $(MO)
	$(BIN)/python docs/screenshots/make_screenshots.py

lint: $(VENV)/.dev-installed
	$(BIN)/python -m ruff check builder tests bench packaging
	$(BIN)/python -m mypy builder
	$(BIN)/lint-imports

$(VENV)/.dev-installed: $(STAMP)
	$(BIN)/python -m pip install -q -e '.[test,dev]'
	touch $@

# Extract every marked message into messages.pot, merge it into each language's .po (a changed
# English message keeps its old translation, marked fuzzy for review), compile the .mo files.
translations: $(STAMP)
	$(BIN)/pybabel extract -F babel.cfg -k Nn_:1,2 --add-location=file --sort-by-file \
		--width 100 --project spherewars --copyright-holder "SphereWars Warband Builder" \
		-o $(LOCALE)/messages.pot builder
	$(BIN)/pybabel update -D spherewars -i $(LOCALE)/messages.pot -d $(LOCALE) --width 100 \
		--ignore-obsolete
	$(BIN)/pybabel compile -D spherewars -d $(LOCALE) --statistics

$(LOCALE)/%/LC_MESSAGES/spherewars.mo: $(LOCALE)/%/LC_MESSAGES/spherewars.po | $(STAMP)
	$(BIN)/pybabel compile -D spherewars -d $(LOCALE) -l $*

# Re-install only when the project's metadata changed.
$(STAMP): pyproject.toml setup.py
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip "setuptools>=77" wheel
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $(STAMP)

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
