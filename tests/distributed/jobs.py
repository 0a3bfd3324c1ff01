"""Running small distributed jobs from tests, safely.

Each job runs inside its own network namespace (`unshare -n`, only the loopback device up) when
the machine allows it, so nothing it opens is reachable beyond this machine; every job has a
hard timeout, after which its whole process group (launcher, mpiexec, ranks) is killed by pid.
Jobs need mpi4py and the mpich wheel (the `distributed` extra); without them they are skipped.
"""
from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "scripts")
JOB_TIMEOUT_S = 120


def require_mpi() -> None:
    pytest.importorskip("mpi4py")
    here = os.path.dirname(sys.executable)
    if not (shutil.which("mpiexec", path=here) or shutil.which("mpiexec")):
        pytest.skip("no mpiexec (install the `distributed` extra: mpi4py + mpich)")


def _isolated() -> list:
    """The prefix that runs a command in a fresh network namespace with loopback up."""
    if shutil.which("unshare") is None or shutil.which("ip") is None:
        return []
    probe = subprocess.run(["unshare", "-n", "true"], capture_output=True, check=False)
    return [] if probe.returncode else ["unshare", "-n", "sh", "-c",
                                        'ip link set lo up && exec "$@"', "job"]


def environment(extra: dict | None = None) -> dict:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PADDLE_", "PMI_", "OMPI_", "PMIX_", "SLURM_"))}
    env["PYTHONPATH"] = os.path.join(ROOT, "src")
    env.update(extra or {})
    return env


class Job:
    """A finished job: exit code, console output, wall time, and its log folder."""

    def __init__(self, returncode: int, output: str, seconds: float, log_dir: str):
        self.returncode = returncode
        self.output = output
        self.seconds = seconds
        self.log_dir = log_dir

    def log(self, name: str) -> str:
        with open(os.path.join(self.log_dir, name), errors="replace") as f:
            return f.read()


def run_command(command: list, cwd: str, env: dict, timeout_s: float = JOB_TIMEOUT_S):
    """Run `command` in its own process group and namespace; (code, output, seconds)."""
    start = time.monotonic()
    process = subprocess.Popen(_isolated() + command, cwd=cwd, env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, start_new_session=True)
    try:
        output, _ = process.communicate(timeout=timeout_s)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        output, _ = process.communicate()
        pytest.fail(f"job {command} did not finish within {timeout_s} s:\n"
                    f"{output.decode(errors='replace')[-4000:]}")
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    return process.returncode, output.decode(errors="replace"), time.monotonic() - start


def launch(tmp_path, script: str, nprocs: int, args=(), extra_env=None, launcher_args=(),
           timeout_s: float = JOB_TIMEOUT_S) -> Job:
    """`python -m paddle.distributed.launch --nproc_per_node nprocs scripts/<script> args`."""
    require_mpi()
    log_dir = os.path.join(str(tmp_path), "log")
    command = [sys.executable, "-m", "paddle.distributed.launch", "--nproc_per_node",
               str(nprocs), "--log_dir", log_dir, *launcher_args,
               os.path.join(SCRIPTS, script), *map(str, args)]
    code, output, seconds = run_command(command, str(tmp_path), environment(extra_env),
                                        timeout_s)
    return Job(code, output, seconds, log_dir)


def assert_ok(job: Job) -> None:
    logs = ""
    if os.path.isdir(job.log_dir):
        for name in sorted(os.listdir(job.log_dir)):
            if name.startswith("workerlog"):
                logs += f"--- {name}\n{job.log(name)[-3000:]}"
    assert job.returncode == 0, f"{job.output[-3000:]}\n{logs}"
