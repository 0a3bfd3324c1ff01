PY ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: demo test test-slow bench clean

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e '.[test]'
	touch $@

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e '.[demo]'
	touch $@

demo: $(VENV)/.installed
	$(BIN)/python examples/demo.py

test: $(VENV)/.installed-test
	$(BIN)/python -m pytest -q -n 2

test-slow: $(VENV)/.installed-test
	$(BIN)/python -m pytest -q -n 2 -m slow

bench: $(VENV)/.installed
	$(BIN)/python benchmarks/eager_overhead.py

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info
