"""Learning-rate schedulers vs real Paddle: the rate epoch by epoch (30 epochs), state-dict
round trips, stepping to an explicit epoch, and argument errors."""

STEPS = 30


def _lam(epoch):
    return 0.9 ** epoch


def _mul(epoch):
    return 0.95


SCHEDULERS = {
    "noam": ("NoamDecay", {"d_model": 64, "warmup_steps": 10, "learning_rate": 2.0}),
    "piecewise": ("PiecewiseDecay", {"boundaries": [3, 6, 20], "values": [1.0, 0.5, 0.1, 0.01]}),
    "natural_exp": ("NaturalExpDecay", {"learning_rate": 0.5, "gamma": 0.1}),
    "inverse_time": ("InverseTimeDecay", {"learning_rate": 0.5, "gamma": 0.3}),
    "polynomial": ("PolynomialDecay", {"learning_rate": 0.5, "decay_steps": 12,
                                       "end_lr": 0.01, "power": 2.0}),
    "polynomial_cycle": ("PolynomialDecay", {"learning_rate": 0.5, "decay_steps": 7,
                                             "cycle": True}),
    "linear_warmup_float": ("LinearWarmup", {"learning_rate": 0.5, "warmup_steps": 8,
                                             "start_lr": 0.0, "end_lr": 0.5}),
    "exponential": ("ExponentialDecay", {"learning_rate": 0.5, "gamma": 0.9}),
    "multistep": ("MultiStepDecay", {"learning_rate": 0.5, "milestones": [4, 9, 15],
                                     "gamma": 0.5}),
    "step": ("StepDecay", {"learning_rate": 0.5, "step_size": 4, "gamma": 0.7}),
    "lambda": ("LambdaDecay", {"learning_rate": 0.5, "lr_lambda": _lam}),
    "multiplicative": ("MultiplicativeDecay", {"learning_rate": 0.5, "lr_lambda": _mul}),
    "cosine": ("CosineAnnealingDecay", {"learning_rate": 0.5, "T_max": 7, "eta_min": 0.01}),
    "cosine_restarts": ("CosineAnnealingWarmRestarts", {"learning_rate": 0.5, "T_0": 5,
                                                        "eta_min": 0.01}),
    "cosine_restarts_mult": ("CosineAnnealingWarmRestarts", {"learning_rate": 0.5, "T_0": 3,
                                                             "T_mult": 2}),
    "one_cycle": ("OneCycleLR", {"max_learning_rate": 1.0, "total_steps": STEPS}),
    "one_cycle_linear_3phase": ("OneCycleLR", {"max_learning_rate": 1.0, "total_steps": STEPS,
                                               "anneal_strategy": "linear", "phase_pct": 0.25,
                                               "three_phase": True}),
    "cyclic": ("CyclicLR", {"base_learning_rate": 0.1, "max_learning_rate": 1.0,
                            "step_size_up": 4, "step_size_down": 6}),
    "cyclic_triangular2": ("CyclicLR", {"base_learning_rate": 0.1, "max_learning_rate": 1.0,
                                        "step_size_up": 3, "mode": "triangular2"}),
    "cyclic_exp_range": ("CyclicLR", {"base_learning_rate": 0.1, "max_learning_rate": 1.0,
                                      "step_size_up": 3, "mode": "exp_range",
                                      "exp_gamma": 0.9}),
    "linear_lr": ("LinearLR", {"learning_rate": 0.5, "total_steps": 10, "start_factor": 0.2,
                               "end_factor": 0.9}),
}



def _make(paddle, name, kwargs):
    return getattr(paddle.optimizer.lr, name)(**kwargs)


def _values(sched, steps):
    out = []
    for _ in range(steps):
        out.append(sched())
        sched.step()
    return out


def _trajectory(name, kwargs):
    def case(paddle, np):
        sched = _make(paddle, name, kwargs)
        values = _values(sched, STEPS)
        return [values, sched.last_epoch, sched.last_lr]
    case.rtol = 1e-13
    case.atol = 0.0
    return case


