"""The model configurations whose structure and outputs are checked against real Paddle, and the
deterministic weights and inputs both sides use. Shared by tools/make_vision_fixtures.py (run
under real Paddle) and tests/vision/test_models.py (run under Feijiang); only NumPy and the
public paddle API are used here.

Each config: id -> (constructor name in paddle.vision.models, kwargs, input shape or None,
slow). A None input checks structure and parameter counts only. Slow configs (the big
networks) run with `pytest -m slow`."""
from __future__ import annotations

import zlib

# fmt: off
CONFIGS = {
    # small configurations: outputs compared in every run
    "lenet": ("LeNet", {}, [2, 1, 28, 28], False),
    "lenet_features": ("LeNet", {"num_classes": 0}, [2, 1, 28, 28], False),
    "alexnet_trunk": ("alexnet", {"num_classes": 0}, [2, 3, 64, 64], False),
    "vgg11_trunk": ("vgg11", {"num_classes": 0}, [2, 3, 32, 32], False),
    "vgg11_bn_trunk": ("vgg11", {"batch_norm": True, "num_classes": 0, "with_pool": False},
                       [2, 3, 32, 32], False),
    "resnet18": ("resnet18", {"num_classes": 10}, [2, 3, 32, 32], False),
    "resnet34": ("resnet34", {"num_classes": 10}, [2, 3, 32, 32], False),
    "resnet50": ("resnet50", {"num_classes": 10}, [2, 3, 32, 32], False),
    "resnet18_nopool": ("resnet18", {"num_classes": 0, "with_pool": False}, [1, 3, 64, 64],
                        False),
    "resnext50_32x4d": ("resnext50_32x4d", {"num_classes": 10}, [2, 3, 32, 32], False),
    "mobilenet_v1": ("mobilenet_v1", {"num_classes": 10}, [2, 3, 32, 32], False),
    "mobilenet_v1_x0_25": ("mobilenet_v1", {"scale": 0.25, "num_classes": 10}, [2, 3, 32, 32],
                           False),
    "mobilenet_v2": ("mobilenet_v2", {"num_classes": 10}, [2, 3, 32, 32], False),
    "mobilenet_v2_x0_5": ("mobilenet_v2", {"scale": 0.5, "num_classes": 10}, [2, 3, 32, 32],
                          False),
    "mobilenet_v3_small": ("mobilenet_v3_small", {"num_classes": 10}, [2, 3, 32, 32], False),
    "mobilenet_v3_small_x0_5": ("MobileNetV3Small", {"scale": 0.5, "num_classes": 10},
                                [2, 3, 32, 32], False),
    "mobilenet_v3_large": ("mobilenet_v3_large", {"num_classes": 10}, [2, 3, 32, 32], False),
    "squeezenet1_0": ("squeezenet1_0", {"num_classes": 10}, [2, 3, 64, 64], False),
    "squeezenet1_1": ("squeezenet1_1", {"num_classes": 10}, [2, 3, 64, 64], False),
    "squeezenet1_1_nopool": ("squeezenet1_1", {"num_classes": 10, "with_pool": False},
                             [1, 3, 64, 64], False),
    "shufflenet_v2_x0_25": ("shufflenet_v2_x0_25", {"num_classes": 10}, [2, 3, 32, 32], False),
    "shufflenet_v2_x0_33": ("shufflenet_v2_x0_33", {"num_classes": 10}, [2, 3, 32, 32], False),
    "shufflenet_v2_x0_5": ("shufflenet_v2_x0_5", {"num_classes": 10}, [2, 3, 32, 32], False),
    "shufflenet_v2_x1_0": ("shufflenet_v2_x1_0", {"num_classes": 10}, [2, 3, 32, 32], False),
    "shufflenet_v2_x1_5": ("shufflenet_v2_x1_5", {"num_classes": 10}, [2, 3, 32, 32], False),
    "shufflenet_v2_x2_0": ("shufflenet_v2_x2_0", {"num_classes": 10}, [2, 3, 32, 32], False),
    "shufflenet_v2_swish": ("shufflenet_v2_swish", {"num_classes": 10}, [2, 3, 32, 32], False),
    "densenet121": ("densenet121", {"num_classes": 10}, [2, 3, 32, 32], False),
    "densenet121_dropout": ("DenseNet", {"layers": 121, "dropout": 0.2, "num_classes": 10},
                            [1, 3, 32, 32], False),
    "googlenet_small": ("googlenet", {"num_classes": 0}, [1, 3, 96, 96], False),
    "inception_v3": ("inception_v3", {"num_classes": 10}, [1, 3, 75, 75], False),
    # big networks: outputs compared with -m slow
    "alexnet": ("alexnet", {"num_classes": 10}, [1, 3, 224, 224], True),
    "vgg13_trunk": ("vgg13", {"num_classes": 0}, [1, 3, 32, 32], True),
    "vgg16_bn": ("vgg16", {"batch_norm": True, "num_classes": 10}, [1, 3, 32, 32], True),
    "vgg19": ("vgg19", {"num_classes": 10}, [1, 3, 32, 32], True),
    "resnet101": ("resnet101", {"num_classes": 10}, [1, 3, 32, 32], True),
    "resnet152": ("resnet152", {"num_classes": 10}, [1, 3, 32, 32], True),
    "resnext50_64x4d": ("resnext50_64x4d", {"num_classes": 10}, [1, 3, 32, 32], True),
    "resnext101_32x4d": ("resnext101_32x4d", {"num_classes": 10}, [1, 3, 32, 32], True),
    "resnext101_64x4d": ("resnext101_64x4d", {"num_classes": 10}, [1, 3, 32, 32], True),
    "resnext152_32x4d": ("resnext152_32x4d", {"num_classes": 10}, [1, 3, 32, 32], True),
    "resnext152_64x4d": ("resnext152_64x4d", {"num_classes": 10}, [1, 3, 32, 32], True),
    "wide_resnet50_2": ("wide_resnet50_2", {"num_classes": 10}, [1, 3, 32, 32], True),
    "wide_resnet101_2": ("wide_resnet101_2", {"num_classes": 10}, [1, 3, 32, 32], True),
    "densenet161": ("densenet161", {"num_classes": 10}, [1, 3, 32, 32], True),
    "densenet169": ("densenet169", {"num_classes": 10}, [1, 3, 32, 32], True),
    "densenet201": ("densenet201", {"num_classes": 10}, [1, 3, 32, 32], True),
    "densenet264": ("densenet264", {"num_classes": 10}, [1, 3, 32, 32], True),
    "googlenet": ("googlenet", {}, [1, 3, 224, 224], True),
}
# default (ImageNet) configurations: structure and paddle.summary parameter counts only
DEFAULTS = ["LeNet", "alexnet", "vgg11", "vgg13", "vgg16", "vgg19", "resnet18", "resnet34",
            "resnet50", "resnet101", "resnet152", "resnext50_32x4d", "resnext50_64x4d",
            "resnext101_32x4d", "resnext101_64x4d", "resnext152_32x4d", "resnext152_64x4d",
            "wide_resnet50_2", "wide_resnet101_2", "mobilenet_v1", "mobilenet_v2",
            "mobilenet_v3_small", "mobilenet_v3_large", "squeezenet1_0", "squeezenet1_1",
            "shufflenet_v2_x0_25", "shufflenet_v2_x0_33", "shufflenet_v2_x0_5",
            "shufflenet_v2_x1_0", "shufflenet_v2_x1_5", "shufflenet_v2_x2_0",
            "shufflenet_v2_swish", "densenet121", "densenet161", "densenet169", "densenet201",
            "densenet264", "googlenet", "inception_v3"]
