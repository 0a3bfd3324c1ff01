"""Feijiang demo: LeNet learns real handwritten digits with paddle.Model.

The digits are scikit-learn's bundled 8x8 scans (1,797 images, no download), upsampled to
24x24 and padded to LeNet's 28x28 input the way MNIST centres its 20x20 digits. The demo shows
the layer table, trains with the progress bar, evaluates, saves a checkpoint, reloads it into a
fresh Model, predicts held-out digits next to their labels (two drawn in ASCII), and writes the
loss/accuracy curves to a PNG.

    python examples/demo.py [--epochs 5] [--out demo_out]
"""
from __future__ import annotations

import argparse
import os
import sys
import time

import numpy as np

import paddle
import paddle.nn.functional as F
from paddle.static import InputSpec
from paddle.vision.models import LeNet

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from demo_plot import plot_curves

SHADES = " .:-=+*#%@"


class DigitsDataset(paddle.io.Dataset):
    """(image [1, 28, 28] float32, label [1] int64) pairs."""

    def __init__(self, images: np.ndarray, labels: np.ndarray):
        super().__init__()
        self.images = images
        self.labels = labels

    def __getitem__(self, idx):
        return self.images[idx], self.labels[idx]

    def __len__(self):
        return len(self.labels)


def load_digits_28x28(seed: int = 0):
    """Train/test datasets (80/20 split) and the raw 8x8 test scans for display."""
    try:
        from sklearn.datasets import load_digits
    except ImportError as exc:
        raise SystemExit("The demo's digits come from scikit-learn: pip install -e '.[demo]' "
                         "(or pip install scikit-learn)") from exc
    digits = load_digits()
    scans = (digits.images / 16.0).astype("float32")
    images = F.interpolate(paddle.to_tensor(scans[:, None]), size=[24, 24], mode="bilinear")
    images = F.pad(images, [2, 2, 2, 2])
    images = ((images - 0.5) / 0.5).numpy()
    labels = digits.target.astype("int64")[:, None]
    order = np.random.default_rng(seed).permutation(len(labels))
    cut = int(len(labels) * 0.8)
    train, test = order[:cut], order[cut:]
    return (DigitsDataset(images[train], labels[train]),
            DigitsDataset(images[test], labels[test]), scans[test])


class History(paddle.callbacks.Callback):
    """Per-epoch training and evaluation loss/accuracy, for the curves."""

    def __init__(self):
        super().__init__()
        self.loss = {"train": [], "eval": []}
        self.acc = {"train": [], "eval": []}

    def on_epoch_end(self, epoch, logs=None):
        self.loss["train"].append(float(logs["loss"][0]))
        self.acc["train"].append(float(logs["acc"]))

    def on_eval_end(self, logs=None):
        self.loss["eval"].append(float(logs["loss"][0]))
        self.acc["eval"].append(float(logs["acc"]))


def new_model() -> paddle.Model:
    return paddle.Model(LeNet(num_classes=10), InputSpec([None, 1, 28, 28], "float32", "image"),
                        InputSpec([None, 1], "int64", "label"))


def ascii_digit(scan: np.ndarray) -> list:
    """An 8x8 scan as 8 text rows (two characters per pixel keep the aspect ratio)."""
    return ["".join(SHADES[min(int(v * (len(SHADES) - 1) + 0.5), len(SHADES) - 1)] * 2
                    for v in row) for row in scan]


def show_predictions(probs: np.ndarray, test: DigitsDataset, scans: np.ndarray, count=12):
    predicted = probs.argmax(axis=1)
    print("\nHeld-out digits (reloaded model):")
    print("  #  label  predicted  confidence")
    for i in range(count):
        mark = "" if predicted[i] == test.labels[i, 0] else "   <- wrong"
        print(f"{i:3d}  {test.labels[i, 0]:5d}  {predicted[i]:9d}  {probs[i].max():10.3f}{mark}")
    pictures = [ascii_digit(scans[i]) for i in range(2)]
    print()
    for i in range(2):
        print(f"  label {test.labels[i, 0]}, predicted {predicted[i]}".ljust(20), end="")
    print()
    for rows in zip(*pictures):
        print("  " + "    ".join(rows))


def main(epochs=5, out_dir="demo_out", batch_size=64, verbose=1) -> dict:
    """Train, evaluate, save, reload and predict; returns the final numbers."""
    started = time.time()
    paddle.seed(0)
    train, test, scans = load_digits_28x28()
    print(f"digits: {len(train)} training and {len(test)} held-out 8x8 scans, "
          "shown to LeNet at 28x28\n")
    model = new_model()
    model.prepare(paddle.optimizer.Adam(learning_rate=2e-3, parameters=model.parameters()),
                  paddle.nn.CrossEntropyLoss(), paddle.metric.Accuracy())
    model.summary()
    history = History()
    model.fit(train, test, batch_size=batch_size, epochs=epochs, verbose=verbose,
              callbacks=[history])
    result = model.evaluate(test, batch_size=256, verbose=0)
    print(f"\ntest accuracy: {result['acc']:.4f}  (loss {result['loss'][0]:.4f})")

    os.makedirs(out_dir, exist_ok=True)
    checkpoint = os.path.join(out_dir, "lenet_digits")
    model.save(checkpoint)
    print(f"checkpoint: {checkpoint}.pdparams, {checkpoint}.pdopt")
    reloaded = new_model()
    reloaded.prepare(loss=paddle.nn.CrossEntropyLoss(), metrics=paddle.metric.Accuracy())
    reloaded.load(checkpoint)
    reloaded_acc = reloaded.evaluate(test, batch_size=256, verbose=0)["acc"]
    logits = reloaded.predict(test, batch_size=256, stack_outputs=True, verbose=0)[0]
    show_predictions(np.asarray(F.softmax(paddle.to_tensor(logits))), test, scans)

    curves = os.path.join(out_dir, "training_curves.png")
    plot_curves({"loss": history.loss, "acc": history.acc}, curves)
    elapsed = time.time() - started
    print(f"\ncurves: {curves}")
    print(f"reloaded model accuracy: {reloaded_acc:.4f}; total time {elapsed:.1f}s")
    return {"accuracy": float(result["acc"]), "reloaded_accuracy": float(reloaded_acc),
            "seconds": elapsed, "curves": curves, "checkpoint": checkpoint}


def _parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--epochs", type=int, default=5)
    parser.add_argument("--out", default="demo_out")
    parser.add_argument("--batch-size", type=int, default=64)
    return parser.parse_args(argv)


if __name__ == "__main__":
    args = _parse_args(sys.argv[1:])
    main(epochs=args.epochs, out_dir=args.out, batch_size=args.batch_size)
