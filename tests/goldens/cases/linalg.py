"""Linear algebra against real Paddle: products, norms, factorizations, solvers, their dtypes,
batched shapes, gradients and errors. Singular/eigen vectors are only defined up to sign (phase),
so cases return sign-invariant views of them (absolute values, reconstructions, squares)."""

CASES = {}


def case(name, rtol=1e-5, atol=1e-6):
    def register(fn):
        fn.rtol, fn.atol = rtol, atol
        CASES[name] = fn
        return fn
    return register


def _rand(np, *shape, seed=0, dtype="float32"):
    return np.random.default_rng(seed).uniform(-1, 1, shape).astype(dtype)


def _wellcond(np, *shape, seed=0, dtype="float32"):
    a = np.random.default_rng(seed).uniform(-1, 1, shape)
    return (a + shape[-1] * np.eye(shape[-1])).astype(dtype)


def _spd(np, *shape, seed=0, dtype="float32"):
    a = np.random.default_rng(seed).uniform(-1, 1, shape)
    return (a @ np.swapaxes(a, -1, -2) + shape[-1] * np.eye(shape[-1])).astype(dtype)


def _leaf(paddle, array):
    t = paddle.to_tensor(array)
    t.stop_gradient = False
    return t


# ---- products ---------------------------------------------------------------------------------

_MATMUL_SHAPES = {
    "mm": ((3, 4), (4, 5)), "vec_mat": ((4,), (4, 5)), "mat_vec": ((3, 4), (4,)),
    "vec_vec": ((4,), (4,)), "batch_mat": ((2, 3, 4), (4, 5)),
    "batch_vec": ((2, 3, 4), (4,)), "empty": ((0, 4), (4, 2)), "empty_k": ((2, 0), (0, 3)),
}

for _name, (_xs, _ys) in _MATMUL_SHAPES.items():
    def _matmul_case(paddle, np, xs=_xs, ys=_ys):
        x, y = _leaf(paddle, _rand(np, *xs)), _leaf(paddle, _rand(np, *ys, seed=1))
        out = paddle.matmul(x, y)
        gx, gy = paddle.grad(out.sum(), [x, y], allow_unused=True)
        return out, gx, gy
    case(f"matmul_{_name}", 1e-5, 1e-5)(_matmul_case)


@case("matmul_batch_broadcast")
def _(paddle, np):
    # (real Paddle's backward fails for this broadcast, so only the forward is compared)
    x, y = paddle.to_tensor(_rand(np, 2, 1, 3, 4)), paddle.to_tensor(_rand(np, 5, 4, 2, seed=1))
    return paddle.matmul(x, y)


@case("matmul_transpose_flags")
def _(paddle, np):
    x, y = _leaf(paddle, _rand(np, 4, 3)), _leaf(paddle, _rand(np, 2, 5, 4, seed=1))
    out = paddle.matmul(x, y, transpose_x=True, transpose_y=True)
    return [out] + paddle.grad((out * out).sum(), [x, y])


for _a, _b in [("int64", "int64"), ("int32", "int32"), ("float64", "float64"),
               ("float32", "int64"), ("float32", "int32"), ("complex64", "float32"),
               ("float32", "complex64"), ("complex128", "float64"), ("int64", "float32"),
               ("float32", "float64"), ("int32", "int64"), ("float64", "int64")]:
    def _matmul_dtype(paddle, np, a=_a, b=_b):
        x = paddle.to_tensor(np.arange(6).reshape(2, 3).astype(a))
        y = paddle.to_tensor(np.arange(6).reshape(3, 2).astype(b))
        return paddle.matmul(x, y), x @ y
    case(f"matmul_dtype_{_a}_{_b}")(_matmul_dtype)


@case("matmul_shape_error")
def _(paddle, np):
    return paddle.matmul(paddle.ones([2, 3]), paddle.ones([2, 3]))


@case("mm_bmm")
def _(paddle, np):
    x, y = paddle.to_tensor(_rand(np, 2, 2, 3)), paddle.to_tensor(_rand(np, 2, 3, 4, seed=1))
    return paddle.mm(x, y), paddle.bmm(x, y), x.mm(y), x.bmm(y)


@case("bmm_not_3d")
def _(paddle, np):
    return paddle.bmm(paddle.ones([2, 3]), paddle.ones([3, 2]))


@case("bmm_batch_mismatch")
def _(paddle, np):
    return paddle.bmm(paddle.ones([2, 2, 3]), paddle.ones([3, 3, 2]))


@case("dot")
def _(paddle, np):
    x, y = _leaf(paddle, _rand(np, 4)), _leaf(paddle, _rand(np, 4, seed=1))
    rows = paddle.dot(paddle.to_tensor(_rand(np, 2, 3)), paddle.to_tensor(_rand(np, 2, 3, seed=2)))
    out = paddle.dot(x, y)
    ints = paddle.dot(paddle.to_tensor([1, 2, 3]), paddle.to_tensor([4, 5, 6]))
    ints32 = paddle.dot(paddle.to_tensor(np.array([1, 2], "int32")),
                        paddle.to_tensor(np.array([3, 4], "int32")))
    return [out, rows, ints, ints32] + paddle.grad(out, [x, y])


@case("dot_dtype_mismatch")
def _(paddle, np):
    return paddle.dot(paddle.ones([3]), paddle.ones([3], dtype="float64"))