# fmt: on
# default configurations cheap enough to build in every run (the rest are slow)
QUICK_DEFAULTS = {"LeNet", "resnet18", "resnet34", "resnet50", "resnext50_32x4d",
                  "mobilenet_v1", "mobilenet_v2", "mobilenet_v3_small", "mobilenet_v3_large",
                  "squeezenet1_0", "squeezenet1_1", "shufflenet_v2_x0_25", "shufflenet_v2_x0_33",
                  "shufflenet_v2_x0_5", "shufflenet_v2_x1_0", "shufflenet_v2_x1_5",
                  "shufflenet_v2_swish", "densenet121", "googlenet"}
for _name in DEFAULTS:
    CONFIGS[f"default_{_name}"] = (_name, {}, None, _name not in QUICK_DEFAULTS)

# models whose own random initialisation real Paddle saves as .pdparams for the load test
PDPARAMS = {"lenet": ("LeNet", {}, [2, 1, 28, 28]),
            "shufflenet_v2_x0_25": ("shufflenet_v2_x0_25", {"num_classes": 10},
                                    [2, 3, 32, 32])}


def build(paddle, ctor, kwargs):
    model = getattr(paddle.vision.models, ctor)(**kwargs)
    model.eval()
    return model


def structure(model) -> list:
    """'name:shape:dtype' for every state_dict entry, in order."""
    return [f"{k}:{list(v.shape)}:{str(v.dtype).replace('paddle.', '')}"
            for k, v in model.state_dict().items()]


def param_counts(model) -> tuple:
    """(total, trainable) parameter element counts, as paddle.summary reports them."""
    params = model.parameters()
    total = sum(int(p.size) for p in params)
    trainable = sum(int(p.size) for p in params if not p.stop_gradient)
    return total, trainable


def deterministic_state(np, model) -> dict:
    """Weights seeded by each entry's name: He-scaled uniform for convolutions and fc layers,
    scales near 1, small shifts, positive variances (so deep stacks stay finite)."""
    state = {}
    for key, value in model.state_dict().items():
        shape = list(value.shape)
        rng = np.random.default_rng(zlib.crc32(key.encode()))
        u = rng.random(shape, dtype=np.float32) * 2 - 1
        if key.endswith("_variance"):
            arr = 1.0 + 0.5 * u
        elif len(shape) == 4:
            arr = u * np.float32(np.sqrt(6.0 / max(1, int(np.prod(shape[1:])))))
        elif len(shape) == 2:
            arr = u * np.float32(np.sqrt(3.0 / max(1, shape[0])))
        elif key.endswith("weight"):
            arr = 1.0 + 0.3 * u
        else:
            arr = 0.1 * u
        state[key] = arr.astype(np.float32)
    return state


def deterministic_input(np, shape):
    return np.random.default_rng(1234).uniform(-1, 1, shape).astype("float32")


def outputs(paddle, np, model, shape) -> list:
    out = model(paddle.to_tensor(deterministic_input(np, shape)))
    outs = out if isinstance(out, (tuple, list)) else [out]
    return [o.numpy() for o in outs]
