"""One node's share of a launched job: the `mpiexec` (Hydra, from the mpich wheel) that starts
its ranks, the environment they share, the console copy of rank 0's log, and the verdict
when the job ends: the failing rank, its exit code and the tail of its log.
"""
from __future__ import annotations

import os
import random
import shutil
import signal
import socket
import string
import subprocess
import sys
import tempfile
import threading
import time

from .logs import LaunchLog, tail

_LOOPBACK = ("127.0.0.1", "localhost", "::1")
_STOP_GRACE_S = 5.0
_MASTER_WAIT_S = 300.0
_HEAP_LIMIT = 1 << 30


def find_mpiexec() -> str:
    """Hydra's mpiexec: the one installed beside this Python (the mpich wheel), else PATH's."""
    here = os.path.dirname(sys.executable)
    for name in ("mpiexec.hydra", "mpiexec"):
        found = shutil.which(name, path=here) or shutil.which(name)
        if found:
            return found
    raise RuntimeError("(launch) no mpiexec found: pip install 'feijiang[distributed]' (the "
                       "mpich wheel provides Hydra's mpiexec)")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class NodeJob:
    """The ranks of this node: started, watched, stopped."""

    def __init__(self, args, log: LaunchLog):
        self.args = args
        self.log = log
        self.pod = "".join(random.choice(string.ascii_lowercase) for _ in range(6))
        self.run_dir = tempfile.mkdtemp(prefix="paddle-launch-")
        self.process = None
        self.nameserver = None
        self.local = args.master_host in _LOOPBACK or args.nnodes == 1

    # ---- the environment and the command -----------------------------------------------------
    def environment(self) -> dict:
        a = self.args
        env = dict(os.environ)
        master = a.master or f"127.0.0.1:{_free_port()}"
        host = a.master_host if a.nnodes > 1 else "127.0.0.1"
        base = int(master.rsplit(":", 1)[1]) + 1
        endpoints = [f"{host}:{base + i}" for i in range(a.nnodes * a.nproc_per_node)]
        env.update({
            "PADDLE_MASTER": master, "PADDLE_NNODES": str(a.nnodes),
            "PADDLE_TRAINER_ENDPOINTS": ",".join(endpoints), "PADDLE_DISTRI_BACKEND": "mpi",
            "PADDLE_LAUNCH_RUN_DIR": self.run_dir, "POD_NAME": self.pod,
            "PADDLE_AUTO_CLUSTER": "0",
        })
        if a.log_dir:
            env["PADDLE_LOG_DIR"] = os.path.abspath(a.log_dir)
        if a.nnodes > 1:
            env["PADDLE_MPI_SERVICE"] = f"paddle-{a.job_id}"
            env["PADDLE_NODE_RANK"] = str(a.node_rank)
        # glibc serves arrays up to 1 GiB from its heap instead of fresh mmaps: a rank whose
        # backward keeps mapping and unmapping pages while its peers read its gradients ran
        # backward 1.5x slower (the overlapped all-reduce lost to the page faults)
        env.setdefault("MALLOC_MMAP_THRESHOLD_", str(_HEAP_LIMIT))
        env.setdefault("MALLOC_TRIM_THRESHOLD_", str(_HEAP_LIMIT))
        if self.local:  # every rank on this machine: keep MPI's traffic on the loopback device
            env.setdefault("UCX_NET_DEVICES", "lo")
            env.setdefault("FI_TCP_IFACE", "lo")
        return env

    def command(self) -> list:
        a = self.args
        cmd = [find_mpiexec(), "-n", str(a.nproc_per_node)]
        if self.local:
            cmd += ["-iface", "lo"]
        if a.nnodes > 1:
            cmd += ["-nameserver", f"{a.master_host}:{a.master_port}"]
        return cmd + [sys.executable, "-u", "-m", "paddle.distributed.launch.worker",
                      a.training_script, *a.training_script_args]

    # ---- running -----------------------------------------------------------------------------
    def start_nameserver(self) -> None:
        """The first node serves MPI's name lookups (where the nodes find each other)."""
        binary = os.path.join(os.path.dirname(find_mpiexec()), "hydra_nameserver")
        self.nameserver = subprocess.Popen([binary, "-port", str(self.args.master_port)],
                                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                           start_new_session=True)

    def wait_for_master(self) -> None:
        """Other nodes start once the first one's name server answers."""
        deadline = time.monotonic() + _MASTER_WAIT_S
        while True:
            try:
                socket.create_connection((self.args.master_host, self.args.master_port),
                                         timeout=1).close()
                return
            except OSError:
                if time.monotonic() > deadline:
                    raise SystemExit(f"(launch) the master {self.args.master} did not answer "
                                     f"within {_MASTER_WAIT_S:.0f} s") from None
                time.sleep(0.2)

    def run(self) -> int:
        a = self.args
        if a.nnodes > 1:
            self.start_nameserver() if a.node_rank == 0 else self.wait_for_master()
        self.log.info(f"Run Pod: {self.pod}, replicas {a.nproc_per_node}, status ready")
        self.process = subprocess.Popen(self.command(), env=self.environment(),
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                        start_new_session=True)
        self.log.info(f"Watching Pod: {self.pod}, replicas {a.nproc_per_node}, status running")
        manager_output = []
        reader = threading.Thread(target=self._read_manager, args=(manager_output,), daemon=True)
        reader.start()
        echo = _ConsoleEcho(os.path.join(a.log_dir, "workerlog.0")) if a.log_dir else None
        try:
            code = self.process.wait()
        except KeyboardInterrupt:
            self.log.info("Terminating: Ctrl-C stops every rank")
            self.stop()
            code = 130
        reader.join(timeout=2)
        if echo is not None:
            echo.finish()
        self._stop_nameserver()
        return self._report(code, "".join(manager_output))

    def _read_manager(self, sink: list) -> None:
        for line in iter(self.process.stdout.readline, b""):
            text = line.decode(errors="replace")
            sink.append(text)
            if not self.args.log_dir:
                sys.stdout.write(text)
                sys.stdout.flush()

    def stop(self) -> None:
        """SIGINT to every process of the job, SIGKILL to those still there after 5 s."""
        for sig in (signal.SIGINT, signal.SIGKILL):
            try:
                os.killpg(self.process.pid, sig)
            except ProcessLookupError:
                return
            try:
                self.process.wait(timeout=_STOP_GRACE_S)
                return
            except subprocess.TimeoutExpired:
                continue

    def _stop_nameserver(self) -> None:
        if self.nameserver is not None:
            self.nameserver.terminate()
            self.nameserver.wait(timeout=_STOP_GRACE_S)

    # ---- the verdict -------------------------------------------------------------------------
    def _report(self, code: int, manager_output: str) -> int:
        if code == 0:
            self.log.info("Pod completed")
            self.log.info("Exit code 0")
            shutil.rmtree(self.run_dir, ignore_errors=True)
            return 0
        self.log.info("Pod failed")
        rank, rank_code, how = self._failed_rank()
        a = self.args
        local = rank - a.node_rank * a.nproc_per_node if rank is not None else None
        log_path = os.path.join(a.log_dir, f"workerlog.{local}") if a.log_dir else None
        cmd = [sys.executable, "-u", a.training_script, *a.training_script_args]
        self.log.error("Container failed !!!\n"
                       f"Container rank {rank} status failed cmd {cmd} code {rank_code} "
                       f"{how}log {log_path}")
        self.log.info("------------------------- ERROR LOG DETAIL -------------------------")
        detail = tail(log_path) if log_path and os.path.exists(log_path) else manager_output
        sys.stderr.write(detail[-6000:])
        sys.stderr.flush()
        shutil.rmtree(self.run_dir, ignore_errors=True)
        final = rank_code if rank_code is not None and rank_code > 0 else max(code, 1)
        self.log.info(f"Exit code {final}")
        return final

    def _failed_rank(self):
        """(global rank, exit code, how) of the rank that ended badly first."""
        ends = _read_ends(self.run_dir)
        bad = sorted((when, local, code) for local, (code, when) in ends.items() if code != 0)
        if not bad:
            return None, None, ""
        _, local, code = bad[0]
        rank = self.args.node_rank * self.args.nproc_per_node + local
        return rank, code, (f"(killed by signal {-code}) " if code < 0 else "")