@case("mv_outer_inner")
def _(paddle, np):
    a, v = paddle.to_tensor(_rand(np, 3, 4)), paddle.to_tensor(_rand(np, 4, seed=1))
    b = paddle.to_tensor(_rand(np, 2, 5, 4, seed=2))
    return (paddle.mv(a, v), paddle.outer(v, a), paddle.outer(paddle.to_tensor([1, 2]),
                                                             paddle.to_tensor([3, 4, 5])),
            paddle.inner(a, b), paddle.inner(v, v), paddle.inner(paddle.to_tensor(2.0), a),
            a.inner(b), a.mv(v))


@case("outer_int_float_error")
def _(paddle, np):
    return paddle.outer(paddle.to_tensor([1, 2]), paddle.to_tensor([1.0, 2.0]))


@case("inner_mismatch")
def _(paddle, np):
    return paddle.inner(paddle.ones([2, 3]), paddle.ones([4, 2]))


@case("kron")
def _(paddle, np):
    x, y = _leaf(paddle, _rand(np, 2, 3)), _leaf(paddle, _rand(np, 4, seed=1))
    out = paddle.kron(x, y)
    ints = paddle.kron(paddle.to_tensor([[1, 2]]), paddle.to_tensor([[3], [4]]))
    three = paddle.kron(paddle.to_tensor(_rand(np, 2, 1, 2)), paddle.to_tensor(_rand(np, 3, 2)))
    return [out, ints, three, x.kron(y)] + paddle.grad((out * out).sum(), [x, y])


@case("kron_dtype_mismatch")
def _(paddle, np):
    return paddle.kron(paddle.to_tensor([1, 2]), paddle.to_tensor([1.0, 2.0]))


@case("tensordot")
def _(paddle, np):
    x, y = _leaf(paddle, _rand(np, 2, 3, 4)), _leaf(paddle, _rand(np, 3, 4, 5, seed=1))
    z = paddle.to_tensor(_rand(np, 4, 3, 2, seed=2))
    out = paddle.tensordot(x, y)
    return ([out, paddle.tensordot(x, z, [[1, 2], [1, 0]]), paddle.tensordot(x, y, 0),
             paddle.tensordot(x, z, [[2], [0]]), x.tensordot(y, 2)]
            + paddle.grad((out * out).sum(), [x, y]))


@case("addmm_baddbmm")
def _(paddle, np):
    x, y = paddle.to_tensor(_rand(np, 2, 3)), paddle.to_tensor(_rand(np, 3, 4, seed=1))
    inp = _leaf(paddle, _rand(np, 4, seed=2))
    out = paddle.addmm(inp, x, y, beta=0.5, alpha=2.0)
    bx, by = paddle.to_tensor(_rand(np, 2, 2, 3)), paddle.to_tensor(_rand(np, 2, 3, 2, seed=1))
    binp = paddle.to_tensor(_rand(np, 2, 2, seed=3))
    square = paddle.to_tensor(_rand(np, 2, 2, seed=4))
    return [out, paddle.baddbmm(binp, bx, by, 0.3, 1.5), square.addmm(x, x.T)] + \
        paddle.grad(out.sum(), [inp])


@case("addmm_bad_input")
def _(paddle, np):
    return paddle.addmm(paddle.ones([3]), paddle.ones([2, 3]), paddle.ones([3, 2]))


@case("vecdot_matrix_transpose")
def _(paddle, np):
    x = paddle.to_tensor(_rand(np, 3, 2))
    return (paddle.linalg.vecdot(x, paddle.to_tensor(_rand(np, 2, seed=1))),
            paddle.vecdot(paddle.to_tensor([1, 2]), paddle.to_tensor([3, 4]), axis=0),
            paddle.matrix_transpose(paddle.to_tensor(_rand(np, 2, 3, 4))),
            paddle.linalg.matrix_transpose(x), x.matrix_transpose())


@case("matrix_transpose_1d")
def _(paddle, np):
    return paddle.matrix_transpose(paddle.ones([3]))


@case("t_and_t_")
def _(paddle, np):
    x = paddle.to_tensor(_rand(np, 2, 3))
    y = paddle.to_tensor(_rand(np, 2, 3))
    y.t_()
    return paddle.t(x), x.t(), paddle.t(paddle.to_tensor([1.0, 2.0])), y


@case("t_3d")
def _(paddle, np):
    return paddle.t(paddle.ones([2, 2, 2]))


@case("multi_dot")
def _(paddle, np):
    a = _leaf(paddle, _rand(np, 4))
    b = _leaf(paddle, _rand(np, 4, 3, seed=1))
    c = _leaf(paddle, _rand(np, 3, 5, seed=2))
    d = _leaf(paddle, _rand(np, 5, seed=3))
    out = paddle.linalg.multi_dot([a, b, c, d])
    two = paddle.linalg.multi_dot([b.T, paddle.to_tensor(_rand(np, 4, 2, seed=4))])
    return [out, two] + paddle.grad(out, [a, b, c, d])


@case("multi_dot_one_tensor")
def _(paddle, np):
    return paddle.linalg.multi_dot([paddle.ones([2, 2])])


@case("cross")
def _(paddle, np):
    x, y = _leaf(paddle, _rand(np, 2, 3, 3)), _leaf(paddle, _rand(np, 2, 3, 3, seed=1))
    out = paddle.cross(x, y)
    ints = paddle.cross(paddle.to_tensor([1, 2, 3]), paddle.to_tensor([3, 2, 1]))
    return [out, paddle.cross(x, y, axis=-1), paddle.linalg.cross(x, y, 2), ints,
            x.cross(y)] + paddle.grad((out * out).sum(), [x, y])


@case("cross_no_axis_of_3")
def _(paddle, np):
    return paddle.cross(paddle.ones([2, 4]), paddle.ones([2, 4]))


