"""Every collective on 2 and 4 ranks, world group and a sub-group, blocking and async, for
Paddle's dtypes, checked against NumPy inside the ranks (scripts/collectives.py)."""
import pytest
from jobs import assert_ok, launch


@pytest.mark.parametrize("nprocs, checks", [(2, 142), (4, 76)])
def test_every_collective(tmp_path, nprocs, checks):
    job = launch(tmp_path, "collectives.py", nprocs)
    assert_ok(job)
    assert f"CHECKED {checks}" in job.output
