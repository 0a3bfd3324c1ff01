"""Process-wide dispatch state, read on every op call (kept in one tiny module so the hot path
does a single attribute lookup per flag)."""

# Whether eager ops record autograd nodes (paddle.no_grad / enable_grad / set_grad_enabled).
grad_enabled = True

# The active tracer (paddle.jit / paddle.static recording) or None for eager execution.
tracer = None

# The active AMP cast policy or None; consulted by dispatch before running or recording an op.
amp = None

# FLAGS_check_nan_inf: the NanInfChecker (nan_inf.py) every eager op result and every backward
# node's gradients go through, or None (paddle.set_flags, paddle.amp.debugging).
check_nan_inf = None

# paddle.autograd.saved_tensors_hooks: (pack, unpack) applied to tensors saved for backward.
saved_hooks = None
