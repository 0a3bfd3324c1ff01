"""paddle.amp.debugging against real Paddle's CPU build: each scenario of _debug_cases.py
prints what Paddle printed (tests/fixtures/amp/debugging.json) — operator statistics, tensor
checker reports forward and backward, dump files, check_numerics results and errors."""
import contextlib
import io
import json
import os
import re
import zipfile

import numpy as np
import pytest

import paddle
from paddle._core import nan_inf

from . import _debug_cases

GOLDEN = os.path.join(os.path.dirname(__file__), "..", "fixtures", "amp", "debugging.json")
with open(GOLDEN) as _f:
    OUTPUTS = json.load(_f)
_NUMBER = re.compile(r"-?\d+\.\d+e[+-]\d+")


@pytest.fixture(autouse=True)
def _fresh_checker_state():
    """Paddle's op lists, dump path and step counter are process-wide: start each test clean."""
    yield
    nan_inf.checked_ops = nan_inf.skipped_ops = frozenset()
    nan_inf.output_dir = None
    paddle.amp.debugging.TensorCheckerConfig.current_step_id = 0
    paddle.set_flags({"FLAGS_check_nan_inf": False, "FLAGS_check_nan_inf_level": 0})


def _run(case) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        getattr(_debug_cases, case)(paddle)
    return out.getvalue()


def _assert_same_report(ours: str, want: str, rtol=2e-6):
    """Line by line; printed floats may differ in the last digit (NumPy's exp vs Paddle's)."""
    ours_lines, want_lines = ours.splitlines(), want.splitlines()
    assert len(ours_lines) == len(want_lines), (ours, want)
    for got, expected in zip(ours_lines, want_lines):
        assert _NUMBER.sub("#", got) == _NUMBER.sub("#", expected)
        np.testing.assert_allclose([float(v) for v in _NUMBER.findall(got)],
                                   [float(v) for v in _NUMBER.findall(expected)], rtol=rtol)


@pytest.mark.parametrize("case", ["case_checker_all", "case_checker_overflow", "case_numerics",
                                  "case_flag_raises", "case_dump_dir", "case_config",
                                  "case_stats_linear"])
def test_prints_what_paddle_prints(case):
    _assert_same_report(_run(case), OUTPUTS[case])


def test_operator_stats_table():
    ours, want = _run("case_stats_ops").splitlines(), OUTPUTS["case_stats_ops"].splitlines()
    # paddle.arange makes its start/end/step int64 fill_constants; ours takes them as
    # attributes, so fill_constant has 3 "other" calls fewer; every other row is Paddle's
    assert [line for line in ours if "fill_constant" not in line] == \
        [line for line in want if "fill_constant" not in line]
    def calls(lines):
        row = next(line for line in lines if "fill_constant" in line)
        return [int(cell) for cell in row.split("|")[1:]]

    assert calls(ours) == [a - b for a, b in zip(calls(want), [0, 0, 0, 3])]


@pytest.mark.usefixtures("amp_on_cpu")
def test_operator_stats_count_the_auto_cast_dtypes():
    layer = paddle.nn.Linear(3, 4)
    x = paddle.rand([2, 3])
    out = io.StringIO()
    with contextlib.redirect_stdout(out), paddle.amp.debugging.collect_operator_stats():
        with paddle.amp.auto_cast(dtype="bfloat16"):
            y = paddle.nn.functional.softmax(layer(x))
        y.sum().backward()  # backward ops are not counted
    rows = {line.split("|")[0].strip(): [int(c) for c in line.split("|")[1:]]
            for line in out.getvalue().splitlines() if line.startswith("  ")}
    assert rows == {"cast": [0, 1, 3, 0], "linear_v2": [0, 1, 0, 0], "softmax": [0, 0, 1, 0],
                    "reduce_sum": [0, 0, 1, 0]}
    assert not paddle.amp.debugging._get_operator_stats_flag()


def test_disable_without_enable_prints_nothing(capsys):
    paddle.amp.debugging.disable_operator_stats_collection()
    assert capsys.readouterr().out == ""


def test_checked_and_skipped_lists(capsys):
    debugging = paddle.amp.debugging
    mode = debugging.DebugMode.CHECK_ALL
    debugging.enable_tensor_checker(debugging.TensorCheckerConfig(
        enable=True, debug_mode=mode, checked_op_list=["exp"]))
    paddle.exp(paddle.tanh(paddle.ones([2])))
    debugging.disable_tensor_checker()
    lines = [line for line in capsys.readouterr().out.splitlines() if "PRECISION" in line]
    assert [line.split("op=")[1].split(",")[0] for line in lines] == ["exp"]
    nan_inf.checked_ops = frozenset()
    debugging.enable_tensor_checker(debugging.TensorCheckerConfig(
        enable=True, debug_mode=mode, skipped_op_list=("exp", "full")))
    paddle.exp(paddle.tanh(paddle.ones([2])))
    debugging.disable_tensor_checker()
    lines = [line for line in capsys.readouterr().out.splitlines() if "PRECISION" in line]
    assert [line.split("op=")[1].split(",")[0] for line in lines] == ["tanh"]