@case("cross_bad_axis")
def _(paddle, np):
    return paddle.cross(paddle.ones([2, 3]), paddle.ones([2, 3]), axis=0)


@case("cross_shape_mismatch")
def _(paddle, np):
    return paddle.cross(paddle.ones([2, 3]), paddle.ones([3]))


@case("trace")
def _(paddle, np):
    x = _leaf(paddle, _rand(np, 2, 3, 4))
    out = paddle.trace(x, 1, -1, 0)
    ints = paddle.trace(paddle.to_tensor(np.arange(12).reshape(3, 4).astype("int32")))
    return [out, paddle.trace(x[0]), paddle.trace(x[0], -1), x.trace(0, 1, 2), ints,
            paddle.trace(x[0], 7), paddle.trace(paddle.ones([0, 3]))] + \
        paddle.grad((out * out).sum(), [x])


@case("trace_1d")
def _(paddle, np):
    return paddle.trace(paddle.ones([3]))


@case("trace_axis_out_of_range")
def _(paddle, np):
    return paddle.trace(paddle.ones([2, 2, 2]), 0, 0, 3)


@case("trace_same_axes")
def _(paddle, np):
    return paddle.trace(paddle.ones([2, 2]), 0, 1, 1)


# ---- einsum -----------------------------------------------------------------------------------

_EINSUM = {
    "matmul": ("ij,jk->ik", [(2, 3), (3, 4)]), "implicit": ("ij,jk", [(2, 3), (3, 4)]),
    "implicit_order": ("ba", [(2, 3)]), "upper_first": ("bA", [(2, 3)]),
    "trace": ("ii", [(3, 3)]), "diagonal": ("ii->i", [(3, 3)]),
    "batch_ellipsis": ("...ij,...jk->...ik", [(2, 2, 3), (3, 4)]),
    "ellipsis_broadcast": ("i...,i...->...", [(2, 1, 3), (2, 4, 1)]),
    "ellipsis_implicit": ("i...", [(2, 3, 4)]), "sum_all": ("ij->", [(2, 3)]),
    "outer": ("i,j->ij", [(2,), (3,)]), "chain": ("ij,jk,kl->il", [(2, 3), (3, 4), (4, 5)]),
    "spaces": (" i j , j k -> i k ", [(2, 3), (3, 4)]),
    "size1_broadcast": ("ij,ij->ij", [(1, 3), (2, 3)]), "zero_d": (",i->i", [(), (2,)]),
    "bilinear": ("bn,anm,bm->ba", [(2, 3), (4, 3, 5), (2, 5)]),
    "empty": ("ij,jk->ik", [(0, 3), (3, 4)]),
}

for _name, (_eq, _shapes) in _EINSUM.items():
    def _einsum_case(paddle, np, eq=_eq, shapes=_shapes):
        ops = [_leaf(paddle, _rand(np, *s, seed=i)) for i, s in enumerate(shapes)]
        out = paddle.einsum(eq, *ops)
        return [out] + paddle.grad((out * out).sum(), ops, allow_unused=True)
    case(f"einsum_{_name}", 1e-5, 1e-5)(_einsum_case)


@case("einsum_float64")
def _(paddle, np):
    return paddle.einsum("ij,j->i", paddle.to_tensor(_rand(np, 2, 3, dtype="float64")),
                         paddle.to_tensor(_rand(np, 3, dtype="float64")))


@case("einsum_label_size_mismatch")
def _(paddle, np):
    return paddle.einsum("ij,jk->ik", paddle.ones([2, 3]), paddle.ones([4, 4]))


@case("einsum_dtype_mismatch")
def _(paddle, np):
    return paddle.einsum("i,i->", paddle.ones([2]), paddle.ones([2], dtype="float64"))


# ---- norms and distances ----------------------------------------------------------------------

def _norm_input(paddle, np):
    # random entries: distinct singular values and no ties, so gradients are unique
    return paddle.to_tensor(_rand(np, 2, 3, 4, seed=7) * 3)


_NORM_AXES = {"none": None, "1": 1, "m1": -1, "02": [0, 2], "m1m2": [-1, -2], "t12": (1, 2),
              "all3": [0, 1, 2], "single_list": [1]}
_NORM_PS = {"none": None, "fro": "fro", "nuc": "nuc", "inf": float("inf"),
            "minf": float("-inf"), "0": 0, "1": 1, "2": 2, "m1": -1, "m2": -2, "3": 3,
            "half": 0.5}

for _pn, _p in _NORM_PS.items():
    for _an, _axis in _NORM_AXES.items():
        if _pn == "nuc" and _an in ("1", "m1", "single_list"):
            continue  # real Paddle fails with a TypeError from len(int) here
        def _norm_case(paddle, np, p=_p, axis=_axis):
            x = _norm_input(paddle, np)
            x.stop_gradient = False
            out = paddle.norm(x, p, axis)
            if p == 0:  # real Paddle's gradient of the count is not meaningful
                return out
            return [out] + paddle.grad(out.sum(), [x])
        case(f"norm_p{_pn}_axis{_an}", 1e-4, 1e-4)(_norm_case)


@case("norm_keepdim_and_methods", 1e-5, 1e-5)
def _(paddle, np):
    x = _norm_input(paddle, np)
    return (paddle.norm(x, 2, 1, True), paddle.norm(x, keepdim=True),
            paddle.norm(x, "fro", [0, 2], True), paddle.norm(x, "nuc", [1, 2], True),
            paddle.norm(x, 1, [0, 1], True), x.norm(p=3, axis=-1),
            paddle.linalg.norm(x, float("inf"), [2, 0], True))


