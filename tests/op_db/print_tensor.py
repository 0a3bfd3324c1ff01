"""op_db entry for `print` (paddle.static.Print): its result is its input; the printed text is
checked in tests/static/test_scope_print.py."""
from .entry import Sample, entry


def _samples(rng, dtype):
    quiet = (-1, "", 20, False, False, False, False, False, "FORWARD", True)
    return [Sample((rng.uniform(-1, 1, size=s).astype(dtype),), quiet, name=str(s))
            for s in [(), (4,), (0, 3), (2, 3)]]


entry("print", _samples, ref=lambda x, *attrs: x)
