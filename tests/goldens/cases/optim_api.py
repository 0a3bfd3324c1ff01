"""Optimizer behaviour vs real Paddle beyond the update rules: argument errors, the state
dict (names, shapes, dtypes, round trips), parameter groups, ParamAttr learning rates and
regularizers, clear_grad, minimize, learning-rate setters, float64 parameters, LBFGS."""
from goldens.cases._optim_case_utils import batch, mlp, train

CASES = {}


def _raises(build):
    def case(paddle, np):
        model = mlp(paddle, np)
        build(paddle, model.parameters())
    return case


_ERRORS = {
    "params_none": lambda p, ps: p.optimizer.SGD(0.1),
    "params_tensor": lambda p, ps: p.optimizer.SGD(0.1, parameters=ps[0]),
    "params_dict": lambda p, ps: p.optimizer.SGD(0.1, parameters={"params": ps}),
    "params_set_group": lambda p, ps: p.optimizer.SGD(0.1, parameters=[{"params": set(ps)}]),
    "params_duplicate_group": lambda p, ps: p.optimizer.SGD(
        0.1, parameters=[{"params": ps}, {"params": ps[:1]}]),
    "lr_int": lambda p, ps: p.optimizer.Adam(1, parameters=ps),
    "lr_str": lambda p, ps: p.optimizer.Momentum("0.1", parameters=ps),
    "grad_clip_type": lambda p, ps: p.optimizer.SGD(0.1, parameters=ps, grad_clip=1.0),
    "adam_beta1": lambda p, ps: p.optimizer.Adam(0.1, beta1=1.0, parameters=ps),
    "adam_beta2": lambda p, ps: p.optimizer.Adam(0.1, beta2=-0.1, parameters=ps),
    "adam_epsilon": lambda p, ps: p.optimizer.Adam(0.1, epsilon=-1.0, parameters=ps),
    "adamw_decay_type": lambda p, ps: p.optimizer.AdamW(0.1, weight_decay="x", parameters=ps),
    "adamax_beta1": lambda p, ps: p.optimizer.Adamax(0.1, beta1=1.5, parameters=ps),
    "rmsprop_rho": lambda p, ps: p.optimizer.RMSProp(0.1, rho=-1.0, parameters=ps),
    "rmsprop_momentum": lambda p, ps: p.optimizer.RMSProp(0.1, momentum=-1.0, parameters=ps),
    "nadam_lr": lambda p, ps: p.optimizer.NAdam(-0.1, parameters=ps),
    "nadam_decay": lambda p, ps: p.optimizer.NAdam(0.1, momentum_decay=-1.0, parameters=ps),
    "radam_beta2": lambda p, ps: p.optimizer.RAdam(0.1, beta2=1.0, parameters=ps),
    "asgd_batch_num": lambda p, ps: p.optimizer.ASGD(0.1, batch_num=0, parameters=ps),
    "rprop_lr_range": lambda p, ps: p.optimizer.Rprop(0.1, learning_rate_range=(0.2, 1.0),
                                                      parameters=ps),
    "rprop_etas": lambda p, ps: p.optimizer.Rprop(0.1, etas=(1.5, 2.0), parameters=ps),
    "set_lr_str": lambda p, ps: p.optimizer.SGD(0.1, parameters=ps).set_lr("0.2"),
    "set_lr_with_scheduler": lambda p, ps: p.optimizer.SGD(
        p.optimizer.lr.StepDecay(0.1, 2), parameters=ps).set_lr(0.2),
    "set_lr_scheduler_type": lambda p, ps: p.optimizer.SGD(
        0.1, parameters=ps).set_lr_scheduler(0.2),
    "lbfgs_minimize": lambda p, ps: p.optimizer.LBFGS(parameters=ps).minimize(None),
}
for _name, _build in _ERRORS.items():
    CASES[f"error_{_name}"] = _raises(_build)


