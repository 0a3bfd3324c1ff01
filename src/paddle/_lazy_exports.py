"""Names a package exports but imports only on first access (PEP 562 module `__getattr__`).

Optional subsystems (vision, hapi, inference, the model file formats, …) cost more to import
than `import paddle` may spend, and most programs never touch them. A package lists them here
instead of importing them:

    __getattr__, __dir__ = lazy_exports(__name__, globals(), {
        "vision": ".vision",                          # a submodule
        "Model": ".hapi:Model",                       # a name inside a module
    })

The first `paddle.Model` imports paddle.hapi and stores the object in the package, so later
accesses are plain attribute reads and `paddle.Model is paddle.hapi.Model`. `dir()` (tab
completion, `help()`) lists lazy names beside the loaded ones; `__all__` stays the package's
own list, and `from package import *` resolves every name in it.
"""
from __future__ import annotations

import importlib


def lazy_exports(package: str, namespace: dict, table: dict[str, str]):
    """The `__getattr__` and `__dir__` of `package`, resolving `table`'s names on first use.

    Each value is "module" or "module:attribute"; a module starting with "." is relative to
    `package`."""
    def resolve(name: str):
        target = table.get(name)
        if target is None:
            raise AttributeError(f"module '{package}' has no attribute '{name}'")
        module_name, _, attribute = target.partition(":")
        module = importlib.import_module(module_name, package)
        value = getattr(module, attribute) if attribute else module
        namespace[name] = value
        return value

    def listing() -> list[str]:
        return sorted(set(namespace) | set(table))

    return resolve, listing
