"""Write the op-conversion fixtures from real Paddle. Run with the reference interpreter:

    .venv-ref/bin/python tools/make_legacy_op_fixtures.py

Each family of ops that real inference models use (interpolation, padding and grid sampling,
search, indexing and reshaping, math and normalization) becomes one small program saved twice
under tests/fixtures/legacy_ops/:
  <family>.pdmodel  a legacy ProgramDesc (FLAGS_enable_pir_api=0) whose ops are appended by
                    their legacy type with explicit attributes and slots, so that every
                    attribute form real exporters write appears (out_h/out_w, scale lists,
                    OutSize / SizeTensor / Scale tensors, NHWC, ...)
  <family>.json     a PIR program built with Paddle's public API, the same operations where
                    the API reaches them
and io.npz holds each family's inputs and the outputs Paddle computed for both programs
(`<family>.<feed>`, `<family>.legacy.<i>`, `<family>.pir.<i>`, with the case names in
`<family>.legacy_names` / `<family>.pir_names`). Every input is a feed (weights too), so no
parameter files are needed. The script refuses to run against Feijiang."""
from __future__ import annotations

import functools
import os
import sys

import numpy as np
from make_model_format_fixtures import drop_call_stacks, run_in_each_ir_mode

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(os.path.dirname(HERE), "tests", "fixtures", "legacy_ops")
IO_PARTS = os.path.join(OUT, "{mode}_io.npz")


def feeds() -> dict:
    """{family: {feed name: array}}; the same arrays feed both forms."""
    rng = np.random.default_rng(11)

    def uniform(*shape, low=-1.0, high=1.0):
        return rng.uniform(low, high, shape).astype("float32")

    return {
        "interp": {"x": uniform(2, 3, 5, 6), "xh": uniform(2, 5, 6, 3), "x3": uniform(2, 3, 7),
                   "x5": uniform(1, 2, 3, 4, 5)},
        "sample": {"x5": uniform(1, 2, 3, 4, 5), "x": uniform(1, 2, 4, 5),
                   "grid": uniform(1, 3, 4, 2, low=-1.3, high=1.3)},
        "search": {"x": uniform(3, 5, 4)},
        "manip": {"x": uniform(2, 3, 4), "col": uniform(3, 1), "ids": rng.integers(0, 6, [2, 3]),
                  "w": uniform(6, 4), "index": np.asarray([2, 0, 2], "int64"),
                  "nd_index": np.asarray([[1, 2], [0, 0]], "int64"), "updates": uniform(3, 3, 4),
                  "row": uniform(4), "row3": uniform(3),
                  "labels": np.asarray([[1], [4], [0]], "int64")},
        "math": {"x": uniform(2, 3, 4), "img": uniform(2, 6, 3, 4),
                 "img_nhwc": uniform(2, 3, 4, 6), "m": uniform(3, 3),
                 "w12": uniform(12, 5), "bias5": uniform(5), "scale6": uniform(6, low=0.5),
                 "bias6": uniform(6),
                 "filt": uniform(6, 1, 3, 3), "shuffle": uniform(1, 8, 3, 3)},
        "forms": {"x": uniform(2, 3, 4), "col": uniform(3, 1), "img": uniform(1, 2, 5, 5),
                  "ids": rng.integers(0, 6, [4, 1]), "w": uniform(6, 3), "b3": uniform(3),
                  "filt": uniform(2, 3, 3, 3), "alpha": uniform(2, low=0.1, high=0.5),
                  "w4": uniform(4, 5)},
        "extra": {"x": uniform(2, 3, 4), "pos": uniform(2, 3, 4, low=0.1, high=0.9),
                  "img": uniform(1, 4, 5, 5), "img4": uniform(1, 2, 4, 4),
                  "a": rng.integers(0, 64, [6]).astype("int32"),
                  "b": rng.integers(0, 64, [6]).astype("int32"),
                  "lengths": np.asarray([3, 1, 4], "int64"), "mat": uniform(2, 4, 3),
                  "v3": uniform(3), "rows": uniform(2, 4),
                  "pick": np.asarray([[3, 0], [1, 1]], "int64"),
                  "along": rng.integers(0, 3, [2, 1, 4]), "seq": uniform(5, 2, 3),
                  "h0": uniform(2, 2, 2), "c0": uniform(2, 2, 2),
                  **{f"rnn_w{i}": uniform(*shape) for i, shape in enumerate(
                      [(8, 3), (8, 2), (8, 3), (8, 2), (8,), (8,), (8,), (8,)])}},
    }


# ---- legacy programs: ops appended by type -------------------------------------------------
class LegacyBuilder:
    """Appends legacy ops to the current block; records (case name, output var) to fetch."""

    def __init__(self, paddle):
        self.paddle = paddle
        self.block = paddle.static.default_main_program().global_block()
        self.fetches = []

    def op(self, case, op_type, inputs, attrs=None, outputs=("Out",), fetch=True, dtype=None):
        """Append `op_type`; each output slot gets one new variable ("Y*2" gives two). Give
        `dtype` for ops whose shape inference leaves it unset (matmul and lookup_table v1,
        slice with tensor bounds, reshape2's XShape), or the saved file does not parse."""
        made = {}
        for slot in outputs:
            name, _, count = slot.partition("*")
            made[name] = [self.block.create_var(name=self.paddle.utils.unique_name.generate(
                f"{op_type}_{name}"), dtype=dtype) for _ in range(int(count or 1))]
        self.block.append_op(type=op_type, inputs=inputs, outputs=made, attrs=attrs or {})
        results = [v for slot in made.values() for v in slot]
        shown = results[:fetch] if fetch is not True else results  # an int: the first n
        self.fetches += [(f"{case}[{i}]" if len(shown) > 1 else case, v)
                         for i, v in enumerate(shown)]
        return results[0] if len(results) == 1 else results

    def const(self, values, dtype):
        return self.paddle.assign(np.asarray(values, dtype))


def _interp_attrs(method, size=(-1, -1, -1), scale=(), corners=False, mode=1, layout="NCHW"):
    return {"interp_method": method, "out_d": size[0], "out_h": size[1], "out_w": size[2],
            "scale": list(scale), "align_corners": corners, "align_mode": mode,
            "data_layout": layout}


