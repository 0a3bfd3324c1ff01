"""paddle.distributed in one process (no launcher), against real Paddle's answers
(tests/fixtures/distributed/reference.json, from tools/make_distributed_fixtures.py)."""
import json
import os
import warnings

import numpy as np
import pytest

import paddle
import paddle.distributed as dist

FIXTURE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "fixtures",
                       "distributed", "reference.json")
with open(FIXTURE) as _f:
    REFERENCE = json.load(_f)


@pytest.fixture(autouse=True)
def outside_any_job(monkeypatch):
    for name in list(os.environ):
        if name.startswith(("PADDLE_", "PMI_", "OMPI_", "PMIX_", "SLURM_")):
            monkeypatch.delenv(name)


def outcome(call):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            value = repr(call())
        except Exception as error:  # noqa: BLE001 - the error is what is compared
            value = f"{type(error).__name__}: {error}"
    return {"value": value, "warnings": [str(w.message) for w in caught]}


CALLS = {
    "all_reduce_before_init": lambda: dist.all_reduce(paddle.to_tensor([1.0, 2.0])),
    "barrier_before_init": lambda: dist.barrier(),
    "get_backend_before_init": lambda: dist.get_backend(),
    "init_parallel_env": lambda: dist.init_parallel_env(),
    "is_initialized": lambda: dist.is_initialized(),
    "get_rank": lambda: dist.get_rank(),
    "get_world_size": lambda: dist.get_world_size(),
    "get_group_0": lambda: dist.get_group(0),
    "broadcast_after_init": lambda: dist.broadcast(paddle.to_tensor([1.0]), 0),
    "all_gather_object": lambda: dist.all_gather_object([], 1),
    "reduce_op": lambda: [dist.ReduceOp.SUM, dist.ReduceOp.MAX, dist.ReduceOp.MIN,
                          dist.ReduceOp.PROD, dist.ReduceOp.AVG],
    "parallel_mode": lambda: dist.ParallelMode.DATA_PARALLEL,
}


@pytest.mark.parametrize("name", sorted(CALLS))
def test_answers_as_real_paddle(name):
    assert outcome(CALLS[name]) == REFERENCE["single_process"][name]


def test_first_new_group_as_real_paddle():
    assert outcome(lambda: dist.new_group([0])) == REFERENCE["single_process"]["new_group_single"]


def test_parallel_env_as_real_paddle():
    env = dist.ParallelEnv()
    for name, value in REFERENCE["single_process"]["env"].items():
        assert getattr(env, name) == value, name
    assert env.device_id == env.dev_id == 0


def test_parallel_env_reads_the_launcher_and_process_manager(monkeypatch):
    monkeypatch.setenv("PMI_RANK", "3")
    monkeypatch.setenv("PMI_SIZE", "4")
    assert (dist.ParallelEnv().rank, dist.ParallelEnv().world_size) == (3, 4)
    monkeypatch.setenv("PADDLE_TRAINER_ID", "1")
    monkeypatch.setenv("PADDLE_TRAINERS_NUM", "2")
    monkeypatch.setenv("PADDLE_PG_TIMEOUT", "5000")
    env = dist.ParallelEnv()
    assert (env.rank, env.world_size, env.local_rank, env.pg_timeout) == (1, 2, 1, 5000)
    assert dist.get_rank() == 1 and dist.get_world_size() == 2