def _state_dict(opt_name, steps=2, **kwargs):
    """Accumulator names, shapes and dtypes after `steps` training steps (names restart under
    a unique-name guard so they do not depend on earlier cases)."""
    def case(paddle, np):
        with paddle.utils.unique_name.guard():
            model = mlp(paddle, np)
            opt = getattr(paddle.optimizer, opt_name)(parameters=model.parameters(), **kwargs)
            train(paddle, np, model, opt, steps=steps)
            state = opt.state_dict()
        keys = sorted(state)
        tensors = [state[k] for k in keys if hasattr(state[k], "shape")]
        return [keys, [str(t.dtype) for t in tensors], [list(t.shape) for t in tensors], tensors]
    case.rtol = 1e-6
    case.atol = 1e-6
    return case


for _opt, _kw in {"SGD": {"learning_rate": 0.1}, "Momentum": {}, "Adam": {},
                  "Adam_amsgrad": {"amsgrad": True}, "AdamW": {}, "Adamax": {},
                  "Adagrad": {"learning_rate": 0.1, "initial_accumulator_value": 0.1},
                  "Adadelta": {}, "RMSProp": {"learning_rate": 0.01}, "Lamb": {}, "NAdam": {},
                  "RAdam": {}, "ASGD": {"batch_num": 2}, "Rprop": {},
                  "Adam_named": {"name": "my_adam"}}.items():
    CASES[f"state_dict_{_opt.lower()}"] = _state_dict(_opt.split("_")[0], **_kw)


def _scheduled_state_dict(paddle, np):
    with paddle.utils.unique_name.guard():
        model = mlp(paddle, np)
        sched = paddle.optimizer.lr.StepDecay(0.1, step_size=2)
        opt = paddle.optimizer.Adam(sched, parameters=model.parameters())
        before = opt.state_dict()
        train(paddle, np, model, opt, steps=3, scheduler=sched)
        after = opt.state_dict()
    return [sorted(before), before["LR_Scheduler"]["last_epoch"], sorted(after),
            after["LR_Scheduler"]["last_epoch"], after["LR_Scheduler"]["last_lr"], opt.get_lr()]


CASES["state_dict_with_scheduler"] = _scheduled_state_dict


def _round_trip(opt_name, **kwargs):
    """Train 4 steps, save, load into a fresh model + optimizer, train 4 more: equal to 8
    uninterrupted steps."""
    def case(paddle, np):
        def build():
            model = mlp(paddle, np)
            sched = paddle.optimizer.lr.ExponentialDecay(0.05, gamma=0.9)
            opt = getattr(paddle.optimizer, opt_name)(sched, parameters=model.parameters(),
                                                      **kwargs)
            return model, opt, sched
        with paddle.utils.unique_name.guard():
            model, opt, sched = build()
            train(paddle, np, model, opt, steps=4, scheduler=sched)
            params = [p.numpy() for p in model.parameters()]
            state = opt.state_dict()
        with paddle.utils.unique_name.guard():
            model2, opt2, sched2 = build()
            for p, value in zip(model2.parameters(), params):
                p.set_value(value)
            opt2.set_state_dict(state)
            out = train(paddle, np, model2, opt2, steps=4, scheduler=sched2)
        return [out, opt2.get_lr()]
    case.rtol = 1e-6
    case.atol = 1e-6
    return case


for _opt in ("Adam", "Momentum", "RMSProp", "Adagrad", "NAdam", "RAdam", "Lamb", "ASGD"):
    CASES[f"round_trip_{_opt.lower()}"] = _round_trip(_opt)


def _load_before_step(paddle, np):
    """set_state_dict on an optimizer that has not stepped yet: the state waits for the
    accumulators to be created."""
    with paddle.utils.unique_name.guard():
        model = mlp(paddle, np)
        opt = paddle.optimizer.Adam(0.05, parameters=model.parameters())
        train(paddle, np, model, opt, steps=3)
        state = opt.state_dict()
    with paddle.utils.unique_name.guard():
        model2 = mlp(paddle, np)
        opt2 = paddle.optimizer.Adam(0.05, parameters=model2.parameters())
        opt2.set_state_dict(state)
        pending = sorted(opt2.state_dict())
        out = train(paddle, np, model2, opt2, steps=2)
    return [pending, out]