def legacy_interp(b: LegacyBuilder, v: dict):
    x = {"X": [v["x"]]}
    for case, op_type, inputs, attrs in [
        ("bilinear_mode0", "bilinear_interp_v2", x, _interp_attrs("bilinear", (-1, 8, 9), mode=0)),
        ("bilinear_mode1", "bilinear_interp_v2", x, _interp_attrs("bilinear", (-1, 8, 9))),
        ("bilinear_corners", "bilinear_interp_v2", x,
         _interp_attrs("bilinear", (-1, 8, 9), corners=True)),
        ("bilinear_down", "bilinear_interp_v2", x, _interp_attrs("bilinear", (-1, 3, 4), mode=0)),
        ("bilinear_scale", "bilinear_interp_v2", x, _interp_attrs("bilinear", scale=(1.5, 2.0))),
        ("bilinear_outsize", "bilinear_interp_v2", {**x, "OutSize": [b.const([7, 4], "int32")]},
         _interp_attrs("bilinear")),
        ("bilinear_sizetensor", "bilinear_interp_v2",
         {**x, "SizeTensor": [b.const([7], "int32"), b.const([10], "int32")]},
         _interp_attrs("bilinear")),
        ("bilinear_scaletensor", "bilinear_interp_v2",
         {**x, "Scale": [b.const([2.0, 1.5], "float32")]}, _interp_attrs("bilinear")),
        ("bilinear_nhwc", "bilinear_interp_v2", {"X": [v["xh"]]},
         _interp_attrs("bilinear", (-1, 8, 9), layout="NHWC")),
        ("nearest", "nearest_interp_v2", x, _interp_attrs("nearest", (-1, 8, 11))),
        ("nearest_corners", "nearest_interp_v2", x,
         _interp_attrs("nearest", (-1, 8, 11), corners=True)),
        ("nearest_scale", "nearest_interp_v2", x, _interp_attrs("nearest", scale=(2.0, 2.0))),
        ("nearest_nhwc_down", "nearest_interp_v2", {"X": [v["xh"]]},
         _interp_attrs("nearest", (-1, 4, 3), layout="NHWC")),
        ("bicubic", "bicubic_interp_v2", x, _interp_attrs("bicubic", (-1, 8, 9))),
        ("bicubic_corners", "bicubic_interp_v2", x,
         _interp_attrs("bicubic", (-1, 8, 9), corners=True)),
        ("linear_mode1", "linear_interp_v2", {"X": [v["x3"]]},
         _interp_attrs("linear", (-1, -1, 11))),
        ("linear_mode0", "linear_interp_v2", {"X": [v["x3"]]},
         _interp_attrs("linear", (-1, -1, 11), mode=0)),
        ("linear_corners", "linear_interp_v2", {"X": [v["x3"]]},
         _interp_attrs("linear", (-1, -1, 11), corners=True)),
        ("trilinear", "trilinear_interp_v2", {"X": [v["x5"]]},
         _interp_attrs("trilinear", (4, 5, 7))),
        ("trilinear_mode0", "trilinear_interp_v2", {"X": [v["x5"]]},
         _interp_attrs("trilinear", (4, 5, 7), mode=0)),
        ("trilinear_corners", "trilinear_interp_v2", {"X": [v["x5"]]},
         _interp_attrs("trilinear", (4, 5, 7), corners=True)),
    ]:
        b.op(case, op_type, inputs, attrs)


def legacy_sample(b: LegacyBuilder, v: dict):
    pads = [1, 2, 0, 1, 2, 1]
    for mode in ("constant", "reflect", "replicate", "circular"):
        b.op(f"pad3d_{mode}", "pad3d", {"X": [v["x5"]]},
             {"paddings": pads, "mode": mode, "value": 0.5, "data_format": "NCDHW"})
    b.op("pad3d_ndhwc", "pad3d", {"X": [v["x5"]]},
         {"paddings": pads, "mode": "replicate", "value": 0.0, "data_format": "NDHWC"})
    b.op("pad3d_tensor", "pad3d", {"X": [v["x5"]], "Paddings": [b.const(pads, "int32")]},
         {"paddings": [], "mode": "constant", "value": -1.0, "data_format": "NCDHW"})
    for mode, padding, corners in [("bilinear", "zeros", True), ("bilinear", "border", False),
                                   ("bilinear", "reflection", True),
                                   ("bilinear", "reflection", False),
                                   ("nearest", "zeros", False), ("nearest", "border", True),
                                   ("nearest", "reflection", False)]:
        b.op(f"grid_{mode}_{padding}_{corners}", "grid_sampler",
             {"X": [v["x"]], "Grid": [v["grid"]]},
             {"mode": mode, "padding_mode": padding, "align_corners": corners},
             outputs=("Output",))


def legacy_search(b: LegacyBuilder, v: dict):
    x = {"X": [v["x"]]}
    b.op("arg_max_keepdims_int32", "arg_max", x,
         {"axis": 1, "keepdims": True, "flatten": False, "dtype": 2})
    b.op("arg_max_flatten", "arg_max", x, {"axis": 0, "keepdims": False, "flatten": True,
                                           "dtype": 3})
    b.op("arg_min", "arg_min", x, {"axis": -1, "keepdims": False, "flatten": False, "dtype": 3})
    b.op("top_k_smallest", "top_k_v2", x, {"k": 2, "axis": 1, "largest": False, "sorted": True},
         outputs=("Out", "Indices"))
    b.op("top_k_tensor_k", "top_k_v2", {**x, "K": [b.const([3], "int32")]},
         {"k": 1, "axis": -1, "largest": True, "sorted": True}, outputs=("Out", "Indices"))
    b.op("argsort_descending", "argsort", x, {"axis": 1, "descending": True},
         outputs=("Out", "Indices"))
    positive = b.op("mask", "greater_than", {"X": [v["x"]], "Y": [b.const([0.3], "float32")]},
                    {"axis": -1}, fetch=0)
    b.op("where_index", "where_index", {"Condition": [positive]})
    b.op("cumsum_exclusive_reverse", "cumsum", x,
         {"axis": 1, "flatten": False, "exclusive": True, "reverse": True})
    b.op("cumsum_flatten", "cumsum", x, {"axis": -1, "flatten": True, "exclusive": False,
                                         "reverse": False})


