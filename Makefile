# hexref: `make demo` and `make test` are all a fresh clone needs.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
NODE_STAMP := tests/node_modules/.installed

.PHONY: setup demo test test-cpython test-micropython lint clean

setup: $(STAMP) $(NODE_STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# The MicroPython interpreter for tests: the WebAssembly port, run by Node.
$(NODE_STAMP): tests/package.json tests/package-lock.json
	cd tests && npm ci --silent --no-audit --no-fund
	touch $(NODE_STAMP)

demo: $(STAMP)
	$(VENV)/bin/hexref demo

test: setup test-micropython test-cpython

test-micropython: $(NODE_STAMP)
	node tests/mpy/run.mjs

test-cpython: $(STAMP)
	$(PY) -m pytest

lint: $(STAMP)
	$(VENV)/bin/ruff check host shared_rules firmware tests

clean:
	rm -rf $(VENV) tests/node_modules out build
