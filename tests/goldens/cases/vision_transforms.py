"""paddle.vision.transforms functional forms on PIL images, NumPy HWC arrays (Paddle's OpenCV
path) and CHW tensors: geometry exact, colour adjustments, normalisation and errors."""
import importlib.util
import os

_spec = importlib.util.spec_from_file_location(
    "_vision_images", os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                   "_vision_images.py"))
I = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(I)


def _image(paddle, np, kind, h=9, w=12, seed=0):
    if kind == "pil":
        return I.pil(np, h, w, seed)
    if kind == "np":
        return I.rgb(np, h, w, seed)
    if kind == "np1":
        return I.rgb(np, h, w, seed)[:, :, :1].copy()
    if kind == "np2d":
        return I.rgb(np, h, w, seed)[:, :, 0].copy()
    if kind == "npf":
        return I.rgb(np, h, w, seed).astype("float32") / 255.0
    if kind == "L":
        return I.pil(np, h, w, seed, mode="L")
    if kind == "u8":
        return I.chw(paddle, np, h, w, seed, dtype="uint8")
    return I.chw(paddle, np, h, w, seed)


def _fn(kind, name, *args, **kwargs):
    def case(paddle, np):
        F = paddle.vision.transforms.functional
        return I.out(np, getattr(F, name)(_image(paddle, np, kind), *args, **kwargs))
    return case


CASES = {}
KINDS = ["pil", "np", "t"]

for _k in KINDS + ["np2d", "np1", "npf", "L", "u8"]:
    CASES[f"to_tensor_{_k}"] = _fn(_k, "to_tensor")
for _k in ["pil", "np", "np2d"]:
    CASES[f"to_tensor_hwc_{_k}"] = _fn(_k, "to_tensor", data_format="HWC")

for _k in KINDS + ["np1", "npf", "L"]:
    for _size in [(5, 7), (20, 15), 6, 9]:
        for _mode in ["nearest", "bilinear"]:
            CASES[f"resize_{_k}_{_size}_{_mode}"] = _fn(_k, "resize", _size, _mode)
    CASES[f"resize_{_k}_half"] = _fn(_k, "resize", (4, 6))
for _mode in ["bicubic", "lanczos", "hamming", "box"]:
    CASES[f"resize_pil_{_mode}"] = _fn("pil", "resize", (5, 17), _mode)
CASES["resize_t_bicubic"] = _fn("t", "resize", (5, 17), "bicubic")
CASES["resize_u8_bilinear"] = _fn("u8", "resize", (5, 17))

for _k in KINDS + ["np1", "L"]:
    for _pad in [2, (1, 3), (1, 2, 3, 4)]:
        CASES[f"pad_{_k}_{_pad}"] = _fn(_k, "pad", _pad, 9)
    for _mode in ["edge", "reflect", "symmetric"]:
        CASES[f"pad_{_k}_{_mode}"] = _fn(_k, "pad", (1, 2, 3, 4), 0, _mode)
CASES["pad_pil_fill_tuple"] = _fn("pil", "pad", 2, (10, 20, 30))
CASES["pad_np_fill_tuple"] = _fn("np", "pad", 2, (10, 20, 30))
CASES["pad_np_bad_length"] = _fn("np", "pad", (1, 2, 3))
CASES["pad_pil_bad_mode"] = _fn("pil", "pad", 1, 0, "wrap")

for _k in KINDS + ["np1", "L"]:
    CASES[f"crop_{_k}"] = _fn(_k, "crop", 1, 2, 5, 6)
    CASES[f"center_crop_{_k}"] = _fn(_k, "center_crop", (4, 7))
    CASES[f"center_crop_int_{_k}"] = _fn(_k, "center_crop", 5)
    CASES[f"hflip_{_k}"] = _fn(_k, "hflip")
    CASES[f"vflip_{_k}"] = _fn(_k, "vflip")

for _k in KINDS + ["np1", "u8"]:
    for _f in [0.0, 0.5, 1.7]:
        CASES[f"brightness_{_k}_{_f}"] = _fn(_k, "adjust_brightness", _f)
        CASES[f"contrast_{_k}_{_f}"] = _fn(_k, "adjust_contrast", _f)
