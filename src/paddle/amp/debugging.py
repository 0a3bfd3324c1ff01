"""paddle.amp.debugging: numerical debugging of (mixed-precision) training.

check_numerics reports one tensor; the tensor checker (TensorCheckerConfig +
enable_tensor_checker) reports every op's outputs and every backward node's gradients through
FLAGS_check_nan_inf (see paddle._core.nan_inf for the report format); operator statistics count
op calls per dtype; compare_accuracy turns two checker dumps (float32 vs low precision) into a
spreadsheet.
"""
from __future__ import annotations

import contextlib
import random
from enum import Enum

import numpy as np

from .._core import nan_inf
from .._core.tensor import Tensor, wrap
from ..framework.flags import get_flags, set_flags
from . import _op_stats

__all__ = [  # noqa: RUF022 - Paddle's order
    "DebugMode", "TensorCheckerConfig", "check_numerics", "enable_operator_stats_collection",
    "disable_operator_stats_collection", "collect_operator_stats", "enable_tensor_checker",
    "disable_tensor_checker", "compare_accuracy", "check_layer_numerics",
]


class DebugMode(Enum):
    """What the tensor checker reports: NaN/Inf and stop (0), NaN/Inf and go on (1), also
    float32 results beyond float16's range (2), every result (3)."""

    CHECK_NAN_INF_AND_ABORT = 0
    CHECK_NAN_INF = 1
    CHECK_ALL_FOR_OVERFLOW = 2
    CHECK_ALL = 3


def set_checked_op_list(checked_op_list) -> None:
    """Check only these ops from now on (Paddle keeps the list until it is set again)."""
    if checked_op_list is not None:
        if not isinstance(checked_op_list, (list, tuple)):
            raise ValueError("checked_op_list must be list or tuple")
        nan_inf.checked_ops = frozenset(checked_op_list)


def set_skipped_op_list(skipped_op_list) -> None:
    """Never check these ops from now on."""
    if skipped_op_list is not None:
        if not isinstance(skipped_op_list, (list, tuple)):
            raise ValueError("skipped_op_list must be list or tuple")
        nan_inf.skipped_ops = frozenset(skipped_op_list)


class TensorCheckerConfig:
    """Settings of the tensor checker: debug_mode, output_dir (None prints to the terminal,
    else lines go to <output_dir>/worker_cpu), checked_op_list / skipped_op_list, debug_step
    ([start, end): the training steps to check), stack_height_limit. An enabled config reseeds
    paddle, NumPy and random with the generator's initial seed (123 when that is not a 32-bit
    value), printing the seed.

    Example:
        >>> import paddle
        >>> config = paddle.amp.debugging.TensorCheckerConfig(  # doctest: +ELLIPSIS
        ...     enable=True, debug_mode=paddle.amp.debugging.DebugMode.CHECK_NAN_INF)
        [...AMP Debugging TensorCheckerConfig: seed  123
        >>> paddle.amp.debugging.enable_tensor_checker(config)
        >>> y = paddle.log(paddle.to_tensor([1.0, -1.0]))
        [PRECISION] [ERROR] in [device=cpu, op=log, tensor=, dtype=fp32], numel=2, num_nan=1, num_inf=0, num_zero=1, max=0.000000e+00, min=0.000000e+00, mean=-nan
        >>> paddle.amp.debugging.disable_tensor_checker()
    """

    current_step_id = 0

    def __init__(self, enable, debug_mode=DebugMode.CHECK_NAN_INF_AND_ABORT, output_dir=None,
                 checked_op_list=None, skipped_op_list=None, debug_step=None,
                 stack_height_limit=1):
        from .._core import random as _random
        self.enable = enable
        self.debug_mode = debug_mode
        self.output_dir = output_dir
        self.checked_op_list = checked_op_list
        self.skipped_op_list = skipped_op_list
        self.debug_step = debug_step
        self.stack_height_limit = stack_height_limit
        self.start_step = None
        self.end_step = None
        self.seed = 123
        self.initial_seed = _random.default_generator().initial_seed()
        if debug_step is not None:
            if not isinstance(debug_step, (tuple, list)):
                raise ValueError("debug_step must be list or tuple")
            assert len(debug_step) == 2 and debug_step[1] > debug_step[0]
            self.start_step, self.end_step = debug_step
            self.start_step = max(self.start_step, 0)
        if self.debug_mode.name not in DebugMode.__members__:
            raise ValueError("debug_mode in DebugMode", self.debug_mode, DebugMode.__members__)
        set_checked_op_list(checked_op_list)
        set_skipped_op_list(skipped_op_list)
        if self.enable:
            self._set_seed(self.enable)

    def _set_seed(self, flag) -> None:
        import paddle
        if self.initial_seed != self.seed:
            self.seed = self.initial_seed
        if self.seed > np.iinfo(np.uint32).max or self.seed < 0:
            print("[Warning: Seed must be between 0 and 2**32 - 1")
            self.seed = 123
        paddle.seed(self.seed)
        np.random.seed(self.seed)
        random.seed(self.seed)
        print("AMP Debugging TensorCheckerConfig: seed ", self.seed)

    def _set_env(self, check_flag) -> None:
        set_flags({"FLAGS_check_nan_inf": check_flag})
        if not check_flag:
            return
        set_flags({"FLAGS_check_nan_inf": True,
                   "FLAGS_check_nan_inf_level": self.debug_mode.value})
        if self.output_dir is not None:
            nan_inf.output_dir = self.output_dir
        if not isinstance(self.stack_height_limit, int):
            raise ValueError("stack_height_limit must be int")  # noqa: TRY004 - Paddle's type

    def update_and_check_step_id(self) -> bool:
        """Whether this step is checked (advancing the step counter inside debug_step)."""
        if not self.enable:
            return False
        if self.start_step is not None and self.end_step is not None:
            current = TensorCheckerConfig.current_step_id
            if self.start_step > current or current >= self.end_step:
                return False
            TensorCheckerConfig.current_step_id += 1
        return True

    def start_check_nan_inf(self) -> None:
        if self.enable:
            self._set_env(self.enable)

    def stop_check_nan_inf(self) -> None:
        self._set_env(False)


