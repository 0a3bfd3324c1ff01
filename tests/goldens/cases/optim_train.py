"""Acceptance: every optimizer trains a small MLP for 20 steps from identical weights on
identical data — plain, with weight decay (a float coefficient, L1Decay), with gradient
clipping (by global norm, by norm, by value), with parameter groups and with a learning-rate
scheduler — and ends at real Paddle's parameters (1e-6 relative). Where Paddle refuses a
combination (AdamW with L1Decay, LBFGS or Rprop with a scheduler) the error type is compared."""
from goldens.cases._optim_case_utils import batch, make_optimizer, mlp, train

# name -> (optimizer class, base kwargs, group-specific options, accepts weight_decay)
OPTIMIZERS = {
    "sgd": ("SGD", {"learning_rate": 0.1}, {}, True),
    "momentum": ("Momentum", {"learning_rate": 0.05, "momentum": 0.9}, {"momentum": 0.5}, True),
    "nesterov": ("Momentum", {"learning_rate": 0.05, "use_nesterov": True}, {}, True),
    "adam": ("Adam", {"learning_rate": 0.01}, {"beta1": 0.8}, True),
    "amsgrad": ("Adam", {"learning_rate": 0.01, "amsgrad": True}, {"beta2": 0.99}, True),
    "adamw": ("AdamW", {"learning_rate": 0.01}, {"beta1": 0.8}, True),
    "adamax": ("Adamax", {"learning_rate": 0.01}, {"beta1": 0.8}, True),
    "adagrad": ("Adagrad", {"learning_rate": 0.05}, {"epsilon": 1e-4}, True),
    "adadelta": ("Adadelta", {"learning_rate": 1.0}, {"rho": 0.9}, True),
    "rmsprop": ("RMSProp", {"learning_rate": 0.01}, {"rho": 0.9}, True),
    "rmsprop_centered": ("RMSProp", {"learning_rate": 0.01, "centered": True, "momentum": 0.5},
                         {"momentum": 0.2}, True),
    "lamb": ("Lamb", {"learning_rate": 0.01}, {"beta1": 0.8}, False),
    "nadam": ("NAdam", {"learning_rate": 0.01}, {"beta1": 0.8}, True),
    "radam": ("RAdam", {"learning_rate": 0.01}, {"beta1": 0.8}, True),
    "asgd": ("ASGD", {"learning_rate": 0.05, "batch_num": 3}, {}, True),
    "rprop": ("Rprop", {"learning_rate": 0.01}, {}, False),
}


def _variant(opt_name, kwargs, group_options, variant):
    def case(paddle, np):
        model = mlp(paddle, np)
        params = model.parameters()
        kw = dict(kwargs)
        scheduler = None
        if variant == "decay":
            kw["weight_decay"] = 0.05 if opt_name != "Lamb" else None
            if opt_name == "Lamb":
                kw.pop("weight_decay")
                kw["lamb_weight_decay"] = 0.05
        elif variant == "decay_l1":
            kw["weight_decay"] = paddle.regularizer.L1Decay(0.01)
        elif variant == "clip":
            kw["grad_clip"] = paddle.nn.ClipGradByGlobalNorm(0.5)
        elif variant == "clip_norm":
            kw["grad_clip"] = paddle.nn.ClipGradByNorm(0.1)
        elif variant == "clip_value":
            kw["grad_clip"] = paddle.nn.ClipGradByValue(0.05)
        elif variant == "groups":
            params = [{"params": model[0].parameters(), "learning_rate": 0.5, **group_options},
                      {"params": model[2].parameters()}]
        elif variant == "scheduler":
            scheduler = paddle.optimizer.lr.StepDecay(kw["learning_rate"], step_size=5,
                                                      gamma=0.5)
            kw["learning_rate"] = scheduler
        opt = make_optimizer(paddle, opt_name, kw, params)
        return train(paddle, np, model, opt, scheduler=scheduler)
    # the forward/backward pass already differs from Paddle's by about one float32 ulp, which
    # momentum amplifies; 1e-6 absolute on O(1) parameters is the 1e-6 relative target
    case.rtol = 1e-6
    case.atol = 1e-6
    return case


CASES = {}
for _key, (_name, _kwargs, _group, _decays) in OPTIMIZERS.items():
    for _variant_name in ("plain", "decay", "decay_l1", "clip", "clip_norm", "clip_value",
                          "groups", "scheduler"):
        if _variant_name == "decay" and not _decays and _name != "Lamb":
            continue
        if _variant_name == "decay_l1" and not _decays:
            continue
        if _variant_name == "scheduler" and _name == "Rprop":
            continue  # Paddle's Rprop rejects a scheduler: error_rprop_scheduler below
        CASES[f"{_key}_{_variant_name}"] = _variant(_name, _kwargs, _group, _variant_name)


def _adamw_selective_decay(paddle, np):
    """AdamW decaying only the weights (apply_decay_param_fun sees parameter names)."""
    model = mlp(paddle, np)
    opt = paddle.optimizer.AdamW(0.01, parameters=model.parameters(), weight_decay=0.3,
                                 apply_decay_param_fun=lambda name: name.endswith("w_0"))
    return train(paddle, np, model, opt)


_adamw_selective_decay.rtol = 1e-6
_adamw_selective_decay.atol = 1e-6
CASES["adamw_decay_param_fun"] = _adamw_selective_decay


def _lbfgs_variant(variant):
    """LBFGS in the same matrix: one closure per batch, 20 steps. Paddle's LBFGS never applies
    weight_decay or grad_clip and optimizes only the last parameter group; a scheduler is
    rejected (its rate must be a float). A small rate keeps the quasi-Newton steps on changing
    batches stable, so float32 rounding differences stay at rounding size."""
    def case(paddle, np):
        model = mlp(paddle, np)
        params = model.parameters()
        kw = {"learning_rate": 0.05, "max_iter": 2}
        if variant == "decay":
            kw["weight_decay"] = 0.05
        elif variant == "clip":
            kw["grad_clip"] = paddle.nn.ClipGradByGlobalNorm(0.5)
        elif variant == "groups":
            params = [{"params": model[0].parameters()}, {"params": model[2].parameters()}]
        elif variant == "scheduler":
            kw["learning_rate"] = paddle.optimizer.lr.StepDecay(0.05, step_size=5, gamma=0.5)
        opt = paddle.optimizer.LBFGS(parameters=params, **kw)
        losses = []
        for step in range(20):
            x, y = batch(paddle, np, step)

            def closure():
                opt.clear_grad()
                loss = ((model(x) - y) ** 2).mean()
                loss.backward()
                return loss
            losses.append(opt.step(closure))
        return [list(model.parameters()), losses]
    case.rtol = 1e-6
    case.atol = 1e-6
    return case


for _variant_name in ("plain", "decay", "clip", "groups", "scheduler"):
    CASES[f"lbfgs_{_variant_name}"] = _lbfgs_variant(_variant_name)


def _rprop_scheduler(paddle, np):
    """Rprop checks its rate against learning_rate_range, which a scheduler cannot pass."""
    model = mlp(paddle, np)
    paddle.optimizer.Rprop(paddle.optimizer.lr.StepDecay(0.01, step_size=5),
                           parameters=model.parameters())


CASES["error_rprop_scheduler"] = _rprop_scheduler
