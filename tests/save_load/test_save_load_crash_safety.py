"""A process killed in the middle of paddle.save leaves the previous checkpoint loadable."""
import os
import signal
import subprocess
import sys
import textwrap
import time

import numpy as np

import paddle

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# The child saves a large state dict through a file object whose writes are slowed down, and
# announces (by creating `started`) that it is inside paddle.save before being killed.
CHILD = textwrap.dedent("""
    import sys, time, numpy as np, paddle
    from paddle.framework import _atomic_file
    path, started = sys.argv[1], sys.argv[2]
    real_fdopen = _atomic_file.os.fdopen

    class SlowFile:
        def __init__(self, handle):
            self.handle = handle
        def write(self, data):
            open(started, "w").close()
            time.sleep(0.05)
            return self.handle.write(data)
        def __getattr__(self, name):
            return getattr(self.handle, name)
        def __enter__(self):
            return self
        def __exit__(self, *exc):
            return self.handle.__exit__(*exc)

    _atomic_file.os.fdopen = lambda fd, mode: SlowFile(real_fdopen(fd, mode))
    big = {f"w{i}": paddle.full([256, 256], 2.0) for i in range(64)}
    paddle.save(big, path, protocol=2)
""")


def test_kill_during_save_keeps_old_file(tmp_path):
    path = tmp_path / "model.pdparams"
    paddle.save({"w": paddle.ones([4])}, str(path))
    started = tmp_path / "started"
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "src"))
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(path), str(started)], env=env)
    try:
        deadline = time.monotonic() + 60
        while not started.exists():
            assert child.poll() is None, "the child finished before it was killed"
            assert time.monotonic() < deadline, "the child never started saving"
            time.sleep(0.01)
        child.send_signal(signal.SIGKILL)
    finally:
        child.wait(timeout=30)
    assert child.returncode == -signal.SIGKILL
    loaded = paddle.load(str(path))
    np.testing.assert_array_equal(loaded["w"].numpy(), np.ones(4, dtype=np.float32))


def test_failed_save_leaves_no_temporary_and_keeps_old_file(tmp_path):
    path = tmp_path / "model.pdparams"
    paddle.save({"w": paddle.ones([2])}, str(path))
    try:
        paddle.save({"w": paddle.zeros([2]), "layer": [paddle.nn.Linear(1, 1)]}, str(path))
    except ValueError:
        pass
    assert sorted(os.listdir(tmp_path)) == ["model.pdparams"]
    assert paddle.load(str(path))["w"].tolist() == [1.0, 1.0]
    assert oct(os.stat(path).st_mode & 0o777) != oct(0o600)
