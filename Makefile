PY ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: demo test test-slow test-browser bench bench-serving ocr-demo clean

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

# PaddleOCR through the unchanged rapidocr-paddle client on Feijiang (its own venv, as a user
# would install it: rapidocr-paddle without the `cpu` extra, so no real paddlepaddle).
OCR_VENV := .venv-ocr
$(OCR_VENV)/.installed: pyproject.toml
	$(PY) -m venv $(OCR_VENV)
	$(OCR_VENV)/bin/pip install -q -e '.[inference]' rapidocr-paddle==1.4.5
	touch $@

ocr-demo: $(OCR_VENV)/.installed
	$(OCR_VENV)/bin/python examples/ocr_demo.py

# The serving page driven in headless Chromium (Debian's chromium and chromium-driver: apt-get
# install -y chromium chromium-driver); refreshes the screenshot docs/serving_page.png
test-browser: $(VENV)/.installed-test
	FEIJIANG_SCREENSHOT=docs/serving_page.png $(BIN)/python -m pytest -q -m slow \
		tests/serving/test_browser.py

# Loopback load on paddle.serving: latency percentiles and throughput (LeNet, PP-OCR rec)
bench-serving: $(VENV)/.installed-test
	$(BIN)/python benchmarks/serving_load.py

bench: $(VENV)/.installed
	$(BIN)/python benchmarks/eager_overhead.py

clean:
	rm -rf $(VENV) $(OCR_VENV) build *.egg-info src/*.egg-info
