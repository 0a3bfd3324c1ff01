"""paddle.DataParallel on every rank of a job; rank 0 writes what the test compares to JSON.

    data_parallel.py OUT.json [features]

Always: 20 training steps of the MLP and the LeNet on each rank's share of the global batch
(losses averaged over ranks, the largest difference of the final weights between ranks, the
kind of averaged buffers and whether the gradients are views of them). With `features`
also: no_sync over two micro-batches, find_unused_parameters, the error without it, rank 0's
checkpoint of the wrapped model, paddle.Model.fit, the MLP under paddle.jit.to_static, and
the MLP with its gradients dropped between steps (clear_grad(set_to_zero=False)).
"""
import json
import os
import sys

import numpy as np

import paddle
import paddle.distributed as dist

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import models

dist.init_parallel_env()
RANK, WORLD = dist.get_rank(), dist.get_world_size()
OUT = sys.argv[1]
result = {"world": WORLD}


def averaged(loss):
    value = loss.detach().clone()
    dist.all_reduce(value, op=dist.ReduceOp.AVG)
    return value


def weight_spread(model) -> float:
    """Largest difference between ranks of any weight (0 when the replicas agree)."""
    spread = 0.0
    for p in model.parameters():
        low, high = p.detach().clone(), p.detach().clone()
        dist.all_reduce(low, dist.ReduceOp.MIN)
        dist.all_reduce(high, dist.ReduceOp.MAX)
        spread = max(spread, float((high - low).abs().max()))
    return spread


def grads_in_buckets(model) -> bool:
    """Whether every gradient is a view of its bucket's array (nothing packed or unpacked)."""
    arrays = model._reducer.storage.arrays
    return all(any(np.shares_memory(p.grad._data, a) for a in arrays)
               for p in model.parameters())


for name, (build, _, _) in models.MODELS.items():
    model = paddle.DataParallel(build())
    result[f"{name}_losses"] = models.train(name, model, RANK, WORLD, averaged)
    result[f"{name}_spread"] = weight_spread(model)
    result["averaging"] = type(model._reducer.storage).__name__
    model(paddle.to_tensor(next(models.batches(name))[0][:2])).sum().backward()
    result[f"{name}_grads_in_buckets"] = grads_in_buckets(model)


def micro_batches_step(tmp):
    """no_sync on the first of two half batches, then a synced one: the SGD step equals one on
    the whole batch in a single process (checked by the test from the saved weights)."""
    model = paddle.DataParallel(models.mlp())
    opt = paddle.optimizer.SGD(0.1, parameters=model.parameters())
    x, y = next(models.batches("mlp"))
    share = len(x) // WORLD
    mine = slice(RANK * share, (RANK + 1) * share)
    halves = np.array_split(np.arange(len(x))[mine], 2)
    loss_fn = paddle.nn.CrossEntropyLoss()
    with model.no_sync():
        (loss_fn(model(paddle.to_tensor(x[halves[0]])), paddle.to_tensor(y[halves[0]])) / 2
         ).backward()
    (loss_fn(model(paddle.to_tensor(x[halves[1]])), paddle.to_tensor(y[halves[1]])) / 2
     ).backward()
    opt.step()
    if RANK == 0:
        paddle.save(model.state_dict(), os.path.join(tmp, "no_sync.pdparams"))


def unused_parameters():
    model = paddle.DataParallel(models.branchy(), find_unused_parameters=True)
    x = paddle.ones([2, 3]) * (RANK + 1)
    model(x, use_extra=RANK == 0).sum().backward()
    inner = model._layers
    grads = {"extra": inner.extra.weight.grad.numpy().tolist(),
             "never": inner.never.weight.grad is None}
    strict = paddle.DataParallel(models.branchy())
    try:
        strict(x, use_extra=False).sum().backward()
        grads["strict_error"] = None
    except RuntimeError as error:
        grads["strict_error"] = str(error)
    return grads


if len(sys.argv) > 2 and sys.argv[2] == "features":
    folder = os.path.dirname(OUT)
    micro_batches_step(folder)
    result["unused"] = unused_parameters()
    paddle.seed(100 + RANK)  # every rank starts from other weights and buffers
    differing = paddle.nn.Sequential(paddle.nn.Linear(3, 4), paddle.nn.BatchNorm1D(4))
    differing[1]._mean.set_value(paddle.full([4], float(RANK)))
    result["spread_before_wrap"] = weight_spread(differing)
    result["spread_after_wrap"] = weight_spread(paddle.DataParallel(differing))
    highest = differing[1]._mean.detach().clone()
    dist.all_reduce(highest, dist.ReduceOp.MAX)  # rank 1 set 1.0: 0.0 once rank 0's arrived
    result["buffer_after_wrap"] = highest.numpy().tolist()
    result["hapi_weights"] = models.hapi_fit(models.hapi_network(), batch_size=8)
    dropped = paddle.DataParallel(models.mlp())  # every step's gradients made anew, then moved
    result["mlp_dropped_grads_losses"] = models.train("mlp", dropped, RANK, WORLD, averaged,
                                                      set_to_zero=False)
    static = paddle.jit.to_static(paddle.DataParallel(models.mlp()))
    result["mlp_to_static_losses"] = models.train("mlp", static, RANK, WORLD, averaged)
    wrapped = paddle.DataParallel(models.lenet())  # wrapping is collective: every rank
    if RANK == 0:
        paddle.save(wrapped.state_dict(), os.path.join(folder, "lenet_dp.pdparams"))
        result["saved_keys"] = list(wrapped.state_dict())
if RANK == 0:
    with open(OUT, "w") as f:
        json.dump(result, f)
dist.barrier()
