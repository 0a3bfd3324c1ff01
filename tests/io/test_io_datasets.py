"""paddle.io datasets, samplers and batch samplers, against real Paddle 3.3's behaviour."""
import warnings

import numpy as np
import pytest

import paddle
from paddle._core.random import Generator as CoreGenerator
from paddle.io import (
    BatchSampler,
    ChainDataset,
    ComposeDataset,
    ConcatDataset,
    Dataset,
    DistributedBatchSampler,
    IterableDataset,
    RandomSampler,
    Sampler,
    SequenceSampler,
    Subset,
    SubsetRandomSampler,
    TensorDataset,
    WeightedRandomSampler,
    random_split,
)


class Range(Dataset):
    def __init__(self, n):
        self.n = n

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        return np.array([i]), i


class Upto(IterableDataset):
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        yield from range(self.n)


def test_base_classes_demand_overrides():
    with pytest.raises(NotImplementedError):
        Dataset()[0]
    with pytest.raises(NotImplementedError):
        len(Dataset())
    with pytest.raises(NotImplementedError):
        iter(IterableDataset())
    with pytest.raises(RuntimeError):
        IterableDataset()[0]
    with pytest.raises(NotImplementedError):
        iter(Sampler(range(3)))
    with pytest.raises(TypeError):
        len(Sampler(range(3)))


def test_tensor_dataset():
    ds = TensorDataset([paddle.arange(6).reshape([3, 2]), paddle.to_tensor([1.0, 2.0, 3.0])])
    assert len(ds) == 3
    row, label = ds[1]
    assert row.tolist() == [2, 3] and label.shape == [] and label.item() == 2.0
    with pytest.raises(AssertionError, match="1st dimension"):
        TensorDataset([paddle.ones([2]), paddle.ones([3])])
    with pytest.raises(ValueError, match="list/tuple of paddle.Tensor"):
        TensorDataset(np.ones([2, 2]))


def test_compose_chain_concat_subset():
    composed = ComposeDataset([Range(5), Range(5)])
    assert len(composed) == 5 and composed[1][1] == 1 and len(composed[1]) == 4
    with pytest.raises(AssertionError, match="should not be empty"):
        ComposeDataset([])
    with pytest.raises(AssertionError, match="lengths of datasets should be same"):
        ComposeDataset([Range(5), Range(3)])
    assert list(ChainDataset([Upto(2), Upto(3)])) == [0, 1, 0, 1, 2]
    with pytest.raises(ValueError):
        ChainDataset([Range(2)])
    concat = ConcatDataset([Range(2), Range(3)])
    assert len(concat) == 5 and concat.cumulative_sizes == [2, 5]
    assert concat[2][1] == 0 and concat[-1][1] == 2
    with pytest.raises(ValueError, match="should not exceed"):
        concat[-6]
    with pytest.raises(IndexError):
        concat[5]
    assert [Subset(Range(10), [9, 0])[i][1] for i in range(2)] == [9, 0]


def test_random_split_lengths_fractions_and_seed():
    paddle.seed(0)
    first = [s.indices for s in random_split(range(10), [3, 7])]
    paddle.seed(0)
    assert [s.indices for s in random_split(range(10), [0.3, 0.7])] == first
    assert sorted(first[0] + first[1]) == list(range(10))
    assert [len(s) for s in random_split(range(3), [0.5, 0.5])] == [2, 1]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert [len(s) for s in random_split(range(2), [0.1, 0.9])] == [1, 1]
    assert not caught
    with pytest.warns(UserWarning, match="Length of split at index 1 is 0"):
        random_split(range(1), [0.5, 0.5])
    with pytest.raises(ValueError, match="Sum of input lengths"):
        random_split(range(5), [3, 3])
    with pytest.raises(ValueError, match="Fraction at index 0"):
        random_split(range(5), [-0.1, 1.1])
    gen = CoreGenerator(seed=3)
    again = CoreGenerator(seed=3)
    assert ([s.indices for s in random_split(range(6), [3, 3], generator=gen)]
            == [s.indices for s in random_split(range(6), [3, 3], generator=again)])


