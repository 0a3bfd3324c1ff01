"""Each rank prints its Paddle environment, what paddle.distributed makes of it, and its
arguments, as one `REPORT {json}` line (in its workerlog)."""
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
dist.barrier()
