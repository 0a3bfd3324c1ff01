"""paddle.vision.transforms classes: the random ones with Python's and NumPy's generators
seeded (Paddle draws from both), composition, keys with tuple inputs, and argument errors."""
import importlib.util
import os

_spec = importlib.util.spec_from_file_location(
    "_vision_images", os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                   "_vision_images.py"))
I = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(I)


def _image(paddle, np, kind, seed=0):
    if kind == "pil":
        return I.pil(np, 16, 20, seed)
    if kind == "np":
        return I.rgb(np, 16, 20, seed)
    return I.chw(paddle, np, 16, 20, seed)


def _random(kind, build, calls=3):
    """Apply build(T) to the same image `calls` times after seeding both generators."""
    def case(paddle, np):
        T = paddle.vision.transforms
        transform = build(T)
        I.seed_all(np, 11)
        results = []
        for i in range(calls):
            results.append(I.out(np, transform(_image(paddle, np, kind, seed=i))))
        return results
    return case


_TRANSFORMS = {
    "resized_crop": lambda T: T.RandomResizedCrop(8),
    "resized_crop_rect": lambda T: T.RandomResizedCrop((6, 10), scale=(0.5, 0.9),
                                                       ratio=(0.5, 2.0)),
    "resized_crop_fallback": lambda T: T.RandomResizedCrop(5, scale=(2.0, 3.0)),
    "crop": lambda T: T.RandomCrop(10),
    "crop_padding": lambda T: T.RandomCrop((12, 9), padding=3, fill=4),
    "crop_pad_if_needed": lambda T: T.RandomCrop((20, 25), pad_if_needed=True),
    "crop_reflect": lambda T: T.RandomCrop(12, padding=(2, 3), padding_mode="reflect"),
    "hflip": lambda T: T.RandomHorizontalFlip(),
    "vflip": lambda T: T.RandomVerticalFlip(0.7),
    "brightness": lambda T: T.BrightnessTransform(0.6),
    "contrast": lambda T: T.ContrastTransform((0.2, 1.5)),
    "hue": lambda T: T.HueTransform(0.3),
    "jitter": lambda T: T.ColorJitter(0.4, 0.3, 0.0, 0.0),
    "affine": lambda T: T.RandomAffine(25, translate=(0.2, 0.1), scale=(0.7, 1.3),
                                       shear=(-5, 5, -3, 3)),
    "affine_bilinear": lambda T: T.RandomAffine((10, 40), shear=8, interpolation="bilinear",
                                                fill=3),
    "rotation": lambda T: T.RandomRotation(40),
    "rotation_expand": lambda T: T.RandomRotation((-90, 90), expand=True, fill=9),
    "perspective": lambda T: T.RandomPerspective(prob=0.8, distortion_scale=0.4),
    "erasing": lambda T: T.RandomErasing(prob=0.9, value=7),
    "erasing_rgb": lambda T: T.RandomErasing(prob=1.0, value=(1, 2, 3), scale=(0.1, 0.3)),
}
CASES = {}
for _name, _build in _TRANSFORMS.items():
    for _kind in ["pil", "np", "t"]:
        if _kind == "pil" and _name.startswith("erasing"):
            continue  # Paddle's PIL erase path only takes RGB images made from uint8 arrays
        if _kind == "np" and _name == "perspective":
            # integer corners put some pixels exactly half-way between two source pixels, and
            # OpenCV 4.x breaks those ties by float rounding we do not reproduce
            continue
        CASES[f"{_name}_{_kind}"] = _random(_kind, _build)
# grid_sample's float rounding, magnified by the blend towards fill=3 at the borders
CASES["affine_bilinear_t"].rtol = 1e-4

# saturation and full jitter on tensors and PIL (the NumPy saturation path draws its own
# factor too, which the seeds also fix)
for _kind in ["pil", "np", "t"]:
    CASES[f"saturation_{_kind}"] = _random(_kind, lambda T: T.SaturationTransform(0.5))
    CASES[f"jitter_all_{_kind}"] = _random(_kind, lambda T: T.ColorJitter(0.3, 0.3, 0.3, 0.1))


def _fixed(kind, build):
    def case(paddle, np):
        return I.out(np, build(paddle.vision.transforms)(_image(paddle, np, kind)))
    return case


for _kind in ["pil", "np", "t"]:
    CASES[f"compose_{_kind}"] = _fixed(_kind, lambda T: T.Compose(
        [T.Resize(12), T.CenterCrop(10), T.Pad(1), T.Grayscale(3), T.ToTensor(),
         T.Normalize(0.5, 0.5)]))
    CASES[f"resize_{_kind}"] = _fixed(_kind, lambda T: T.Resize((7, 9), "nearest"))
    CASES[f"grayscale_{_kind}"] = _fixed(_kind, lambda T: T.Grayscale())
    CASES[f"to_tensor_{_kind}"] = _fixed(_kind, lambda T: T.ToTensor(data_format="HWC"))
    CASES[f"normalize_{_kind}"] = _fixed(
        _kind, lambda T: T.Normalize([100, 110, 120], [50, 60, 70], data_format="HWC"))
CASES["compose_t"] = _fixed("t", lambda T: T.Compose(
    [T.Resize(12), T.CenterCrop(10), T.Pad(1), T.Grayscale(3), T.Normalize(0.5, 0.5)]))
CASES["normalize_t"] = _fixed("t", lambda T: T.Normalize([0.5, 0.4, 0.3], [0.2, 0.2, 0.2]))
CASES["transpose_np"] = _fixed("np", lambda T: T.Transpose())
CASES["transpose_pil"] = _fixed("pil", lambda T: T.Transpose((1, 0, 2)))
CASES["transpose_t"] = _fixed("t", lambda T: T.Transpose((1, 2, 0)))


def _keys_tuple(paddle, np):
    T = paddle.vision.transforms
    flip = T.RandomHorizontalFlip(1.0, keys=("image", "image"))
    a, b, extra = flip((I.rgb(np, 4, 5, 0), I.rgb(np, 4, 5, 1), "label"))
    return [a, b, extra]


CASES["keys_tuple"] = _keys_tuple
CASES["keys_unsupported"] = lambda paddle, np: paddle.vision.transforms.Resize(
    4, keys=("image", "label"))
CASES["resize_bad_size"] = lambda paddle, np: paddle.vision.transforms.Resize((1, 2, 3))
CASES["rotation_negative"] = lambda paddle, np: paddle.vision.transforms.RandomRotation(-3)
CASES["brightness_negative"] = lambda paddle, np: paddle.vision.transforms.BrightnessTransform(
    -1)
CASES["hue_range"] = lambda paddle, np: paddle.vision.transforms.HueTransform((0.2, 0.9))
CASES["affine_translate_range"] = lambda paddle, np: paddle.vision.transforms.RandomAffine(
    10, translate=(1.5, 0))
CASES["erasing_bad_value"] = lambda paddle, np: paddle.vision.transforms.RandomErasing(
    value="zero")
CASES["flip_bad_prob"] = lambda paddle, np: paddle.vision.transforms.RandomVerticalFlip(2)