def _read_ends(run_dir: str) -> dict:
    """{local rank: (exit code, time)} from the supervisors' records."""
    ends = {}
    for name in os.listdir(run_dir):
        parts = name.split(".")
        if len(parts) == 3 and parts[0] == "rank" and parts[2] == "exit":
            with open(os.path.join(run_dir, name)) as f:
                code, when = f.read().split()
            ends[int(parts[1])] = (int(code), float(when))
    return ends


class _ConsoleEcho:
    """Copies rank 0's log to the launcher's console while the job runs (as Paddle does)."""

    def __init__(self, path: str):
        self.path = path
        # logs are appended to (Paddle's log_overwrite=False): echo only this run's part
        self.offset = os.path.getsize(path) if os.path.exists(path) else 0
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._follow, daemon=True)
        self.thread.start()

    def _copy_new(self) -> None:
        if not os.path.exists(self.path):
            return
        with open(self.path, "rb") as f:
            f.seek(self.offset)
            chunk = f.read()
        self.offset += len(chunk)
        if chunk:
            sys.stdout.write(chunk.decode(errors="replace"))
            sys.stdout.flush()

    def _follow(self) -> None:
        while not self.done.wait(0.2):
            self._copy_new()

    def finish(self) -> None:
        self.done.set()
        self.thread.join(timeout=2)
        self._copy_new()
