"""Nothing hangs: a killed or stalled rank, or ranks that disagree, end the whole job with an
error naming the rank(s), and Ctrl-C on the launcher stops every rank."""
import os
import signal
import subprocess
import sys
import time

from jobs import SCRIPTS, environment, launch, require_mpi


def _alive(pid: int) -> bool:
    """Running (a zombie waiting for its reaper has ended)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def ranks_gone(folder, grace_s: float = 3.0) -> bool:
    pids = [int((folder / name).read_text()) for name in os.listdir(folder)
            if name.startswith("pid.")]
    deadline = time.time() + grace_s
    while any(_alive(pid) for pid in pids):
        if time.time() > deadline:
            return False
        time.sleep(0.1)
    return True


def test_sigkill_of_one_of_four_ranks_ends_the_job_naming_it(tmp_path):
    job = launch(tmp_path, "faults.py", 4, ["kill", 2, tmp_path])
    ended = time.time()
    assert job.returncode != 0
    assert "Container rank 2 status failed" in job.output, job.output[-3000:]
    assert "killed by signal 9" in job.output
    killed_at = float((tmp_path / "killed_at").read_text())
    assert ended - killed_at <= 10.0, f"{ended - killed_at:.1f} s from the kill to the end"
    assert ranks_gone(tmp_path)


def test_stalled_rank_is_named_by_the_timeout(tmp_path):
    job = launch(tmp_path, "faults.py", 2, ["stall", 1, tmp_path],
                 extra_env={"PADDLE_PG_TIMEOUT": "2000"})
    assert job.returncode != 0
    assert "TimeoutError" in job.output, job.output[-3000:]
    assert "within the group's timeout of 2000 ms (pg_timeout): rank 1 stalled or died" \
        in job.output, job.output[-3000:]
    assert job.seconds < 60
    assert ranks_gone(tmp_path)


def test_mismatched_shapes_fail_on_every_rank_naming_both(tmp_path):
    job = launch(tmp_path, "faults.py", 2, ["mismatch", "-", tmp_path])
    assert job.returncode != 0
    expected = ("rank 0 has all_reduce (call #1), op SUM, float32, shape [4, 3]; rank 1 has "
                "all_reduce (call #1), op SUM, float32, shape [4, 2]")
    assert expected in job.log("workerlog.0") or expected in job.log("workerlog.1")
    assert expected in job.output


def test_ctrl_c_stops_every_rank(tmp_path):
    require_mpi()
    command = [sys.executable, "-m", "paddle.distributed.launch", "--nproc_per_node", "2",
               "--log_dir", str(tmp_path / "log"), os.path.join(SCRIPTS, "faults.py"), "wait",
               "-", str(tmp_path)]
    launcher = subprocess.Popen(command, cwd=tmp_path, env=environment(),
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                start_new_session=True)
    try:
        deadline = time.time() + 60
        while not all((tmp_path / f"running.{r}").exists() for r in range(2)):
            assert time.time() < deadline and launcher.poll() is None, "job did not start"
            time.sleep(0.1)
        launcher.send_signal(signal.SIGINT)
        code = launcher.wait(timeout=20)
        assert code != 0
        assert ranks_gone(tmp_path)
    finally:
        if launcher.poll() is None:
            os.killpg(launcher.pid, signal.SIGKILL)
            launcher.wait()


def test_metadata_check_can_be_switched_off(monkeypatch):
    from paddle.distributed.communication.group import Group
    monkeypatch.setenv("PADDLE_DISTRI_CHECK_META", "0")
    assert Group(0, 10, [0, 1]).check_metadata is False
    monkeypatch.delenv("PADDLE_DISTRI_CHECK_META")
    assert Group(0, 10, [0, 1]).check_metadata is True
