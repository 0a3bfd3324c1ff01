"""Goldens for tests/distributed from real Paddle 3.3.1 (run with the reference interpreter,
from a folder where our src/paddle is not importable):

    cd /tmp && /work/main/.venv-ref/bin/python /work/main/tools/make_distributed_fixtures.py

Writes tests/fixtures/distributed/reference.json: what a single process (no launcher) gets from
paddle.distributed, DataParallel's names and state_dict keys, DistributedBatchSampler's index
order for 2 and 4 replicas, and the single-process losses of the data-parallel models
(tests/distributed/scripts/models.py) on their global batches.
"""
import json
import os
import sys
import warnings

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "tests", "distributed", "scripts"))

import models

import paddle
import paddle.distributed as dist

OUT = os.path.join(ROOT, "tests", "fixtures", "distributed", "reference.json")


def _outcome(call):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            value = repr(call())
        except Exception as error:  # noqa: BLE001 - the error is the answer recorded
            value = f"{type(error).__name__}: {error}"
    messages = [str(w.message) for w in caught if "ccache" not in str(w.message)]
    return {"value": value, "warnings": messages}


def single_process() -> dict:
    env = dist.ParallelEnv()
    t = paddle.to_tensor([1.0, 2.0])
    answers = {name: _outcome(call) for name, call in [
        ("all_reduce_before_init", lambda: dist.all_reduce(t)),
        ("barrier_before_init", lambda: dist.barrier()),
        ("get_backend_before_init", lambda: dist.get_backend()),
        ("init_parallel_env", lambda: dist.init_parallel_env()),
        ("is_initialized", lambda: dist.is_initialized()),
        ("get_rank", lambda: dist.get_rank()),
        ("get_world_size", lambda: dist.get_world_size()),
        ("get_group_0", lambda: dist.get_group(0)),
        ("new_group_single", lambda: dist.new_group([0])),
        ("broadcast_after_init", lambda: dist.broadcast(t, 0)),
        ("all_gather_object", lambda: dist.all_gather_object([], 1)),
        ("reduce_op", lambda: [dist.ReduceOp.SUM, dist.ReduceOp.MAX, dist.ReduceOp.MIN,
                               dist.ReduceOp.PROD, dist.ReduceOp.AVG]),
        ("parallel_mode", lambda: dist.ParallelMode.DATA_PARALLEL),
    ]}
    answers["env"] = {name: getattr(env, name) for name in (
        "rank", "world_size", "local_rank", "nranks", "nrings", "pg_timeout",
        "current_endpoint", "trainer_endpoints", "device_type")}
    return answers


def data_parallel() -> dict:
    net = paddle.nn.Sequential(paddle.nn.Linear(2, 3), paddle.nn.BatchNorm1D(3))
    wrapped = _outcome(lambda: paddle.DataParallel(net))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        dp = paddle.DataParallel(net)
    return {"wrap": wrapped, "state_dict_keys": list(dp.state_dict().keys()),
            "parameter_names": [n for n, _ in dp.named_parameters()],
            "buffer_names": [n for n, _ in dp.named_buffers()],
            "sublayers": [n for n, _ in dp.named_sublayers()]}


def sampler_orders() -> dict:
    orders = {}
    for nranks in (2, 4):
        for shuffle in (False, True):
            for drop_last in (False, True):
                for size, batch in ((23, 3), (16, 4)):
                    key = f"n{nranks}_s{int(shuffle)}_d{int(drop_last)}_{size}_{batch}"
                    orders[key] = []
                    for rank in range(nranks):
                        sampler = paddle.io.DistributedBatchSampler(
                            list(range(size)), batch, num_replicas=nranks, rank=rank,
                            shuffle=shuffle, drop_last=drop_last)
                        epochs = []
                        for epoch in (0, 3):
                            sampler.set_epoch(epoch)
                            epochs.append([list(b) for b in sampler])
                        orders[key].append({"epochs": epochs, "len": len(sampler)})
    return orders


def losses() -> dict:
    paddle.seed(0)
    return {name: models.train(name, build()) for name, (build, _, _) in models.MODELS.items()}


def main() -> None:
    paddle.set_device("cpu")
    result = {"single_process": single_process(), "data_parallel": data_parallel(),
              "sampler": sampler_orders(), "losses": losses()}
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w") as f:
        json.dump(result, f, indent=1, sort_keys=True)
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
