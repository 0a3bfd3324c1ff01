"""Each rank prints its Paddle environment, what paddle.distributed makes of it, and its
arguments, as one `REPORT {json}` line (in its workerlog); with `--average`, also the kind of
DataParallel's gradient buckets and the weight gradient averaged over the ranks (`AVERAGE`)."""
import json
import os
import sys

import paddle.distributed as dist

group = dist.init_parallel_env()
env = dist.ParallelEnv()
print("REPORT " + json.dumps({
    "vars": {k: v for k, v in os.environ.items() if k.startswith("PADDLE_") or k == "POD_NAME"},
    "rank": dist.get_rank(), "world": dist.get_world_size(), "backend": dist.get_backend(),
    "env": [env.rank, env.world_size, env.current_endpoint, env.trainer_endpoints],
    "argv": sys.argv[1:], "main": __name__, "group": repr(group)}), flush=True)
if "--average" in sys.argv:  # a DataParallel backward: the kind of buckets and the gradient
    import paddle
    paddle.seed(0)
    model = paddle.DataParallel(paddle.nn.Linear(4, 3))
    model(paddle.ones([2, 4]) * (dist.get_rank() + 1)).sum().backward()
    print("AVERAGE " + json.dumps({"kind": type(model._reducer.storage).__name__,
                                   "grad": model._layers.weight.grad.numpy().tolist()}),
          flush=True)
dist.barrier()
