"""Every collective on every rank of a job, checked against NumPy: on the world group and on a
sub-group, blocking and with tasks, for Paddle's dtypes. Each rank knows every rank's input
(seeded by rank), so it computes the expected answer itself. Rank 0 prints `CHECKED <n>`."""
import warnings

import ml_dtypes
import numpy as np

import paddle
import paddle.distributed as dist
from paddle.distributed.communication import stream

dist.init_parallel_env()
RANK, WORLD = dist.get_rank(), dist.get_world_size()
SUB_RANKS = [0, 1] if WORLD == 2 else [1, 2, 3]
SUB = dist.new_group(SUB_RANKS)
GROUPS = [(None, list(range(WORLD))), (SUB, SUB_RANKS)]
DTYPES = ["float32", "float64", "float16", "bfloat16", "int8", "uint8", "int32", "int64",
          "bool", "complex64"]
OPS = [dist.ReduceOp.SUM, dist.ReduceOp.MAX, dist.ReduceOp.MIN, dist.ReduceOp.PROD,
       dist.ReduceOp.AVG]
checked = [0]


def data(rank, dtype, salt, shape=(2, 3)):
    """Small integers (exact in every dtype, products included) seeded by rank."""
    rng = np.random.default_rng([salt, rank])
    values = rng.integers(-3, 4, size=shape)
    if dtype == "bool":
        return values > 0
    if dtype == "uint8":
        values = np.abs(values)
    if dtype.startswith("complex"):
        return (values + 1j * rng.integers(-3, 4, size=shape)).astype(dtype)
    if dtype == "bfloat16":
        return values.astype(ml_dtypes.bfloat16)
    return values.astype(dtype)


def as_tensor(array):
    return paddle.to_tensor(array)


def same(tensor, expected, what):
    got = np.asarray(tensor.numpy())
    expected = np.asarray(expected)
    assert got.dtype == expected.dtype, f"{what}: dtype {got.dtype} != {expected.dtype}"
    assert got.shape == expected.shape, f"{what}: shape {got.shape} != {expected.shape}"
    assert np.array_equal(got.astype(np.complex128), expected.astype(np.complex128)), \
        f"{what}: {got} != {expected}"
    checked[0] += 1


def finish(result, sync, what):
    if not sync:
        assert result is not None, f"{what}: no task"
        result.wait()
        assert result.is_completed(), what


def expected_reduction(arrays, op, dtype):
    stack = np.stack([a.astype(np.float64) if dtype == "bfloat16" else a for a in arrays])
    if dtype == "bool":
        return stack.any(0) if op in (dist.ReduceOp.SUM, dist.ReduceOp.MAX) else stack.all(0)
    if op == dist.ReduceOp.AVG:
        total = stack.sum(0)
        if np.dtype(arrays[0].dtype).kind in "iu":
            return np.trunc(total / len(arrays)).astype(arrays[0].dtype)
        return (total / len(arrays)).astype(arrays[0].dtype)
    reduce = {dist.ReduceOp.SUM: np.sum, dist.ReduceOp.MAX: np.max, dist.ReduceOp.MIN: np.min,
              dist.ReduceOp.PROD: np.prod}[op]
    return reduce(stack, axis=0).astype(arrays[0].dtype)


def invalid(op, dtype):
    return (dtype == "bool" and op == dist.ReduceOp.AVG) or (
        dtype.startswith("complex") and op in (dist.ReduceOp.MAX, dist.ReduceOp.MIN))


def check_all_reduce(group, members):
    for d, dtype in enumerate(DTYPES):
        for o, op in enumerate(OPS):
            salt, sync = 100 * d + o, (d + o) % 2 == 0
            mine = as_tensor(data(RANK, dtype, salt))
            if invalid(op, dtype):
                try:
                    dist.all_reduce(mine, op, group)
                except ValueError:
                    checked[0] += 1
                    continue
                raise AssertionError(f"all_reduce {dtype} op {op} should have failed")
            task = (stream.all_reduce(mine, op, group, sync_op=True, use_calc_stream=True)
                    if o == 4 and sync else dist.all_reduce(mine, op, group, sync_op=sync))
            finish(task, sync, "all_reduce")
            want = expected_reduction([data(r, dtype, salt) for r in members], op, dtype)
            same(mine, want, f"all_reduce {dtype} op {op} group {members}")


