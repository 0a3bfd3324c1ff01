"""DataLoader with worker processes: same batches as in-process loading, seeds, errors that
surface, dead or slow workers that never hang the main process."""
import gc
import os
import random
import signal
import time

import numpy as np
import pytest

import paddle
from paddle.io import DataLoader, Dataset, IterableDataset, get_worker_info


class Images(Dataset):
    """Big enough arrays to travel through shared memory, plus small fields."""

    def __len__(self):
        return 23

    def __getitem__(self, i):
        info = get_worker_info()
        return {"x": np.full([64, 300], i, np.float32), "y": i,
                "worker": -1 if info is None else info.id}


class RandomDraws(Dataset):
    def __len__(self):
        return 8

    def __getitem__(self, i):
        return np.random.randint(0, 2**31), float(paddle.rand([]))


class Failing(Dataset):
    def __len__(self):
        return 10

    def __getitem__(self, i):
        if i == 7:
            raise KeyError("no sample seven")
        return i


class DiesAtNine(Dataset):
    def __len__(self):
        return 20

    def __getitem__(self, i):
        if i == 9:
            os.kill(os.getpid(), signal.SIGKILL)
        return i


class Sleepy(Dataset):
    def __len__(self):
        return 4

    def __getitem__(self, i):
        time.sleep(60)
        return i


class Sharded(IterableDataset):
    """Each worker yields its own slice, as get_worker_info() describes."""

    def __iter__(self):
        info = get_worker_info()
        start, step = (0, 1) if info is None else (info.id, info.num_workers)
        for i in range(start, 11, step):
            yield np.array([i]), i


def _plain(batch):
    return batch["x"].numpy().tolist(), batch["y"].tolist()


def test_two_workers_yield_exactly_the_in_process_batches():
    expected = [_plain(b) for b in DataLoader(Images(), batch_size=4)]
    batches = list(DataLoader(Images(), batch_size=4, num_workers=2))
    assert [_plain(b) for b in batches] == expected
    assert [b["worker"].tolist()[0] for b in batches] == [0, 1, 0, 1, 0, 1]
    assert batches[0]["x"].dtype == paddle.float32
    without_shm = list(DataLoader(Images(), batch_size=4, num_workers=2,
                                  use_shared_memory=False))
    assert [_plain(b) for b in without_shm] == expected


# Observed with real Paddle 3.3.1 after np.random.seed(3): 23 samples, shuffle=True. The
# workers' base seed is drawn from NumPy's stream before the first permutation, so the first
# epoch with workers differs from the in-process one (same multiset); persistent workers draw
# it once, so their later epochs are the in-process ones.
PADDLE_SHUFFLED_WITH_WORKERS = [22, 12, 17, 15, 14, 16, 1, 2, 21, 13, 4, 20, 6, 7, 5, 18, 9,
                                11, 10, 19, 0, 8, 3]
PADDLE_SHUFFLED_IN_PROCESS = [21, 12, 17, 15, 14, 16, 1, 2, 20, 13, 4, 19, 6, 7, 5, 18, 9, 11,
                              22, 0, 8, 3, 10]


def _shuffled_epochs(num_workers, epochs=3, persistent=False):
    np.random.seed(3)
    loader = DataLoader(Images(), batch_size=4, shuffle=True, num_workers=num_workers,
                        persistent_workers=persistent)
    return [sum((b["y"].tolist() for b in loader), []) for _ in range(epochs)]


def test_shuffled_epochs_with_workers_follow_paddle():
    in_process = _shuffled_epochs(0)
    with_workers = _shuffled_epochs(2)
    persistent = _shuffled_epochs(2, persistent=True)
    assert in_process[0] == PADDLE_SHUFFLED_IN_PROCESS
    assert with_workers[0] == persistent[0] == PADDLE_SHUFFLED_WITH_WORKERS
    assert persistent[1:] == in_process[1:]
    for epoch in in_process + with_workers + persistent:
        assert sorted(epoch) == list(range(23))  # every epoch: the same multiset