def _round_trip(name, kwargs):
    def case(paddle, np):
        first = _make(paddle, name, kwargs)
        _values(first, 10)
        state = first.state_dict()
        second = _make(paddle, name, kwargs)
        second.set_state_dict(state)
        return [sorted(state), [state[k] for k in sorted(state) if not isinstance(state[k], dict)],
                _values(first, 10), _values(second, 10)]
    case.rtol = 1e-13
    case.atol = 0.0
    return case


def _explicit_epochs(name, kwargs):
    def case(paddle, np):
        sched = _make(paddle, name, kwargs)
        out = []
        for epoch in (3, 7, 2, 11):
            sched.step(epoch)
            out.append([sched.last_epoch, sched()])
        return out
    case.rtol = 1e-13
    case.atol = 0.0
    return case


CASES = {}
for _key, (_name, _kwargs) in SCHEDULERS.items():
    CASES[f"{_key}_values"] = _trajectory(_name, _kwargs)
    CASES[f"{_key}_state_dict"] = _round_trip(_name, _kwargs)
    if _name not in ("OneCycleLR",):
        CASES[f"{_key}_step_epoch"] = _explicit_epochs(_name, _kwargs)


def _warmup_scheduler(paddle, np):
    inner = paddle.optimizer.lr.CosineAnnealingDecay(0.5, T_max=10)
    sched = paddle.optimizer.lr.LinearWarmup(inner, warmup_steps=5, start_lr=0.0, end_lr=0.5)
    values = _values(sched, 20)
    state = sched.state_dict()
    return [values, sorted(state), state["LinearWarmup_LR"]["last_epoch"],
            state["LinearWarmup_LR"]["last_lr"]]


CASES["linear_warmup_scheduler"] = _warmup_scheduler


def _plateau(**kwargs):
    def case(paddle, np):
        sched = paddle.optimizer.lr.ReduceOnPlateau(1.0, **kwargs)
        metrics = [1.0, 0.9, 0.95, 0.95, 0.95, 0.94, 0.9, 0.9, 0.9, 0.9, 0.89999, 0.5, 0.6,
                   0.6, 0.6, 0.6, 0.6, 0.6, 0.6, 0.6]
        out = []
        for m in metrics:
            sched.step(m if kwargs.get("mode") != "max" else -m)
            out.append([sched(), sched.num_bad_epochs, sched.cooldown_counter])
        return [out, sched.state_dict()["best"], sched.last_epoch]
    return case


CASES["plateau_default"] = _plateau(patience=2)
CASES["plateau_abs_cooldown"] = _plateau(patience=1, threshold=0.02, threshold_mode="abs",
                                         cooldown=2, factor=0.5)
CASES["plateau_max_min_lr"] = _plateau(mode="max", patience=1, min_lr=0.05, factor=0.2)
CASES["plateau_epsilon"] = _plateau(patience=0, factor=0.5, epsilon=0.3)


def _plateau_tensor_metric(paddle, np):
    sched = paddle.optimizer.lr.ReduceOnPlateau(1.0, patience=0)
    for m in (1.0, 2.0, 3.0):
        sched.step(paddle.to_tensor(m))
    state = sched.state_dict()
    return [sched(), state["best"], type(state["best"]).__name__]


CASES["plateau_tensor_metric"] = _plateau_tensor_metric


def _error(build):
    def case(paddle, np):
        build(paddle.optimizer.lr)
    return case


