"""Joining jobs started node by node into one MPI world.

With `--nnodes M --master HOST:PORT`, each node's launcher starts its own `mpiexec`, and the
M jobs meet through MPI's own name service (the mpich wheel's `hydra_nameserver`, which the
first node's launcher runs at the master address): the first node publishes a port under the
job's service name and accepts the others one after another, and the merged world is then
ordered by node rank (--rank), so rank = node rank × ranks per node + local rank.
"""
from __future__ import annotations

import os
import time

_JOINED = {}  # the joined communicator, made once per process before the user's script runs


def _lookup(MPI, service: str, timeout_s: float) -> str:
    deadline = time.monotonic() + timeout_s
    while True:
        try:
            return MPI.Lookup_name(service)
        except MPI.Exception:
            if time.monotonic() > deadline:
                raise TimeoutError(f"(launch) no node published the job '{service}' at the "
                                   f"master within {timeout_s:.0f} s") from None
            time.sleep(0.2)


def join_nodes(MPI):
    """The communicator over every node's ranks (this node's MPI world merged with the
    others'); node 0 is the one whose launcher set PADDLE_NODE_RANK=0."""
    if "comm" in _JOINED:
        return _JOINED["comm"]
    local = MPI.COMM_WORLD
    service = os.environ["PADDLE_MPI_SERVICE"]
    total = int(os.environ["PADDLE_NNODES"]) * local.Get_size()
    timeout_s = float(os.environ.get("PADDLE_JOIN_TIMEOUT", "300"))
    if os.environ.get("PADDLE_NODE_RANK") == "0":
        port = MPI.Open_port() if local.Get_rank() == 0 else None
        if port is not None:
            MPI.Publish_name(service, port)
        merged = local
    else:
        port = _lookup(MPI, service, timeout_s) if local.Get_rank() == 0 else None
        merged = local.Connect(port, root=0).Merge(high=True)
    while merged.Get_size() < total:  # the nodes still to come
        merged = merged.Accept(port if merged.Get_rank() == 0 else None, root=0).Merge(high=False)
    if port is not None and os.environ.get("PADDLE_NODE_RANK") == "0":
        MPI.Unpublish_name(service, port)
        MPI.Close_port(port)
    # ranks in node order, whatever order the nodes joined in
    node = int(os.environ["PADDLE_NODE_RANK"])
    _JOINED["comm"] = merged.Split(0, node * local.Get_size() + local.Get_rank())
    return _JOINED["comm"]
