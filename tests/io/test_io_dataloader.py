"""DataLoader in the main process: batching, collation dtypes and argument checks (as Paddle)."""
import numpy as np
import pytest

import paddle
from paddle.io import BatchSampler, DataLoader, Dataset, IterableDataset, TensorDataset
from paddle.io.dataloader.collate import default_collate_fn, default_convert_fn


class Records(Dataset):
    def __len__(self):
        return 5

    def __getitem__(self, i):
        return {"img": np.full([2], i, np.float32), "lab": i, "f": i * 0.5, "b": True,
                "s": f"n{i}", "nest": [np.int32(i), (paddle.to_tensor([i]),)]}


class Pairs(Dataset):
    def __len__(self):
        return 5

    def __getitem__(self, i):
        return np.array([i]), i


class Stream(IterableDataset):
    def __iter__(self):
        for i in range(5):
            yield np.array([i]), i


def test_collated_dtypes_match_paddle():
    batch = next(iter(DataLoader(Records(), batch_size=2)))
    assert batch["img"].dtype == paddle.float32 and batch["img"].shape == [2, 2]
    assert batch["lab"].dtype == paddle.int64 and batch["lab"].tolist() == [0, 1]
    assert batch["f"].dtype == paddle.float64 and batch["b"].dtype == paddle.bool
    assert batch["s"] == ["n0", "n1"]
    ints, (stacked,) = batch["nest"]
    assert ints.dtype == paddle.int32 and stacked.shape == [2, 1]
    assert all(t.stop_gradient for t in (batch["img"], stacked))


def test_batches_lengths_and_drop_last():
    loader = DataLoader(Pairs(), batch_size=2)
    assert len(loader) == 3
    batches = list(loader)
    assert [b[1].tolist() for b in batches] == [[0, 1], [2, 3], [4]]
    assert isinstance(batches[0], list) and batches[0][0].shape == [2, 1]
    dropped = DataLoader(Pairs(), batch_size=2, drop_last=True)
    assert len(dropped) == 2 and len(list(dropped)) == 2
    assert len(list(loader())) == 3  # DataLoader is also callable, as in Paddle


def test_no_automatic_batching():
    loader = DataLoader(Pairs(), batch_size=None)
    first = next(iter(loader))
    assert first[0].shape == [1] and first[1] == 0 and len(loader) == 5


def test_loader_copies_arrays_it_did_not_build():
    store = [np.zeros(2)]

    class Shared(Dataset):
        def __len__(self):
            return 1

        def __getitem__(self, i):
            return store[i]

    tensor = next(iter(DataLoader(Shared(), batch_size=None)))
    tensor.add_(paddle.ones([2], dtype="float64"))
    assert store[0].tolist() == [0.0, 0.0]


def test_tensor_dataset_and_batch_sampler():
    ds = TensorDataset([paddle.arange(6).reshape([3, 2]), paddle.to_tensor([1.0, 2.0, 3.0])])
    xs = [x.tolist() for x, _ in DataLoader(ds, batch_size=2)]
    assert xs == [[[0, 1], [2, 3]], [[4, 5]]]
    sampler = BatchSampler(sampler=[2, 0, 1], batch_size=2)
    assert [y.tolist() for _, y in DataLoader(ds, batch_sampler=sampler)] == [[3.0, 1.0], [2.0]]


def test_shuffle_follows_numpy_seed_with_paddles_order():
    class Ten(Dataset):
        def __len__(self):
            return 10

        def __getitem__(self, i):
            return i

    np.random.seed(7)
    order = [b.tolist() for b in DataLoader(Ten(), batch_size=4, shuffle=True)]
    assert order == [[8, 5, 0, 2], [1, 9, 7, 3], [6, 4]]  # what real Paddle 3.3 yields


def test_iterable_dataset():
    assert [b[1].tolist() for b in DataLoader(Stream(), batch_size=2)] == [[0, 1], [2, 3], [4]]
    assert len(list(DataLoader(Stream(), batch_size=2, drop_last=True))) == 2
    assert [b[1] for b in DataLoader(Stream(), batch_size=None)] == [0, 1, 2, 3, 4]
    with pytest.raises(ValueError, match="not support shuffle"):
        DataLoader(Stream(), shuffle=True)
    with pytest.raises(ValueError, match="batch_sampler"):
        DataLoader(Stream(), batch_sampler=BatchSampler(range(2)))
    with pytest.raises(ValueError, match="length of IterableDataset"):
        len(DataLoader(Stream()))


def test_custom_collate_fn():
    loader = DataLoader(Pairs(), batch_size=2, collate_fn=lambda items: sum(i for _, i in items))
    assert list(loader) == [1, 5, 4]


@pytest.mark.parametrize("kwargs", [
    {"num_workers": -1}, {"prefetch_factor": 0}, {"timeout": -1}, {"batch_size": 0},
    {"batch_sampler": BatchSampler(range(5)), "batch_size": 2},
])
def test_bad_arguments(kwargs):
    with pytest.raises(AssertionError):
        DataLoader(Pairs(), **kwargs)


def test_collate_functions_directly():
    out = default_collate_fn([{"x": np.zeros(2), "y": 1}, {"x": np.ones(2), "y": 2}])
    assert out["x"].shape == (2, 2) and out["y"].tolist() == [1, 2]
    with pytest.raises(RuntimeError, match="fields number not same"):
        default_collate_fn([(1, 2), (1,)])
    with pytest.raises(TypeError, match="batch data con only contains"):
        default_collate_fn([object()])
    assert default_convert_fn((1, "a", {"k": (2,)})) == [1, "a", {"k": [2]}]
