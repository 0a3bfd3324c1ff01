"""paddle.io against real Paddle: default collation (dtypes and nesting of numbers, NumPy
arrays, Tensors, dicts and lists), batch sampling, and every sampler whose randomness comes
from NumPy's global stream (np.random.seed fixes the order in both; samplers drawing from
paddle's own generator cannot match value for value and are tested in tests/io)."""

CASES = {}


class _Samples:
    """A map-style dataset of heterogeneous samples (built lazily on the given paddle)."""

    def __init__(self, paddle, np, n=7):
        self.paddle, self.np, self.n = paddle, np, n

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        np = self.np
        return (np.full([2, 3], i, np.float32), i, i * 0.5, bool(i % 2), np.float64(i) / 3,
                {"ids": np.arange(i, i + 2, dtype=np.int32), "pair": [i, float(i) + 0.25]},
                self.paddle.to_tensor([i, -i], dtype="int16"))


def _flat(batch):
    """Dicts become sorted (key, value) lists so the golden runner can flatten them."""
    if isinstance(batch, dict):
        return [[key, _flat(batch[key])] for key in sorted(batch)]
    if isinstance(batch, (list, tuple)):
        return [_flat(item) for item in batch]
    return batch


def _loader_case(**kwargs):
    def case(paddle, np):
        np.random.seed(2024)
        dataset = _Samples(paddle, np)
        loader = paddle.io.DataLoader(dataset, **kwargs)
        return [_flat(batch) for batch in loader]
    return case


CASES["collate_batches"] = _loader_case(batch_size=3)
CASES["collate_drop_last"] = _loader_case(batch_size=3, drop_last=True)
CASES["collate_shuffle_seeded"] = _loader_case(batch_size=2, shuffle=True)
CASES["collate_no_batching"] = _loader_case(batch_size=None)
CASES["collate_return_list_false"] = _loader_case(batch_size=4, return_list=False)


def _custom_collate(paddle, np):
    # (a batch holding no array at all ends Paddle's epoch early, a quirk not followed here)
    def collate(samples):
        return {"ten_x": np.array([s[1] * 10 for s in samples]), "tag": "batch"}
    loader = paddle.io.DataLoader(_Samples(paddle, np), batch_size=3, collate_fn=collate)
    return [_flat(batch) for batch in loader]


CASES["collate_fn_custom"] = _custom_collate


def _default_collate(paddle, np):
    from paddle.io.dataloader.collate import default_collate_fn
    samples = [{"x": np.ones([2], np.float16) * i, "n": np.int8(i), "s": "name"}
               for i in range(3)]
    out = default_collate_fn(samples)
    return [out["x"], out["n"], out["s"]]


CASES["default_collate_fn_direct"] = _default_collate


def _tensor_dataset(paddle, np):
    data = paddle.to_tensor(np.arange(12, dtype=np.float32).reshape(6, 2))
    labels = paddle.to_tensor(np.arange(6, dtype=np.int64))
    ds = paddle.io.TensorDataset([data, labels])
    return [_flat(b) for b in paddle.io.DataLoader(ds, batch_size=4)] + [len(ds), ds[5]]


CASES["tensor_dataset_batches"] = _tensor_dataset


def _sampler_case(build):
    def case(paddle, np):
        np.random.seed(7)
        return [list(build(paddle, np)) for _ in range(2)]  # two epochs from one stream
    return case


_SAMPLERS = {
    "random": lambda p, np: p.io.RandomSampler(list(range(9))),
    "random_replacement": lambda p, np: p.io.RandomSampler(list(range(9)), replacement=True,
                                                           num_samples=12),
    "random_num_samples": lambda p, np: p.io.RandomSampler(list(range(9)), num_samples=4),
    "random_generator": lambda p, np: p.io.RandomSampler(
        list(range(5)), generator=iter([4, 0, 3])),
    "weighted_replacement": lambda p, np: p.io.WeightedRandomSampler(
        np.array([0.1, 0.4, 0.2, 0.3]), num_samples=8),
    "weighted_no_replacement": lambda p, np: p.io.WeightedRandomSampler(
        np.array([0.1, 0.4, 0.2, 0.3, 0.5]), num_samples=4, replacement=False),
    "sequence": lambda p, np: p.io.SequenceSampler(list(range(4))),
    "batch_shuffle": lambda p, np: p.io.BatchSampler(list(range(10)), shuffle=True,
                                                     batch_size=3),
    "batch_drop_last": lambda p, np: p.io.BatchSampler(list(range(10)), shuffle=True,
                                                       batch_size=3, drop_last=True),
    "batch_of_sampler": lambda p, np: p.io.BatchSampler(
        sampler=p.io.RandomSampler(list(range(7))), batch_size=2),
}
for _name, _build in _SAMPLERS.items():
    CASES[f"sampler_{_name}"] = _sampler_case(_build)


def _distributed(shuffle, drop_last, epoch):
    def case(paddle, np):
        out = []
        for rank in range(3):
            sampler = paddle.io.DistributedBatchSampler(
                list(range(11)), batch_size=2, num_replicas=3, rank=rank, shuffle=shuffle,
                drop_last=drop_last)
            sampler.set_epoch(epoch)
            out.append([list(b) for b in sampler] + [len(sampler)])
        return out
    return case


CASES["distributed_plain"] = _distributed(False, False, 0)
CASES["distributed_shuffle_epoch3"] = _distributed(True, False, 3)
CASES["distributed_shuffle_drop_last"] = _distributed(True, True, 5)


def _errors(build):
    def case(paddle, np):
        build(paddle, np)
    return case


def _batch_size_zero(paddle, np):
    """Paddle asserts; ours is also a ValueError (an AssertionError subclass), so both of the
    handlers user code may have catch it."""
    try:
        paddle.io.BatchSampler(list(range(4)), batch_size=0)
    except AssertionError as exc:
        return str(exc)
    return "no error"


CASES["error_batch_size_zero"] = _batch_size_zero

_ERRORS = {
    "weighted_too_many": lambda p, np: p.io.WeightedRandomSampler(
        [0.5, 0.5], num_samples=3, replacement=False),
    "random_num_samples_zero": lambda p, np: p.io.RandomSampler(list(range(3)), num_samples=0),
    "random_split_lengths": lambda p, np: p.io.random_split(list(range(5)), [2, 2]),
    "subset_index": lambda p, np: p.io.Subset(list(range(3)), [5])[0],
    "distributed_rank": lambda p, np: p.io.DistributedBatchSampler(
        list(range(4)), batch_size=2, num_replicas=2, rank=2),
}
for _name, _build in _ERRORS.items():
    CASES[f"error_{_name}"] = _errors(_build)


class _WorkerDraws:
    """Samples drawn inside the worker processes from NumPy's (per-worker seeded) stream."""

    def __init__(self, np):
        self.np = np

    def __len__(self):
        return 10

    def __getitem__(self, i):
        return self.np.array([i, self.np.random.randint(0, 1000)], "int64")


def _workers_shuffled(persistent):
    def case(paddle, np):
        np.random.seed(11)
        loader = paddle.io.DataLoader(_WorkerDraws(np), batch_size=3, shuffle=True,
                                      num_workers=2, persistent_workers=persistent)
        return [[batch for batch in loader] for _ in range(2)]
    return case


CASES["workers_shuffled_draws"] = _workers_shuffled(False)
CASES["workers_persistent_shuffled_draws"] = _workers_shuffled(True)
