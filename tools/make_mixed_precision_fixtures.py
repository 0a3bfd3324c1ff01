"""Write the convert_to_mixed_precision fixtures from real Paddle. Run with the reference
interpreter:

    .venv-ref/bin/python tools/make_mixed_precision_fixtures.py

A small static network (conv2d, batch_norm, relu, max pool2d, a reshape whose shape is built by
shape/slice/fill_constant, layer_norm, an fc as matmul_v2 + elementwise_add, a scale by 1,
softmax, and an int64 arg_max as a second output) is saved as a legacy ProgramDesc
(FLAGS_enable_pir_api=0) under tests/fixtures/mixed_precision/:
  net.pdmodel + net.pdiparams   the float32 model (without the ops' Python call stacks)
  net_io.npz                    an input `x` and Paddle Inference's outputs `prob`, `label`
  paddle_convert.json           what Paddle's CPU build makes of the model with
                                convert_to_mixed_precision(..., Half, GPU): no op has a GPU
                                kernel there, so every op stays float32 and only the passes
                                around the precision pass act (constant folding, identity-op
                                cleaning); its op types, persistable variables and parameters
and the same network as a dynamic Layer saved by paddle.jit.save in Paddle 3.3's PIR form:
  net_pir.json + net_pir.pdiparams, net_pir_io.npz (the same `x`, Paddle Inference's outputs)
Each form is written by its own process (the IR mode is fixed when paddle is imported).
The script refuses to run against Feijiang: fixtures must come from real Paddle."""
from __future__ import annotations

import json
import os
import sys

import numpy as np
from make_model_format_fixtures import drop_call_stacks, run_in_each_ir_mode, set_weights

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(os.path.dirname(HERE), "tests", "fixtures", "mixed_precision")
INPUT_SHAPE = [4, 3, 8, 8]


def build_net(paddle):
    """(main program, startup program, input var, [prob, label])."""
    main, startup = paddle.static.Program(), paddle.static.Program()
    nn, F = paddle.nn, paddle.nn.functional
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [-1, 3, 8, 8], "float32")
        features = nn.Sequential(nn.Conv2D(3, 8, 3, padding=1), nn.BatchNorm2D(8), nn.ReLU(),
                                 nn.MaxPool2D(2, 2))
        features.eval()
        h = features(x)
        h = paddle.reshape(h, [paddle.shape(h)[0], 128])
        h = nn.LayerNorm(128)(h)
        logits = paddle.scale(nn.Linear(128, 10)(h), 1.0)
        prob = F.softmax(logits)
        # Paddle 3.3's argmax API builds only PIR ops: append the legacy op itself.
        label = main.current_block().create_var(name="label", dtype="int64")
        main.current_block().append_op(type="arg_max", inputs={"X": [prob]},
                                       outputs={"Out": [label]},
                                       attrs={"axis": 1, "keepdims": False, "flatten": False,
                                              "dtype": 3})
    return main, startup, x, [prob, label]


def pir_net(paddle):
    """The network as a Layer, for paddle.jit.save (PIR builds argmax itself)."""
    nn, F = paddle.nn, paddle.nn.functional

    class Net(nn.Layer):
        def __init__(self):
            super().__init__()
            self.features = nn.Sequential(nn.Conv2D(3, 8, 3, padding=1), nn.BatchNorm2D(8),
                                          nn.ReLU(), nn.MaxPool2D(2, 2))
            self.norm, self.fc = nn.LayerNorm(128), nn.Linear(128, 10)

        def forward(self, x):
            h = self.features(x)
            h = self.norm(paddle.reshape(h, [paddle.shape(h)[0], 128]))
            prob = F.softmax(paddle.scale(self.fc(h), 1.0))
            return prob, paddle.argmax(prob, axis=1)

    net = Net()
    net.eval()
    rng = np.random.default_rng(7)
    for _, param in sorted(net.state_dict().items()):
        param.set_value(rng.uniform(0.2, 1.0, param.shape).astype("float32"))
    return net


def predict(inference, prefix: str, x: np.ndarray, suffix: str = ".pdmodel") -> list:
    config = inference.Config(prefix + suffix, prefix + ".pdiparams")
    config.disable_gpu()
    config.switch_ir_optim(False)
    config.disable_glog_info()
    predictor = inference.create_predictor(config)
    predictor.get_input_handle("x").copy_from_cpu(x)
    predictor.run()
    return [predictor.get_output_handle(n).copy_to_cpu() for n in predictor.get_output_names()]


def summarize(prefix: str) -> dict:
    """Op types, persistable variables and the stored parameters of a saved ProgramDesc."""
    from paddle.base.proto import framework_pb2
    desc = framework_pb2.ProgramDesc()
    with open(prefix + ".pdmodel", "rb") as f:
        desc.ParseFromString(f.read())
    block = desc.blocks[0]
    persistable = sorted(v.name for v in block.vars if v.persistable
                         and v.name not in ("feed", "fetch"))
    return {"ops": [op.type for op in block.ops], "persistable": persistable,
            "params_bytes": os.path.getsize(prefix + ".pdiparams")}


def write_pir() -> None:
    import paddle
    from paddle import inference
    prefix = os.path.join(OUT, "net_pir")
    spec = [paddle.static.InputSpec([None, 3, 8, 8], "float32", "x")]
    paddle.jit.save(pir_net(paddle), prefix, input_spec=spec)
    inputs = np.load(os.path.join(OUT, "net_io.npz"))["x"]
    prob, label = predict(inference, prefix, inputs, ".json")
    np.savez(os.path.join(OUT, "net_pir_io.npz"), x=inputs, prob=prob, label=label)


def write_legacy() -> None:
    import paddle
    from paddle import inference
    paddle.enable_static()
    exe = paddle.static.Executor(paddle.CPUPlace())
    main, startup, x, outputs = build_net(paddle)
    exe.run(startup)
    set_weights(paddle, main)
    prefix = os.path.join(OUT, "net")
    paddle.static.save_inference_model(prefix, [x], outputs, exe, program=main)
    drop_call_stacks(prefix + ".pdmodel")
    inputs = np.random.default_rng(0).uniform(-1, 1, INPUT_SHAPE).astype("float32")
    prob, label = predict(inference, prefix, inputs)
    np.savez(os.path.join(OUT, "net_io.npz"), x=inputs, prob=prob, label=label)
    converted = os.path.join(OUT, "converted", "net")
    inference.convert_to_mixed_precision(prefix + ".pdmodel", prefix + ".pdiparams",
                                         converted + ".pdmodel", converted + ".pdiparams",
                                         inference.PrecisionType.Half, inference.PlaceType.GPU)
    summary = summarize(converted)
    again = predict(inference, converted, inputs)
    np.testing.assert_allclose(again[0], prob, rtol=1e-6)
    for suffix in (".pdmodel", ".pdiparams"):
        os.remove(converted + suffix)
    os.rmdir(os.path.dirname(converted))
    with open(os.path.join(OUT, "paddle_convert.json"), "w") as f:
        json.dump(summary, f, indent=1)


def main() -> None:
    if len(sys.argv) > 2 and sys.argv[1] == "--mode":
        (write_legacy if sys.argv[2] == "legacy" else write_pir)()
        return
    run_in_each_ir_mode(__file__, OUT)
    for name in sorted(os.listdir(OUT)):
        print(name, os.path.getsize(os.path.join(OUT, name)))


if __name__ == "__main__":
    main()
