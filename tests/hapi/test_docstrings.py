"""The runnable examples in the docstrings of paddle.hapi and paddle.metric."""
import doctest
import importlib
import os

import pytest

MODULES = ["paddle.metric.base", "paddle.metric.accuracy", "paddle.metric.binary",
           "paddle.metric.auc", "paddle.hapi.model", "paddle.hapi.callbacks",
           "paddle.hapi.callback_base", "paddle.hapi.monitors", "paddle.hapi.progbar_logger",
           "paddle.hapi.progressbar", "paddle.hapi.summary", "paddle.hapi.flops",
           "paddle.hapi.visualdl", "paddle.hapi.event_file"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name, tmp_path):
    cwd = os.getcwd()
    os.chdir(tmp_path)  # examples may write files
    try:
        result = doctest.testmod(importlib.import_module(name),
                                 optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    finally:
        os.chdir(cwd)
    assert result.failed == 0
