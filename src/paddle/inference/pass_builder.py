"""Paddle Inference's pass lists and `PaddlePassBuilder` (`Config.pass_builder()`).

The lists are the names real Paddle 3.3.1's CPU build applies, in its order: the CPU strategy,
the oneDNN additions (on by default once a model is set), and the oneDNN bfloat16 and int8 forms.
The Predictor runs, in this order, the passes of the list that Feijiang implements
(`paddle._core.passes.inference.INFERENCE_PASSES`); the others match patterns (LSTM/GRU fusions,
quantisation, oneDNN layout placement) that have no counterpart in how Feijiang runs a program.
"""
from __future__ import annotations

CPU_PASSES = [
    "simplify_with_basic_ops_pass", "layer_norm_fuse_pass", "attention_lstm_fuse_pass",
    "seqconv_eltadd_relu_fuse_pass", "seqpool_cvm_concat_fuse_pass", "mul_lstm_fuse_pass",
    "fc_gru_fuse_pass", "mul_gru_fuse_pass", "seq_concat_fc_fuse_pass",
    "gpu_cpu_squeeze2_matmul_fuse_pass", "gpu_cpu_reshape2_matmul_fuse_pass",
    "gpu_cpu_flatten2_matmul_fuse_pass", "matmul_v2_scale_fuse_pass",
    "gpu_cpu_map_matmul_v2_to_mul_pass", "gpu_cpu_map_matmul_v2_to_matmul_pass",
    "matmul_scale_fuse_pass", "gpu_cpu_map_matmul_to_mul_pass", "fc_fuse_pass",
    "repeated_fc_relu_fuse_pass", "squared_mat_sub_fuse_pass", "conv_bn_fuse_pass",
    "conv_eltwiseadd_bn_fuse_pass", "conv_transpose_bn_fuse_pass",
    "conv_transpose_eltwiseadd_bn_fuse_pass", "is_test_pass", "constant_folding_pass",
]

ONEDNN_PASSES = [
    "squeeze2_transpose2_onednn_fuse_pass", "depthwise_conv_onednn_pass", "conv_bn_fuse_pass",
    "conv_eltwiseadd_bn_fuse_pass", "conv_affine_channel_onednn_fuse_pass",
    "conv_transpose_bn_fuse_pass", "conv_transpose_eltwiseadd_bn_fuse_pass",
    "conv_bias_onednn_fuse_pass", "conv_transpose_bias_onednn_fuse_pass",
    "conv_elementwise_add_onednn_fuse_pass", "conv_activation_onednn_fuse_pass",
    "scale_matmul_fuse_pass", "reshape_transpose_matmul_onednn_fuse_pass",
    "matmul_transpose_reshape_onednn_fuse_pass", "matmul_elementwise_add_onednn_fuse_pass",
    "matmul_activation_onednn_fuse_pass", "fc_onednn_pass", "fc_act_onednn_fuse_pass",
    "self_attention_fuse_pass", "batch_norm_act_fuse_pass",
    "softplus_activation_onednn_fuse_pass", "shuffle_channel_onednn_detect_pass",
    "elementwise_act_onednn_fuse_pass", "operator_scale_onednn_fuse_pass",
    "operator_unsqueeze2_onednn_fuse_pass", "operator_reshape2_onednn_fuse_pass",
]

ONEDNN_BFLOAT16_PASSES = [
    "fc_onednn_pass", "fc_act_onednn_fuse_pass", "cpu_bfloat16_placement_pass",
    "cpu_bfloat16_pass", "cpu_quantize_squash_pass",
]