def check_rooted(group, members, salt):
    root, dtype = members[-1], ["float32", "bfloat16", "int64", "bool"][salt % 4]
    t = as_tensor(data(RANK, dtype, salt))
    finish(dist.broadcast(t, root, group, sync_op=salt % 2 == 0), salt % 2 == 0, "broadcast")
    same(t, data(root, dtype, salt), f"broadcast {dtype}")
    if dtype != "bool":
        t = as_tensor(data(RANK, dtype, salt))
        dist.reduce(t, members[0], dist.ReduceOp.MAX, group)
        want = (expected_reduction([data(r, dtype, salt) for r in members], dist.ReduceOp.MAX,
                                   dtype) if RANK == members[0] else data(RANK, dtype, salt))
        same(t, want, f"reduce {dtype}")
    gathered = [] if RANK == members[-1] else None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        dist.gather(as_tensor(data(RANK, dtype, salt)), gathered, members[-1], group)
    if RANK == members[-1]:
        for i, r in enumerate(members):
            same(gathered[i], data(r, dtype, salt), f"gather {dtype}")


def check_gathers(group, members, salt):
    dtype = ["float16", "int32", "complex64", "uint8"][salt % 4]
    mine = as_tensor(data(RANK, dtype, salt))
    out = []
    finish(dist.all_gather(out, mine, group, sync_op=False), False, "all_gather")
    for i, r in enumerate(members):
        same(out[i], data(r, dtype, salt), f"all_gather list {dtype}")
    prefilled = [paddle.zeros([2, 3], dtype) for _ in members]
    dist.all_gather(prefilled, mine, group)
    same(prefilled[-1], data(members[-1], dtype, salt), "all_gather prefilled")
    whole = paddle.zeros([2 * len(members), 3], dtype)
    stream.all_gather(whole, mine, group)
    same(whole, np.concatenate([data(r, dtype, salt) for r in members]), "all_gather tensor")
    objects = []
    dist.all_gather_object(objects, {"rank": RANK, "salt": [salt] * RANK}, group)
    assert objects == [{"rank": r, "salt": [salt] * r} for r in members], objects
    checked[0] += 1


def parts_for(rank, members, dtype, salt):
    return [data(rank, dtype, salt * 10 + j) for j in range(len(members))]


def check_scatters(group, members, salt):
    src, dtype = members[0], ["float64", "bfloat16", "int8"][salt % 3]
    me = members.index(RANK)
    out = paddle.zeros([2, 3], dtype)
    parts = [as_tensor(p) for p in parts_for(src, members, dtype, salt)]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        dist.scatter(out, parts if RANK == src else None, src, group)
    same(out, parts_for(src, members, dtype, salt)[me], f"scatter {dtype}")
    out2 = paddle.zeros([2, 3], dtype)
    whole = as_tensor(np.concatenate(parts_for(src, members, dtype, salt)))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        stream.scatter(out2, whole if RANK == src else None, src, group)
    same(out2, parts_for(src, members, dtype, salt)[me], "scatter tensor")
    mine = [as_tensor(p) for p in parts_for(RANK, members, dtype, salt)]
    reduced = paddle.zeros([2, 3], dtype)
    finish(dist.reduce_scatter(reduced, mine, dist.ReduceOp.SUM, group, sync_op=False), False,
           "reduce_scatter")
    want = expected_reduction([parts_for(r, members, dtype, salt)[me] for r in members],
                              dist.ReduceOp.SUM, dtype)
    same(reduced, want, f"reduce_scatter {dtype}")
    reduced2 = paddle.zeros([2, 3], dtype)
    stream.reduce_scatter(reduced2, as_tensor(np.concatenate(parts_for(RANK, members, dtype,
                                                                        salt))), group=group)
    same(reduced2, want, "reduce_scatter tensor")
    got = []
    dist.scatter_object_list(got, [{"to": r} for r in members] if RANK == src else None, src,
                             group)
    assert got == [{"to": RANK}], got
    checked[0] += 1


