"""Every form of a Paddle inference model, written by real Paddle (tools/make_model_format_fixtures.py),
loads through the same loader functions and gives Paddle's outputs: the PIR `.json`, the legacy
`.pdmodel`, and the older directory form (`__model__` + one file per parameter). Programs with
ops Feijiang cannot run fail when loaded, listing them all; damaged or mismatched files name the
file and the variable."""
import json
import os
import pathlib
import re
import shutil

import numpy as np
import pytest

import paddle
from paddle.jit.serialization import pdiparams
from paddle.jit.serialization.load import read_parameters, read_program
from paddle.jit.serialization.op_map import UnsupportedOpError

FORMATS = os.path.join(os.path.dirname(__file__), "..", "fixtures", "formats")
NET_DIR = os.path.join(FORMATS, "net_dir")
PARAMS = os.path.join(FORMATS, "net.pdiparams")
PARAM_NAMES = ["batch_norm2d_0.b_0", "batch_norm2d_0.w_0", "batch_norm2d_0.w_1",
               "batch_norm2d_0.w_2", "conv2d_0.b_0", "conv2d_0.w_0", "linear_0.b_0",
               "linear_0.w_0"]
pytest.importorskip("google.protobuf")


def _bytes(path) -> bytes:
    return pathlib.Path(path).read_bytes()


def _io():
    return np.load(os.path.join(FORMATS, "net_io.npz"))


@pytest.fixture
def static_mode():
    paddle.enable_static()
    try:
        yield
    finally:
        paddle.disable_static()


def _check_outputs(out):
    np.testing.assert_allclose(np.asarray(out), _io()["y"], rtol=1e-5, atol=1e-6)


# ---- every form, through jit.load and static.load_inference_model -----------------------------
@pytest.mark.parametrize("path, configs", [
    (os.path.join(FORMATS, "net"), {}),                                  # PIR .json
    (FORMATS, {"model_filename": "net.pdmodel", "params_filename": "net.pdiparams"}),
    (NET_DIR, {}),                                                       # __model__ + files
])
def test_jit_load_reads_every_form(path, configs):
    _check_outputs(paddle.jit.load(path, **configs)(_io()["x"]).numpy())


@pytest.mark.parametrize("path, configs", [
    (os.path.join(FORMATS, "net"), {}),
    (FORMATS, {"model_filename": "net", "params_filename": "net"}),      # -> net.pdmodel
    (NET_DIR, {"model_filename": None}),                                 # Paddle's old way
    (NET_DIR, {"params_filename": None}),
])
def test_load_inference_model_reads_every_form(static_mode, path, configs):
    exe = paddle.static.Executor()
    program, feeds, fetches = paddle.static.load_inference_model(path, exe, **configs)
    assert feeds == ["x"]
    _check_outputs(exe.run(program, feed={"x": _io()["x"]}, fetch_list=fetches)[0])


def test_the_directory_form_holds_combined_records_one_per_file():
    foreign, _ = read_program(os.path.join(NET_DIR, "__model__"))
    assert foreign.parameter_names() == PARAM_NAMES
    separate = read_parameters(foreign, NET_DIR)
    combined = read_parameters(read_program(os.path.join(FORMATS, "net.pdmodel"))[0], PARAMS)
    for name in PARAM_NAMES:
        np.testing.assert_array_equal(separate[name], combined[name])
    concatenated = b"".join(_bytes(os.path.join(NET_DIR, n)) for n in PARAM_NAMES)
    assert concatenated == _bytes(PARAMS)


def test_a_model_file_of_any_name_is_recognised_by_its_content(tmp_path):
    shutil.copy(os.path.join(FORMATS, "net.pdmodel"), tmp_path / "model")
    shutil.copy(os.path.join(FORMATS, "net.json"), tmp_path / "program")
    shutil.copy(PARAMS, tmp_path / "params")
    for model in ("model", "program"):
        layer = paddle.jit.load(str(tmp_path), model_filename=model, params_filename="params")
        _check_outputs(layer(_io()["x"]).numpy())


