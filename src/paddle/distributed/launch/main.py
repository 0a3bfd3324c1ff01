"""`python -m paddle.distributed.launch`: start a job's ranks on this node.

    python -m paddle.distributed.launch --nproc_per_node 4 train.py --lr 0.1
    # on each of two nodes (the first one's address as master):
    python -m paddle.distributed.launch --nnodes 2 --master 10.0.0.1:6768 \\
        --nproc_per_node 4 train.py

Ranks run under the mpich wheel's `mpiexec` (Hydra). Each gets Paddle's PADDLE_* variables,
and its output goes to `<log_dir>/workerlog.<local rank>` (rank 0's is also copied to the
console). When a rank fails the launcher stops the job, names the rank and prints the end of
its log, and exits non-zero.
"""
from __future__ import annotations

import argparse
import socket
import sys

from .job import NodeJob
from .logs import LaunchLog, log_file

__all__ = ["launch"]


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m paddle.distributed.launch",
                                description="Start a distributed job (ranks over mpiexec).")
    p.add_argument("--master", default=None, help="HOST:PORT of the first node (several nodes)")
    p.add_argument("--nnodes", default="1", help="how many nodes (a range N:M takes N)")
    p.add_argument("--nproc_per_node", type=int, default=None, help="ranks on this node")
    p.add_argument("--rank", type=int, default=-1, help="this node's rank (several nodes)")
    p.add_argument("--ips", default=None, help="comma-separated node addresses (older form)")
    p.add_argument("--log_dir", default="log", help="where workerlog.N files go")
    p.add_argument("--job_id", default="default", help="names the job and its log")
    p.add_argument("--log_level", default="INFO")
    p.add_argument("--run_mode", default="collective")
    p.add_argument("--devices", "--gpus", "--xpus", dest="devices", default=None)
    p.add_argument("--start_port", type=int, default=6070)
    p.add_argument("--max_restart", type=int, default=3)
    p.add_argument("--elastic_timeout", type=int, default=30)
    p.add_argument("--log_overwrite", type=bool, default=False)
    p.add_argument("training_script")
    p.add_argument("training_script_args", nargs=argparse.REMAINDER)
    return p


def _local_addresses() -> set:
    names = {"127.0.0.1", "localhost", socket.gethostname()}
    try:
        names.update(socket.gethostbyname_ex(socket.gethostname())[2])
    except OSError:
        pass
    return names


def _settle(args) -> None:
    """Fill in node count, master and this node's rank from whichever form was given."""
    args.nnodes = int(str(args.nnodes).split(":")[0])
    if args.ips:
        ips = [ip.strip() for ip in args.ips.split(",") if ip.strip()]
        args.nnodes = len(ips)
        if args.master is None:
            args.master = f"{ips[0]}:{args.start_port}"
        if args.rank < 0 and args.nnodes > 1:
            mine = [i for i, ip in enumerate(ips) if ip in _local_addresses()]
            if not mine:
                raise SystemExit(f"(launch) none of --ips {ips} is an address of this machine")
            args.rank = mine[0]
    if args.nproc_per_node is None:
        args.nproc_per_node = len(args.devices.split(",")) if args.devices else 1
    if args.nnodes > 1 and args.master is None:
        raise SystemExit("(launch) --nnodes > 1 needs --master HOST:PORT (or --ips)")
    if args.nnodes > 1 and args.rank < 0:
        raise SystemExit("(launch) --nnodes > 1 needs this node's --rank (0 on the master)")
    args.node_rank = max(args.rank, 0)
    args.master_host, _, port = (args.master or "127.0.0.1:0").rpartition(":")
    args.master_port = int(port)


def _print_configuration(log: LaunchLog, args) -> None:
    log.info("-----------  Configuration  ----------------------")
    for key in sorted(vars(args)):
        if key not in ("master_host", "master_port", "node_rank"):
            log.info(f"{key}: {getattr(args, key)}")
    log.info("--------------------------------------------------")


def launch() -> None:
    """The launcher's entry point: reads sys.argv, runs the job, exits with its status.

    Example:
        >>> # python -m paddle.distributed.launch --nproc_per_node 2 train.py
    """
    args = _parser().parse_args(sys.argv[1:])
    _settle(args)
    log = LaunchLog(args.log_level)
    _print_configuration(log, args)
    job = NodeJob(args, log)
    if args.log_dir:
        log.to_file(log_file(args.log_dir, args.job_id, job.pod))
    log.info(f"Job: {args.job_id}, mode {args.run_mode}, replicas {args.nnodes}"
             f"[{args.nnodes}:{args.nnodes}], elastic False")
    code = job.run()
    log.close()
    sys.exit(code)
