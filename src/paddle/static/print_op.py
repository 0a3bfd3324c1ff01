"""paddle.static.Print: a program op that prints a tensor each time the program runs."""
from __future__ import annotations

from .._core.ops.print_tensor import PHASES, print_tensor
from .._core.tensor import Tensor

_DTYPES = ("bfloat16", "float16", "float32", "float64", "int32", "int64", "bool")


def Print(input, first_n=-1, message=None, summarize=20, print_tensor_name=True,  # noqa: N802
          print_tensor_type=True, print_tensor_shape=True, print_tensor_layout=True,
          print_tensor_lod=True, print_phase="both"):
    """Return `input` through a print op: running the program prints the tensor (its message,
    place, shape, layout, dtype and first `summarize` values) and, for print_phase 'backward'
    or 'both', its gradient in the backward. Use the result, not `input`, afterwards.

    Example:
        >>> import paddle
        >>> paddle.enable_static()
        >>> x = paddle.full(shape=[2, 3], fill_value=3, dtype='int64')
        >>> out = paddle.static.Print(x, message="The content of input layer:")
        >>> exe = paddle.static.Executor(place=paddle.CPUPlace())
        >>> res = exe.run(paddle.static.default_main_program(), fetch_list=[out])
        Variable: var
          - message: The content of input layer:
          - lod: {}
          - place: Place(cpu)
          - shape: [2, 3]
          - layout: NCHW
          - dtype: int64
          - data: [3.000000 3.000000 3.000000 3.000000 3.000000 3.000000]
        >>> res
        [array([[3, 3, 3],
               [3, 3, 3]], dtype=int64)]
        >>> paddle.disable_static()
    """
    if not isinstance(input, Tensor):
        raise TypeError(f"(paddle.static.Print) The type of 'input' must be Variable, but "
                        f"received {type(input).__name__}.")
    if input.dtype.name not in _DTYPES:
        raise TypeError(f"(paddle.static.Print) The data type of 'input' must be one of "
                        f"{list(_DTYPES)}, but received {input.dtype.name}.")
    phase = str(print_phase).upper()
    if phase not in PHASES:
        raise ValueError(f"(paddle.static.Print) print_phase must be one of 'forward', "
                         f"'backward' or 'both', but received {print_phase!r}.")
    return print_tensor(input, int(first_n), message or "", int(summarize),
                        bool(print_tensor_name), bool(print_tensor_type),
                        bool(print_tensor_shape), bool(print_tensor_layout),
                        bool(print_tensor_lod), phase, True)
