"""Result dtypes of the arithmetic ops for every dtype pair (0-d operands included): the weak
policy (subtract, divide, remainder, pow), NumPy-like 0-d promotion (floor_divide) and the
strict policy (maximum, minimum, fmax, fmin)."""
from goldens.cases._promotion_matrix import op_matrix

CASES = op_matrix({
    "subtract": lambda paddle, x, y: paddle.subtract(x, y),
    "divide": lambda paddle, x, y: paddle.divide(x, y),
    "floor_divide": lambda paddle, x, y: paddle.floor_divide(x, y),
    "remainder": lambda paddle, x, y: paddle.remainder(x, y),
    "pow": lambda paddle, x, y: paddle.pow(x, y),
    "maximum": lambda paddle, x, y: paddle.maximum(x, y),
    "minimum": lambda paddle, x, y: paddle.minimum(x, y),
    "fmax": lambda paddle, x, y: paddle.fmax(x, y),
    "fmin": lambda paddle, x, y: paddle.fmin(x, y),
})