CASES["error_lr_type"] = _error(lambda lr: lr.StepDecay("0.1", 2))
CASES["error_lr_negative"] = _error(lambda lr: lr.ExponentialDecay(-0.1, 0.5))
CASES["error_step_size_type"] = _error(lambda lr: lr.StepDecay(0.1, 2.0))
CASES["error_step_gamma"] = _error(lambda lr: lr.StepDecay(0.1, 2, gamma=1.5))
CASES["error_multistep_order"] = _error(lambda lr: lr.MultiStepDecay(0.1, [3, 2]))
CASES["error_multistep_type"] = _error(lambda lr: lr.MultiStepDecay(0.1, 3))
CASES["error_piecewise_empty"] = _error(lambda lr: lr.PiecewiseDecay([], [0.1]))
CASES["error_piecewise_values"] = _error(lambda lr: lr.PiecewiseDecay([1, 2], [0.1, 0.2]))
CASES["error_noam_d_model"] = _error(lambda lr: lr.NoamDecay(0, 10))
CASES["error_natural_gamma"] = _error(lambda lr: lr.NaturalExpDecay(0.1, -1.0))
CASES["error_exponential_gamma"] = _error(lambda lr: lr.ExponentialDecay(0.1, 1.5))
CASES["error_polynomial_steps"] = _error(lambda lr: lr.PolynomialDecay(0.1, 0))
CASES["error_warmup_type"] = _error(lambda lr: lr.LinearWarmup("x", 3, 0.0, 0.1))
CASES["error_warmup_order"] = _error(lambda lr: lr.LinearWarmup(0.1, 3, 0.5, 0.1))
CASES["error_lambda_callable"] = _error(lambda lr: lr.LambdaDecay(0.1, 3))
CASES["error_multiplicative_callable"] = _error(lambda lr: lr.MultiplicativeDecay(0.1, 3))
CASES["error_cosine_tmax_type"] = _error(lambda lr: lr.CosineAnnealingDecay(0.1, 2.5))
CASES["error_cosine_eta_type"] = _error(lambda lr: lr.CosineAnnealingDecay(0.1, 2, "0"))
CASES["error_restarts_t0"] = _error(lambda lr: lr.CosineAnnealingWarmRestarts(0.1, 0))
CASES["error_restarts_tmult"] = _error(lambda lr: lr.CosineAnnealingWarmRestarts(0.1, 2, 0))
CASES["error_onecycle_total"] = _error(lambda lr: lr.OneCycleLR(1.0, 0))
CASES["error_onecycle_pct"] = _error(lambda lr: lr.OneCycleLR(1.0, 10, phase_pct=1.5))
CASES["error_onecycle_3phase"] = _error(lambda lr: lr.OneCycleLR(1.0, 10, three_phase=True,
                                                                 phase_pct=0.6))
CASES["error_onecycle_anneal"] = _error(lambda lr: lr.OneCycleLR(1.0, 10, anneal_strategy="x"))


def _one_cycle_past_end(paddle, np):
    sched = paddle.optimizer.lr.OneCycleLR(1.0, 2)
    for _ in range(3):
        sched.step()


CASES["error_onecycle_past_end"] = _one_cycle_past_end
CASES["error_cyclic_mode"] = _error(lambda lr: lr.CyclicLR(0.1, 1.0, 2, mode="bad"))
CASES["error_cyclic_step_type"] = _error(lambda lr: lr.CyclicLR(0.1, 1.0, 2.0))
CASES["error_cyclic_gamma_type"] = _error(lambda lr: lr.CyclicLR(0.1, 1.0, 2, exp_gamma=1))
CASES["error_linear_lr_factor"] = _error(lambda lr: lr.LinearLR(0.1, 5, start_factor=0))
CASES["error_linear_lr_steps"] = _error(lambda lr: lr.LinearLR(0.1, 0))
CASES["error_plateau_mode"] = _error(lambda lr: lr.ReduceOnPlateau(0.1, mode="up"))
CASES["error_plateau_factor"] = _error(lambda lr: lr.ReduceOnPlateau(0.1, factor=2.0))
CASES["error_plateau_metric"] = _error(lambda lr: lr.ReduceOnPlateau(0.1).step("x"))
CASES["error_plateau_metric_size"] = _error(
    lambda lr: lr.ReduceOnPlateau(0.1).step(__import__("numpy").ones(2)))
CASES["error_set_state_missing"] = _error(lambda lr: lr.StepDecay(0.1, 2).set_state_dict({}))