def legacy_manip(b: LegacyBuilder, v: dict):
    x, col = {"X": [v["x"]]}, {"X": [v["col"]]}
    b.op("lookup_padding_idx", "lookup_table_v2", {"Ids": [v["ids"]], "W": [v["w"]]},
         {"padding_idx": 2})
    b.op("fill_constant_batch_size_like", "fill_constant_batch_size_like", {"Input": [v["x"]]},
         {"shape": [-1, 5], "input_dim_idx": 0, "output_dim_idx": 0, "value": 1.5, "dtype": 5,
          "str_value": "1.5"})
    b.op("expand_v2", "expand_v2", col, {"shape": [2, -1, 4]})
    b.op("expand_as_v2", "expand_as_v2", {**col, "Y": [v["x"]]}, {"target_shape": [2, 3, 4]})
    b.op("tile", "tile", col, {"repeat_times": [2, 1, 3]})
    b.op("gather_axis1", "gather", {**x, "Index": [v["index"]]}, {"axis": 1})
    b.op("gather_nd", "gather_nd", {**x, "Index": [v["nd_index"]]})
    for overwrite in (True, False):
        b.op(f"scatter_overwrite_{overwrite}", "scatter",
             {"X": [v["updates"]], "Ids": [v["index"]], "Updates": [v["updates"]]},
             {"overwrite": overwrite})
    b.op("index_select", "index_select", {**x, "Index": [v["index"]]}, {"dim": 1})
    b.op("strided_slice", "strided_slice", {"Input": [v["x"]]},
         {"axes": [1, 2], "starts": [0, -1], "ends": [3, 0], "strides": [2, -1],
          "infer_flags": [1, 1], "decrease_axis": []})
    b.op("split_num", "split", x, {"num": 2, "axis": 2, "sections": []}, outputs=("Out*2",))
    b.op("split_sections", "split", x, {"num": 0, "axis": 1, "sections": [1, -1]},
         outputs=("Out*2",))
    b.op("unstack", "unstack", x, {"axis": 0, "num": 2}, outputs=("Y*2",))
    b.op("stack", "stack", {"X": [v["x"], v["x"]]}, {"axis": 1}, outputs=("Y",))
    b.op("meshgrid", "meshgrid", {"X": [v["row"], v["row3"]]}, outputs=("Out*2",))
    b.op("one_hot_v2", "one_hot_v2", {"X": [v["labels"]]},
         {"depth": 5, "dtype": 5, "allow_out_of_range": False})
    b.op("flip", "flip", x, {"axis": [0, 2]})
    b.op("roll", "roll", x, {"shifts": [1, -2], "axis": [0, 2]})
    b.op("roll_flat", "roll", x, {"shifts": [3], "axis": []})
    b.op("set_value_tensor", "set_value", {"Input": [v["x"]], "ValueTensor": [v["row"]]},
         {"axes": [1], "starts": [0], "ends": [2], "steps": [1], "decrease_axes": [],
          "none_axes": [], "shape": [], "dtype": 5})
    b.op("set_value_scalar", "set_value", {"Input": [v["x"]]},
         {"axes": [0, 2], "starts": [1, 0], "ends": [2, 4], "steps": [1, 2],
          "decrease_axes": [0], "none_axes": [], "shape": [1], "values": [2.5],
          "dtype": 5})
    b.op("share_data", "share_data", x)


def legacy_math(b: LegacyBuilder, v: dict):
    x, img = {"X": [v["x"]]}, {"X": [v["img"]]}
    for case, porder, axis, keepdim, asvector in [("p_norm_2", 2.0, 1, True, False),
                                                  ("p_norm_1", 1.0, -1, False, False),
                                                  ("p_norm_inf", float("inf"), 0, False, False),
                                                  ("p_norm_vector", 3.0, -1, False, True)]:
        b.op(case, "p_norm", x, {"porder": porder, "axis": axis, "keepdim": keepdim,
                                 "asvector": asvector, "epsilon": 1e-12})
    for op_type in ("reduce_sum", "reduce_mean", "reduce_max", "reduce_min", "reduce_prod"):
        b.op(op_type, op_type, x, {"dim": [1], "keep_dim": op_type == "reduce_sum",
                                   "reduce_all": False})
    b.op("reduce_mean_all", "reduce_mean", x, {"dim": [0], "keep_dim": False, "reduce_all": True})
    mask = b.op("mask", "greater_than", {"X": [v["x"]], "Y": [b.const([0.0], "float32")]},
                {"axis": -1}, fetch=0)
    b.op("reduce_all", "reduce_all", {"X": [mask]}, {"dim": [2], "keep_dim": False,
                                                      "reduce_all": False})
    b.op("reduce_any", "reduce_any", {"X": [mask]}, {"dim": [0, 2], "keep_dim": True,
                                                      "reduce_all": False})
    b.op("matmul_v1", "matmul", {"X": [v["m"]], "Y": [v["x"]]},
         {"transpose_X": True, "transpose_Y": False, "alpha": 0.5}, dtype="float32")
    b.op("mul", "mul", {"X": [v["x"]], "Y": [v["w12"]]}, {"x_num_col_dims": 1,
                                                          "y_num_col_dims": 1})
    b.op("fc_relu", "fc", {"Input": [v["x"]], "W": [v["w12"]], "Bias": [v["bias5"]]},
         {"in_num_col_dims": 1, "activation_type": "relu"})
    for layout, value in (("NCHW", v["img"]), ("NHWC", v["img_nhwc"])):
        b.op(f"affine_channel_{layout}", "affine_channel",
             {"X": [value], "Scale": [v["scale6"]], "Bias": [v["bias6"]]},
             {"data_layout": layout})
    b.op("instance_norm", "instance_norm", {**img, "Scale": [v["scale6"]], "Bias": [v["bias6"]]},
         {"epsilon": 1e-5}, outputs=("Y", "SavedMean", "SavedVariance"), fetch=1)
    b.op("group_norm", "group_norm", {**img, "Scale": [v["scale6"]], "Bias": [v["bias6"]]},
         {"epsilon": 1e-5, "groups": 3, "data_layout": "NCHW"}, outputs=("Y", "Mean", "Variance"),
         fetch=1)
    b.op("depthwise_conv2d_transpose", "depthwise_conv2d_transpose",
         {"Input": [v["img"]], "Filter": [v["filt"]]},
         {"strides": [2, 2], "paddings": [1, 1], "output_padding": [], "output_size": [],
          "groups": 6, "dilations": [1, 1], "padding_algorithm": "EXPLICIT",
          "data_format": "NCHW"}, outputs=("Output",))
    b.op("pixel_shuffle", "pixel_shuffle", {"X": [v["shuffle"]]},
         {"upscale_factor": 2, "data_format": "NCHW"})
    b.op("shuffle_channel", "shuffle_channel", {"X": [v["shuffle"]]}, {"group": 2})


