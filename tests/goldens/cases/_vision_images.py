"""Deterministic test images for the vision transform goldens (not a family itself)."""


def rgb(np, h=9, w=12, seed=0):
    return np.random.default_rng(seed).integers(0, 256, (h, w, 3)).astype("uint8")


def pil(np, h=9, w=12, seed=0, mode="RGB"):
    from PIL import Image
    image = Image.fromarray(rgb(np, h, w, seed))
    return image if mode == "RGB" else image.convert(mode)


def chw(paddle, np, h=9, w=12, seed=0, dtype="float32"):
    array = rgb(np, h, w, seed).transpose(2, 0, 1)
    if dtype == "float32":
        return paddle.to_tensor(array.astype("float32") / 255.0)
    return paddle.to_tensor(array.astype(dtype))


def out(np, result):
    """Tensors as they are; PIL images and arrays as [array, its dtype name]."""
    if hasattr(result, "numpy") and not isinstance(result, np.ndarray):
        return result
    array = np.asarray(result)
    return [array, str(array.dtype)]


def seed_all(np, seed):
    import random
    random.seed(seed)
    np.random.seed(seed)
