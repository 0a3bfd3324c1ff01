"""Datasets over image files on disk: DatasetFolder (one sub-folder per class) and ImageFolder
(every image under a folder, unlabelled)."""
from __future__ import annotations

import os

import numpy as np

from ...io import Dataset
from ..image import get_image_backend, read_image_array, require_pil
from . import _files

__all__ = ["DatasetFolder", "ImageFolder"]

IMG_EXTENSIONS = ('.jpg', '.jpeg', '.png', '.ppm', '.bmp', '.pgm', '.tif', '.tiff', '.webp')


def has_valid_extension(filename: str, extensions) -> bool:
    """Whether `filename` ends with one of `extensions` (case-insensitive)."""
    if not isinstance(extensions, (list, tuple)):
        raise TypeError(f"`extensions` must be list or tuple, but received "
                        f"{type(extensions).__name__}.")
    return filename.lower().endswith(tuple(x.lower() for x in extensions))


def pil_loader(path: str):
    """The file as an RGB PIL image."""
    with open(path, "rb") as f:
        return require_pil().open(f).convert("RGB")


def cv2_loader(path: str) -> np.ndarray:
    """The file as an HWC uint8 RGB array (what OpenCV's imread + BGR2RGB gives)."""
    return np.ascontiguousarray(read_image_array(path)[:, :, ::-1])


def default_loader(path: str):
    """cv2_loader under the 'cv2' image backend, else pil_loader."""
    return cv2_loader(path) if get_image_backend() == "cv2" else pil_loader(path)


def _file_filter(extensions, is_valid_file):
    """The test a file must pass: `is_valid_file` when given without `extensions`, else the
    extension check (Paddle's default extensions when none are given)."""
    if extensions is None and is_valid_file is not None:
        return is_valid_file, None
    extensions = IMG_EXTENSIONS if extensions is None else extensions
    return (lambda path: has_valid_extension(path, extensions)), extensions


def _walk_files(folder: str, keep) -> list:
    """Every file under `folder` (links followed) that `keep` accepts, in sorted order."""
    found = []
    for root, _, names in sorted(os.walk(folder, followlinks=True)):
        for name in sorted(names):
            path = os.path.join(root, name)
            if keep(path):
                found.append(path)
    return found


def _check_root(dataset: str, root: str) -> str:
    path = os.path.expanduser(root)
    if not os.path.isdir(path):
        raise _files.DatasetNotFoundError(f"({dataset}) root={root!r} is not a directory.")
    return path


def _none_found(dataset: str, root: str, extensions) -> RuntimeError:
    allowed = ",".join(extensions) if extensions else "those is_valid_file accepts"
    return RuntimeError(f"({dataset}) Found 0 files in subfolders of: {root}\n"
                        f"Supported extensions are: {allowed}")


class DatasetFolder(Dataset):
    """A labelled dataset from a folder with one sub-folder per class:
    root/<class>/**/<file>. Classes are the sorted sub-folder names, labelled 0, 1, ...

    Files are kept when their name ends with one of `extensions` (default: common image
    types) or, when only `is_valid_file` is given, when it returns True for the path. Items
    are (sample, label): `loader(path)` (default: an RGB PIL image, or an HWC uint8 RGB array
    under the 'cv2' image backend) then `transform`, and the class index as an int.
    Attributes: classes, class_to_idx, samples ((path, index) pairs) and targets.

    Example:
        >>> import os, tempfile
        >>> from PIL import Image
        >>> from paddle.vision.datasets import DatasetFolder
        >>> root = tempfile.mkdtemp()
        >>> for cls in ('cat', 'dog'):
        ...     os.mkdir(os.path.join(root, cls))
        ...     Image.new('RGB', (4, 3)).save(os.path.join(root, cls, 'a.png'))
        >>> folder = DatasetFolder(root)
        >>> folder.classes, len(folder), folder[1][0].size, folder[1][1]
        (['cat', 'dog'], 2, (4, 3), 1)
    """

    def __init__(self, root, loader=None, extensions=None, transform=None, is_valid_file=None):
        self.root = root
        self.transform = transform
        path = _check_root("DatasetFolder", root)
        keep, extensions = _file_filter(extensions, is_valid_file)
        classes, class_to_idx = self._find_classes(path)
        samples = [(file, class_to_idx[cls]) for cls in classes
                   for file in _walk_files(os.path.join(path, cls), keep)]
        if not samples:
            raise _none_found("DatasetFolder", root, extensions)
        self.loader = default_loader if loader is None else loader
        self.extensions = extensions
        self.classes = classes
        self.class_to_idx = class_to_idx
        self.samples = samples
        self.targets = [s[1] for s in samples]
        self.dtype = _files.default_dtype()

    def _find_classes(self, dir):
        """The sorted sub-folder names and their indices."""
        classes = sorted(entry.name for entry in os.scandir(dir) if entry.is_dir())
        return classes, {name: i for i, name in enumerate(classes)}

    def __getitem__(self, index):
        path, target = self.samples[index]
        sample = self.loader(path)
        if self.transform is not None:
            sample = self.transform(sample)
        return sample, target

    def __len__(self):
        return len(self.samples)


class ImageFolder(Dataset):
    """An unlabelled dataset of every image file under `root` (sub-folders included), in
    sorted order. Files are chosen as in DatasetFolder; an item is the one-element list
    [transform(loader(path))].

    Example:
        >>> import os, tempfile
        >>> from PIL import Image
        >>> from paddle.vision.datasets import ImageFolder
        >>> root = tempfile.mkdtemp()
        >>> Image.new('RGB', (4, 3)).save(os.path.join(root, 'a.png'))
        >>> folder = ImageFolder(root)
        >>> len(folder), folder[0][0].size
        (1, (4, 3))
    """

    def __init__(self, root, loader=None, extensions=None, transform=None, is_valid_file=None):
        self.root = root
        path = _check_root("ImageFolder", root)
        keep, extensions = _file_filter(extensions, is_valid_file)
        samples = _walk_files(path, keep)
        if not samples:
            raise _none_found("ImageFolder", root, extensions)
        self.loader = default_loader if loader is None else loader
        self.extensions = extensions
        self.samples = samples
        self.transform = transform

    def __getitem__(self, index):
        path = self.samples[index]
        sample = self.loader(path)
        if self.transform is not None:
            sample = self.transform(sample)
        return [sample]

    def __len__(self):
        return len(self.samples)