def legacy_forms(b: LegacyBuilder, v: dict):
    """Shapes, axes and scalars given as tensors, and the older op versions."""
    x, col, img = {"X": [v["x"]]}, {"X": [v["col"]]}, {"X": [v["img"]]}
    i32 = functools.partial(b.const, dtype="int32")
    b.op("expand_v2_shape_tensor", "expand_v2", {**col, "Shape": [i32([2, 3, 5])]},
         {"shape": []})
    b.op("expand_v2_shape_list", "expand_v2",
         {**col, "expand_shapes_tensor": [i32([2]), i32([3]), i32([2])]}, {"shape": []})
    b.op("expand_v1", "expand", col, {"expand_times": [2, 3]})
    b.op("tile_tensor", "tile", {**col, "RepeatTimes": [i32([1, 2])]}, {"repeat_times": []})
    b.op("tile_list", "tile", {**col, "repeat_times_tensor": [i32([2]), i32([2])]},
         {"repeat_times": []})
    b.op("gather_axis_tensor", "gather", {**x, "Index": [i32([3, 0])], "Axis": [i32([2])]},
         {"axis": 0})
    b.op("split_tensors", "split", {**x, "AxisTensor": [i32([2])],
                                    "SectionsTensorList": [i32([1]), i32([3])]},
         {"num": 0, "axis": 0, "sections": [-1, -1]}, outputs=("Out*2",))
    b.op("reshape2_shape_tensor", "reshape2", {**x, "Shape": [i32([4, -1])]}, {"shape": []},
         outputs=("Out", "XShape"), fetch=1, dtype="float32")
    b.op("reshape2_shape_list", "reshape2", {**x, "ShapeTensor": [i32([3]), i32([8])]},
         {"shape": []}, outputs=("Out", "XShape"), fetch=1, dtype="float32")
    b.op("slice_tensors_decrease", "slice",
         {"Input": [v["x"]], "StartsTensorList": [i32([1]), i32([0])], "EndsTensor": [i32([2, 3])]},
         {"axes": [0, 2], "starts": [], "ends": [], "infer_flags": [-1, -1],
          "decrease_axis": [0]}, dtype="float32")
    b.op("fill_constant_tensors", "fill_constant",
         {"ShapeTensorList": [i32([2]), i32([3])], "ValueTensor": [b.const([1.25], "float32")]},
         {"shape": [], "value": 0.0, "dtype": 5, "str_value": ""})
    b.op("fill_constant_str_value", "fill_constant", {},
         {"shape": [2], "value": 0.0, "dtype": 3, "str_value": "7"})
    b.op("top_k_v1", "top_k", x, {"k": 2}, outputs=("Out", "Indices"))
    b.op("pad_constant", "pad", x, {"paddings": [0, 1, 1, 0, 2, 1], "pad_value": 0.5})
    b.op("reduce_sum_out_dtype", "reduce_sum", x, {"dim": [0], "keep_dim": False,
                                                   "reduce_all": False, "out_dtype": 6})
    b.op("unsqueeze2_axes_tensor", "unsqueeze2", {**x, "AxesTensor": [i32([0, 3])]},
         {"axes": []}, outputs=("Out", "XShape"), fetch=1)
    b.op("squeeze2_all", "squeeze2", col, {"axes": []}, outputs=("Out", "XShape"), fetch=1)
    b.op("scale_tensor_bias_first", "scale", {**x, "ScaleTensor": [b.const([3.0], "float32")]},
         {"scale": 1.0, "bias": 0.5, "bias_after_scale": False})
    b.op("clip_tensors", "clip", {**x, "Min": [b.const([-0.25], "float32")],
                                  "Max": [b.const([0.5], "float32")]}, {"min": 0.0, "max": 0.0})
    b.op("fill_any_like_int", "fill_any_like", x, {"value": 3.0, "dtype": 2})
    b.op("range", "range", {"Start": [b.const([1.0], "float32")],
                            "End": [b.const([4.0], "float32")],
                            "Step": [b.const([0.5], "float32")]})
    b.op("elementwise_add_axis", "elementwise_add", {**x, "Y": [v["b3"]]}, {"axis": 1})
    b.op("elementwise_mul_axis0", "elementwise_mul", {**x, "Y": [v["col"]]}, {"axis": 1})
    b.op("lookup_table_v1", "lookup_table", {"Ids": [v["ids"]], "W": [v["w"]]},
         {"padding_idx": 0}, dtype="float32")
    b.op("sum_add_n", "sum", {"X": [v["x"], v["x"], v["x"]]})
    b.op("concat_axis_tensor", "concat", {"X": [v["x"], v["x"]], "AxisTensor": [i32([2])]},
         {"axis": 0})
    b.op("mul_col_dims_2", "mul", {"X": [v["x"]], "Y": [v["w4"]]},
         {"x_num_col_dims": 2, "y_num_col_dims": 1})
    b.op("prelu_channel", "prelu", {**img, "Alpha": [v["alpha"]]},
         {"mode": "channel", "data_format": "NCHW"})
    b.op("conv2d_transpose_output_size", "conv2d_transpose",
         {"Input": [v["img"]], "Filter": [v["filt"]]},
         {"strides": [2, 2], "paddings": [1, 1], "output_padding": [], "output_size": [10, 10],
          "groups": 1, "dilations": [1, 1], "padding_algorithm": "EXPLICIT",
          "data_format": "NCHW"}, outputs=("Output",))
    b.op("pool2d_adaptive_avg", "pool2d", img,
         {"pooling_type": "avg", "ksize": [2, 3], "adaptive": True, "global_pooling": False,
          "strides": [1, 1], "paddings": [0, 0], "exclusive": True, "ceil_mode": False,
          "padding_algorithm": "EXPLICIT", "data_format": "NCHW"})
    b.op("pool2d_ceil_inclusive", "pool2d", img,
         {"pooling_type": "avg", "ksize": [2, 2], "adaptive": False, "global_pooling": False,
          "strides": [2, 2], "paddings": [1, 1], "exclusive": False, "ceil_mode": True,
          "padding_algorithm": "EXPLICIT", "data_format": "NCHW"})
    b.op("pool2d_max_same", "pool2d", img,
         {"pooling_type": "max", "ksize": [3, 3], "adaptive": False, "global_pooling": False,
          "strides": [2, 2], "paddings": [0, 0], "exclusive": True, "ceil_mode": False,
          "padding_algorithm": "SAME", "data_format": "NCHW"})
    b.op("instance_norm_plain", "instance_norm", img, {"epsilon": 1e-5},
         outputs=("Y", "SavedMean", "SavedVariance"), fetch=1)