@case("norm_special_inputs", 1e-5, 1e-5)
def _(paddle, np):
    zero = paddle.zeros([2, 3])
    zero.stop_gradient = False
    out = paddle.norm(zero)
    return ([paddle.norm(paddle.to_tensor(-3.0)), paddle.norm(paddle.zeros([0, 3])),
             paddle.norm(_norm_input(paddle, np), dtype="float64"),
             paddle.norm(paddle.to_tensor(_rand(np, 3, 4, dtype="float64"))),
             paddle.norm(paddle.to_tensor([3 + 4j, 0j]))] + paddle.grad(out, [zero]))


@case("norm_inf_ties_grad")
def _(paddle, np):
    x = paddle.to_tensor([[0.0, -2.0], [2.0, 1.0]])
    x.stop_gradient = False
    a = paddle.norm(x, float("inf"))
    b = paddle.linalg.vector_norm(x, float("-inf"), axis=1)
    return [a, b] + paddle.grad([a, b.sum()], [x])


@case("norm_3_axes_matrix_p")
def _(paddle, np):
    return paddle.norm(_norm_input(paddle, np), "fro", [0, 1, 2])


@case("norm_bad_p_for_matrix")
def _(paddle, np):
    return paddle.norm(_norm_input(paddle, np), 3, [0, 1])


@case("norm_nuc_without_axis")
def _(paddle, np):
    return paddle.norm(_norm_input(paddle, np), "nuc")


@case("vector_norm", 1e-5, 1e-5)
def _(paddle, np):
    x = _norm_input(paddle, np)
    x.stop_gradient = False
    out = paddle.linalg.vector_norm(x, 3.0, [0, 2], keepdim=True)
    return ([out, paddle.linalg.vector_norm(x), paddle.linalg.vector_norm(x, 0, axis=1),
             paddle.linalg.vector_norm(x, float("-inf"), axis=(1, 2)),
             paddle.linalg.vector_norm(x, 1, axis=-1, dtype="float64"),
             paddle.linalg.vector_norm(x, 2.5, axis=[2])] + paddle.grad(out.sum(), [x]))


@case("vector_norm_string_p")
def _(paddle, np):
    return paddle.linalg.vector_norm(paddle.ones([2, 2]), "fro")


@case("matrix_norm", 1e-4, 1e-4)
def _(paddle, np):
    x = _norm_input(paddle, np)
    x.stop_gradient = False
    out = paddle.linalg.matrix_norm(x)
    return ([out, paddle.linalg.matrix_norm(x, "nuc", [0, 2]),
             paddle.linalg.matrix_norm(x, 1, [2, 1], True),
             paddle.linalg.matrix_norm(x, float("-inf")),
             paddle.linalg.matrix_norm(x, -1, (0, 1))] + paddle.grad(out.sum(), [x]))


@case("matrix_norm_three_axes")
def _(paddle, np):
    return paddle.linalg.matrix_norm(paddle.ones([2, 2, 2]), "fro", [0, 1, 2])


@case("dist", 1e-5, 1e-5)
def _(paddle, np):
    x = _leaf(paddle, _rand(np, 2, 3))
    y = _leaf(paddle, _rand(np, 3, seed=1))
    out = paddle.dist(x, y, 3)
    results = [out] + paddle.grad(out, [x, y])
    for p in (2, 0, 1, float("inf"), float("-inf"), 0.5):
        results.append(paddle.dist(x, y, p))
    return results + [x.dist(y)]


@case("dist_dtype_mismatch")
def _(paddle, np):
    return paddle.dist(paddle.ones([2]), paddle.ones([2], dtype="float64"))


@case("cdist", 1e-5, 1e-5)
def _(paddle, np):
    x = _leaf(paddle, _rand(np, 2, 3, 4))
    y = _leaf(paddle, _rand(np, 5, 4, seed=1))
    out = paddle.cdist(x, y)
    results = [out] + paddle.grad(out.sum(), [x, y])
    for p in (1.0, 0.0, 3.0, float("inf")):
        results.append(paddle.cdist(x, y, p))
    return results + [x.cdist(y)]


@case("pdist", 1e-5, 1e-5)
def _(paddle, np):
    x = _leaf(paddle, _rand(np, 5, 3))
    out = paddle.pdist(x)
    return [out, paddle.pdist(x, 1.0)] + paddle.grad(out.sum(), [x])


@case("cond", 1e-4, 1e-4)
def _(paddle, np):
    x = _leaf(paddle, _wellcond(np, 2, 3, 3))
    out = paddle.linalg.cond(x)
    results = [out] + paddle.grad(out.sum(), [x])
    for p in ("fro", "nuc", float("inf"), float("-inf"), 1, -1, 2, -2):
        results.append(paddle.linalg.cond(x, p))
    rect = paddle.to_tensor(_rand(np, 3, 5))
    return results + [paddle.linalg.cond(rect), x.cond()]


@case("cond_rect_fro")
def _(paddle, np):
    return paddle.linalg.cond(paddle.ones([2, 3]), "fro")


@case("renorm", 1e-5, 1e-5)
def _(paddle, np):
    x = _leaf(paddle, _rand(np, 3, 4) * 3)
    out = paddle.renorm(x, 2.0, 0, 2.0)
    return [out, paddle.renorm(x, 1.0, -1, 1.5), x.renorm(3.0, 1, 1.0)] + \
        paddle.grad((out * paddle.to_tensor(_rand(np, 3, 4, seed=5))).sum(), [x])


# ---- inverse, determinants, Cholesky ----------------------------------------------------------

