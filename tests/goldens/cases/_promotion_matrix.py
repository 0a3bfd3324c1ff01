"""Shared by the promotion_<group>.py families (not a family itself): the result dtype, or the
error, of a binary op for every pair of operand dtypes, with either operand 0-d or not."""

# One dtype of each category plus the integer and float widths (uint8 is covered by the
# add/multiply matrix in promotion.py; most ops have no uint8 kernel in Paddle).
OP_DTYPES = ["bool", "int32", "int64", "float16", "float32", "float64", "complex64"]
# (x is 0-d, y is 0-d)
RANKS = [(False, False), (True, False), (False, True)]


def operand(paddle, np, dtype, zero_d):
    value = np.asarray(1 if zero_d else [1, 2]).astype(dtype)
    return paddle.to_tensor(value)


def _pair_case(fn, a, za, b, zb):
    def case(paddle, np):
        return fn(paddle, operand(paddle, np, a, za), operand(paddle, np, b, zb))
    return case


def op_matrix(ops: dict, skip=lambda name, a, b: False) -> dict:
    """CASES entries `op_<name>_<xdtype>[0]_<ydtype>[0]` for each op fn(paddle, x, y)."""
    cases = {}
    for name, fn in ops.items():
        for a in OP_DTYPES:
            for b in OP_DTYPES:
                if skip(name, a, b):
                    continue
                for za, zb in RANKS:
                    key = f"op_{name}_{a}{'0' if za else ''}_{b}{'0' if zb else ''}"
                    cases[key] = _pair_case(fn, a, za, b, zb)
    return cases
