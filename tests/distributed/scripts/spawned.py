"""paddle.distributed.spawn of a function defined in this script (as users write it)."""
import sys

import paddle
import paddle.distributed as dist


def train(scale, out_prefix):
    dist.init_parallel_env()
    x = paddle.to_tensor([float(dist.get_rank() + 1)]) * scale
    dist.all_reduce(x)
    with open(f"{out_prefix}.{dist.get_rank()}", "w") as f:
        f.write(f"{dist.get_world_size()} {x.item()}")


if __name__ == "__main__":
    dist.spawn(train, args=(10.0, sys.argv[1]), nprocs=2)
    print("SPAWN DONE", flush=True)