@case("inv", 1e-4, 1e-5)
def _(paddle, np):
    x = _leaf(paddle, _wellcond(np, 2, 3, 3))
    out = paddle.linalg.inv(x)
    x64 = paddle.to_tensor(_wellcond(np, 4, 4, seed=1, dtype="float64"))
    return ([out, paddle.inverse(x64), x64.inverse(), paddle.linalg.inv(paddle.zeros([0, 2, 2]))]
            + paddle.grad((out * out).sum(), [x]))


@case("inv_singular")
def _(paddle, np):
    return paddle.linalg.inv(paddle.ones([3, 3]))


@case("inv_not_square")
def _(paddle, np):
    return paddle.linalg.inv(paddle.ones([2, 3]))


@case("inv_1d")
def _(paddle, np):
    return paddle.linalg.inv(paddle.ones([3]))


@case("det_slogdet", 1e-4, 1e-5)
def _(paddle, np):
    x = _leaf(paddle, _wellcond(np, 2, 3, 3))
    negative = _wellcond(np, 3, 3, seed=2)
    negative[0] *= -1
    det = paddle.linalg.det(x)
    logdet = paddle.linalg.slogdet(x)
    return ([det, logdet, paddle.linalg.slogdet(paddle.to_tensor(negative)),
             paddle.linalg.det(paddle.ones([3, 3])), paddle.linalg.slogdet(paddle.ones([2, 2])),
             paddle.linalg.det(paddle.zeros([0, 0])), x.slogdet()]
            + paddle.grad(det.sum(), [x]) + paddle.grad(logdet[1].sum(), [x]))


@case("det_not_square")
def _(paddle, np):
    return paddle.linalg.det(paddle.ones([2, 3]))


@case("slogdet_1d")
def _(paddle, np):
    return paddle.linalg.slogdet(paddle.ones([3]))


@case("cholesky", 1e-4, 1e-5)
def _(paddle, np):
    x = _leaf(paddle, _spd(np, 2, 3, 3))
    lower = paddle.linalg.cholesky(x)
    upper = paddle.linalg.cholesky(x, upper=True)
    weights = paddle.to_tensor(_rand(np, 2, 3, 3, seed=3))
    return ([lower, upper, paddle.cholesky(x[0]), x.cholesky()]
            + paddle.grad((lower * weights).sum(), [x]) + paddle.grad((upper * weights).sum(),
                                                                       [x]))


@case("cholesky_not_positive_definite")
def _(paddle, np):
    return paddle.linalg.cholesky(paddle.to_tensor([[1.0, 2.0], [2.0, 1.0]]))


@case("cholesky_solve_inverse", 1e-4, 1e-5)
def _(paddle, np):
    a = _spd(np, 3, 3)
    lower = _leaf(paddle, np.linalg.cholesky(a).astype("float32"))
    upper = paddle.to_tensor(np.linalg.cholesky(a).T.copy().astype("float32"))
    b = _leaf(paddle, _rand(np, 3, 2, seed=1))
    out = paddle.linalg.cholesky_solve(b, lower)
    inverse = paddle.linalg.cholesky_inverse(lower)
    # (the factor's gradient is not compared: real Paddle's has entries in the triangle the
    # solve never reads)
    return ([out, paddle.linalg.cholesky_solve(b, upper, upper=True), inverse,
             paddle.linalg.cholesky_inverse(upper, upper=True), b.cholesky_solve(lower)]
            + paddle.grad((out * out).sum() + inverse.sum(), [b, lower])[:1])


# ---- QR, SVD, eigen ---------------------------------------------------------------------------

@case("qr", 1e-4, 1e-5)
def _(paddle, np):
    tall = paddle.to_tensor(_rand(np, 2, 4, 3))
    wide = paddle.to_tensor(_rand(np, 3, 5, seed=1))
    results = []
    for x in (tall, wide):
        for mode in ("reduced", "complete"):
            results.extend(paddle.linalg.qr(x, mode))
        results.append(paddle.linalg.qr(x, "r"))
    return results + [tall.qr()[1]]


@case("qr_grad", 1e-4, 1e-4)
def _(paddle, np):
    results = []
    for shape, mode in (((4, 3), "reduced"), ((2, 3, 5), "reduced"), ((3, 4), "complete")):
        x = _leaf(paddle, _rand(np, *shape, seed=len(results)))
        q, r = paddle.linalg.qr(x, mode)
        weights = paddle.to_tensor(_rand(np, *q.shape, seed=9))
        results += paddle.grad((q * weights).sum() + (r * r).sum(), [x])
    return results


@case("qr_bad_mode")
def _(paddle, np):
    return paddle.linalg.qr(paddle.ones([2, 2]), "bad")


@case("qr_r_mode_has_no_grad")
def _(paddle, np):
    x = _leaf(paddle, _rand(np, 3, 2))
    return paddle.grad(paddle.linalg.qr(x, "r").sum(), [x])


@case("svd", 1e-4, 1e-5)
def _(paddle, np):
    results = []
    for shape, full in (((4, 3), False), ((2, 3, 5), False), ((4, 3), True), ((3, 5), True)):
        x = paddle.to_tensor(_rand(np, *shape, seed=len(results)))
        u, s, vh = paddle.linalg.svd(x, full)
        k = s.shape[-1]
        rebuilt = (u[..., :k] * s.unsqueeze(-2)) @ vh[..., :k, :]
        results += [u.abs(), s, vh.abs(), rebuilt]
    return results


