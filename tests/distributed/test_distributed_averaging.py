"""The backend's averaged buffers that DataParallel's gradient buckets live in: the shared
memory average on one machine and MPI's all-reduce, on 2 and 4 ranks, checked against NumPy
and for identical bits on every rank inside the ranks (scripts/averaging.py)."""
import pytest
from jobs import assert_ok, launch


@pytest.mark.parametrize("nprocs", [2, 4])
def test_shared_memory_and_mpi_averages(tmp_path, nprocs):
    job = launch(tmp_path, "averaging.py", nprocs)
    assert_ok(job)
    assert "AVERAGED SharedAveragedBuffers 3" in job.output
    assert "AVERAGED AveragedBuffers 3" in job.output


def test_shared_memory_can_be_switched_off(tmp_path):
    job = launch(tmp_path, "averaging.py", 2, extra_env={"PADDLE_DISTRI_SHM_AVERAGE": "0"})
    assert_ok(job)
    assert job.output.count("AVERAGED AveragedBuffers 3") == 2
    assert "SharedAveragedBuffers" not in job.output