CASES["load_before_first_step"] = _load_before_step


def _param_attr(weight_attr_factory, opt_factory):
    def case(paddle, np):
        model = mlp(paddle, np, weight_attr=weight_attr_factory(paddle))
        opt = opt_factory(paddle, model)
        return train(paddle, np, model, opt, steps=5)
    case.rtol = 1e-6
    case.atol = 1e-6
    return case


def _l1(paddle):
    return paddle.ParamAttr(regularizer=paddle.regularizer.L1Decay(0.1))


def _l2(paddle):
    return paddle.ParamAttr(regularizer=paddle.regularizer.L2Decay(0.3))


def _slow(paddle):
    return paddle.ParamAttr(learning_rate=0.25)


_OPTS = {
    "sgd_decay": lambda p, m: p.optimizer.SGD(0.1, parameters=m.parameters(), weight_decay=0.01),
    "sgd_l1": lambda p, m: p.optimizer.SGD(
        0.1, parameters=m.parameters(), weight_decay=p.regularizer.L1Decay(0.02)),
    "momentum_decay": lambda p, m: p.optimizer.Momentum(0.05, parameters=m.parameters(),
                                                        weight_decay=0.01),
    "adam_decay": lambda p, m: p.optimizer.Adam(0.01, parameters=m.parameters(),
                                                weight_decay=p.regularizer.L2Decay(0.01)),
    "adamw": lambda p, m: p.optimizer.AdamW(0.01, parameters=m.parameters(), weight_decay=0.1),
    "lamb": lambda p, m: p.optimizer.Lamb(0.01, parameters=m.parameters()),
    "sgd_groups": lambda p, m: p.optimizer.SGD(
        0.1, parameters=[{"params": m[0].parameters(), "weight_decay": 0.2},
                         {"params": m[2].parameters(), "learning_rate": 2.0}]),
    "momentum_groups": lambda p, m: p.optimizer.Momentum(
        0.05, weight_decay=0.01,
        parameters=[{"params": m[0].parameters(), "weight_decay": p.regularizer.L1Decay(0.1)},
                    {"params": m[2].parameters()}]),
    "adamw_groups": lambda p, m: p.optimizer.AdamW(
        0.01, weight_decay=0.1, parameters=[{"params": m[0].parameters(), "weight_decay": 0.5},
                                            {"params": m[2].parameters()}]),
}
for _attr_name, _attr in (("l1", _l1), ("l2", _l2), ("lr_quarter", _slow)):
    for _opt_name, _factory in _OPTS.items():
        CASES[f"param_attr_{_attr_name}_{_opt_name}"] = _param_attr(_attr, _factory)


def _adamw_options(paddle, np):
    model = mlp(paddle, np)
    opt = paddle.optimizer.AdamW(0.01, parameters=model.parameters(), weight_decay=0.3,
                                 apply_decay_param_fun=lambda name: name.endswith("w_0"))
    return train(paddle, np, model, opt, steps=5)


_adamw_options.rtol = 1e-6
_adamw_options.atol = 1e-6
CASES["adamw_apply_decay_param_fun"] = _adamw_options


def _lamb_exclude(always_adapt):
    def case(paddle, np):
        model = mlp(paddle, np)
        opt = paddle.optimizer.Lamb(0.01, parameters=model.parameters(), always_adapt=always_adapt,
                                    exclude_from_weight_decay_fn=lambda p: p.name.endswith("b_0"))
        return train(paddle, np, model, opt, steps=5)
    case.rtol = 1e-6
    case.atol = 1e-6
    return case


CASES["lamb_exclude"] = _lamb_exclude(False)
CASES["lamb_exclude_always_adapt"] = _lamb_exclude(True)


