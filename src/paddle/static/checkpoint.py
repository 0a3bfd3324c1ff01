"""The optimizer half of a paddle.static.save checkpoint (`.pdopt`).

`optimizer.minimize(loss)` in static mode lists the optimizer on the program
(`program.optimizers`); its accumulators, kept by the eager optimizer the update ops call, carry
Paddle's names (`fc_0.w_0_moment1_0`, `fc_0.w_0_beta1_pow_acc_0`, master weights
`fc_0.w_0_fp32_master_0`), and the learning rate is the `learning_rate_<k>` variable of the
k-th optimizer, as Paddle's static programs name it. Accumulators come into being at the first
run of the program, so a program saved before it ran writes only the learning rates."""
from __future__ import annotations

import numpy as np


def register_optimizer(program, opt) -> None:
    optimizers = program.__dict__.setdefault("optimizers", [])
    if not any(o is opt for o in optimizers):
        optimizers.append(opt)


def optimizer_tensors(opt) -> list:
    """The accumulators and master weights `opt` keeps (Tensors named as Paddle names them)."""
    state = opt._state
    return ([acc for table in state.accumulators.values() for acc in table.values()]
            + list(state.master_weights.values()))


def optimizer_state(program) -> dict:
    """{name: ndarray} of the accumulators, master weights and learning rates of the program's
    optimizers."""
    out = {}
    for index, opt in enumerate(getattr(program, "optimizers", [])):
        for tensor in optimizer_tensors(opt):
            out[tensor.name] = np.array(tensor._data)
        out[f"learning_rate_{index}"] = np.array(opt.get_lr(), dtype="float32")
    return out


def restore_optimizer_state(program, saved: dict) -> None:
    """Load the values of `saved` named like the program's optimizers' state into them
    (accumulators not created yet take their values when the program first runs)."""
    for opt in getattr(program, "optimizers", []):
        state = opt._state
        masters = {param: saved[m.name] for param, m in state.master_weights.items()
                   if m.name in saved}
        accs = {name: value for name, value in saved.items()
                if name not in program.parameters and not name.startswith("learning_rate_")
                and name not in {m.name for m in state.master_weights.values()}}
        if masters:
            accs["master_weights"] = masters
        existing = {acc.name for table in state.accumulators.values() for acc in table.values()}
        if existing - set(accs):
            missing = sorted(existing - set(accs))
            raise RuntimeError(f"(paddle.static.load) the checkpoint has no values for the "
                               f"optimizer state {missing}")
        state.load(accs)
