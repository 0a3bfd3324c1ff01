"""Paddle Inference's analysis passes (`Config.switch_ir_optim`): each is a plain IR pass
`fn(program, outputs) -> None` registered under Paddle's pass name, so `Config.delete_pass`
and `pass_builder()` address it by that name. `optimize` runs a pass list in order; names with
no pass here (Paddle passes whose patterns Feijiang programs never contain) are skipped. The
lists a Config starts from are paddle.inference.pass_builder's; a name may appear twice there
(conv_bn_fuse_pass runs before and after constant folding), and then runs twice here.

LOWERING_PASSES are fusions Paddle's CPU lists lack but its other backends have (under these
names): the Predictor runs them after the Config's list unless Config.delete_pass names them."""
from __future__ import annotations

from ...ir.printer import print_program
from ..cse import cse
from ..dce import dce
from .attention import self_attention_fuse
from .batch_norm_act import batch_norm_act_fuse
from .conv_epilogue import conv_activation_fuse, conv_elementwise_add_fuse, operator_scale_fuse
from .conv_fold import (
    conv_affine_channel_fuse,
    conv_bias_fuse,
    conv_bn_fuse,
    conv_eltwiseadd_bn_fuse,
    conv_transpose_bias_fuse,
    conv_transpose_bn_fuse,
    conv_transpose_eltwiseadd_bn_fuse,
)
from .fc import fc_act_fuse, fc_fuse
from .folding import constant_folding
from .simplify import is_test, simplify_with_basic_ops
from .squeeze_excitation import squeeze_excitation_fuse

INFERENCE_PASSES = {
    "simplify_with_basic_ops_pass": simplify_with_basic_ops,
    "fc_fuse_pass": fc_fuse,
    "conv_bn_fuse_pass": conv_bn_fuse,
    "conv_eltwiseadd_bn_fuse_pass": conv_eltwiseadd_bn_fuse,
    "conv_transpose_bn_fuse_pass": conv_transpose_bn_fuse,
    "conv_transpose_eltwiseadd_bn_fuse_pass": conv_transpose_eltwiseadd_bn_fuse,
    "is_test_pass": is_test,
    "constant_folding_pass": constant_folding,
    "conv_affine_channel_onednn_fuse_pass": conv_affine_channel_fuse,
    "conv_bias_onednn_fuse_pass": conv_bias_fuse,
    "conv_transpose_bias_onednn_fuse_pass": conv_transpose_bias_fuse,
    "conv_elementwise_add_onednn_fuse_pass": conv_elementwise_add_fuse,
    "conv_activation_onednn_fuse_pass": conv_activation_fuse,
    "fc_act_onednn_fuse_pass": fc_act_fuse,
    "self_attention_fuse_pass": self_attention_fuse,
    "batch_norm_act_fuse_pass": batch_norm_act_fuse,
    "operator_scale_onednn_fuse_pass": operator_scale_fuse,
    "squeeze_excitation_fuse_pass": squeeze_excitation_fuse,
}
LOWERING_PASSES = ("squeeze_excitation_fuse_pass",)


def optimize(program, outputs: list, pass_names, print_ir=False) -> list:
    """Apply the passes of `pass_names` that exist here, each followed by dropping the ops it
    left dead (skipped after a pass that changed nothing). `print_ir` (Paddle's
    `switch_ir_debug`): True prints the program after each pass that ran, a collection of pass
    names after those only."""
    outputs = list(outputs)
    for name in pass_names:
        fn = INFERENCE_PASSES.get(name)
        if fn is None:
            continue
        program.rewired = None  # passes built on inference.graph say whether they changed it
        fn(program, outputs)
        if program.rewired is not False:
            dce(program, outputs)
        if print_ir is True or (print_ir and name in print_ir):
            print(f"--- IR after {name} ---\n{print_program(program)}")
    cse(program, outputs)
    dce(program, outputs)
    return outputs
