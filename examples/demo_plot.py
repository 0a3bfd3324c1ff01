"""Training-curve PNG for the demo, drawn with matplotlib (part of the `demo` extra)."""
from __future__ import annotations


def plot_curves(history: dict, path: str) -> None:
    """Write the loss and accuracy curves (history[key][series] = per-epoch values) to `path`."""
    try:
        import matplotlib
    except ImportError as exc:
        raise SystemExit("The demo draws its curves with matplotlib: pip install -e '.[demo]'") \
            from exc
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, axes = plt.subplots(1, 2, figsize=(9, 3.5))
    for ax, key, title in zip(axes, ("loss", "acc"), ("Loss", "Accuracy")):
        for name, values in history[key].items():
            ax.plot(range(1, len(values) + 1), values, marker="o", label=name)
        ax.set_title(title)
        ax.set_xlabel("epoch")
        ax.grid(alpha=0.3)
        ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