ONEDNN_INT8_PASSES = [
    "simplify_with_basic_ops_pass", "quant_dequant_onednn_pass", "onednn_placement_pass",
    "constant_folding_pass", "squeeze2_transpose2_onednn_fuse_pass", "layer_norm_fuse_pass",
    "attention_lstm_fuse_pass", "seqconv_eltadd_relu_fuse_pass", "fc_lstm_fuse_pass",
    "mul_lstm_fuse_pass", "fc_gru_fuse_pass", "mul_gru_fuse_pass", "multi_gru_fuse_pass",
    "multi_gru_seq_fuse_pass", "seq_concat_fc_fuse_pass", "gpu_cpu_squeeze2_matmul_fuse_pass",
    "gpu_cpu_reshape2_matmul_fuse_pass", "gpu_cpu_flatten2_matmul_fuse_pass",
    "matmul_v2_scale_fuse_pass", "squared_mat_sub_fuse_pass", "is_test_pass",
    "gpu_cpu_map_matmul_v2_to_mul_pass", "gpu_cpu_map_matmul_v2_to_matmul_pass",
    "matmul_scale_fuse_pass", "gpu_cpu_map_matmul_to_mul_pass", "repeated_fc_relu_fuse_pass",
    "depthwise_conv_onednn_pass", "conv_bn_fuse_pass", "conv_eltwiseadd_bn_fuse_pass",
    "conv_affine_channel_onednn_fuse_pass", "conv_transpose_bn_fuse_pass",
    "conv_transpose_eltwiseadd_bn_fuse_pass", "conv_bias_onednn_fuse_pass",
    "conv_transpose_bias_onednn_fuse_pass", "conv_elementwise_add_onednn_fuse_pass",
    "conv_activation_onednn_fuse_pass", "fc_fuse_pass", "repeated_fc_relu_fuse_pass",
    "fc_onednn_pass", "fc_act_onednn_fuse_pass", "matmul_transpose_reshape_onednn_fuse_pass",
    "batch_norm_act_fuse_pass", "softplus_activation_onednn_fuse_pass",
    "compute_propagate_scales_onednn_pass", "scale_matmul_fuse_pass",
    "reshape_transpose_matmul_onednn_fuse_pass", "matmul_elementwise_add_onednn_fuse_pass",
    "operator_scale_onednn_fuse_pass", "operator_unsqueeze2_onednn_fuse_pass",
    "operator_reshape2_onednn_fuse_pass", "cpu_quantize_placement_pass", "cpu_quantize_pass",
    "cpu_quantize_squash_pass", "quant_transpose2_dequant_onednn_fuse_pass",
]

ONEDNN_PLACEMENT = "onednn_placement_pass"

ANALYSIS_PASSES = [
    "ir_graph_build_pass", "ir_analysis_pass", "ir_params_sync_among_devices_pass",
    "adjust_cudnn_workspace_size_pass", "inference_op_replace_pass", "save_optimized_model_pass",
    "ir_graph_to_program_pass",
]
DEBUG_PASS = "graph_viz_pass"


def default_passes(onednn: bool, bfloat16: bool = False, int8: bool = False) -> list:
    """The list a Config starts from: the CPU strategy, or with oneDNN its additions (the
    placement pass first), bfloat16's after those, or the int8 strategy's own order."""
    if not onednn:
        return list(CPU_PASSES)
    if int8:
        return list(ONEDNN_INT8_PASSES)
    passes = [ONEDNN_PLACEMENT, *CPU_PASSES, *ONEDNN_PASSES]
    return passes + ONEDNN_BFLOAT16_PASSES if bfloat16 else passes


class PaddlePassBuilder:
    """The editable pass list of a Config (`config.pass_builder()`)."""

    def __init__(self, passes: list):
        self._passes = list(passes)
        self._analysis = list(ANALYSIS_PASSES)

    def all_passes(self) -> list:
        return list(self._passes)

    def set_passes(self, passes) -> None:
        self._passes = [str(p) for p in passes]

    def append_pass(self, pass_type: str) -> None:
        self._passes.append(pass_type)

    def insert_pass(self, idx: int, pass_type: str) -> None:
        if not 0 <= idx <= len(self._passes):
            raise IndexError(f"(PaddlePassBuilder.insert_pass) idx {idx} is out of range: the "
                             f"builder holds {len(self._passes)} passes")
        self._passes.insert(idx, pass_type)

    def delete_pass(self, pass_type: str) -> None:
        """Remove every occurrence of `pass_type` (no error when absent, as in Paddle)."""
        self._passes = [p for p in self._passes if p != pass_type]

    def turn_on_debug(self) -> None:
        """Follow every pass with `graph_viz_pass`; Feijiang prints the program there."""
        debugged = []
        for name in self._passes:
            debugged += [name, DEBUG_PASS]
        self._passes = debugged

    def analysis_passes(self) -> list:
        return list(self._analysis)

    def append_analysis_pass(self, pass_type: str) -> None:
        """Analysis passes run before the graph goes back to a program (the last one)."""
        self._analysis.insert(len(self._analysis) - 1, pass_type)

    def debug_string(self) -> str:
        return "Passes to apply:\n" + "".join(f"  - {name}\n" for name in self._passes)
