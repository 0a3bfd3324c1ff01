"""Result dtypes of comparisons, logical and bitwise ops and where for every dtype pair (0-d
operands included)."""
from goldens.cases._promotion_matrix import op_matrix

CASES = op_matrix({
    "equal": lambda paddle, x, y: paddle.equal(x, y),
    "not_equal": lambda paddle, x, y: paddle.not_equal(x, y),
    "less_than": lambda paddle, x, y: paddle.less_than(x, y),
    "greater_equal": lambda paddle, x, y: paddle.greater_equal(x, y),
    "logical_and": lambda paddle, x, y: paddle.logical_and(x, y),
    "logical_xor": lambda paddle, x, y: paddle.logical_xor(x, y),
    "bitwise_and": lambda paddle, x, y: paddle.bitwise_and(x, y),
    "bitwise_or": lambda paddle, x, y: paddle.bitwise_or(x, y),
    "where": lambda paddle, x, y: paddle.where(paddle.to_tensor([True, False]), x, y),
})
