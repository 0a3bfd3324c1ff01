"""paddle.DataParallel across ranks: the losses of one process on the whole batch (ours and
real Paddle's, eager and under to_static), no_sync, find_unused_parameters, rank 0's
checkpoint, and paddle.Model.fit."""
import json
import os
import sys

import numpy as np
import pytest
from jobs import assert_ok, launch

import paddle

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "scripts"))
import data_parallel_reference as reference
import models

GOLDEN = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "fixtures",
                      "distributed", "reference.json")


@pytest.fixture(scope="module")
def single_process_losses():
    paddle.seed(0)
    return {name: models.train(name, build()) for name, (build, _, _) in models.MODELS.items()}


@pytest.fixture(scope="module")
def two_ranks(tmp_path_factory):
    folder = tmp_path_factory.mktemp("dp2")
    job = launch(folder, "data_parallel.py", 2, [folder / "out.json", "features"])
    assert_ok(job)
    with open(folder / "out.json") as f:
        return folder, json.load(f)


def _assert_losses(result, single_process_losses):
    with open(GOLDEN) as f:
        real_paddle = json.load(f)["losses"]
    for name in models.MODELS:
        got = np.array(result[f"{name}_losses"])
        np.testing.assert_allclose(got, single_process_losses[name], rtol=1e-5, err_msg=name)
        np.testing.assert_allclose(got, real_paddle[name], rtol=1e-5, err_msg=name)
        assert result[f"{name}_spread"] == 0.0, name


def test_two_ranks_train_as_one_process(two_ranks, single_process_losses):
    _assert_losses(two_ranks[1], single_process_losses)


def test_gradients_are_views_of_shared_memory_buckets(two_ranks):
    result = two_ranks[1]
    assert result["averaging"] == "SharedAveragedBuffers"
    assert result["mlp_grads_in_buckets"] and result["lenet_grads_in_buckets"]


def test_two_ranks_over_mpis_all_reduce_train_as_one_process(tmp_path, single_process_losses):
    job = launch(tmp_path, "data_parallel.py", 2, [tmp_path / "out.json"],
                 extra_env={"PADDLE_DISTRI_SHM_AVERAGE": "0"})
    assert_ok(job)
    with open(tmp_path / "out.json") as f:
        result = json.load(f)
    assert result["averaging"] == "AveragedBuffers"
    assert result["mlp_grads_in_buckets"] and result["lenet_grads_in_buckets"]
    _assert_losses(result, single_process_losses)


def test_gradients_dropped_between_steps_train_as_one_process(two_ranks,
                                                              single_process_losses):
    np.testing.assert_allclose(two_ranks[1]["mlp_dropped_grads_losses"],
                               single_process_losses["mlp"], rtol=1e-5)


def test_four_ranks_train_as_one_process(tmp_path, single_process_losses):
    job = launch(tmp_path, "data_parallel.py", 4, [tmp_path / "out.json"])
    assert_ok(job)
    with open(tmp_path / "out.json") as f:
        result = json.load(f)
    assert result["world"] == 4
    _assert_losses(result, single_process_losses)


def test_to_static_data_parallel_trains_as_one_process(two_ranks, single_process_losses):
    np.testing.assert_allclose(two_ranks[1]["mlp_to_static_losses"],
                               single_process_losses["mlp"], rtol=1e-5)


def test_wrapping_broadcasts_rank0s_parameters_and_buffers(two_ranks):
    result = two_ranks[1]
    assert result["spread_before_wrap"] > 0.1
    assert result["spread_after_wrap"] == 0.0
    assert result["buffer_after_wrap"] == [0.0] * 4


def test_no_sync_micro_batches_equal_one_step_on_the_whole_batch(two_ranks):
    folder, _ = two_ranks
    got = paddle.load(str(folder / "no_sync.pdparams"))
    want = reference.one_sgd_step_on_whole_batch()
    assert list(got) == list(want)
    for key in want:
        np.testing.assert_allclose(got[key].numpy(), want[key], rtol=1e-5, atol=1e-7)


def test_find_unused_parameters(two_ranks):
    unused = two_ranks[1]["unused"]
    np.testing.assert_allclose(unused["extra"], reference.extra_grad_of_rank0() / 2, rtol=1e-6)
    assert unused["never"] is True
    assert "find_unused_parameters=True" in unused["strict_error"]
    assert "extra.weight" in unused["strict_error"] or "linear" in unused["strict_error"]


def test_hapi_fit_on_two_ranks_equals_the_doubled_batch(two_ranks):
    want = reference.hapi_fit_single_process(batch_size=16)
    for got, expected in zip(two_ranks[1]["hapi_weights"], want):
        np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-6)


def test_rank0_checkpoint_loads_into_a_plain_model(two_ranks):
    folder, result = two_ranks
    state = paddle.load(str(folder / "lenet_dp.pdparams"))
    assert list(state) == result["saved_keys"]
    plain = models.LeNet()
    missing, unexpected = plain.set_state_dict(state)
    assert not missing and not unexpected
    for p, q in zip(plain.parameters(), models.lenet().parameters()):
        np.testing.assert_array_equal(p.numpy(), q.numpy())


def test_rank0_checkpoint_loads_into_real_paddle(two_ranks):
    from published_models import run_reference
    folder, _ = two_ranks
    scripts = os.path.join(os.path.dirname(os.path.abspath(__file__)), "scripts")
    out = run_reference(reference.REAL_PADDLE_LOAD, [scripts, folder / "lenet_dp.pdparams"])
    assert out.strip().endswith("LOADED 0.0"), out