@case("svd_grad", 1e-4, 1e-4)
def _(paddle, np):
    x = _leaf(paddle, _rand(np, 2, 4, 3))
    u, s, vh = paddle.linalg.svd(x)
    wu = paddle.to_tensor(_rand(np, 2, 4, 3, seed=1))
    wv = paddle.to_tensor(_rand(np, 2, 3, 3, seed=2))
    loss = (u * u * wu).sum() + (s * s).sum() + (vh * vh * wv).sum()
    return paddle.grad(loss, [x]) + [paddle.linalg.svdvals(x)] + \
        paddle.grad(paddle.linalg.svdvals(x).sum(), [x])


@case("eigh", 1e-4, 1e-5)
def _(paddle, np):
    x = _leaf(paddle, _spd(np, 2, 3, 3))
    w, v = paddle.linalg.eigh(x)
    w_up, v_up = paddle.linalg.eigh(x, "U")
    weights = paddle.to_tensor(_rand(np, 2, 3, 3, seed=4))
    # Gradients on one matrix: real Paddle's eigh gradient is wrong past the first matrix of a
    # batch, and its eigvalsh gradient is wrong in some rows.
    single = _leaf(paddle, _spd(np, 3, 3, seed=6))
    ws, vs = paddle.linalg.eigh(single)
    return ([w, v.abs(), w_up, v_up.abs(), paddle.linalg.eigvalsh(x), paddle.eigvalsh(x, "U"),
             x.eigvalsh()]
            + paddle.grad((ws ** 2).sum() + (vs * vs * weights[0]).sum(), [single]))


@case("eigh_bad_uplo")
def _(paddle, np):
    return paddle.linalg.eigh(paddle.eye(2), "X")


@case("eig_eigvals", 1e-4, 1e-5)
def _(paddle, np):
    symmetric = paddle.to_tensor(_spd(np, 3, 3))
    general = paddle.to_tensor(_rand(np, 2, 3, 3, seed=5, dtype="float64"))
    w, v = paddle.linalg.eig(symmetric)
    wg, vg = paddle.linalg.eig(general)
    return (w, v.abs(), wg, vg.abs(), paddle.linalg.eigvals(general), symmetric.eigvals())


@case("eig_not_square")
def _(paddle, np):
    return paddle.linalg.eig(paddle.ones([2, 3]))


# ---- LU ---------------------------------------------------------------------------------------

@case("lu", 1e-4, 1e-5)
def _(paddle, np):
    results = []
    for shape in ((3, 3), (2, 3, 3), (3, 5), (5, 3)):
        x = paddle.to_tensor(_rand(np, *shape, seed=len(results)))
        packed, pivots, infos = paddle.linalg.lu(x, get_infos=True)
        p, lower, upper = paddle.linalg.lu_unpack(packed, pivots)
        results += [packed, pivots, infos, p, lower, upper]
    singular = paddle.linalg.lu(paddle.ones([3, 3]), get_infos=True)
    partial = paddle.linalg.lu_unpack(*paddle.linalg.lu(paddle.to_tensor(_rand(np, 3, 3))),
                                      unpack_ludata=False)
    return results + list(singular) + list(partial)


@case("lu_grad", 1e-4, 1e-4)
def _(paddle, np):
    results = []
    for shape in ((3, 3), (3, 5), (5, 3)):
        x = _leaf(paddle, _rand(np, *shape, seed=len(results) + 1))
        packed, pivots = paddle.linalg.lu(x)
        lower, upper = paddle.linalg.lu_unpack(packed, pivots)[1:]
        weights = paddle.to_tensor(_rand(np, *packed.shape, seed=8))
        loss = (packed * weights).sum() + (lower * lower).sum() + \
            (upper * weights[:upper.shape[0]]).sum()
        results += paddle.grad(loss, [x])
    return results


@case("lu_solve", 1e-4, 1e-5)
def _(paddle, np):
    a = paddle.to_tensor(_wellcond(np, 2, 3, 3))
    b = paddle.to_tensor(_rand(np, 2, 3, 2, seed=1))
    packed, pivots = paddle.linalg.lu(a)
    return (paddle.linalg.lu_solve(b, packed, pivots),
            paddle.linalg.lu_solve(b, packed, pivots, "T"))


# ---- solvers ----------------------------------------------------------------------------------

@case("solve", 1e-4, 1e-5)
def _(paddle, np):
    a = _leaf(paddle, _wellcond(np, 2, 3, 3))
    b = _leaf(paddle, _rand(np, 3, 2, seed=1))
    out = paddle.linalg.solve(a, b)
    vec = paddle.linalg.solve(a[0], paddle.to_tensor(_rand(np, 3, seed=2)))
    right = paddle.linalg.solve(a[0], paddle.to_tensor(_rand(np, 2, 3, seed=3)), left=False)
    return [out, vec, right, a.solve(b)] + paddle.grad((out * out).sum(), [a, b])


@case("solve_singular")
def _(paddle, np):
    return paddle.linalg.solve(paddle.ones([3, 3]), paddle.ones([3, 1]))


@case("solve_shape_mismatch")
def _(paddle, np):
    return paddle.linalg.solve(paddle.eye(3), paddle.ones([2, 1]))


@case("solve_dtype_mismatch")
def _(paddle, np):
    return paddle.linalg.solve(paddle.eye(3), paddle.ones([3, 1], dtype="float64"))


@case("triangular_solve", 1e-4, 1e-5)
def _(paddle, np):
    a = _leaf(paddle, _wellcond(np, 3, 3))
    b = _leaf(paddle, _rand(np, 2, 3, 2, seed=1))
    results = []
    for upper in (True, False):
        for transpose in (False, True):
            for unit in (False, True):
                results.append(paddle.linalg.triangular_solve(a, b, upper, transpose, unit))
    out = results[0] + results[3] + results[6]
    return results + paddle.grad((out * out).sum(), [a, b])