def test_data_parallel_one_process_as_real_paddle():
    expected = REFERENCE["data_parallel"]
    net = paddle.nn.Sequential(paddle.nn.Linear(2, 3), paddle.nn.BatchNorm1D(3))
    wrapped = outcome(lambda: paddle.DataParallel(net))
    assert wrapped["warnings"] == expected["wrap"]["warnings"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        dp = paddle.DataParallel(net)
    assert list(dp.state_dict()) == expected["state_dict_keys"]
    assert [n for n, _ in dp.named_sublayers()] == expected["sublayers"]
    names = [n for n, _ in dp.named_parameters()] + [n for n, _ in dp.named_buffers()]
    assert sorted(names) == sorted(expected["parameter_names"] + expected["buffer_names"])
    x = paddle.to_tensor(np.ones((4, 2), "float32"))
    np.testing.assert_array_equal(dp(x).numpy(), net(x).numpy())


def test_data_parallel_arguments_are_checked():
    with pytest.raises(TypeError, match=r"\(DataParallel\) layers must be a paddle.nn.Layer"):
        paddle.DataParallel("model")
    with pytest.raises(ValueError, match="comm_buffer_size"):
        paddle.DataParallel(paddle.nn.Linear(2, 2), comm_buffer_size=0)


def test_no_sync_in_one_process_accumulates():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        dp = paddle.DataParallel(paddle.nn.Linear(2, 1))
    x = paddle.ones([3, 2])
    with dp.no_sync():
        assert not dp.grad_need_sync
        dp(x).sum().backward()
    assert dp.grad_need_sync
    dp(x).sum().backward()
    np.testing.assert_allclose(dp._layers.weight.grad.numpy(), np.full((2, 1), 6.0))


def test_reduce_op_is_checked():
    from paddle.distributed.communication.reduce import ReduceOp
    with pytest.raises(ValueError, match=r"\(all_reduce\) op must be one of"):
        ReduceOp.check(7, "all_reduce")


def test_stream_names_and_p2p_op_check():
    from paddle.distributed.communication import stream
    assert stream.all_to_all is stream.alltoall
    with pytest.raises(RuntimeError, match="Invalid ``op`` function"):
        dist.P2POp(dist.all_reduce, paddle.ones([1]), 0)
    with pytest.raises(RuntimeError, match="use_calc_stream can only be true"):
        stream.all_reduce(paddle.ones([1]), sync_op=False, use_calc_stream=True)


def test_leaf_backward_hooks_fire_while_backward_runs():
    """A hooked leaf gets its gradient when its last use has been differentiated, before the
    layers below it (what lets DataParallel overlap communication with backward)."""
    first, second = paddle.nn.Linear(3, 3), paddle.nn.Linear(3, 1)
    order = []
    second.weight._register_backward_hook(
        lambda: order.append(("second", first.weight.grad is None)))
    first.weight._register_backward_hook(
        lambda: order.append(("first", first.weight.grad is None)))
    second(paddle.nn.functional.relu(first(paddle.ones([2, 3])))).sum().backward()
    assert order == [("second", True), ("first", False)]
    shared = paddle.create_parameter([2], "float32")
    calls = []
    shared._register_backward_hook(lambda: calls.append(shared.grad.numpy().copy()))
    (shared * 2 + shared * 3).sum().backward()
    assert len(calls) == 1
    np.testing.assert_allclose(calls[0], [5.0, 5.0])


@pytest.mark.parametrize("key", sorted(REFERENCE["sampler"]))
def test_distributed_batch_sampler_order_as_real_paddle(key):
    nranks, shuffle, drop_last, size, batch = key.split("_")
    for rank, expected in enumerate(REFERENCE["sampler"][key]):
        sampler = paddle.io.DistributedBatchSampler(
            list(range(int(size))), int(batch), num_replicas=int(nranks[1:]), rank=rank,
            shuffle=shuffle == "s1", drop_last=drop_last == "d1")
        epochs = []
        for epoch in (0, 3):
            sampler.set_epoch(epoch)
            epochs.append([list(b) for b in sampler])
        assert epochs == expected["epochs"] and len(sampler) == expected["len"], (key, rank)


def test_distributed_batch_sampler_takes_rank_from_the_job(monkeypatch):
    monkeypatch.setenv("PMI_RANK", "1")
    monkeypatch.setenv("PMI_SIZE", "2")
    sampler = paddle.io.DistributedBatchSampler(list(range(8)), 2)
    assert (sampler.nranks, sampler.local_rank) == (2, 1)
    assert list(sampler) == [[2, 3], [6, 7]]