def _lamb_no_decay(paddle, np):
    model = mlp(paddle, np)
    opt = paddle.optimizer.Lamb(0.01, lamb_weight_decay=0.0, parameters=model.parameters())
    return train(paddle, np, model, opt, steps=5)


CASES["lamb_zero_decay"] = _lamb_no_decay


def _float64(opt_name, **kwargs):
    def case(paddle, np):
        model = mlp(paddle, np)
        model.to(dtype="float64")
        opt = getattr(paddle.optimizer, opt_name)(parameters=model.parameters(), **kwargs)
        losses = []
        for step in range(5):
            x, y = batch(paddle, np, step)
            loss = ((model(x.astype("float64")) - y.astype("float64")) ** 2).mean()
            loss.backward()
            opt.step()
            opt.clear_grad()
            losses.append(loss)
        return [list(model.parameters()), losses]
    case.rtol = 1e-12
    case.atol = 1e-13
    return case


for _opt, _kw in {"SGD": {"learning_rate": 0.1}, "Adam": {"learning_rate": 0.01},
                  "AdamW": {"learning_rate": 0.01}, "Momentum": {"learning_rate": 0.05},
                  "Adamax": {"learning_rate": 0.01}, "RAdam": {"learning_rate": 0.01},
                  "ASGD": {"learning_rate": 0.05}, "Rprop": {}}.items():
    CASES[f"float64_{_opt.lower()}"] = _float64(_opt, **_kw)


def _grads_and_clear(set_to_zero):
    def case(paddle, np):
        model = mlp(paddle, np)
        opt = paddle.optimizer.SGD(0.1, parameters=model.parameters())
        x, y = batch(paddle, np, 0)
        ((model(x) - y) ** 2).mean().backward()
        ops, pairs = opt.minimize(((model(x) - y) ** 2).mean())
        applied = [g.numpy() for _, g in pairs]
        opt.clear_grad(set_to_zero=set_to_zero)
        grads = [p.grad for p in model.parameters()]
        return [len(ops), len(pairs), [paddle.to_tensor(g) for g in applied],
                list(model.parameters()), grads]
    return case


CASES["minimize_then_clear_zero"] = _grads_and_clear(True)
CASES["minimize_then_clear_none"] = _grads_and_clear(False)


def _minimize_without_backward(paddle, np):
    model = mlp(paddle, np)
    opt = paddle.optimizer.Adam(0.1, parameters=model.parameters())
    x, y = batch(paddle, np, 0)
    ops, pairs = opt.minimize(((model(x) - y) ** 2).mean())
    return [len(ops), len(pairs), list(model.parameters()), opt.state_dict() == {}]


CASES["minimize_without_backward"] = _minimize_without_backward


def _frozen_and_gradless(paddle, np):
    """Parameters that stop gradient or have no gradient are skipped (no accumulators)."""
    with paddle.utils.unique_name.guard():
        model = mlp(paddle, np)
        model[0].weight.stop_gradient = True
        extra = paddle.create_parameter([3], "float32")
        extra.set_value(np.array([0.5, -1.0, 2.0], "float32"))
        opt = paddle.optimizer.Adam(0.1, parameters=model.parameters() + [extra])
        out = train(paddle, np, model, opt, steps=3)
        keys = sorted(opt.state_dict())
    return [out, keys, extra]


CASES["frozen_and_gradless"] = _frozen_and_gradless


def _lr_setters(paddle, np):
    model = mlp(paddle, np)
    opt = paddle.optimizer.Momentum(0.1, parameters=model.parameters())
    values = [opt.get_lr()]
    opt.set_lr(0.3)
    values.append(opt.get_lr())
    opt.set_lr(2)
    values.append(opt.get_lr())
    sched = paddle.optimizer.lr.MultiStepDecay(0.5, milestones=[1, 2], gamma=0.5)
    opt.set_lr_scheduler(sched)
    values.append(opt.get_lr())
    sched.step()
    values.append(opt.get_lr())
    out = train(paddle, np, model, opt, steps=3, scheduler=sched)
    return [values, out]


