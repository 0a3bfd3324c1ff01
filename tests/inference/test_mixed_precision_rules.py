"""The rules of Paddle's mixed-precision conversion (auto_mixed_precision_pass and
identity_op_clean_pass in Paddle's sources), each on a small program written here."""
import numpy as np

from paddle.inference._mixed.cleanup import clean_identity_ops, fold_constants
from paddle.inference._mixed.graph import (
    BF16,
    DENSE_TENSOR,
    FP16,
    FP32,
    FP64,
    INT32,
    INT64,
    Graph,
    GraphOp,
    GraphVar,
)
from paddle.inference._mixed.precision_pass import auto_mixed_precision
from paddle.jit.serialization.op_map import LEGACY_OPS


def program(ops, dtypes, params=None):
    """A Graph of `ops` whose variables have `dtypes` ({name: code}); `params` are stored."""
    params = params or {}
    variables = {name: GraphVar(name, DENSE_TENSOR, code, name in params, [2, 3])
                 for name, code in dtypes.items()}
    return Graph(ops, variables, dict(params))


def op(op_type, inputs, outputs, **attrs):
    return GraphOp(op_type, inputs, outputs, attrs)


def io_program(*middle, dtypes, params=None):
    """feed x -> middle ops -> fetch of the last op's first output."""
    last = middle[-1].output_names()[0]
    ops = [op("feed", {"X": ["feed"]}, {"Out": ["x"]}), *middle,
           op("fetch", {"X": [last]}, {"Out": ["fetch"]})]
    return program(ops, {"x": FP32, **dtypes}, params)


def types(graph):
    return [o.type for o in graph.ops]


def convert(graph, low=FP16, keep_io_types=True, black=(), white=()):
    return auto_mixed_precision(graph, low, keep_io_types, set(black), set(white))


def test_scale_factors_must_fit_the_low_type():
    for low, runs_low in ((FP16, False), (BF16, True)):  # 1e5 overflows float16 only
        graph = io_program(op("scale", {"X": ["x"]}, {"Out": ["y"]}, scale=1e5, bias=0.0),
                           dtypes={"y": FP32})
        assert convert(graph, low) == int(runs_low)
        assert types(graph).count("cast") == (2 if runs_low else 0)
        assert graph.vars["y"].dtype == (low if runs_low else FP32)


def test_float64_values_keep_their_readers_float32():
    graph = io_program(op("cast", {"X": ["x"]}, {"Out": ["d"]}, in_dtype=FP32, out_dtype=FP64),
                       op("relu", {"X": ["d"]}, {"Out": ["y"]}), dtypes={"d": FP64, "y": FP64})
    assert convert(graph) == 0
    assert "cast" not in types(graph)[2:]


def test_outputs_of_operators_without_gpu_kernels_stay_float32():
    nms = op("multiclass_nms3", {"BBoxes": ["x"], "Scores": ["x"]}, {"Out": ["boxes"]})
    graph = io_program(nms, op("relu", {"X": ["boxes"]}, {"Out": ["y"]}),
                       dtypes={"boxes": FP32, "y": FP32})
    assert convert(graph) == 0
    assert graph.vars["y"].dtype == FP32
    graph = io_program(op("multiclass_nms3", {"BBoxes": ["x"], "Scores": ["x"]},
                          {"Out": ["boxes"]}), op("relu", {"X": ["boxes"]}, {"Out": ["y"]}),
                       dtypes={"boxes": FP32, "y": FP32})
    assert convert(graph, white={"multiclass_nms3"}) == 2  # white-listed: both run low


def test_a_variable_written_by_a_float32_operator_keeps_its_writers_float32():
    graph = io_program(op("relu", {"X": ["x"]}, {"Out": ["y"]}),
                       op("multiclass_nms3", {"BBoxes": ["x"], "Scores": ["x"]},
                          {"Out": ["y"]}), dtypes={"y": FP32})
    assert convert(graph) == 0


def test_a_cast_feeding_a_low_precision_operator_is_retargeted():
    graph = io_program(op("cast", {"X": ["ids"]}, {"Out": ["f"]}, in_dtype=INT64,
                          out_dtype=FP32),
                       op("relu", {"X": ["f"]}, {"Out": ["y"]}),
                       dtypes={"ids": INT64, "f": FP32, "y": FP32})
    graph.ops[0].outputs = {"Out": ["ids"]}
    convert(graph)
    cast = graph.ops[1]
    assert types(graph) == ["feed", "cast", "relu", "cast", "fetch"]
    assert cast.attrs["out_dtype"] == FP16 and cast.changed_attrs == {"out_dtype": FP16}
    assert graph.vars["f"].dtype == FP16 and graph.ops[2].inputs == {"X": ["f"]}