def legacy_extra(b: LegacyBuilder, v: dict):
    """Less common activations, math, normalizations, products and the fused rnn op."""
    x, pos, img = {"X": [v["x"]]}, {"X": [v["pos"]]}, {"X": [v["img"]]}
    for op_type in ("log2", "log10", "log1p", "expm1", "acos", "asin", "atan", "tan", "sinh",
                    "cosh"):
        b.op(op_type, op_type, pos)
    b.op("trunc", "trunc", {"X": [b.op("x5", "scale", x, {"scale": 5.0}, fetch=0)]})
    for op_type, attrs in [("selu", {"scale": 1.2, "alpha": 1.5}), ("celu", {"alpha": 0.7}),
                           ("brelu", {"t_min": -0.2, "t_max": 0.4}),
                           ("thresholded_relu", {"threshold": 0.3, "value": -0.5}),
                           ("hard_shrink", {"threshold": 0.3}), ("softshrink", {"lambda": 0.2}),
                           ("stanh", {"scale_a": 0.5, "scale_b": 2.0})]:
        b.op(op_type, op_type, x, attrs)
    b.op("isinf_v2", "isinf_v2", x)
    b.op("atan2", "atan2", {"X1": [v["x"]], "X2": [v["pos"]]})
    b.op("elementwise_fmax", "elementwise_fmax", {"X": [v["x"]], "Y": [v["pos"]]})
    b.op("elementwise_heaviside", "elementwise_heaviside", {"X": [v["x"]], "Y": [v["pos"]]})
    b.op("bitwise_xor", "bitwise_xor", {"X": [v["a"]], "Y": [v["b"]]})
    b.op("bitwise_not", "bitwise_not", {"X": [v["a"]]})
    b.op("lrn", "lrn", img, {"n": 3, "k": 2.0, "alpha": 0.01, "beta": 0.75,
                             "data_format": "NCHW"}, outputs=("Out", "MidOut"), fetch=1)
    b.op("norm", "norm", x, {"axis": 1, "epsilon": 1e-10}, outputs=("Out", "Norm"), fetch=1)
    b.op("maxout", "maxout", img, {"groups": 2, "axis": 1})
    b.op("max_pool2d_with_index", "max_pool2d_with_index", img,
         {"ksize": [2, 2], "strides": [2, 2], "paddings": [0, 0], "global_pooling": False,
          "adaptive": False, "ceil_mode": False}, outputs=("Out", "Mask"))
    b.op("bmm", "bmm", {"X": [v["mat"]], "Y": [b.op("mt", "transpose2", {"X": [v["mat"]]},
                                                    {"axis": [0, 2, 1]},
                                                    outputs=("Out", "XShape"), fetch=0,
                                                    dtype="float32")[0]]})
    b.op("dot", "dot", {"X": [v["v3"]], "Y": [v["v3"]]})
    b.op("logsumexp", "logsumexp", x, {"axis": [1], "keepdim": True, "reduce_all": False})
    b.op("index_sample", "index_sample", {"X": [v["rows"]], "Index": [v["pick"]]})
    b.op("take_along_axis", "take_along_axis", {"Input": [v["x"]], "Index": [v["along"]]},
         {"Axis": 1}, outputs=("Result",))
    b.op("put_along_axis_add", "put_along_axis",
         {"Input": [v["x"]], "Index": [v["along"]],
          "Value": [b.const(np.full([2, 1, 4], 0.5), "float32")]},
         {"Axis": 1, "Reduce": "add", "Include_self": True}, outputs=("Result",))
    b.op("masked_select", "masked_select",
         {"X": [v["x"]], "Mask": [b.op("m", "greater_than",
                                       {"X": [v["x"]], "Y": [b.const([0.0], "float32")]},
                                       {"axis": -1}, fetch=0)]}, outputs=("Y",))
    b.op("sequence_mask", "sequence_mask", {"X": [v["lengths"]]}, {"maxlen": 5, "out_dtype": 5},
         outputs=("Y",))
    b.op("tril", "tril_triu", {"X": [v["rows"]]}, {"diagonal": 1, "lower": True})
    b.op("triu", "tril_triu", {"X": [v["rows"]]}, {"diagonal": -1, "lower": False})
    b.op("diag_v2", "diag_v2", {"X": [v["v3"]]}, {"offset": 1, "padding_value": 0.5})
    b.op("crop_tensor", "crop_tensor", x, {"shape": [1, 2, 3], "offsets": [1, 0, 1]})
    b.op("unfold", "unfold", img, {"kernel_sizes": [2, 3], "strides": [1, 2],
                                   "paddings": [0, 1, 0, 1], "dilations": [1, 1]},
         outputs=("Y",))
    b.op("pixel_unshuffle", "pixel_unshuffle", {"X": [v["img4"]]},
         {"downscale_factor": 2, "data_format": "NCHW"})
    b.op("temporal_shift", "temporal_shift", {"X": [b.op(
        "frames", "reshape2", img, {"shape": [2, 2, 5, 5]}, outputs=("Out", "XShape"), fetch=0,
        dtype="float32")[0]]}, {"seg_num": 2, "shift_ratio": 0.25, "data_format": "NCHW"})
    b.op("eye", "eye", {}, {"num_rows": 3, "num_columns": 4, "dtype": 5})
    b.op("linspace", "linspace", {"Start": [b.const([0.0], "float32")],
                                  "Stop": [b.const([1.0], "float32")],
                                  "Num": [b.const([5], "int32")]}, {"dtype": 5})
    b.op("size", "size", {"Input": [v["x"]]})
    b.op("rnn_bidirectional_lstm", "rnn",
         {"Input": [v["seq"]], "PreState": [v["h0"], v["c0"]],
          "WeightList": [v[f"rnn_w{i}"] for i in range(8)]},
         {"dropout_prob": 0.0, "is_bidirec": True, "input_size": 3, "hidden_size": 2,
          "num_layers": 1, "mode": "LSTM", "seed": 0, "is_test": True},
         outputs=("Out", "DropoutState", "State*2", "Reserve"), fetch=1, dtype="float32")


