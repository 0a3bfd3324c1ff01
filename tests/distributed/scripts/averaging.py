"""The backend's averaged buffers (DataParallel's gradient buckets) on every rank: the shared
memory kind and MPI's all-reduce kind, for buckets of several dtypes and awkward sizes, started
in order but polled in a different order on each rank, three rounds on the same buffers.
Each rank checks its arrays against NumPy's mean and that every rank holds the same bits;
rank 0 prints `AVERAGED <kind> <rounds>` per kind.
"""
import zlib

import numpy as np
from ml_dtypes import bfloat16

import paddle.distributed as dist
from paddle.distributed.communication.backend import AveragedBuffers
from paddle.distributed.communication.group import global_group

LAYOUT = [(1, np.float32), (100_003, np.float32), (0, np.float32), (17, np.float16),
          (33, bfloat16), (5, np.float64), (64, np.float32)]
TOLERANCE = {np.float16: 2e-3, bfloat16: 2e-2}


def fill(array, rank, round_):
    rng = np.random.default_rng(1000 * round_ + 10 * rank + array.size)
    array[...] = rng.standard_normal(array.size).astype(array.dtype)
    return array.astype(np.float64)


def poll_order(rank, count):
    """Rank-dependent: rank 0 polls oldest first, rank 1 newest first, others from the middle."""
    order = list(range(count))
    return order if rank == 0 else order[::-1] if rank == 1 else order[count // 2:] + order[:count // 2]


def checksum(arrays):
    return zlib.crc32(b"".join(a.tobytes() for a in arrays))


def check(buffers, backend, rounds=3):
    rank, size = backend.rank, backend.size
    for round_ in range(rounds):
        every_rank = [[fill(a.copy(), r, round_) for a in buffers.arrays] for r in range(size)]
        for a in buffers.arrays:
            fill(a, rank, round_)
        works = []
        for index in range(len(buffers.arrays)):
            works.append(buffers.start(index))
            for earlier in poll_order(rank, len(works)):
                works[earlier].test()
        for index in poll_order(rank, len(works)):
            works[index].wait(60.0, str)
        for index, (array, (_, dtype)) in enumerate(zip(buffers.arrays, LAYOUT)):
            want = np.mean([parts[index] for parts in every_rank], axis=0)
            tolerance = TOLERANCE.get(dtype, 1e-6)
            np.testing.assert_allclose(array.astype(np.float64), want, rtol=tolerance,
                                       atol=tolerance, err_msg=f"bucket {index} round {round_}")
        sums = np.array([checksum(buffers.arrays)] * size, np.int64)
        backend.all_gather(np.array([sums[0]], np.int64), sums).wait(60.0, str)
        assert len(set(sums.tolist())) == 1, f"ranks differ after round {round_}: {sums}"
    return rounds


dist.init_parallel_env()
backend = global_group().process_group
shared = backend.averaged_buffers(LAYOUT)
private = AveragedBuffers(backend, LAYOUT)
for buffers in (shared, private):
    assert all(not a.any() for a in buffers.arrays), "buffers start zeroed"
    rounds = check(buffers, backend)
    if backend.rank == 0:
        print(f"AVERAGED {type(buffers).__name__} {rounds}", flush=True)
dist.barrier()
