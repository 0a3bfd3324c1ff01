"""Feijiang's IR (Paddle PIR in Python): values, operations, blocks, programs, the builder that
records them from dispatch, a printer, a verifier and an interpreter."""
from .core import Block, Operation, Program, Value  # noqa: F401