def enable_tensor_checker(checker_config: TensorCheckerConfig) -> None:
    """Check every op's outputs (and the backward's gradients) with `checker_config`, or stop
    checking when this step is outside its debug_step range."""
    if checker_config.update_and_check_step_id():
        checker_config.start_check_nan_inf()
    else:
        checker_config.stop_check_nan_inf()


def disable_tensor_checker() -> None:
    """Stop the tensor checker (FLAGS_check_nan_inf off)."""
    set_flags({"FLAGS_check_nan_inf": False})


def check_numerics(tensor, op_type: str, var_name: str,
                   debug_mode: DebugMode = DebugMode.CHECK_NAN_INF_AND_ABORT):
    """(stats, values) of one floating tensor: stats = [num_nan, num_inf, num_zero] (int64),
    values = [max, min, mean] (float32); it is reported (and at CHECK_NAN_INF_AND_ABORT a
    NaN/Inf raises RuntimeError) as the tensor checker reports an op's output.

    Example:
        >>> import paddle
        >>> x = paddle.to_tensor([1.0, 0.0, 2.0])
        >>> stats, values = paddle.amp.debugging.check_numerics(x, "my_op", "x")
        >>> stats.numpy().tolist(), values.numpy().tolist()
        ([0, 0, 1], [2.0, 0.0, 1.0])
    """
    if not isinstance(tensor, Tensor):
        raise TypeError(f"(check_numerics) tensor must be a Tensor, but received "
                        f"{type(tensor).__name__}")
    array = tensor._data
    if array.dtype.kind not in "fV":
        raise RuntimeError(f"(NotFound) check_numerics has no kernel for {tensor.dtype.name}: "
                           "it checks float16, bfloat16, float32 and float64 tensors.")
    _, num_nan, num_inf, num_zero, high, low, mean = nan_inf.check_tensor(
        op_type, var_name, array, debug_mode.value)
    return (wrap(np.array([num_nan, num_inf, num_zero], np.int64)),
            wrap(np.array([high, low, mean], np.float32)))


def _get_operator_stats_flag():
    return get_flags(["FLAGS_low_precision_op_list"])["FLAGS_low_precision_op_list"]