LEGACY = {"interp": legacy_interp, "sample": legacy_sample, "search": legacy_search,
          "manip": legacy_manip, "math": legacy_math, "forms": legacy_forms, "extra": legacy_extra}


# ---- PIR programs: the public API ------------------------------------------------------------
def pir_interp(paddle, v: dict) -> list:
    F, full = paddle.nn.functional, paddle.full
    x = v["x"]
    return [
        ("bilinear_mode0", F.interpolate(x, [8, 9], mode="bilinear", align_mode=0)),
        ("bilinear_mode1", F.interpolate(x, [8, 9], mode="bilinear")),
        ("bilinear_corners", F.interpolate(x, [8, 9], mode="bilinear", align_corners=True)),
        ("bilinear_scale", F.interpolate(x, scale_factor=[1.5, 2.0], mode="bilinear")),
        ("bilinear_outsize", F.interpolate(x, paddle.assign(np.asarray([7, 4], "int32")),
                                           mode="bilinear")),
        ("bilinear_sizetensor", F.interpolate(x, [full([1], 7, "int32"), 10],
                                              mode="bilinear")),
        ("bilinear_scaletensor", F.interpolate(
            x, scale_factor=paddle.assign(np.asarray([2.0, 1.5], "float32")), mode="bilinear")),
        ("bilinear_nhwc", F.interpolate(v["xh"], [8, 9], mode="bilinear", data_format="NHWC")),
        ("nearest", F.interpolate(x, [8, 11])),
        ("nearest_scale", F.interpolate(x, scale_factor=2.0)),
        ("nearest_nhwc_down", F.interpolate(v["xh"], [4, 3], data_format="NHWC")),
        ("bicubic", F.interpolate(x, [8, 9], mode="bicubic")),
        ("bicubic_corners", F.interpolate(x, [8, 9], mode="bicubic", align_corners=True)),
        ("linear", F.interpolate(v["x3"], [11], mode="linear", data_format="NCW")),
        ("linear_corners", F.interpolate(v["x3"], [11], mode="linear", align_corners=True,
                                         data_format="NCW")),
        ("trilinear", F.interpolate(v["x5"], [4, 5, 7], mode="trilinear",
                                    data_format="NCDHW")),
        ("trilinear_mode0", F.interpolate(v["x5"], [4, 5, 7], mode="trilinear", align_mode=0,
                                          data_format="NCDHW")),
    ]


def pir_sample(paddle, v: dict) -> list:
    F = paddle.nn.functional
    pads = [1, 2, 0, 1, 2, 1]
    cases = [(f"pad3d_{mode}", F.pad(v["x5"], pads, mode, 0.5, "NCDHW"))
             for mode in ("constant", "reflect", "replicate", "circular")]
    cases.append(("pad3d_ndhwc", F.pad(v["x5"], pads, "replicate", data_format="NDHWC")))
    cases.append(("pad2d_tensor", F.pad(v["x"], paddle.assign(np.asarray([1, 0, 2, 1], "int32")),
                                        "constant", -1.0)))
    for mode, padding, corners in [("bilinear", "zeros", True), ("bilinear", "border", False),
                                   ("bilinear", "reflection", True),
                                   ("nearest", "reflection", False)]:
        cases.append((f"grid_{mode}_{padding}_{corners}",
                      F.grid_sample(v["x"], v["grid"], mode, padding, corners)))
    return cases


def pir_search(paddle, v: dict) -> list:
    x = v["x"]
    values, indices = paddle.topk(x, 2, axis=1, largest=False)
    k_values, k_indices = paddle.topk(x, paddle.full([1], 3, "int32"))
    return [("argmax_keepdim_int32", paddle.argmax(x, 1, keepdim=True, dtype="int32")),
            ("argmax_flat", paddle.argmax(x)), ("argmin", paddle.argmin(x, -1)),
            ("topk_smallest[0]", values), ("topk_smallest[1]", indices),
            ("topk_tensor_k[0]", k_values), ("topk_tensor_k[1]", k_indices),
            ("argsort_descending", paddle.argsort(x, 1, descending=True)),
            ("nonzero", paddle.nonzero(x > 0.3)), ("cumsum", paddle.cumsum(x, 1)),
            ("cumsum_flat", paddle.cumsum(x))]


