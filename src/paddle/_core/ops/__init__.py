"""Primitive ops, one module per family. Importing this package registers them all."""
import importlib
import pkgutil

from .registry import REGISTRY, OpDef, defop  # noqa: F401

for _info in pkgutil.iter_modules(__path__):
    if not _info.name.startswith("_") and _info.name != "registry":
        importlib.import_module(f"{__name__}.{_info.name}")
