"""Executor.run(program, scope=...) against real Paddle (the case is built in static_scope.py;
see there why it is a family of its own)."""
import importlib.util
import os

_spec = importlib.util.spec_from_file_location(
    "golden_cases_static_scope_shared", os.path.join(os.path.dirname(__file__), "static_scope.py"))
_shared = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_shared)

CASES = {
    "train_with_run_scope_argument": _shared._train_in_scope(True),
}
