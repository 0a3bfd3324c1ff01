"""Program transformations. Each pass is a function `pass(program, outputs) -> None` that
rewrites the program in place and keeps the values of `outputs` unchanged."""
from .constant_fold import constant_fold  # noqa: F401
from .cse import cse  # noqa: F401
from .dce import dce  # noqa: F401
from .manager import PassManager  # noqa: F401
from .memory import release_dead_values  # noqa: F401