CASES["lr_setters"] = _lr_setters


def _lbfgs(line_search, **kwargs):
    def case(paddle, np):
        model = mlp(paddle, np)
        opt = paddle.optimizer.LBFGS(parameters=model.parameters(), line_search_fn=line_search,
                                     **kwargs)
        x, y = batch(paddle, np, 0)

        def closure():
            opt.clear_grad()
            loss = ((model(x) - y) ** 2).mean()
            loss.backward()
            return loss
        losses = [opt.step(closure) for _ in range(3)]
        state = opt.state_dict()["state"]
        return [losses, list(model.parameters()), state["func_evals"], state["n_iter"]]
    # float32 dot products summed in a different order drift the iterates slightly apart
    case.rtol = 2e-4
    case.atol = 5e-5
    return case


CASES["lbfgs_plain"] = _lbfgs(None, learning_rate=0.5, max_iter=5)
CASES["lbfgs_strong_wolfe"] = _lbfgs("strong_wolfe", max_iter=10)
CASES["lbfgs_history"] = _lbfgs("strong_wolfe", max_iter=8, history_size=3)


def _lbfgs_bad_search(paddle, np):
    model = mlp(paddle, np)
    opt = paddle.optimizer.LBFGS(parameters=model.parameters(), line_search_fn="armijo")
    x, y = batch(paddle, np, 0)

    def closure():
        opt.clear_grad()
        loss = ((model(x) - y) ** 2).mean()
        loss.backward()
        return loss
    opt.step(closure)


CASES["error_lbfgs_line_search"] = _lbfgs_bad_search


def _regularizer_strings(paddle, np):
    return [str(paddle.regularizer.L1Decay(0.5)), str(paddle.regularizer.L2Decay(0.25)),
            str(paddle.regularizer.L2Decay())]


CASES["regularizer_strings"] = _regularizer_strings


def _short_run(make_opt, steps=5):
    def case(paddle, np):
        with paddle.utils.unique_name.guard():
            model = mlp(paddle, np)
            opt = make_opt(paddle, model)
            out = train(paddle, np, model, opt, steps=steps)
            state = opt.state_dict()
        return [out, sorted(state)]
    case.rtol = 1e-6
    case.atol = 1e-6
    return case


CASES["momentum_rescale_grad"] = _short_run(
    lambda p, m: p.optimizer.Momentum(0.05, parameters=m.parameters(), rescale_grad=0.5))
CASES["adam_tensor_betas"] = _short_run(
    lambda p, m: p.optimizer.Adam(0.01, beta1=p.to_tensor([0.8]), beta2=p.to_tensor([0.99]),
                                  parameters=m.parameters()))
CASES["adamax_group_beta"] = _short_run(
    lambda p, m: p.optimizer.Adamax(0.01, parameters=[{"params": m[0].parameters(),
                                                       "beta1": 0.5},
                                                      {"params": m[2].parameters()}]))
CASES["sgd_group_clip"] = _short_run(
    lambda p, m: p.optimizer.SGD(0.1, grad_clip=p.nn.ClipGradByValue(0.01),
                                 parameters=[{"params": m[0].parameters(),
                                              "grad_clip": p.nn.ClipGradByNorm(0.05)},
                                             {"params": m[2].parameters()}]))
CASES["adamw_weight_decay_tensor"] = _short_run(
    lambda p, m: p.optimizer.AdamW(0.01, weight_decay=p.to_tensor(0.2),
                                   parameters=m.parameters()))
CASES["rmsprop_group_centered"] = _short_run(
    lambda p, m: p.optimizer.RMSProp(0.01, parameters=[{"params": m[0].parameters(),
                                                        "centered": True},
                                                       {"params": m[2].parameters()}]))
CASES["optimizer_name_prefix"] = _short_run(
    lambda p, m: p.optimizer.Momentum(0.05, parameters=m.parameters(), name="mom"))