def pir_manip(paddle, v: dict) -> list:
    F, x, col = paddle.nn.functional, v["x"], v["col"]
    first, second = paddle.split(x, 2, axis=2)
    rows, cols = paddle.meshgrid(v["row"], v["row3"])
    # x[...] = v writes in place into a copy of x (set_value_*_); whether an op reading the
    # copy later sees the write depends on Paddle's scheduling, so only the results are read
    target = paddle.static.setitem(paddle.assign(x), (slice(None), slice(0, 2)), v["row"])
    scalar = paddle.static.setitem(paddle.assign(x), (1, slice(None), slice(0, 4, 2)), 2.5)
    return [("embedding_padding_idx", F.embedding(v["ids"], v["w"], padding_idx=2)),
            ("expand", paddle.expand(col, [2, -1, 4])), ("expand_as", paddle.expand_as(col, x)),
            ("tile", paddle.tile(col, [2, 1, 3])), ("gather_axis1", paddle.gather(x, v["index"], 1)),
            ("gather_nd", paddle.gather_nd(x, v["nd_index"])),
            ("scatter_overwrite", paddle.scatter(v["updates"], v["index"], v["updates"])),
            ("scatter_add", paddle.scatter(v["updates"], v["index"], v["updates"], False)),
            ("index_select", paddle.index_select(x, v["index"], 1)),
            ("strided_slice", paddle.strided_slice(x, [1, 2], [0, -1], [3, 0], [2, -1])),
            ("split[0]", first), ("split[1]", second),
            ("unstack[0]", paddle.unstack(x)[0]), ("stack", paddle.stack([x, x], 1)),
            ("meshgrid[0]", rows), ("meshgrid[1]", cols),
            ("one_hot", F.one_hot(v["labels"][:, 0], 5)), ("flip", paddle.flip(x, [0, 2])),
            ("roll", paddle.roll(x, [1, -2], [0, 2])), ("roll_flat", paddle.roll(x, 3)),
            ("set_value_tensor", target), ("set_value_scalar", scalar)]


def pir_math(paddle, v: dict) -> list:
    F, x, img = paddle.nn.functional, v["x"], v["img"]
    norm = paddle.linalg.norm
    return [("p_norm_2", norm(x, 2, 1, keepdim=True)), ("p_norm_1", norm(x, 1, -1)),
            ("p_norm_inf", norm(x, float("inf"), 0)), ("sum", paddle.sum(x, 1, keepdim=True)),
            ("mean_all", paddle.mean(x)), ("max", paddle.max(x, 1)), ("min", paddle.min(x, 1)),
            ("prod", paddle.prod(x, 1)), ("all", paddle.all(x > 0, 2)),
            ("any", paddle.any(x > 0, [0, 2], keepdim=True)),
            ("matmul_transpose", paddle.matmul(v["m"], x, transpose_x=True) * 0.5),
            ("linear_relu", F.relu(F.linear(paddle.reshape(x, [2, 12]), v["w12"], v["bias5"]))),
            ("affine_nhwc", v["img_nhwc"] * v["scale6"] + v["bias6"]),
            ("instance_norm", F.instance_norm(img, weight=v["scale6"], bias=v["bias6"])),
            ("group_norm", F.group_norm(img, 3, weight=v["scale6"], bias=v["bias6"])),
            ("conv2d_transpose_depthwise", F.conv2d_transpose(img, v["filt"], stride=2,
                                                              padding=1, groups=6)),
            ("pixel_shuffle", F.pixel_shuffle(v["shuffle"], 2)),
            ("channel_shuffle", F.channel_shuffle(v["shuffle"], 2))]


def pir_forms(paddle, v: dict) -> list:
    F, x, col, img = paddle.nn.functional, v["x"], v["col"], v["img"]

    def i32(values):
        return paddle.assign(np.asarray(values, "int32"))
    parts = paddle.split(x, [i32([1])[0], 3], axis=i32([2])[0])
    return [("expand_shape_tensor", paddle.expand(col, i32([2, 3, 5]))),
            ("expand_shape_list", paddle.expand(col, [i32([2])[0], 3, 2])),
            ("tile_tensor", paddle.tile(col, i32([1, 2]))),
            ("gather_axis_tensor", paddle.gather(x, i32([3, 0]), i32([2])[0])),
            ("split_tensors[0]", parts[0]), ("split_tensors[1]", parts[1]),
            ("reshape_shape_tensor", paddle.reshape(x, i32([4, -1]))),
            ("reshape_shape_list", paddle.reshape(x, [i32([3])[0], 8])),
            ("slice_tensors", paddle.slice(x, [0, 2], [i32([1])[0], 0], i32([2, 3]))),
            ("full_tensors", paddle.full([i32([2])[0], 3], paddle.assign(np.asarray([1.25], "float32")))),
            ("topk[0]", paddle.topk(x, 2)[0]), ("topk[1]", paddle.topk(x, 2)[1]),
            ("pad2d_reflect", F.pad(img, [1, 2, 2, 1], "reflect")),
            ("pad2d_replicate", F.pad(img, [0, 1, 2, 0], "replicate")),
            ("pad_all_dims", F.pad(x, [0, 1, 1, 0, 2, 1], value=0.5)),
            ("sum_float64", paddle.sum(x, 0, dtype="float64")),
            ("unsqueeze_axes_tensor", paddle.unsqueeze(x, i32([0, 3]))),
            ("squeeze_all", paddle.squeeze(col)),
            ("scale_tensor_bias_first", paddle.scale(x, paddle.assign(np.float32([3.0])), 0.5,
                                                     bias_after_scale=False)),
            ("clip_tensors", paddle.clip(x, paddle.assign(np.float32([-0.25])),
                                         paddle.assign(np.float32([0.5])))),
            ("full_like_int", paddle.full_like(x, 3, "int32")),
            ("arange_tensors", paddle.arange(paddle.assign(np.float32([1.0])),
                                             paddle.assign(np.float32([4.0])),
                                             paddle.assign(np.float32([0.5])))),
            ("add_broadcast", x + paddle.reshape(v["b3"], [3, 1])),
            ("embedding", F.embedding(v["ids"][:, 0], v["w"], padding_idx=0)),
            ("add_n", paddle.add_n([x, x, x])),
            ("concat_axis_tensor", paddle.concat([x, x], i32([2])[0])),
            ("matmul_rows", paddle.matmul(x, v["w4"])),
            ("prelu_channel", F.prelu(img, v["alpha"])),
            ("conv2d_transpose_output_size", F.conv2d_transpose(img, v["filt"], stride=2,
                                                                padding=1, output_size=[10, 10])),
            ("adaptive_avg_pool2d", F.adaptive_avg_pool2d(img, [2, 3])),
            ("avg_pool2d_ceil_inclusive", F.avg_pool2d(img, 2, 2, 1, ceil_mode=True,
                                                       exclusive=False)),
            ("max_pool2d_same", F.max_pool2d(img, 3, 2, "SAME")),
            ("instance_norm_plain", F.instance_norm(img))]