def check_all_to_all(group, members, salt):
    dtype, n = ["float32", "int64", "bfloat16"][salt % 3], len(members)
    me = members.index(RANK)
    out = []
    dist.alltoall(out, [as_tensor(p) for p in parts_for(RANK, members, dtype, salt)], group)
    for i, r in enumerate(members):
        same(out[i], parts_for(r, members, dtype, salt)[me], f"alltoall {dtype}")
    rows = np.arange(n * 2 * 3).reshape(n * 2, 3).astype(dtype) + 100 * RANK
    out_tensor = paddle.zeros([n * 2, 3], dtype)
    finish(dist.alltoall_single(out_tensor, as_tensor(rows), group=group, sync_op=False),
           False, "alltoall_single")
    want = np.concatenate([(np.arange(n * 2 * 3).reshape(n * 2, 3).astype(dtype) + 100 * r)
                           [2 * me:2 * me + 2] for r in members])
    same(out_tensor, want, "alltoall_single equal")
    # uneven: rank r sends (j + 1) rows to member j; receives (me + 1) rows from each
    send_sizes = [j + 1 for j in range(n)]
    source = np.arange(sum(send_sizes) * 2).reshape(-1, 2).astype(dtype) + 1000 * RANK
    received = paddle.zeros([(me + 1) * n, 2], dtype)
    dist.alltoall_single(received, as_tensor(source), send_sizes, [me + 1] * n, group)
    start = sum(send_sizes[:me])
    want = np.concatenate([(np.arange(sum(send_sizes) * 2).reshape(-1, 2).astype(dtype)
                            + 1000 * r)[start:start + me + 1] for r in members])
    same(received, want, "alltoall_single uneven")


def check_point_to_point(group, members, salt):
    me, n = members.index(RANK), len(members)
    nxt, prev = members[(me + 1) % n], members[(me - 1) % n]
    dtype = ["float16", "int32", "bool"][salt % 3]
    incoming = paddle.zeros([2, 3], dtype)
    tasks = [dist.isend(as_tensor(data(RANK, dtype, salt)), nxt, group),
             dist.irecv(incoming, prev, group)]
    for t in tasks:
        t.wait()
    same(incoming, data(prev, dtype, salt), f"isend/irecv {dtype}")
    incoming2 = paddle.zeros([2, 3], dtype)
    ops = [dist.P2POp(dist.irecv, incoming2, nxt, group),
           dist.P2POp(dist.isend, as_tensor(data(RANK, dtype, salt + 1)), prev, group)]
    for t in dist.batch_isend_irecv(ops):
        t.wait()
    same(incoming2, data(nxt, dtype, salt + 1), "batch_isend_irecv")
    if RANK == members[0]:
        dist.send(as_tensor(data(RANK, dtype, salt)), members[1], group)
        dist.send_object_list([{"from": RANK}, [1, 2]], members[1], group)
    elif RANK == members[1]:
        got = paddle.zeros([2, 3], dtype)
        dist.recv(got, members[0], group)
        same(got, data(members[0], dtype, salt), "send/recv")
        objs = [None, None]
        dist.recv_object_list(objs, members[0], group)
        assert objs == [{"from": members[0]}, [1, 2]], objs
    objs = [{"lr": 0.5, "from": RANK}, "x"] if RANK == members[-1] else [None, None]
    dist.broadcast_object_list(objs, members[-1], group)
    assert objs == [{"lr": 0.5, "from": members[-1]}, "x"], objs
    checked[0] += 1


def check_outsiders():
    """A rank outside a group gets None (with Paddle's warning) and keeps its tensor."""
    if RANK in SUB_RANKS:
        return
    t = paddle.ones([2])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert dist.all_reduce(t, group=SUB) is None
    assert "is not in group" in str(caught[0].message)
    same(t, np.ones(2, "float32"), "outsider unchanged")


for salt, (group, members) in enumerate(GROUPS):
    if RANK not in members:
        continue
    check_all_reduce(group, members)
    check_rooted(group, members, salt)
    check_rooted(group, members, salt + 1)
    check_gathers(group, members, salt)
    check_scatters(group, members, salt)
    check_all_to_all(group, members, salt)
    check_point_to_point(group, members, salt)
    dist.barrier(group)
check_outsiders()
assert dist.get_group(SUB.id) is SUB and dist.get_backend() == "MPI" and dist.is_initialized()
dist.wait(paddle.ones([1]))
dist.barrier()
dist.destroy_process_group(SUB)
assert dist.get_group(0) is not None
if RANK == 0:
    print(f"CHECKED {checked[0]}", flush=True)
dist.destroy_process_group()
assert not dist.is_initialized()
