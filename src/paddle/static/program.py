"""paddle.static.Program and program_guard: containers for ops recorded in static mode."""
from __future__ import annotations

import contextlib

from .. import _static_mode
from .._core.ir.core import Program as _IRProgram
from .._core.ir.printer import print_program
from .._core.tracing import Tracer
from . import scope, startup
from .test_clone import copy_for_test


class Program(_IRProgram):
    """A static-graph program (paddle.static.Program): ops recorded while it is the main
    program, plus the parameters they read.

    Example:
        >>> import paddle
        >>> paddle.enable_static()
        >>> main = paddle.static.Program()
        >>> with paddle.static.program_guard(main):
        ...     x = paddle.static.data("x", [None, 2], "float32")
        ...     y = x * 2
        >>> paddle.disable_static()
    """

    def __init__(self):
        super().__init__()
        self.tracer = _StaticTracer(self)
        self.random_seed = 0
        scope.register(self)

    def __str__(self) -> str:
        """Paddle's PIR text. A program whose backward waits for concrete shapes shows one
        `builtin.backward` op (its operands: the targets, the inputs differentiated, the
        target gradients and the no-grad values; its results: the gradients), because gradient
        rules need every shape; once the Executor ran it, the program it built for the last
        run's feed shapes follows, with the real gradient ops."""
        from .backward import BACKWARD
        text = print_program(self)
        built = getattr(self, "last_specialized", None)
        if built is None or not any(op.name == BACKWARD for op in self.global_block().ops):
            return text
        shapes, twin = built
        feeds = ", ".join(f"{op.attrs['name']}: {list(shape)}"
                          for op, shape in zip(self.data_ops(), shapes))
        return (f"{text}// builtin.backward stands for the gradient ops; the last run "
                f"({feeds}) ran this program:\n{print_program(twin)}")

    __repr__ = __str__

    @property
    def num_blocks(self) -> int:
        return 1

    def list_vars(self):
        for op in self.all_ops():
            yield from op.outputs

    def clone(self, for_test=False):
        """A program with this one's operations so far: ops recorded into either program later
        (such as the backward and updates `optimizer.minimize` appends) stay out of the other.

        With for_test=True the clone is for evaluation, as Paddle's legacy programs clone:
        without the backward, the optimizer and the running-statistics updates, and with
        dropout and batch_norm in inference behaviour (see static/test_clone.py). Fetch the
        source program's variables from it as usual.

        Example:
            >>> import paddle
            >>> paddle.enable_static()
            >>> main = paddle.static.Program()
            >>> with paddle.static.program_guard(main):
            ...     x = paddle.static.data("x", [None, 2], "float32")
            ...     y = paddle.nn.functional.dropout(x, 0.5)
            >>> test = main.clone(for_test=True)
            >>> exe = paddle.static.Executor()
            >>> exe.run(test, feed={"x": paddle.ones([1, 2]).numpy()}, fetch_list=[y])[0]
            array([[1., 1.]], dtype=float32)
            >>> paddle.disable_static()
        """
        twin = Program()
        twin.random_seed = self.random_seed
        if for_test:
            twin.value_map = copy_for_test(self, twin)
            twin.clone_source = self
            return twin
        twin.global_block().ops = list(self.global_block().ops)
        twin.parameters = dict(self.parameters)
        twin.tracer._bound = dict(self.tracer._bound)
        return twin


class _StaticTracer(Tracer):
    """Records a static program; the parameters it reads join the startup program (as their
    initializers do in Paddle's)."""

    def bind(self, tensor, as_state: bool = False):
        if getattr(tensor, "_is_parameter", False) and id(tensor) not in self._bound:
            startup.remember(tensor)
        return super().bind(tensor, as_state)


@contextlib.contextmanager
def program_guard(main_program, startup_program=None):
    """Record into `main_program` (and use `startup_program`) inside the block."""
    if not isinstance(main_program, Program):
        raise TypeError(f"program_guard: main_program must be a paddle.static.Program, but "
                        f"received {type(main_program).__name__}")
    previous = _static_mode.swap_programs(main_program, startup_program)
    try:
        yield
    finally:
        _static_mode.swap_programs(*previous)


def default_main_program() -> Program:
    return _static_mode.main_program()


def default_startup_program() -> Program:
    return _static_mode.startup_program()
