# Everything starts from a fresh clone with only Python and make.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test bench lint dist clean

run: $(STAMP)
	$(BIN)/spherewars gui

test: $(STAMP)
	$(BIN)/python -m pytest -q
	$(BIN)/python tests/wheel_smoke.py

bench: $(STAMP)
	$(BIN)/python bench/bench.py

lint: $(VENV)/.dev-installed
	$(BIN)/python -m ruff check builder tests bench packaging
	$(BIN)/python -m mypy builder
	$(BIN)/lint-imports

$(VENV)/.dev-installed: $(STAMP)
	$(BIN)/python -m pip install -q -e '.[test,dev]'
	touch $@

# Re-install only when the project's metadata changed.
$(STAMP): pyproject.toml setup.py
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip "setuptools>=77" wheel
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $(STAMP)

# Wheel and sdist in dist/, then the PyInstaller one-folder app in dist/pyinstaller/spherewars,
# checked from another folder by packaging/smoke_test.py.
dist: $(VENV)/.dev-installed
	rm -rf dist build/pyinstaller
	$(BIN)/python -m build --no-isolation --outdir dist .
	$(BIN)/pyinstaller --noconfirm --log-level WARN --distpath dist/pyinstaller \
		--workpath build/pyinstaller packaging/spherewars.spec
	$(BIN)/python packaging/smoke_test.py dist/pyinstaller/spherewars

clean:
	rm -rf $(VENV) build dist *.egg-info
