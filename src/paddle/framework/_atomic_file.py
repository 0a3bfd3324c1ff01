"""Crash-safe file replacement: a checkpoint on disk is always either the old file or the new one.

The new content goes to a temporary file in the destination's directory (so the final rename
stays within one file system), is flushed and fsync'ed, and only then renamed over the
destination with os.replace, which is atomic on POSIX and Windows. A process killed half way
leaves the old file untouched (and at worst a stray temporary, removed on the next error path).
"""
from __future__ import annotations

import contextlib
import os
import tempfile


def _read_umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


# mkstemp creates files readable by the owner only; a saved checkpoint gets the usual mode
_FILE_MODE = 0o666 & ~_read_umask()


def _fsync_directory(directory: str) -> None:
    """Persist the rename itself; directories cannot be opened for this on every platform."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


@contextlib.contextmanager
def atomic_write(path: str):
    """Yield a binary file object; on a clean exit its content replaces `path` atomically."""
    directory = os.path.dirname(os.path.abspath(path))
    fd, temp_path = tempfile.mkstemp(prefix=f".{os.path.basename(path)}.", suffix=".tmp",
                                     dir=directory)
    try:
        os.chmod(temp_path, _FILE_MODE)
        with os.fdopen(fd, "wb") as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp_path, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temp_path)
        raise
    _fsync_directory(directory)
