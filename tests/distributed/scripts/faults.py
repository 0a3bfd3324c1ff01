"""Ranks that fail in the ways a job must survive without hanging.

    faults.py kill RANK FOLDER     # RANK SIGKILLs itself mid-training (time written to FOLDER)
    faults.py stall RANK FOLDER    # RANK stops calling collectives (sleeps)
    faults.py mismatch - FOLDER    # rank 0 all-reduces a [4, 3] tensor, the others [4, 2]
    faults.py wait - FOLDER        # every rank trains until stopped (Ctrl-C test)

Every rank writes its pid to FOLDER/pid.<rank> first.
"""
import os
import signal
import sys
import time

import paddle
import paddle.distributed as dist

MODE, WHO, FOLDER = sys.argv[1], sys.argv[2], sys.argv[3]
dist.init_parallel_env()
RANK = dist.get_rank()
with open(os.path.join(FOLDER, f"pid.{RANK}"), "w") as f:
    f.write(str(os.getpid()))

if MODE == "mismatch":
    dist.all_reduce(paddle.ones([4, 3] if RANK == 0 else [4, 2]))

model = paddle.DataParallel(paddle.nn.Sequential(paddle.nn.Linear(16, 64), paddle.nn.ReLU(),
                                                 paddle.nn.Linear(64, 1)))
opt = paddle.optimizer.SGD(0.01, parameters=model.parameters())
for step in range(100000):
    if step == 20 and str(RANK) == WHO:
        if MODE == "kill":
            with open(os.path.join(FOLDER, "killed_at"), "w") as f:
                f.write(repr(time.time()))
            os.kill(os.getpid(), signal.SIGKILL)
        if MODE == "stall":
            time.sleep(600)
    model(paddle.ones([8, 16])).mean().backward()
    opt.step()
    opt.clear_grad()
    if MODE == "wait" and step == 5:
        with open(os.path.join(FOLDER, f"running.{RANK}"), "w") as f:
            f.write("1")
