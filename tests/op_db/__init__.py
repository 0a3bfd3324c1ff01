"""The op database: one OpEntry per registered primitive op, gathered from the family modules
in this package. Generic tests (tests/ops/) run every entry through the same checks."""
from __future__ import annotations

import importlib
import pkgutil

from .entry import ENTRIES, OpEntry, Sample  # noqa: F401

for _info in pkgutil.iter_modules(__path__):
    if _info.name not in ("entry",):
        importlib.import_module(f"{__name__}.{_info.name}")