def test_sequence_and_random_samplers():
    assert list(SequenceSampler(range(3))) == [0, 1, 2]
    np.random.seed(2023)  # NumPy's global stream, as in Paddle: real Paddle's numbers
    assert list(RandomSampler(range(5))) == [3, 0, 4, 2, 1]
    np.random.seed(5)
    assert list(RandomSampler(range(7), replacement=True, num_samples=5)) == [3, 6, 5, 6, 6]
    order = list(RandomSampler(range(6), generator=CoreGenerator(seed=4)))
    assert list(RandomSampler(range(6), generator=CoreGenerator(seed=4))) == order
    assert sorted(order) == list(range(6))
    drawn = list(RandomSampler(range(3), replacement=True, num_samples=8))
    assert len(drawn) == 8 and set(drawn) <= {0, 1, 2}
    assert list(RandomSampler(range(5), generator=iter([4, 3, 2]))) == [4, 3, 2]
    assert len(RandomSampler(range(5), num_samples=2)) == 2
    with pytest.raises(TypeError, match="boolean value for replacement"):
        RandomSampler(range(5), replacement=1)
    with pytest.raises(ValueError, match="smaller than or equal"):
        RandomSampler(range(5), num_samples=6)
    with pytest.raises(ValueError, match="positive integer"):
        RandomSampler(range(5), num_samples=0)


def test_weighted_and_subset_random_samplers():
    np.random.seed(0)
    assert list(WeightedRandomSampler(np.array([0.1, 0.2, 0.7]), 4)) == [2, 2, 2, 2]
    np.random.seed(0)
    assert list(WeightedRandomSampler(np.array([0.1, 0.2, 0.7], "float32"), 2,
                                      replacement=False)) == [2, 1]  # as real Paddle
    assert list(WeightedRandomSampler([0.0, 0.0, 1.0], 3)) == [2, 2, 2]
    two_rows = WeightedRandomSampler(np.array([[0.0, 1.0], [1.0, 0.0]]), 3)
    assert len(two_rows) == 6 and list(two_rows) == [1, 1, 1, 0, 0, 0]
    assert len(WeightedRandomSampler([0.2, 0.8], 5)) == 5
    assert sorted(WeightedRandomSampler(paddle.to_tensor([1.0, 1.0, 1.0]), 3,
                                        replacement=False)) == [0, 1, 2]
    with pytest.raises(AssertionError, match="less than num_samples"):
        list(WeightedRandomSampler([0.1, 0.0, 0.0], 2, replacement=False))
    with pytest.raises(ValueError, match="positive"):
        list(WeightedRandomSampler([-1.0, 2.0], 2))
    with pytest.raises(ValueError, match="num_samples should be a positive integer"):
        WeightedRandomSampler([1.0], 0)
    with pytest.raises(ValueError, match="replacement should be a boolean"):
        WeightedRandomSampler([1.0], 2, 1)
    assert sorted(SubsetRandomSampler([5, 6, 7])) == [5, 6, 7]
    with pytest.raises(ValueError, match="greater than 0"):
        SubsetRandomSampler([])


def test_batch_sampler():
    assert list(BatchSampler(range(5), batch_size=2)) == [[0, 1], [2, 3], [4]]
    assert len(BatchSampler(range(5), batch_size=2)) == 3
    assert len(BatchSampler(range(5), batch_size=2, drop_last=True)) == 2
    assert list(BatchSampler(sampler=SequenceSampler(range(5)), batch_size=3)) == [[0, 1, 2],
                                                                                   [3, 4]]
    np.random.seed(2)
    shuffled = [i for batch in BatchSampler(range(7), shuffle=True, batch_size=3) for i in batch]
    assert sorted(shuffled) == list(range(7))
    bad = [{}, {"dataset": range(3), "sampler": [1]}, {"dataset": range(3), "batch_size": 0},
           {"dataset": range(3), "drop_last": 1}, {"sampler": [1], "shuffle": True},
           {"dataset": Upto(3)}]
    for kwargs in bad:
        with pytest.raises(AssertionError):
            BatchSampler(**kwargs)


def test_distributed_batch_sampler_matches_paddle():
    shares = [list(DistributedBatchSampler(range(10), 2, num_replicas=3, rank=r))
              for r in range(3)]
    assert shares == [[[0, 1], [6, 7]], [[2, 3], [8, 9]], [[4, 5], [0, 1]]]
    sampler = DistributedBatchSampler(range(10), 2, num_replicas=3, rank=1, shuffle=True,
                                      drop_last=True)
    # the numbers real Paddle 3.3 gives: NumPy's RandomState seeded with the epoch
    assert list(sampler) == [[4, 0], [9, 3]]
    assert list(sampler) == [[4, 0], [1, 9]]
    sampler.set_epoch(0)
    assert list(sampler) == [[4, 0], [9, 3]] and len(sampler) == 2
    assert list(DistributedBatchSampler(range(2), 2, num_replicas=5, rank=4)) == [[0]]
    assert len(DistributedBatchSampler(range(10), 3, num_replicas=1, rank=0)) == 4
    with pytest.raises(AssertionError, match="num_replicas"):
        DistributedBatchSampler(range(4), 2, num_replicas=0)
    with pytest.raises(AssertionError, match="rank"):
        DistributedBatchSampler(range(4), 2, num_replicas=2, rank=-1)