for _k in ["pil", "t", "u8"]:
    for _f in [0.0, 0.5, 1.7]:
        CASES[f"saturation_{_k}_{_f}"] = _fn(_k, "adjust_saturation", _f)
for _k in ["pil", "np", "t", "u8", "L"]:
    for _f in [-0.5, -0.2, 0.0, 0.3]:
        CASES[f"hue_{_k}_{_f}"] = _fn(_k, "adjust_hue", _f)
    CASES[f"hue_{_k}_out_of_range"] = _fn(_k, "adjust_hue", 0.7)


def _np_saturation(factor):
    def case(paddle, np):
        I.seed_all(np, 3)
        F = paddle.vision.transforms.functional
        return I.out(np, F.adjust_saturation(I.rgb(np), factor))
    return case


for _f in [0.0, 0.5, 1.7]:
    CASES[f"saturation_np_{_f}"] = _np_saturation(_f)

_AFFINES = [(30, (0, 0), 1.0, 0), (-45, (2, -1), 0.8, 10), (90, (1, 1), 1.2, (5, -7)),
            (12.5, (0, 0), 1.0, [4])]
for _k in KINDS + ["np1"]:
    for _i, (_a, _t, _s, _sh) in enumerate(_AFFINES):
        for _mode in ["nearest", "bilinear"]:
            CASES[f"affine_{_k}_{_i}_{_mode}"] = _fn(_k, "affine", _a, _t, _s, _sh, _mode)
    CASES[f"affine_{_k}_fill_center"] = _fn(_k, "affine", 20, (1, 0), 1.0, 0, "nearest", 7,
                                            (3, 4))
    for _angle in [0, 33, -70, 90, 180]:
        for _mode in ["nearest", "bilinear"]:
            CASES[f"rotate_{_k}_{_angle}_{_mode}"] = _fn(_k, "rotate", _angle, _mode)
        CASES[f"rotate_{_k}_{_angle}_expand"] = _fn(_k, "rotate", _angle, expand=True)
    CASES[f"rotate_{_k}_center_fill"] = _fn(_k, "rotate", 25, "nearest", False, (2, 3), 5)
    for _mode in ["nearest", "bilinear"]:
        CASES[f"perspective_{_k}_{_mode}"] = _fn(
            _k, "perspective", [[0, 0], [11, 0], [11, 8], [0, 8]],
            [[1, 2], [10, 0], [11, 7], [2, 8]], _mode)
CASES["affine_bad_angle"] = _fn("np", "affine", "30", (0, 0), 1.0, 0)
CASES["affine_bad_scale"] = _fn("pil", "affine", 30, (0, 0), 0.0, 0)
CASES["affine_bad_translate"] = _fn("t", "affine", 30, (0, 0, 1), 1.0, 0)

for _k in KINDS:
    CASES[f"gray1_{_k}"] = _fn(_k, "to_grayscale")
    CASES[f"gray3_{_k}"] = _fn(_k, "to_grayscale", 3)
    CASES[f"gray_bad_{_k}"] = _fn(_k, "to_grayscale", 2)
CASES["gray1_u8"] = _fn("u8", "to_grayscale")

CASES["normalize_t"] = _fn("t", "normalize", [0.5, 0.4, 0.3], [0.2, 0.25, 0.3])
CASES["normalize_np_hwc_rgb"] = _fn("npf", "normalize", [0.5, 0.4, 0.3], [0.2, 0.25, 0.3],
                                    "HWC", True)
CASES["normalize_pil"] = _fn("pil", "normalize", [127.5] * 3, [127.5] * 3, "HWC")
for _k in KINDS:
    CASES[f"erase_{_k}"] = _fn(_k, "erase", 1, 2, 3, 4, 0)
CASES["erase_t_tensor_value"] = lambda paddle, np: paddle.vision.transforms.erase(
    I.chw(paddle, np), 1, 1, 2, 2, paddle.to_tensor([[[0.5]], [[0.25]], [[1.0]]]))

CASES["bad_image_type"] = lambda paddle, np: paddle.vision.transforms.hflip([1, 2, 3])
CASES["bad_ndim_array"] = lambda paddle, np: paddle.vision.transforms.vflip(np.zeros(3))