# ---- ops Feijiang cannot run: one error at load time -------------------------------------------
def test_unsupported_ops_inside_pir_regions_are_listed(tmp_path):
    text = _bytes(os.path.join(FORMATS, "cond.json")).decode()
    assert text.count('"1.sigmoid"') == 1  # only in the true branch's region
    (tmp_path / "c.json").write_text(text.replace('"1.sigmoid"', '"1.feijiang_missing"'))
    with pytest.raises(UnsupportedOpError, match=re.escape(
            "c.json uses ops Feijiang cannot run: pd_op.feijiang_missing (x1)")):
        paddle.jit.load(str(tmp_path / "c"))


def _rewrite_program_desc(source, target, renames: dict, block: int = 0, limit=None):
    """Copy a ProgramDesc with ops of `block` renamed ({old type: new type}, the first
    `limit` of each)."""
    from paddle.jit.serialization.pdmodel import program_desc_class
    desc = program_desc_class()()
    desc.ParseFromString(_bytes(source))
    done: dict = {}
    for op in desc.blocks[block].ops:
        if op.type in renames and done.get(op.type, 0) < (limit or 10 ** 6):
            done[op.type] = done.get(op.type, 0) + 1
            op.type = renames[op.type]
    with open(target, "wb") as f:
        f.write(desc.SerializeToString())


def test_every_unsupported_legacy_op_is_listed_with_its_count(tmp_path):
    _rewrite_program_desc(os.path.join(FORMATS, "net.pdmodel"), tmp_path / "m.pdmodel",
                          {"relu": "feijiang_missing_a", "elementwise_add": "feijiang_missing_b"})
    shutil.copy(PARAMS, tmp_path / "m.pdiparams")
    with pytest.raises(UnsupportedOpError) as info:
        paddle.jit.load(str(tmp_path / "m"))
    assert str(info.value) == (f"(jit.load) {tmp_path / 'm.pdmodel'} uses ops Feijiang cannot "
                               "run: feijiang_missing_b (x2), feijiang_missing_a (x1)")


def test_unsupported_ops_inside_sub_blocks_are_listed(tmp_path):
    _rewrite_program_desc(os.path.join(FORMATS, "cond.pdmodel"), tmp_path / "c.pdmodel",
                          {"sigmoid": "feijiang_missing_op"}, block=1)
    with pytest.raises(UnsupportedOpError, match=re.escape(
            "c.pdmodel uses ops Feijiang cannot run: feijiang_missing_op (x1)")):
        read_program(str(tmp_path / "c.pdmodel"))


def test_every_unsupported_pir_op_is_listed(tmp_path):
    text = _bytes(os.path.join(FORMATS, "net.json")).decode()
    assert '"1.relu"' in text
    (tmp_path / "m.json").write_text(text.replace('"1.relu"', '"1.feijiang_missing"'))
    with pytest.raises(UnsupportedOpError, match=re.escape(
            "cannot run: pd_op.feijiang_missing (x1)")):
        read_program(str(tmp_path / "m.json"))


# ---- damaged and mismatched files --------------------------------------------------------------
def _program():
    return read_program(os.path.join(FORMATS, "net.pdmodel"))[0]


def _sizes() -> list:
    return [os.path.getsize(os.path.join(NET_DIR, n)) for n in PARAM_NAMES]


def test_truncated_params_name_the_file_variable_and_bytes(tmp_path):
    data = _bytes(PARAMS)
    path = tmp_path / "cut.pdiparams"
    path.write_bytes(data[:-10])
    with pytest.raises(ValueError, match=re.escape(
            f"{path}: cannot read variable 'linear_0.w_0' (tensor 8 of 8): the file ends "
            "inside tensor data: expected 768 bytes, found 758")):
        read_parameters(_program(), str(path))


def test_params_with_fewer_tensors_than_the_program(tmp_path):
    path = tmp_path / "short.pdiparams"
    path.write_bytes(_bytes(PARAMS)[:sum(_sizes()[:7])])
    with pytest.raises(ValueError, match=re.escape(
            "holds 7 tensors, but the program reads 8 persistable variables; the first one "
            "missing is 'linear_0.w_0'")):
        read_parameters(_program(), str(path))


def test_params_with_more_data_than_the_program(tmp_path):
    path = tmp_path / "long.pdiparams"
    path.write_bytes(_bytes(PARAMS) + _bytes(os.path.join(NET_DIR,
                                                                  "conv2d_0.b_0")))
    with pytest.raises(ValueError, match=re.escape(
            f"{path} holds {_sizes()[4]} more bytes after the 8 tensors")):
        read_parameters(_program(), str(path))


