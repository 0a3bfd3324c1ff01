"""Which public names of Paddle 3.3 (shared/api/paddle-3.3-api.tsv) our `paddle` resolves, and to
what, as a fresh process sees them after `import paddle` (plain attribute access, no imports of
submodules: a name counts only when `paddle.a.b.c` works as written).

    python tests/api_names.py TSV     # prints {name: [identity, alias_of]} as JSON

`identity` says what the object is (a module's name, a function's or class's kind and name, an
instance's type); `alias_of` is the first name in the TSV bound to the very same object, so
aliases (paddle.cat is paddle.concat) are checked as objects, not only by name.
tools/make_api_resolution_fixture.py records this for a commit; test_import_time.py compares."""
from __future__ import annotations

import inspect
import json
import sys
import warnings

_MISSING = object()


def identity(obj) -> str:
    if inspect.ismodule(obj):
        return f"module {obj.__name__}"
    if isinstance(obj, property):
        return f"property {identity(obj.fget)}"
    # the plain name, not the defining module: moving a definition (a method into a mixin, a
    # function into another file) is a refactor, not a change of the API
    name = getattr(obj, "__name__", None)
    if isinstance(name, str) and (inspect.isclass(obj) or callable(obj)):
        return f"{type(obj).__name__} {name}"
    kind = type(obj)
    return f"instance {kind.__module__}.{kind.__qualname__}"


def resolve(qualified_name: str, root):
    obj = root
    for part in qualified_name.split(".")[1:]:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                obj = getattr(obj, part)
        except Exception:  # noqa: BLE001 - any failure means the name does not resolve
            return _MISSING
    return obj


def resolve_all(tsv_path: str) -> dict:
    import paddle
    with open(tsv_path) as handle:
        names = [line.split("\t", 1)[0] for line in handle if line.startswith("paddle")]
    result, first_name_of, alive = {}, {}, []
    for name in names:
        obj = resolve(name, paddle)
        if obj is _MISSING:
            continue
        alive.append(obj)  # objects made on access (bound methods) must not recycle their ids
        # ints and strs are shared by value, not aliases of each other
        key = id(obj) if not isinstance(obj, (int, float, str)) else None
        alias = first_name_of.setdefault(key, name) if key is not None else name
        result[name] = [identity(obj), None if alias == name else alias]
    return result


if __name__ == "__main__":
    print(json.dumps(resolve_all(sys.argv[1])))
