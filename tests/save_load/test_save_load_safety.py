"""Safe loading refuses pickles that would run code; bad files and arguments give clear errors."""
import io
import os
import pickle
import warnings

import numpy as np
import pytest

import paddle
from paddle.framework.io import UnsafeGlobalError


class _RunsShell:
    def __init__(self, marker):
        self.marker = marker

    def __reduce__(self):
        return (os.system, (f"touch {self.marker}",))


def test_safe_load_refuses_os_system_and_runs_nothing(tmp_path):
    marker = tmp_path / "pwned"
    path = tmp_path / "evil.pdparams"
    with open(path, "wb") as handle:
        pickle.dump({"w": np.ones(2), "x": _RunsShell(marker)}, handle, protocol=2)
    with pytest.raises(UnsafeGlobalError) as info:
        paddle.load(str(path))
    message = str(info.value)
    assert "system" in message and "safe=False" in message
    assert not marker.exists()
    assert isinstance(info.value, pickle.UnpicklingError)


class _Calls:
    """Pickles as a call of `func(*args)`, the shape of every code-running payload."""
    def __init__(self, func, args):
        self.func, self.args = func, args

    def __reduce__(self):
        return (self.func, self.args)


@pytest.mark.parametrize("protocol", [2, 4])
@pytest.mark.parametrize("func,args", [
    (eval, ("open('PWNED', 'w')",)), (exec, ("open('PWNED', 'w')",)),
    (getattr, ("text", "upper")), (open, ("PWNED", "w")), (__import__, ("os",)),
    (np.load, ("PWNED",)), (np.frompyfunc, (print, 1, 1)),
], ids=["eval", "exec", "getattr", "open", "import", "np.load", "np.frompyfunc"])
def test_safe_load_refuses_callables_beyond_plain_data(tmp_path, monkeypatch, protocol, func,
                                                       args):
    monkeypatch.chdir(tmp_path)
    buffer = io.BytesIO()
    pickle.dump({"w": np.ones(2), "x": [_Calls(func, args)]}, buffer, protocol=protocol)
    buffer.seek(0)
    with pytest.raises(UnsafeGlobalError, match="allow list"):
        paddle.load(buffer)
    assert not (tmp_path / "PWNED").exists()


def test_full_pickle_is_opt_in(tmp_path):
    path = tmp_path / "custom.pd"
    with open(path, "wb") as handle:
        pickle.dump({"when": __import__("datetime").date(2024, 1, 2)}, handle)
    with pytest.raises(UnsafeGlobalError, match="datetime.date"):
        paddle.load(str(path))
    assert paddle.load(str(path), safe=False)["when"].year == 2024


def test_rng_state_and_dtypes_pass_safe_load():
    buffer = io.BytesIO()
    paddle.save({"rng": paddle.get_rng_state(), "dtype": paddle.float16,
                 "shape": (2, 3), "ids": {1, 2}}, buffer)
    buffer.seek(0)
    loaded = paddle.load(buffer)
    assert loaded["dtype"] == paddle.float16 and loaded["ids"] == {1, 2}
    assert loaded["shape"] == (2, 3)


def test_truncated_file_gives_clear_error(tmp_path):
    path = tmp_path / "model.pdparams"
    paddle.save(paddle.nn.Linear(8, 8).state_dict(), str(path))
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    with pytest.raises(ValueError, match="truncated or corrupt"):
        paddle.load(str(path))
    path.write_bytes(b"")
    with pytest.raises(ValueError, match="can not parse"):
        paddle.load(str(path))


def test_missing_file_and_bad_configs(tmp_path):
    with pytest.raises(ValueError, match="not exists"):
        paddle.load(str(tmp_path / "nope.pdparams"))
    with pytest.raises(ValueError, match=r"config \(foo\) of `paddle.load`"):
        paddle.load(str(tmp_path / "nope.pdparams"), foo=1)
    with pytest.raises(ValueError, match=r"config \(foo\) of `paddle.save`"):
        paddle.save({}, str(tmp_path / "x.pd"), foo=1)


@pytest.mark.parametrize("protocol", [1, 5, "4"])
def test_bad_protocol(tmp_path, protocol):
    with pytest.raises(ValueError, match="protocol"):
        paddle.save({"a": paddle.ones([1])}, str(tmp_path / "x.pd"), protocol=protocol)


def test_bad_paths_and_objects(tmp_path):
    with pytest.raises(ValueError, match="filename is empty"):
        paddle.save({"a": 1}, str(tmp_path) + "/")
    with pytest.raises(ValueError, match="file path or a file-like"):
        paddle.save({"a": 1}, 3)
    with pytest.raises(ValueError, match="nn.Layer"):
        paddle.save(paddle.nn.Linear(2, 2), str(tmp_path / "layer.pd"))
    with pytest.raises(ValueError, match="nn.Layer"):
        paddle.save([paddle.nn.Linear(2, 2)], str(tmp_path / "layer.pd"))
    with pytest.raises(NotImplementedError, match="expected Tensor"):
        paddle.save({"a": paddle.ones([1])}, str(tmp_path / "b.pd"), use_binary_format=True)
    assert not (tmp_path / "layer.pd").exists()


def test_directory_is_refused(tmp_path):
    with pytest.raises(ValueError, match="directory"):
        paddle.load(str(tmp_path))


def test_empty_state_dict_warns(tmp_path):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        paddle.save({}, str(tmp_path / "empty.pd"))
    assert any("empty" in str(w.message) for w in caught)
    assert paddle.load(str(tmp_path / "empty.pd")) == {}


def test_static_program_is_refused_clearly(tmp_path):
    with pytest.raises(NotImplementedError, match="static Program"):
        paddle.save(paddle.static.Program(), str(tmp_path / "main.pdmodel"))
    assert not (tmp_path / "main.pdmodel").exists()