def pir_extra(paddle, v: dict) -> list:
    F, x, pos, img = paddle.nn.functional, v["x"], v["pos"], v["img"]
    pooled, mask = F.max_pool2d(img, 2, 2, return_mask=True)
    cases = [(name, getattr(paddle, name)(pos)) for name in
             ("log2", "log10", "log1p", "expm1", "acos", "asin", "atan", "tan", "sinh", "cosh")]
    return cases + [
        ("trunc", paddle.trunc(x * 5.0)), ("selu", F.selu(x, 1.2, 1.5)),
        ("celu", F.celu(x, 0.7)), ("thresholded_relu", F.thresholded_relu(x, 0.3, -0.5)),
        ("hardshrink", F.hardshrink(x, 0.3)), ("softshrink", F.softshrink(x, 0.2)),
        ("stanh", paddle.stanh(x, 0.5, 2.0)), ("isinf", paddle.isinf(x)),
        ("atan2", paddle.atan2(x, pos)), ("fmax", paddle.fmax(x, pos)),
        ("heaviside", paddle.heaviside(x, pos)), ("bitwise_xor", paddle.bitwise_xor(v["a"], v["b"])),
        ("bitwise_not", paddle.bitwise_not(v["a"])),
        ("lrn", F.local_response_norm(img, 3, 0.03, 0.75, 2.0)),
        ("normalize", F.normalize(x, axis=1)), ("maxout", F.maxout(img, 2)),
        ("max_pool2d_with_index[0]", pooled), ("max_pool2d_with_index[1]", mask),
        ("bmm", paddle.bmm(v["mat"], paddle.transpose(v["mat"], [0, 2, 1]))),
        ("dot", paddle.dot(v["v3"], v["v3"])), ("logsumexp", paddle.logsumexp(x, 1, True)),
        ("index_sample", paddle.index_sample(v["rows"], v["pick"])),
        ("take_along_axis", paddle.take_along_axis(x, v["along"], 1)),
        ("put_along_axis_add", paddle.put_along_axis(x, v["along"], 0.5, 1, "add")),
        ("masked_select", paddle.masked_select(x, x > 0)),
        ("sequence_mask", F.sequence_mask(v["lengths"], 5, "float32")),
        ("tril", paddle.tril(v["rows"], 1)), ("triu", paddle.triu(v["rows"], -1)),
        ("diag", paddle.diag(v["v3"], 1, 0.5)), ("crop", paddle.crop(x, [1, 2, 3], [1, 0, 1])),
        ("unfold", F.unfold(img, [2, 3], [1, 2], [0, 1, 0, 1])),
        ("pixel_unshuffle", F.pixel_unshuffle(v["img4"], 2)),
        ("temporal_shift", F.temporal_shift(paddle.reshape(img, [2, 2, 5, 5]), 2)),
        ("eye", paddle.eye(3, 4)), ("linspace", paddle.linspace(0.0, 1.0, 5)),
        ("numel", paddle.numel(x))]


PIR = {"interp": pir_interp, "sample": pir_sample, "search": pir_search, "manip": pir_manip,
       "math": pir_math, "forms": pir_forms, "extra": pir_extra}


# ---- driver --------------------------------------------------------------------------------
def build_and_run(paddle, mode: str, family: str, arrays: dict):
    """Build `family` in `mode`, run it on `arrays`, save it; (case names, outputs)."""
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        inputs = {name: paddle.static.data(name, list(a.shape), str(a.dtype))
                  for name, a in arrays.items()}
        if mode == "legacy":
            builder = LegacyBuilder(paddle)
            LEGACY[family](builder, inputs)
            cases = builder.fetches
        else:
            cases = PIR[family](paddle, inputs)
    exe = paddle.static.Executor(paddle.CPUPlace())
    names, fetch = [name for name, _ in cases], [var for _, var in cases]
    outputs = exe.run(main, feed=arrays, fetch_list=fetch)
    # a feed that only the legacy program reads (the rnn's weights) is left out of the PIR one
    used = [name for name in arrays if mode == "legacy" or not inputs[name].use_empty()]
    feed_vars = [inputs[name] for name in used]
    paddle.static.save_inference_model(os.path.join(OUT, family), feed_vars, fetch, exe,
                                       program=main)
    if mode == "legacy":
        drop_call_stacks(os.path.join(OUT, family + ".pdmodel"))
    # Paddle loads the saved file back and computes the same outputs from it.
    program, feed_names, targets = paddle.static.load_inference_model(
        os.path.join(OUT, family), exe)
    again = exe.run(program, feed={n: arrays[n] for n in feed_names}, fetch_list=targets)
    for name, first, second in zip(names, outputs, again):
        np.testing.assert_array_equal(first, second, err_msg=f"{family}: {name}")
    return names, outputs


def write_mode(mode: str) -> None:
    import paddle
    paddle.enable_static()
    record = {}
    for family, arrays in feeds().items():
        names, outputs = build_and_run(paddle, mode, family, arrays)
        record[f"{family}.{mode}_names"] = np.asarray(names)
        for i, out in enumerate(outputs):
            record[f"{family}.{mode}.{i}"] = np.asarray(out)
    np.savez(IO_PARTS.format(mode=mode), **record)


def main() -> None:
    if len(sys.argv) > 2 and sys.argv[1] == "--mode":
        write_mode(sys.argv[2])
        return
    run_in_each_ir_mode(__file__, OUT)
    record = {f"{family}.{name}": a for family, arrays in feeds().items()
              for name, a in arrays.items()}
    for mode in ("legacy", "pir"):
        with np.load(IO_PARTS.format(mode=mode)) as part:
            record.update(part)
        os.remove(IO_PARTS.format(mode=mode))
    np.savez_compressed(os.path.join(OUT, "io.npz"), **record)
    for name in sorted(os.listdir(OUT)):
        print(f"{os.path.getsize(os.path.join(OUT, name)):8d}  {name}")


if __name__ == "__main__":
    main()
