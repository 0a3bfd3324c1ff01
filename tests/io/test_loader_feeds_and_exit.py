"""DataLoader details: static feeds with return_list=False, and a process that leaves a
worker loop early must still exit (a worker stopped mid-send once made shutdown block)."""
import os
import subprocess
import sys
import textwrap

import numpy as np

import paddle

SRC = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                   "src")


class _Pairs(paddle.io.Dataset):
    def __getitem__(self, idx):
        return np.full([3], idx, "float32"), np.array([idx % 2], "int64")

    def __len__(self):
        return 8


def test_return_list_false_yields_one_feed_dict_per_batch_for_the_executor():
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            x = paddle.static.data("x", [None, 3], "float32")
            y = paddle.static.data("y", [None, 1], "int64")
            total = x.sum() + y.astype("float32").sum()
        loader = paddle.io.DataLoader(_Pairs(), feed_list=[x, y], batch_size=4,
                                      return_list=False)
        exe = paddle.static.Executor(paddle.CPUPlace())
        sums = []
        for feed in loader():
            assert isinstance(feed, list) and sorted(feed[0]) == ["x", "y"]
            sums.append(float(exe.run(main, feed=feed, fetch_list=[total])[0]))
        assert sums == [3 * (0 + 1 + 2 + 3) + 2, 3 * (4 + 5 + 6 + 7) + 2]
    finally:
        paddle.disable_static()


def test_breaking_out_of_a_worker_loader_lets_the_process_exit():
    script = textwrap.dedent("""
        import numpy as np
        import paddle

        class Pairs(paddle.io.Dataset):
            def __getitem__(self, idx):
                return (np.random.random([784]).astype("float32"),
                        np.random.randint(0, 9, (1,)).astype("int64"))

            def __len__(self):
                return 64

        loader = paddle.io.DataLoader(Pairs(), batch_size=16, shuffle=True, drop_last=True,
                                      num_workers=2)
        for batch in loader():
            break
        print("exited loop")
    """)
    env = dict(os.environ, PYTHONPATH=SRC)
    for _ in range(3):  # the stall depended on timing: without the fix about half hung
        done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                              text=True, timeout=30)
        assert done.returncode == 0 and "exited loop" in done.stdout, done.stderr