@case("triangular_solve_zero_diagonal")
def _(paddle, np):
    return paddle.linalg.triangular_solve(paddle.to_tensor([[1.0, 2.0], [0.0, 0.0]]),
                                          paddle.ones([2, 1]))


@case("triangular_solve_vector")
def _(paddle, np):
    return paddle.linalg.triangular_solve(paddle.eye(3), paddle.ones([3]))


@case("lstsq", 1e-4, 1e-4)
def _(paddle, np):
    tall = paddle.to_tensor(_rand(np, 5, 3, dtype="float64"))
    wide = paddle.to_tensor(_rand(np, 2, 4, seed=1, dtype="float64"))
    batch = paddle.to_tensor(_rand(np, 2, 4, 3, seed=2))
    results = []
    for driver in (None, "gels", "gelsy", "gelsd", "gelss"):
        results += list(paddle.linalg.lstsq(tall, paddle.to_tensor(_rand(np, 5, 2, seed=3,
                                                                         dtype="float64")),
                                            driver=driver))
        results += list(paddle.linalg.lstsq(batch, paddle.to_tensor(_rand(np, 2, 4, 1, seed=4)),
                                            driver=driver))
    if_deficient = paddle.to_tensor(np.array([[1.0, 2.0], [2.0, 4.0], [3.0, 6.0]]))
    for driver in ("gelsy", "gelsd"):
        results += list(paddle.linalg.lstsq(if_deficient, paddle.to_tensor([[1.0], [2.0], [4.0]],
                                                                           dtype="float64"),
                                            driver=driver))
    results += list(paddle.linalg.lstsq(wide, paddle.to_tensor(_rand(np, 2, 1, seed=5,
                                                                     dtype="float64"))))
    return results


@case("lstsq_bad_driver")
def _(paddle, np):
    return paddle.linalg.lstsq(paddle.ones([3, 2]), paddle.ones([3, 1]), driver="bad")


@case("lstsq_int")
def _(paddle, np):
    return paddle.linalg.lstsq(paddle.to_tensor([[1, 2], [3, 4]]), paddle.to_tensor([[1], [2]]))


@case("pinv", 1e-4, 1e-4)
def _(paddle, np):
    x = _leaf(paddle, _rand(np, 2, 3, 5))
    out = paddle.linalg.pinv(x)
    sym = paddle.to_tensor(_spd(np, 3, 3, seed=1) - 2 * np.eye(3, dtype="float32"))
    deficient = paddle.to_tensor(np.array([[1.0, 2.0], [2.0, 4.0], [3.0, 6.0]], "float32"))
    return ([out, paddle.linalg.pinv(sym, hermitian=True), paddle.linalg.pinv(deficient),
             x.pinv()] + paddle.grad((out * out).sum(), [x]))


@case("matrix_power", 1e-4, 1e-4)
def _(paddle, np):
    x = _leaf(paddle, _wellcond(np, 2, 3, 3) / 3)
    results = [paddle.linalg.matrix_power(x, n) for n in (0, 1, 2, 3, 5, -1, -2)]
    return results + [x.matrix_power(4)] + paddle.grad(results[4].sum() + results[6].sum(), [x])


@case("matrix_power_not_square")
def _(paddle, np):
    return paddle.linalg.matrix_power(paddle.ones([2, 3]), 2)


@case("matrix_rank")
def _(paddle, np):
    deficient = paddle.to_tensor(np.array([[[1.0, 2.0], [2.0, 4.0]], [[1.0, 0.0], [0.0, 1e-9]],
                                           [[1.0, 0.0], [0.0, 0.5]]], "float32"))
    rect = paddle.to_tensor(_rand(np, 3, 5))
    return (paddle.linalg.matrix_rank(deficient), paddle.linalg.matrix_rank(rect),
            paddle.linalg.matrix_rank(deficient, tol=0.6),
            paddle.linalg.matrix_rank(deficient, hermitian=True),
            paddle.linalg.matrix_rank(deficient, atol=0.6),
            paddle.linalg.matrix_rank(deficient, rtol=0.6),
            paddle.linalg.matrix_rank(deficient, atol=0.1, rtol=0.6),
            paddle.linalg.matrix_rank(paddle.zeros([0, 3, 3])))


@case("matrix_exp", 1e-4, 1e-4)
def _(paddle, np):
    x = _leaf(paddle, _rand(np, 2, 3, 3) * 2)
    out = paddle.linalg.matrix_exp(x)
    big = paddle.to_tensor(_rand(np, 3, 3, seed=1, dtype="float64") * 10)
    return ([out, paddle.linalg.matrix_exp(big), paddle.linalg.matrix_exp(paddle.to_tensor(1.0)),
             paddle.linalg.matrix_exp(paddle.zeros([2, 2]))]
            + paddle.grad((out * out).sum(), [x]))


@case("matrix_exp_int")
def _(paddle, np):
    return paddle.linalg.matrix_exp(paddle.to_tensor([[1, 0], [0, 1]]))


@case("householder_product", 1e-4, 1e-5)
def _(paddle, np):
    x = paddle.to_tensor(_rand(np, 2, 4, 3))
    tau = paddle.to_tensor(_rand(np, 2, 2, seed=1) + 1)
    return (paddle.linalg.householder_product(x, tau),
            paddle.linalg.householder_product(x[0], tau[0]), x.householder_product(tau))


# ---- covariance -------------------------------------------------------------------------------