def test_workers_get_distinct_seeds_reproducible_under_numpy_seed():
    def draws():
        np.random.seed(21)  # the workers' base seed comes from NumPy's stream, as in Paddle
        loader = DataLoader(RandomDraws(), batch_size=4, num_workers=2)
        return [(a.tolist(), b.tolist()) for a, b in loader]

    first = draws()
    assert first == draws()
    (np_a, pd_a), (np_b, pd_b) = first
    assert np_a != np_b and pd_a != pd_b  # worker 0 and worker 1 drew different numbers


class WorkerDraws(Dataset):
    def __len__(self):
        return 8

    def __getitem__(self, i):
        return np.random.randint(0, 2**31), random.random(), get_worker_info().seed


def test_worker_seeds_and_draws_match_paddle():
    """Real Paddle 3.3.1 after np.random.seed(21), shuffle=True, batch_size=2, two workers: the
    same NumPy and Python draws inside the workers and the same WorkerInfo.seed."""
    np.random.seed(21)
    batches = [[x.tolist() for x in b]
               for b in DataLoader(WorkerDraws(), batch_size=2, num_workers=2, shuffle=True)]
    assert [b[0] for b in batches] == [[1486568555, 2067700301], [1961630514, 245842448],
                                       [342521434, 730308497], [1596958886, 247171140]]
    np.testing.assert_allclose(batches[0][1], [0.32353122541194546, 0.8468345747983396],
                               rtol=1e-15)
    assert {seed % 1000003 for b in batches for seed in b[2]} == {510113}


def test_worker_exception_surfaces_with_traceback():
    with pytest.raises(KeyError) as info:
        list(DataLoader(Failing(), batch_size=2, num_workers=2))
    message = str(info.value)
    assert "DataLoader worker(1) caught KeyError" in message
    assert "no sample seven" in message and "__getitem__" in message


def test_worker_init_fn_runs_and_its_errors_surface():
    def init(worker_id):
        if worker_id == 1:
            raise ValueError("init failed in worker 1")

    with pytest.raises(ValueError, match="init failed in worker 1"):
        list(DataLoader(Images(), batch_size=4, num_workers=2, worker_init_fn=init))


def test_killed_worker_raises_promptly():
    started = time.monotonic()
    with pytest.raises(RuntimeError, match="killed by signal SIGKILL"):
        list(DataLoader(DiesAtNine(), batch_size=2, num_workers=2))
    assert time.monotonic() - started < 20


def test_timeout_bounds_the_wait():
    started = time.monotonic()
    with pytest.raises(RuntimeError, match="timed out"):
        list(DataLoader(Sleepy(), batch_size=1, num_workers=2, timeout=0.5))
    assert time.monotonic() - started < 30  # far from the minute a batch would take


def test_iterable_dataset_with_workers_and_worker_info():
    loader = DataLoader(Sharded(), batch_size=2, num_workers=2)
    assert [b[1].tolist() for b in loader] == [[0, 2], [1, 3], [4, 6], [5, 7], [8, 10], [9]]
    dropped = DataLoader(Sharded(), batch_size=2, num_workers=3, drop_last=True)
    assert [b[1].tolist() for b in dropped] == [[0, 3], [1, 4], [2, 5], [6, 9], [7, 10]]


def test_persistent_workers_serve_every_epoch():
    loader = DataLoader(Images(), batch_size=5, num_workers=2, persistent_workers=True)
    epochs = [[b["y"].tolist() for b in loader] for _ in range(3)]
    assert epochs[0] == epochs[1] == epochs[2] and len(epochs[0]) == 5
    first = loader._iterator
    partial = iter(loader)
    next(partial)
    assert loader._iterator is first
    assert [b["y"].tolist()[0] for b in loader] == [0, 5, 10, 15, 20]
    loader._iterator._shutdown()
    assert _our_shared_files() == set()  # batches buffered for the abandoned epoch released


def _our_shared_files():
    prefix = f"paddle_dataloader_{os.getpid()}_"
    return {name for name in os.listdir("/dev/shm") if name.startswith(prefix)}


