"""Write the checkpoint fixtures of tests/save_load with REAL Paddle (run with .venv-ref).

    cd /tmp && env -u PYTHONPATH /work/main/.venv-ref/bin/python /work/main/tools/make_io_fixtures.py

Each fixture is a file real Paddle 3.3 wrote with paddle.save, plus expected.npz / expected.json
holding the values and names it should load as, read with NumPy only by the tests.
"""
import json
import os

import numpy as np

import paddle

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "fixtures", "io")


def _mlp():
    paddle.seed(7)
    return paddle.nn.Sequential(paddle.nn.Linear(3, 4), paddle.nn.ReLU(), paddle.nn.Linear(4, 2))


def write_mlp_and_adam(expected, names):
    model = _mlp()
    scheduler = paddle.optimizer.lr.StepDecay(0.1, step_size=2)
    opt = paddle.optimizer.Adam(parameters=model.parameters(), learning_rate=scheduler)
    x = paddle.to_tensor(np.linspace(-1, 1, 6, dtype="float32").reshape([2, 3]))
    model(x).sum().backward()
    opt.step()
    scheduler.step()
    paddle.save(model.state_dict(), os.path.join(OUT, "mlp.pdparams"))
    paddle.save(model.state_dict(), os.path.join(OUT, "mlp_protocol2.pdparams"), protocol=2)
    paddle.save(opt.state_dict(), os.path.join(OUT, "adam.pdopt"))
    for key, value in model.state_dict().items():
        expected[f"mlp/{key}"] = value.numpy()
        names[f"mlp/{key}"] = value.name
    for key, value in opt.state_dict().items():
        if key == "LR_Scheduler":
            names["adam/LR_Scheduler"] = value
        else:
            expected[f"adam/{key}"] = value.numpy()
    expected["input"] = x.numpy()
    expected["mlp_output"] = model(x).numpy()


def write_nested(expected):
    a = paddle.to_tensor([[1.5, -2.0], [0.25, 4.0]])
    b = paddle.to_tensor([1, 2, 3], dtype="int32")
    c = paddle.to_tensor(3.0, dtype="float64")
    obj = {"tensors": [a, (b, "label", 7)], "meta": {"epoch": 3, "scalar": c}, "name": "ckpt"}
    paddle.save(obj, os.path.join(OUT, "nested.pd"))
    paddle.save(a, os.path.join(OUT, "tensor.pd"))
    paddle.save(a, os.path.join(OUT, "tensor_binary.pd"), use_binary_format=True)
    expected["nested/a"], expected["nested/b"], expected["nested/c"] = a.numpy(), b.numpy(), c.numpy()


def write_low_precision(expected):
    values = np.array([[1.0, -2.5, 3.140625], [0.0078125, 65280.0, -0.5]], dtype="float32")
    state = {"bf16": paddle.to_tensor(values).astype("bfloat16"),
             "fp16": paddle.to_tensor(values[:, :2]).astype("float16"),
             "fp32": paddle.to_tensor(values)}
    paddle.save(state, os.path.join(OUT, "low_precision.pdparams"))
    paddle.save(state["bf16"], os.path.join(OUT, "bf16_tensor.pd"))
    expected["low/bf16_as_float32"] = state["bf16"].astype("float32").numpy()
    expected["low/fp16"] = state["fp16"].numpy()


def main():
    os.makedirs(OUT, exist_ok=True)
    expected, names = {}, {}
    write_mlp_and_adam(expected, names)
    write_nested(expected)
    write_low_precision(expected)
    np.savez(os.path.join(OUT, "expected.npz"), **expected)
    with open(os.path.join(OUT, "expected.json"), "w") as handle:
        json.dump({"names": names, "paddle_version": paddle.__version__}, handle, indent=1,
                  sort_keys=True)


if __name__ == "__main__":
    main()
