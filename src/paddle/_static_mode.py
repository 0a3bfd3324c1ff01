"""Static-graph mode (paddle.enable_static): which programs ops are recorded into.

In static mode dispatch records into the current main program instead of computing. Programs
keep their own Tracer so parameters bound in one program_guard scope stay bound in the next."""
from __future__ import annotations

from ._core import state

enabled = False
_main = None
_startup = None


def _new_program():
    from .static.program import Program
    return Program()


def main_program():
    global _main
    if _main is None:
        _main = _new_program()
    return _main


def startup_program():
    global _startup
    if _startup is None:
        _startup = _new_program()
    return _startup


def activate(program) -> None:
    """Record subsequent ops into `program` (only while static mode is on)."""
    state.tracer = program.tracer if enabled else None


def enable_static() -> None:
    """Switch to static-graph mode: paddle calls build the default main program."""
    global enabled
    enabled = True
    activate(main_program())


def disable_static(place=None) -> None:
    """Switch back to dynamic (eager) mode."""
    global enabled
    enabled = False
    state.tracer = None


def in_dynamic_mode() -> bool:
    return not enabled


def swap_programs(main, startup):
    """Install new default programs; returns the previous pair (used by program_guard)."""
    global _main, _startup
    previous = (_main, _startup)
    _main = main
    if startup is not None:
        _startup = startup
    if enabled:
        activate(main_program())
    return previous