@pytest.mark.skipif(not os.path.isdir("/dev/shm"), reason="no /dev/shm")
def test_no_shared_memory_left_behind():
    loader = iter(DataLoader(Images(), batch_size=4, num_workers=2))
    next(loader)
    del loader  # abandoned mid-epoch: prefetched batches must be released too
    def init(worker_id):
        if worker_id == 1:
            raise ValueError("stop")
    with pytest.raises(ValueError):  # a failure while worker 0 still has batches in flight
        list(DataLoader(Images(), batch_size=4, num_workers=2, worker_init_fn=init))
    assert _our_shared_files() == set()


def test_tensor_samples_cross_process_boundary():
    from paddle.io import TensorDataset
    big = paddle.arange(40 * 1000, dtype="float32").reshape([40, 1000])  # shared-memory sized
    ds = TensorDataset([big, paddle.arange(40).astype("bfloat16")])
    in_process = [(x.numpy(), y.astype("float32").numpy()) for x, y in DataLoader(ds, batch_size=32)]
    workers = list(DataLoader(ds, batch_size=32, num_workers=2))
    assert workers[1][1].dtype == paddle.bfloat16
    for (x, y), (wx, wy) in zip(in_process, workers):
        np.testing.assert_array_equal(wx.numpy(), x)
        np.testing.assert_array_equal(wy.astype("float32").numpy(), y)
        wx.add_(paddle.ones_like(wx))  # arrays mapped from shared memory are writable


def test_persistent_loader_recovers_after_a_failed_epoch():
    class FailsOnce(Dataset):
        failed = False

        def __len__(self):
            return 4

        def __getitem__(self, i):
            if i == 3 and not FailsOnce.failed:
                raise IndexError("first epoch fails")
            return i

    loader = DataLoader(FailsOnce(), batch_size=2, num_workers=2, persistent_workers=True)
    with pytest.raises(IndexError, match="first epoch fails"):
        list(loader)
    FailsOnce.failed = True  # the next workers fork with the fixed class attribute
    assert [b.tolist() for b in loader] == [[0, 1], [2, 3]]
    finished = iter(DataLoader(Images(), batch_size=8, num_workers=2))
    assert len(list(finished)) == 3
    with pytest.raises(StopIteration):
        next(finished)


class SlowWithPids(Dataset):
    """Records which processes serve it, and is slow enough that a worker can be killed while
    the main process waits."""

    def __init__(self, folder):
        self.folder = folder

    def __len__(self):
        return 40

    def __getitem__(self, i):
        open(os.path.join(self.folder, str(os.getpid())), "w").close()
        time.sleep(0.05)
        return i


def test_worker_killed_from_outside_raises_within_the_timeout(tmp_path):
    """The out-of-memory killer's case: a worker dies mid-epoch by another process's hand."""
    loader = iter(DataLoader(SlowWithPids(str(tmp_path)), batch_size=2, num_workers=2,
                             timeout=10))
    next(loader)
    os.kill(int(os.listdir(tmp_path)[0]), signal.SIGKILL)
    started = time.monotonic()
    with pytest.raises(RuntimeError, match="killed by signal SIGKILL"):
        list(loader)
    assert time.monotonic() - started < 10


def test_collected_persistent_loader_stops_its_workers_at_once(monkeypatch):
    """A persistent loader and its iterator form a cycle that only the garbage collector
    frees; the workers must stop then without waiting out the shutdown grace period (made
    a minute here, so a slow machine cannot blur the difference)."""
    from paddle.io.dataloader import multiprocess_iter
    monkeypatch.setattr(multiprocess_iter, "JOIN_TIMEOUT", 60.0)
    loader = DataLoader(Images(), batch_size=8, num_workers=2, persistent_workers=True)
    assert len(list(loader)) == 3
    workers = list(loader._iterator._workers)
    started = time.monotonic()
    del loader
    gc.collect()
    assert time.monotonic() - started < 30
    for process in workers:
        process.join(2)
        assert not process.is_alive()
