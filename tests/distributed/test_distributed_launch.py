"""The launcher: Paddle's environment variables and log names, rank 0 on the console, two
launchers joined as two nodes, paddle.distributed.spawn, and a job started by plain mpiexec."""
import json
import os
import shutil
import sys

from jobs import SCRIPTS, assert_ok, environment, launch, require_mpi, run_command


def reports(job, count):
    found = []
    for local in range(count):
        line = [ln for ln in job.log(f"workerlog.{local}").splitlines()
                if ln.startswith("REPORT ")]
        assert line, job.log(f"workerlog.{local}")
        found.append(json.loads(line[0][len("REPORT "):]))
    return found


def test_two_ranks_get_paddles_environment_and_logs(tmp_path):
    job = launch(tmp_path, "env_report.py", 2, ["--lr", "0.1"], launcher_args=["--job_id", "j7"])
    assert_ok(job)
    names = sorted(os.listdir(job.log_dir))
    assert names[:2] == ["envlog.0", "envlog.1"] and names[-2:] == ["workerlog.0", "workerlog.1"]
    assert len(names) == 5 and names[2].startswith("j7.") and names[2].endswith(".log")
    first, second = reports(job, 2)
    endpoints = first["vars"]["PADDLE_TRAINER_ENDPOINTS"].split(",")
    for rank, report in enumerate((first, second)):
        v = report["vars"]
        assert (v["PADDLE_TRAINER_ID"], v["PADDLE_TRAINERS_NUM"]) == (str(rank), "2")
        assert (v["PADDLE_RANK_IN_NODE"], v["PADDLE_LOCAL_RANK"]) == (str(rank), str(rank))
        assert (v["PADDLE_GLOBAL_RANK"], v["PADDLE_GLOBAL_SIZE"]) == (str(rank), "2")
        assert (v["PADDLE_LOCAL_SIZE"], v["PADDLE_NNODES"]) == ("2", "1")
        assert v["PADDLE_CURRENT_ENDPOINT"] == endpoints[rank]
        assert v["PADDLE_LOG_DIR"] == job.log_dir and "PADDLE_MASTER" in v
        assert (report["rank"], report["world"], report["backend"]) == (rank, 2, "MPI")
        assert report["env"] == [rank, 2, endpoints[rank], endpoints]
        assert report["argv"] == ["--lr", "0.1"] and report["main"] == "__main__"
        assert report["group"] == f"rank: {rank}, nranks: 2, id: 0, ranks: 0, 1; name: _default_pg"
    assert "REPORT " in job.output  # rank 0's log is copied to the console
    assert "Job: j7, mode collective" in job.output and "Exit code 0" in job.output
    assert first["vars"]["POD_NAME"] in names[2]


def test_two_launchers_as_two_nodes(tmp_path):
    """--nnodes 2 on one machine: two launchers, each starting 2 ranks, joined into 4."""
    require_mpi()
    master = "127.0.0.1:6768"
    base = [sys.executable, "-m", "paddle.distributed.launch", "--nnodes", "2", "--master",
            master, "--nproc_per_node", "2"]
    script = os.path.join(SCRIPTS, "env_report.py")
    # both launchers must share one network namespace: one shell starts them
    shell = (f"{' '.join(base)} --rank 0 --log_dir node0 {script} --average & "
             f"{' '.join(base)} --rank 1 --log_dir node1 {script} --average; second=$?; wait $!; "
             "exit $(( $? | second ))")
    code, output, _ = run_command(["sh", "-c", shell], str(tmp_path), environment())
    assert code == 0, output[-4000:]
    seen = {}
    for node in (0, 1):
        for local in (0, 1):
            text = (tmp_path / f"node{node}" / f"workerlog.{local}").read_text()
            report = json.loads(text.split("REPORT ", 1)[1].splitlines()[0])
            assert report["world"] == 4
            assert report["vars"]["PADDLE_RANK_IN_NODE"] == str(local)
            seen[report["rank"]] = node
            # MPI jobs share no memory: the gradients go through MPI's all-reduce
            average = json.loads(text.split("AVERAGE ", 1)[1].splitlines()[0])
            assert average["kind"] == "AveragedBuffers"
            assert average["grad"] == [[2.0 * (1 + 2 + 3 + 4) / 4] * 3] * 4
    assert seen == {0: 0, 1: 0, 2: 1, 3: 1}


def test_spawn_runs_a_function_on_every_rank(tmp_path):
    require_mpi()
    prefix = str(tmp_path / "out")
    code, output, _ = run_command([sys.executable, os.path.join(SCRIPTS, "spawned.py"), prefix],
                                  str(tmp_path), environment())
    assert code == 0, output[-4000:]
    assert "SPAWN DONE" in output
    for rank in range(2):
        assert (tmp_path / f"out.{rank}").read_text() == "2 30.0"


def test_plain_mpiexec_needs_no_launcher(tmp_path):
    """A script started by an existing mpiexec (PMI variables, no PADDLE_*) just works."""
    require_mpi()
    here = os.path.dirname(sys.executable)
    mpiexec = shutil.which("mpiexec", path=here) or shutil.which("mpiexec")
    env = environment({"UCX_NET_DEVICES": "lo"})
    code, output, _ = run_command([mpiexec, "-n", "2", "-outfile-pattern", "out.%r",
                                   sys.executable, os.path.join(SCRIPTS, "env_report.py")],
                                  str(tmp_path), env)
    assert code == 0, output[-4000:]
    for rank in range(2):  # each rank's output in its own file (lines of two ranks interleave)
        report = json.loads((tmp_path / f"out.{rank}").read_text().split("REPORT ", 1)[1])
        assert (report["rank"], report["world"], report["env"][:2]) == (rank, 2, [rank, 2])
        assert not report["vars"]