def test_check_numerics_rejects_integer_tensors():
    with pytest.raises(RuntimeError, match="check_numerics has no kernel for int64"):
        paddle.amp.debugging.check_numerics(paddle.to_tensor([1, 2]), "op", "x")


def test_check_layer_numerics_covers_forward_and_backward(capsys):
    class Net(paddle.nn.Layer):
        @paddle.amp.debugging.check_layer_numerics
        def forward(self, x):
            return paddle.sqrt(x)

    x = paddle.to_tensor([4.0, 1.0])
    y = Net()(x)
    assert not x.stop_gradient  # Paddle makes the first input require a gradient
    paddle.log(paddle.to_tensor([-1.0]))  # outside the layer: not checked
    assert paddle.get_flags(["FLAGS_check_nan_inf"])["FLAGS_check_nan_inf"] is False
    y.sum().backward()
    assert capsys.readouterr().out == ""  # all finite
    with pytest.raises(RuntimeError, match=r"There are NAN or INF .* op=sqrt"):
        Net()(paddle.to_tensor([-4.0]))
    with pytest.raises(RuntimeError, match="First input of this layer must be tensor."):
        Net()(3.0)


def _dump(folder, dtype):
    """CHECK_ALL dump of a small training step at `dtype` (float16 through opt-in AMP)."""
    debugging = paddle.amp.debugging
    paddle.seed(5)
    layer = paddle.nn.Linear(4, 3)
    debugging.enable_tensor_checker(debugging.TensorCheckerConfig(
        enable=True, debug_mode=debugging.DebugMode.CHECK_ALL, output_dir=str(folder)))
    with paddle.amp.auto_cast(enable=dtype == "float16"):
        loss = paddle.tanh(layer(paddle.ones([2, 4]))).astype("float32").mean()
    loss.backward()
    debugging.disable_tensor_checker()


def _sheet_rows(path):
    with zipfile.ZipFile(path) as book:
        sheet = book.read("xl/worksheets/sheet1.xml").decode()
        strings = re.findall(r"<t[^>]*>([^<]*)</t>", book.read("xl/sharedStrings.xml").decode())
        names = re.findall(r'<sheet name="([^"]+)"', book.read("xl/workbook.xml").decode())
    rows = []
    for row in re.findall(r"<row [^>]*>(.*?)</row>", sheet):
        cells = []
        for kind, value in re.findall(r'<c r="[A-Z]+\d+"(?: s="\d+")?( t="s")?[^>]*><v>([^<]*)'
                                      r'</v></c>', row):
            cells.append(strings[int(value)] if kind else value)
        rows.append(cells)
    return names, rows


@pytest.mark.usefixtures("amp_on_cpu")
@pytest.mark.filterwarnings("ignore::UserWarning")
def test_compare_accuracy_pairs_the_float32_and_float16_runs(tmp_path, capsys):
    pytest.importorskip("xlsxwriter")
    _dump(tmp_path / "fp32", "float32")
    _dump(tmp_path / "fp16", "float16")
    report = tmp_path / "report.xlsx"
    paddle.amp.debugging.compare_accuracy(str(tmp_path / "fp32"), str(tmp_path / "fp16"),
                                          str(report), loss_scale=1)
    assert "-- There are 1 workerlogs under" in capsys.readouterr().out
    names, rows = _sheet_rows(report)
    assert names == ["worker_cpu"]
    assert rows[1][:6] == ["op_type", "tensor_name", "numel", "infinite", "dtype", "max_value"]
    body = rows[2:]
    ops = [r[0] for r in body]
    assert "linear_v2" not in ops and "tanh" in ops and "tanh_grad" in ops
    tanh = body[ops.index("tanh")]
    # the float32 run's dtype, then the float16 run's: paired rows with ratios near 1
    assert tanh[4] == "fp32" and "fp16" in tanh
    assert abs(float(tanh[-1]) - 1) < 0.01
    with pytest.raises(AssertionError, match="It is currently not supported."):
        paddle.amp.debugging.compare_accuracy("a", "b", "c", dump_all_tensors=True)
