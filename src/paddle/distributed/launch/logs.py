"""The launcher's own log, in Paddle's format (`LAUNCH INFO 2026-01-01 12:00:00,000 ...`), to
the console and to `<log_dir>/<job_id>.<pod>.log`."""
from __future__ import annotations

import logging
import os
import sys

_TAIL_LINES = 60


class LaunchLog:
    def __init__(self, level: str = "INFO"):
        self.logger = logging.getLogger("LAUNCH")
        self.logger.propagate = False
        self.logger.setLevel(level.upper())
        self.formatter = logging.Formatter("%(name)s %(levelname)s %(asctime)s %(message)s")
        if not self.logger.handlers:
            console = logging.StreamHandler(sys.stdout)
            console.setFormatter(self.formatter)
            self.logger.addHandler(console)

    def to_file(self, path: str) -> None:
        handler = logging.FileHandler(path)
        handler.setFormatter(self.formatter)
        self.logger.addHandler(handler)

    def info(self, message: str) -> None:
        self.logger.info(message)
        _flush(self.logger)

    def error(self, message: str) -> None:
        self.logger.error(message)
        _flush(self.logger)

    def close(self) -> None:
        for handler in list(self.logger.handlers):
            handler.close()
            self.logger.removeHandler(handler)


def _flush(logger) -> None:
    for handler in logger.handlers:
        handler.flush()


def tail(path: str, lines: int = _TAIL_LINES) -> str:
    with open(path, errors="replace") as f:
        return "".join(f.readlines()[-lines:])


def log_file(log_dir: str, job_id: str, pod: str) -> str:
    os.makedirs(log_dir, exist_ok=True)
    return os.path.join(log_dir, f"{job_id}.{pod}.log")