def test_weights_convert_except_normalization_parameters():
    weights = {"w": np.ones([2, 3], "float32"), "scale": np.ones([3], "float32"),
               "bias": np.zeros([3], "float32")}
    graph = io_program(op("matmul_v2", {"X": ["x"], "Y": ["w"]}, {"Out": ["h"]}),
                       op("layer_norm", {"X": ["h"], "Scale": ["scale"], "Bias": ["bias"]},
                          {"Y": ["y"], "Mean": ["m"], "Variance": ["v"]}),
                       dtypes={"w": FP32, "scale": FP32, "bias": FP32, "h": FP32, "y": FP32,
                               "m": FP32, "v": FP32}, params=weights)
    graph.ops[-1].inputs = {"X": ["y"]}
    assert convert(graph, BF16) == 2
    assert graph.params["w"].dtype.name == "bfloat16" and graph.vars["w"].dtype == BF16
    for name in ("scale", "bias", "m", "v"):
        assert graph.vars[name].dtype == FP32
    assert graph.params["scale"].dtype == np.float32


def test_weights_stored_in_another_type_than_declared_are_left_alone():
    graph = io_program(op("matmul_v2", {"X": ["x"], "Y": ["w"]}, {"Out": ["y"]}),
                       dtypes={"w": FP32, "y": FP32},
                       params={"w": np.ones([2, 3], "int8")})  # PaddleSlim's int8 weights
    convert(graph)
    assert graph.vars["w"].dtype == FP32 and graph.params["w"].dtype == np.int8


def test_dtype_attributes_follow_the_operator():
    fill = op("fill_constant", {"ShapeTensor": ["x"]}, {"Out": ["y"]}, dtype=FP32, value=1.0)
    graph = io_program(fill, dtypes={"y": FP32})
    convert(graph)
    assert fill.changed_attrs == {"dtype": FP16}
    ints = op("fill_constant", {"ShapeTensor": ["x"]}, {"Out": ["y"]}, dtype=INT64, value=1.0)
    graph = io_program(ints, dtypes={"y": INT64})
    assert convert(graph) == 0 and not ints.changed_attrs


def test_low_precision_io_converts_feeds_and_fetches():
    graph = io_program(op("relu", {"X": ["x"]}, {"Out": ["y"]}), dtypes={"y": FP32})
    assert convert(graph, keep_io_types=False) == 3  # feed, relu, fetch
    assert "cast" not in types(graph) and graph.vars["x"].dtype == FP16


def test_one_cast_serves_every_reader_of_a_variable():
    graph = io_program(op("relu", {"X": ["x"]}, {"Out": ["a"]}),
                       op("elementwise_add", {"X": ["x"], "Y": ["a"]}, {"Out": ["y"]}),
                       dtypes={"a": FP32, "y": FP32})
    convert(graph)
    assert types(graph) == ["feed", "cast", "relu", "elementwise_add", "cast", "fetch"]
    assert graph.ops[3].inputs == {"X": ["x_cast_auto_mixed.tmp_0"], "Y": ["a"]}


def test_identity_cleaning_removes_copies_but_not_after_feed():
    graph = io_program(op("scale", {"X": ["x"]}, {"Out": ["a"]}, scale=1.0, bias=0.0),
                       op("relu", {"X": ["a"]}, {"Out": ["b"]}),
                       op("scale", {"X": ["b"]}, {"Out": ["y"]}, scale=1.0, bias=0.0),
                       dtypes={"a": FP32, "b": FP32, "y": FP32})
    assert clean_identity_ops(graph) == 1
    assert types(graph) == ["feed", "scale", "relu", "fetch"]
    assert graph.ops[2].outputs == {"Out": ["y"]} and "b" not in graph.vars


def test_identity_cleaning_removes_a_round_trip_of_casts():
    graph = io_program(op("relu", {"X": ["x"]}, {"Out": ["a"]}),
                       op("cast", {"X": ["a"]}, {"Out": ["h"]}, in_dtype=FP32, out_dtype=FP16),
                       op("cast", {"X": ["h"]}, {"Out": ["y"]}, in_dtype=FP16, out_dtype=FP32),
                       dtypes={"a": FP32, "h": FP16, "y": FP32})
    assert clean_identity_ops(graph) == 1
    assert types(graph) == ["feed", "relu", "fetch"]
    assert graph.ops[1].outputs == {"Out": ["y"]}


def test_out_dtype_attributes():
    for out_dtype, runs_low in ((-1, True), (FP32, True), (INT64, False)):
        mean = op("reduce_mean", {"X": ["x"]}, {"Out": ["y"]}, out_dtype=out_dtype)
        graph = io_program(mean, dtypes={"y": FP32 if out_dtype != INT64 else INT64})
        assert convert(graph) == int(runs_low)
        assert mean.changed_attrs == ({"out_dtype": FP16} if out_dtype == FP32 else {})


def test_persistable_outputs_of_low_precision_operators_convert():
    weights = {"w": np.ones([2, 3], "float32")}
    graph = io_program(op("relu", {"X": ["x"]}, {"Out": ["w"]}), dtypes={"w": FP32},
                       params=weights)
    convert(graph)
    assert graph.vars["w"].dtype == FP16 and graph.params["w"].dtype == np.float16