def test_a_parameter_of_the_wrong_shape_or_dtype_is_named(tmp_path):
    folder = tmp_path / "dir"
    shutil.copytree(NET_DIR, folder)
    shutil.copy(folder / "conv2d_0.w_0", folder / "conv2d_0.b_0")
    foreign = read_program(str(folder / "__model__"))[0]
    with pytest.raises(ValueError, match=re.escape(
            f"{folder / 'conv2d_0.b_0'}: variable 'conv2d_0.b_0' is stored as float32 "
            "[4, 3, 3, 3], but the program declares float32 [4]")):
        read_parameters(foreign, str(folder))
    arrays = read_parameters(_program(), PARAMS)
    arrays["linear_0.b_0"] = arrays["linear_0.b_0"].astype("float64")
    pdiparams.save_combined(str(tmp_path / "f64.pdiparams"), arrays)
    with pytest.raises(ValueError, match=re.escape(
            "variable 'linear_0.b_0' is stored as float64 [3], but the program declares "
            "float32 [3]")):
        read_parameters(_program(), str(tmp_path / "f64.pdiparams"))


def test_a_missing_or_padded_parameter_file_is_named(tmp_path):
    folder = tmp_path / "dir"
    shutil.copytree(NET_DIR, folder)
    os.remove(folder / "linear_0.b_0")
    with pytest.raises(ValueError, match=re.escape(
            f"reads the persistable variable 'linear_0.b_0', but its parameter file "
            f"{folder / 'linear_0.b_0'} does not exist")):
        paddle.jit.load(str(folder))
    shutil.copy(NET_DIR + "/linear_0.b_0", folder)
    with open(folder / "linear_0.w_0", "ab") as f:
        f.write(b"\0" * 5)
    with pytest.raises(ValueError, match="holds 5 bytes after the tensor of variable "
                                         "'linear_0.w_0'"):
        paddle.jit.load(str(folder))


@pytest.mark.parametrize("content, message", [
    (b"", "holds no program blocks"),
    (b'{"base_code": {"magic": "pir"}}', "is not a Paddle ProgramDesc"),
    (b"\xff\xff\xff\xff", "is not a Paddle ProgramDesc"),
])
def test_a_pdmodel_that_is_not_a_program_desc(tmp_path, content, message):
    path = tmp_path / "bad.pdmodel"
    path.write_bytes(content)
    with pytest.raises(ValueError, match=re.escape(f"{path} ") + ".*" + re.escape(message)):
        read_program(str(path))


@pytest.mark.parametrize("document, message", [
    ({"program": {}}, "is not a PIR program (magic None, expected 'pir')"),
    ({"base_code": {"magic": "pir"}, "program": {"regions": []}},
     "is not a PIR program: it has no op list at program.regions[0].blocks[0].ops"),
    ({"base_code": {"magic": "pir"},
      "program": {"regions": [{"blocks": [{"ops": [{"O": []}]}]}]}},
     "is not a PIR program: operation #0 is malformed (KeyError: '#')"),
])
def test_a_json_that_is_not_a_pir_program(tmp_path, document, message):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(document))
    with pytest.raises(ValueError, match=re.escape(f"{path} {message}")):
        read_program(str(path))
    path.write_bytes(b"\x89PNG\r\n")
    with pytest.raises(ValueError, match="is not a PIR JSON program"):
        read_program(str(path))


def test_a_missing_model_file_is_named(tmp_path):
    with pytest.raises(ValueError, match=re.escape(f"the model file {tmp_path / 'x.json'} "
                                                   "does not exist")):
        read_program(str(tmp_path / "x.json"))


def test_sync_batch_norm_runs_as_batch_norm(tmp_path):
    """Models trained on several GPUs export sync_batch_norm, which Paddle's CPU build does not
    register; at inference it is batch norm."""
    _rewrite_program_desc(os.path.join(FORMATS, "net.pdmodel"), tmp_path / "m.pdmodel",
                          {"batch_norm": "sync_batch_norm"})
    shutil.copy(PARAMS, tmp_path / "m.pdiparams")
    assert "sync_batch_norm" in [op.name for op in read_program(str(tmp_path / "m.pdmodel"))[0].ops]
    _check_outputs(paddle.jit.load(str(tmp_path / "m"))(_io()["x"]).numpy())