def _print_operator_stats(op_count_dict) -> None:
    """Paddle's table of op calls per dtype (float16, bfloat16, float32, other)."""
    print("<{:-^120}>".format(" op list "))
    print("<{:-^40}".format(" Op Name "), "|", "{:-^17}".format(" FP16 Calls "), "|",
          "{:-^17}".format(" BF16 Calls "), "|", "{:-^17}".format(" FP32 Calls"), "|",
          "{:-^17}>".format(" Other Calls "))
    total = 0
    for op_type in sorted(op_count_dict or {}):
        value = op_count_dict[op_type]
        if isinstance(value, str):
            called = value.split(",")
        elif isinstance(value, list):
            called = value
        else:
            raise ValueError(  # noqa: TRY004 - Paddle's error type
                f"Input {value} is expected to be a list of str, but received {type(value)}.")
        print(f"  {op_type:<40}|  {called[0]:<17}|  {called[1]:<17}|  {called[2]:<17}|  "
              f"{called[3]:<17}")
        total += 1
    print("<{:-^120}>\n".format(" op count: " + str(total) + " "))


def enable_operator_stats_collection() -> None:
    """Start counting op calls per dtype (previous counts are dropped)."""
    _op_stats.start()
    set_flags({"FLAGS_low_precision_op_list": 1})


def disable_operator_stats_collection() -> None:
    """Stop counting and print the table (nothing when collection was not on).

    Example:
        >>> import paddle
        >>> paddle.amp.debugging.enable_operator_stats_collection()
        >>> y = paddle.ones([2]) + paddle.ones([2])
        >>> paddle.amp.debugging.disable_operator_stats_collection()  # doctest: +NORMALIZE_WHITESPACE
        <------------------------------------------------------- op list -------------------------------------------------------->
        <--------------- Op Name ---------------- | -- FP16 Calls --- | -- BF16 Calls --- | --- FP32 Calls--- | -- Other Calls -->
          elementwise_add                         |  0                |  0                |  1                |  0
          fill_constant                           |  0                |  0                |  2                |  0
        <----------------------------------------------------- op count: 2 ------------------------------------------------------>
        <BLANKLINE>
    """
    if not _get_operator_stats_flag():
        return
    _print_operator_stats(_op_stats.stop())
    set_flags({"FLAGS_low_precision_op_list": 0})


@contextlib.contextmanager
def collect_operator_stats():
    """Count op calls per dtype inside the context and print the table when it ends."""
    enable_operator_stats_collection()
    yield
    disable_operator_stats_collection()


def compare_accuracy(dump_path: str, another_dump_path: str, output_filename: str,
                     loss_scale: float = 1, dump_all_tensors: bool = False) -> None:
    """Compare two tensor-checker dumps (e.g. a float32 and a float16 run of the same steps)
    op by op into the spreadsheet `output_filename` (needs the xlsxwriter package)."""
    assert dump_all_tensors is False, "It is currently not supported."
    from . import accuracy_compare
    accuracy_compare.compare_accuracy(dump_path, another_dump_path, output_filename,
                                      loss_scale, dump_all_tensors=False)


def check_layer_numerics(func):
    """Decorator of a Layer's forward: its first input (made to require a gradient) through the
    output, forward and backward, run under the tensor checker.

    Example:
        >>> import paddle
        >>> class Net(paddle.nn.Layer):
        ...     @paddle.amp.debugging.check_layer_numerics
        ...     def forward(self, x):
        ...         return x * 2
        >>> Net()(paddle.ones([2])).shape
        paddle.Size([2])
    """
    def wrapper(self, *args, **kwargs):
        if not args:
            raise RuntimeError("No elements found in args.")
        start = args[0]
        if not isinstance(start, Tensor):
            raise RuntimeError(  # noqa: TRY004 - Paddle's error type
                "First input of this layer must be tensor.")
        start.stop_gradient = False
        entered = _switch_checking(start, on=True)
        out = func(self, entered, *args[1:], **kwargs)
        return _switch_checking(out, on=False)

    return wrapper


def _switch_checking(t: Tensor, on: bool) -> Tensor:
    """A copy of t at which checking turns on (off) in forward, and off (on) again when the
    backward reaches it: checking covers the region between the two switches both ways."""
    set_flags({"FLAGS_check_nan_inf": on})
    copy = t.clone()
    if not copy.stop_gradient:
        def switch_back(grad):
            set_flags({"FLAGS_check_nan_inf": not on})

        copy.register_hook(switch_back)
    return copy