def test_a_cast_reading_a_converted_weight_gets_its_in_dtype():
    """Weights are retyped for the low-precision readers; a float32 cast reading the same
    weight (no cast goes in front of persistable inputs) gets in_dtype set to match."""
    graph = io_program(op("matmul_v2", {"X": ["x"], "Y": ["w"]}, {"Out": ["y"]}),
                       op("cast", {"X": ["w"]}, {"Out": ["z"]}, in_dtype=FP32, out_dtype=FP64),
                       dtypes={"w": FP32, "y": FP32, "z": FP64},
                       params={"w": np.ones([2, 3], "float32")})
    convert(graph)
    (cast,) = [o for o in graph.ops if o.type == "cast" and o.inputs == {"X": ["w"]}]
    assert cast.changed_attrs == {"in_dtype": FP16} and graph.vars["w"].dtype == FP16


def test_identity_assign_and_concat():
    graph = io_program(op("relu", {"X": ["x"]}, {"Out": ["a"]}),
                       op("assign", {"X": ["a"]}, {"Out": ["a"]}),
                       op("concat", {"X": ["a"]}, {"Out": ["y"]}, axis=0),
                       dtypes={"a": FP32, "y": FP32})
    assert clean_identity_ops(graph) == 2
    assert types(graph) == ["feed", "relu", "fetch"] and graph.ops[1].outputs == {"Out": ["y"]}


def test_cast_pairs_through_integers_are_kept():
    graph = io_program(op("relu", {"X": ["x"]}, {"Out": ["a"]}),
                       op("cast", {"X": ["a"]}, {"Out": ["i"]}, in_dtype=FP32, out_dtype=INT64),
                       op("cast", {"X": ["i"]}, {"Out": ["y"]}, in_dtype=INT64, out_dtype=FP32),
                       dtypes={"a": FP32, "i": INT64, "y": FP32})
    assert clean_identity_ops(graph) == 0  # the round trip truncates: not an identity


# ---- constant folding ------------------------------------------------------------------------
def _folding(*ops, dtypes, params):
    graph = program([*ops, op("fetch", {"X": [ops[-1].output_names()[0]]}, {"Out": ["f"]})],
                    dtypes, params)
    return graph, fold_constants(graph, LEGACY_OPS)


def test_folding_turns_operators_of_weights_into_weights():
    graph, folded = _folding(
        op("fill_constant", {}, {"Out": ["c"]}, dtype=INT32, shape=[2], value=3.0,
           str_value="3"),
        op("scale", {"X": ["w"]}, {"Out": ["y"]}, scale=2.0, bias=0.0, bias_after_scale=True),
        dtypes={"c": INT32, "w": FP32, "y": FP32}, params={"w": np.ones([2, 3], "float32")})
    assert folded == 2 and types(graph) == ["fetch"]
    assert "c" not in graph.vars and "w" not in graph.vars  # unread, and read only by scale
    np.testing.assert_array_equal(graph.params["y"], np.full([2, 3], 2, "float32"))
    assert graph.vars["y"].persistable and graph.vars["y"].shape == [2, 3]


def test_folding_leaves_random_failing_and_mistyped_operators():
    weights = {"w": np.ones([6], "float32")}
    cases = [(op("dropout", {"X": ["w"]}, {"Out": ["y"]}, dropout_prob=0.5, is_test=True),
              FP32),
             (op("reshape2", {"X": ["w"]}, {"Out": ["y"]}, shape=[7]), FP32),  # fails
             (op("scale", {"X": ["w"]}, {"Out": ["y"]}, scale=2.0, bias=0.0), INT64)]
    for operator, declared in cases:
        graph, folded = _folding(operator, dtypes={"w": FP32, "y": declared}, params=weights)
        assert folded == 0 and types(graph) == [operator.type, "fetch"]


def test_cast_pairs_to_another_type_are_kept():
    graph = io_program(op("relu", {"X": ["x"]}, {"Out": ["a"]}),
                       op("cast", {"X": ["a"]}, {"Out": ["h"]}, in_dtype=FP32, out_dtype=FP16),
                       op("cast", {"X": ["h"]}, {"Out": ["y"]}, in_dtype=FP16, out_dtype=FP64),
                       dtypes={"a": FP32, "h": FP16, "y": FP64})
    assert clean_identity_ops(graph) == 0


def test_folding_leaves_values_that_control_flow_reads():
    fill = op("fill_constant", {}, {"Out": ["c"]}, dtype=FP32, shape=[1], value=1.0,
              str_value="1.0")
    branch = op("conditional_block", {"Cond": ["c"]}, {"Out": ["y"]})
    graph, folded = _folding(fill, branch, dtypes={"c": FP32, "y": FP32}, params={})
    assert folded == 0 and types(graph) == ["fill_constant", "conditional_block", "fetch"]
