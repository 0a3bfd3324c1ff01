"""paddle.static.Executor: runs programs built in static mode and returns fetched arrays."""
from __future__ import annotations

import numpy as np

from .._core.ir.interpreter import Interpreter
from .._core.tensor import Tensor
from .._core.tracing import is_symbolic
from . import program as _program
from . import startup
from .scope import _GlobalScope, global_scope, parameters_from
from .specialize import Specialized, needs_specializing


class Executor:
    """Runs a Program with the given feeds and returns the fetched values as NumPy arrays.

    Running a startup program gives the parameters and optimizer accumulators it initializes
    their initial values in the run's scope (see startup.py)."""

    def __init__(self, place=None):
        self.place = place
        self._cache: dict = {}

    def run(self, program=None, feed=None, fetch_list=None, feed_var_name="feed",
            fetch_var_name="fetch", scope=None, return_numpy=True, use_program_cache=False,
            use_prune=False):
        program = program if program is not None else _program.default_main_program()
        if getattr(program, "_compiled_from", None) is not None:
            program = program._compiled_from
        fetch_list = _as_list(fetch_list)
        run_scope = scope if scope is not None else global_scope()
        startup.initialize(program, run_scope, isinstance(run_scope, _GlobalScope))
        if not fetch_list and not program.data_ops():
            return []
        values = [_fetch_value(program, f) for f in fetch_list]
        key = (id(program), len(program.global_block().ops), tuple(id(v) for v in values))
        runner = self._cache.get(key)
        if runner is None:
            _check_in_program(program, values)
            compiled = Specialized if needs_specializing(program) else Interpreter
            runner = self._cache[key] = compiled(program, values)
        with parameters_from(run_scope, program):
            results = runner.run(_feed_dict(feed))
        if return_numpy:
            return [_as_fetched(r) for r in results]
        from .._core.tensor import wrap
        return [wrap(np.array(r)) for r in results]

    def close(self):
        self._cache.clear()


def _as_fetched(array) -> np.ndarray:
    """A copy; Paddle's executor hands int64 results out as C long long arrays, which NumPy
    shows with their dtype (`array([3], dtype=int64)`), so they are viewed the same way."""
    array = np.array(array)
    return array.view(np.longlong) if array.dtype == np.int64 else array


def _feed_dict(feed) -> dict:
    """{name: value}; a list holds one such dict per place (what DataLoader yields with
    return_list=False), and there is one place here."""
    if isinstance(feed, (list, tuple)):
        if len(feed) != 1 or not isinstance(feed[0], dict):
            raise TypeError("(Executor.run) feed must be a dict {name: value} or a list with "
                            f"one such dict (one place), but received a {type(feed).__name__} "
                            f"of {len(feed)} items")
        feed = feed[0]
    if feed is not None and not isinstance(feed, dict):
        raise TypeError(f"(Executor.run) feed must be a dict {{name: value}}, but received "
                        f"{type(feed).__name__}")
    return dict(feed or {})


def _as_list(fetch_list):
    if fetch_list is None:
        return []
    if isinstance(fetch_list, (list, tuple)):
        return list(fetch_list)
    return [fetch_list]


def _fetch_value(program, item):
    if isinstance(item, Tensor) and is_symbolic(item):
        value = item._data.value
        # a variable of the program this one was cloned from for evaluation
        value = getattr(program, "value_map", {}).get(id(value), value)
        return _outside_blocks(value)
    if isinstance(item, str):
        for op in program.all_ops():
            for out in op.outputs:
                if out.name == item:
                    return _outside_blocks(out)
        raise ValueError(f"Executor.run: no variable named '{item}' in the program")
    raise TypeError(f"Executor.run: fetch_list items must be variables of the program or their "
                    f"names, but received {type(item).__name__}")


def _check_in_program(program, values) -> None:
    defined = {id(v) for op in program.global_block().ops for v in op.outputs}
    for value in values:
        if id(value) not in defined:
            raise ValueError(f"Executor.run: the fetched variable {value.name or value} is not "
                             "a variable of the program being run (a variable recorded after "
                             "the program was cloned, or one of another program)")


def _outside_blocks(value):
    """Only values of the global block exist after a run; branch and loop-body values are
    reached through the control-flow op's results."""
    home = value.defining_block()
    if home is not None and home.parent is not None:
        raise ValueError(f"Executor.run: cannot fetch a value computed inside the block of a "
                         f"{home.parent_op.name}; fetch the op's results instead")
    return value
