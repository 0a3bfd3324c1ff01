"""What each rank of paddle.distributed.spawn runs (as a script, through the launcher's
worker): load the parent's main module as `__mp_main__`, so functions defined there unpickle,
then call the spawned function."""
import pickle
import sys
from multiprocessing import spawn as _mp_spawn

with open(sys.argv[1], "rb") as _f:
    _payload = pickle.load(_f)
_preparation = {"sys_path": _payload["sys_path"], "dir": _payload["cwd"]}
if _payload["main_path"]:
    _preparation["init_main_from_path"] = _payload["main_path"]
_mp_spawn.prepare(_preparation)
_func, _args = pickle.loads(_payload["call"])
_func(*_args)