@case("cov_corrcoef", 1e-4, 1e-5)
def _(paddle, np):
    x = _leaf(paddle, _rand(np, 3, 5))
    out = paddle.linalg.cov(x)
    corr = paddle.linalg.corrcoef(x)
    fw = paddle.to_tensor([1, 2, 1, 3, 1])
    aw = paddle.to_tensor(_rand(np, 5, seed=1) + 1.5)
    return ([out, paddle.linalg.cov(x, rowvar=False), paddle.linalg.cov(x, ddof=False),
             paddle.linalg.cov(x, fweights=fw), paddle.linalg.cov(x, aweights=aw),
             paddle.linalg.cov(x, fweights=fw, aweights=aw, ddof=False),
             paddle.linalg.cov(x[0]), corr, paddle.linalg.corrcoef(x, rowvar=False),
             paddle.linalg.corrcoef(x[0]), x.cov(), x.corrcoef()]
            + paddle.grad(out.sum() + (corr * corr).sum(), [x]))


@case("cov_3d")
def _(paddle, np):
    return paddle.linalg.cov(paddle.ones([2, 2, 2]))


@case("cov_negative_weights")
def _(paddle, np):
    return paddle.linalg.cov(paddle.ones([2, 3]), fweights=paddle.to_tensor([1, -1, 1]))


@case("eig_grad", 1e-4, 1e-4)
def _(paddle, np):
    x = _leaf(paddle, _rand(np, 3, 3, seed=11, dtype="float64"))
    w, v = paddle.linalg.eig(x)
    weights = paddle.to_tensor(_rand(np, 3, 3, seed=12, dtype="float64"))
    loss = (paddle.real(w) * paddle.to_tensor([1.0, 2.0, 3.0], dtype="float64")).sum() + \
        (paddle.imag(w) ** 2).sum() + (v.abs() ** 2 * weights).sum()
    return paddle.grad(loss, [x])


@case("vecdot_complex")
def _(paddle, np):
    return paddle.vecdot(paddle.to_tensor([1 + 1j, 2]), paddle.to_tensor([3 + 1j, 4]))


@case("complex_products_and_grads", 1e-5, 1e-5)
def _(paddle, np):
    a = _leaf(paddle, (_rand(np, 3, 3) + 1j * _rand(np, 3, 3, seed=1)).astype("complex64")
              + 3 * np.eye(3, dtype="complex64"))
    b = paddle.to_tensor((_rand(np, 3, 2, seed=2) + 1j * _rand(np, 3, 2, seed=3))
                         .astype("complex64"))
    prod = paddle.matmul(a, b)
    inv = paddle.linalg.inv(a)
    det = paddle.linalg.det(a)
    loss = paddle.real(prod).sum() + paddle.imag(inv).sum() + (inv.abs() ** 2).sum() + \
        paddle.real(det)
    return [prod, inv, det, paddle.einsum("ij,jk->ik", a, b)] + paddle.grad(loss, [a])


@case("linalg_diagonal")
def _(paddle, np):
    x = paddle.to_tensor(_rand(np, 2, 3, 4))
    return (paddle.linalg.diagonal(x), paddle.linalg.diagonal(x, 1, 1, 2),
            paddle.linalg.diagonal(x, offset=-1, axis1=2, axis2=0))


@case("lowrank_exact", 1e-4, 1e-4)
def _(paddle, np):
    # the matrices have rank <= q, so the randomized results are exact whatever the draws
    rng = np.random.default_rng(3)
    x = paddle.to_tensor((rng.uniform(-1, 1, (2, 8, 2)) @ rng.uniform(-1, 1, (2, 2, 6)))
                         .astype("float64"))
    u, s, v = paddle.linalg.svd_lowrank(x, q=2)
    pu, ps, pv = paddle.linalg.pca_lowrank(x, q=3)
    wide_u, wide_s, wide_v = paddle.linalg.svd_lowrank(x.mT, q=2)
    return (s, (u * s.unsqueeze(-2)) @ v.mT, ps[..., :2], (pu * ps.unsqueeze(-2)) @ pv.mT,
            wide_s, u.shape, v.shape, pu.shape, wide_u.shape, wide_v.shape)


_MIXED = {
    "cross": lambda paddle, a, b: paddle.cross(a, b),
    "outer": lambda paddle, a, b: paddle.outer(a, b),
    "inner": lambda paddle, a, b: paddle.inner(a, b),
    "kron": lambda paddle, a, b: paddle.kron(a, b),
    "vecdot": lambda paddle, a, b: paddle.vecdot(a, b),
    "dot": lambda paddle, a, b: paddle.dot(a, b),
    "mv": lambda paddle, a, b: paddle.mv(a.reshape([1, 3]), b),
    "tensordot": lambda paddle, a, b: paddle.tensordot(a, b, 1),
    "dist": lambda paddle, a, b: paddle.dist(a, b),
    "cdist": lambda paddle, a, b: paddle.cdist(a.reshape([1, 3]), b.reshape([1, 3])),
    "einsum": lambda paddle, a, b: paddle.einsum("i,i->i", a, b),
    "solve": lambda paddle, a, b: paddle.linalg.solve(paddle.diag(a + 2), b),
    "triangular_solve": lambda paddle, a, b: paddle.linalg.triangular_solve(
        paddle.diag(a + 2), b.reshape([3, 1])),
}

for _name, _fn in _MIXED.items():
    for _a, _b in [("float32", "float64"), ("float64", "float32"), ("int64", "int64"),
                   ("int64", "float32")]:
        def _mixed_case(paddle, np, fn=_fn, a=_a, b=_b):
            x = paddle.to_tensor(np.array([1, 2, 3]).astype(a))
            y = paddle.to_tensor(np.array([3, 1, 2]).astype(b))
            return fn(paddle, x, y)
        case(f"dtypes_{_name}_{_a}_{_b}")(_mixed_case)
