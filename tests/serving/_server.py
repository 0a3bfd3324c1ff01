"""Servers for the serving tests: `python -m paddle.serving` as a child process bound to
127.0.0.1 on a free port, under coreutils `timeout` (a hard limit even if pytest dies), in its
own session so that stopping it by its pid's process group ends the server and its workers.
Its output goes to a file the tests read (keys must never appear there).

Also the models the tests serve, saved with our jit.save: LeNet, and `pairs` — an MLP whose
program reshapes its [-1, 4] input to [-1, 8], so a batch of odd size fails inside the Predictor
(a version that errors on demand, for the circuit breaker)."""
from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HARD_LIMIT_S = 600


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_ready(url: str, process, deadline_s: float = 120) -> None:
    import httpx
    deadline = time.monotonic() + deadline_s
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited with {process.returncode}")
        try:
            if httpx.get(url + "/v2/health/ready", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    raise TimeoutError(f"the server at {url} was not ready in {deadline_s} s")


class Server:
    def __init__(self, args: list, log_path: str, env: dict | None = None):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = log_path
        command = ["timeout", "-k", "5", str(HARD_LIMIT_S), sys.executable, "-m",
                   "paddle.serving", "--host", "127.0.0.1", "--port", str(self.port), *args]
        environment = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "src"), **(env or {}))
        self._log = open(log_path, "wb")  # noqa: SIM115 - closed by stop()
        self.process = subprocess.Popen(command, stdout=self._log, stderr=subprocess.STDOUT,
                                        env=environment, start_new_session=True)

    def log(self) -> str:
        with open(self.log_path, errors="replace") as f:
            return f.read()

    def server_pid(self) -> int:
        """The server's own pid (the child of `timeout`)."""
        return _children(self.process.pid)[0]

    def worker_pids(self) -> list:
        """The worker processes (multiprocessing's spawned children; not its resource
        tracker)."""
        return [pid for pid in _children(self.server_pid()) if b"spawn_main" in _cmdline(pid)]

    def stop(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(20)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(10)
        self._log.close()


def _children(pid: int) -> list:
    found = []
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/children") as f:
            found += [int(p) for p in f.read().split()]
    return sorted(found)


def _cmdline(pid: int) -> bytes:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read()
    except FileNotFoundError:
        return b""


@contextlib.contextmanager
def running_server(args: list, log_path: str, env: dict | None = None):
    server = Server(args, log_path, env)
    try:
        wait_ready(server.url, server.process)
        yield server
    finally:
        server.stop()


def save_lenet(folder: str, seed: int = 1) -> str:
    import paddle
    paddle.seed(seed)
    net = paddle.vision.models.LeNet()
    net.eval()
    prefix = os.path.join(folder, f"lenet{seed}", "model")
    paddle.jit.save(net, prefix, input_spec=[
        paddle.static.InputSpec([None, 1, 28, 28], "float32", "x")])
    return prefix


def save_pairs(folder: str, seed: int = 2) -> str:
    import paddle

    class Pairs(paddle.nn.Layer):
        def __init__(self):
            super().__init__()
            self.fc = paddle.nn.Linear(8, 3)

        def forward(self, x):
            return self.fc(paddle.reshape(x, [-1, 8]))

    paddle.seed(seed)
    prefix = os.path.join(folder, f"pairs{seed}", "model")
    paddle.jit.save(Pairs(), prefix,
                    input_spec=[paddle.static.InputSpec([None, 4], "float32", "x")])
    return prefix


def local_runner(prefix: str):
    """A function running the model's first output for an array on a Predictor here."""
    from paddle import inference
    predictor = inference.create_predictor(inference.Config(prefix + ".json",
                                                            prefix + ".pdiparams"))
    handle = predictor.get_input_handle(predictor.get_input_names()[0])
    output = predictor.get_output_handle(predictor.get_output_names()[0])

    def run(x: np.ndarray) -> np.ndarray:
        handle.copy_from_cpu(x)
        predictor.run()
        return output.copy_to_cpu()
    return run


def local_outputs(prefix: str, x: np.ndarray) -> np.ndarray:
    """The model's first output for `x` from a Predictor in this process."""
    return local_runner(prefix)(x)
