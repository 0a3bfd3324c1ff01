"""Slicing and rearranging (slice, strided_slice, crop, narrow, flip, roll, rot90, tile,
repeat_interleave, unfold), splitting and joining, broadcasting helpers, shape views,
as_complex/as_real, triangles and diagonals, and padding (nn.functional.pad): values, dtypes,
gradients and error types against real Paddle."""


def _x(np, shape=(2, 3, 4), dtype="float32"):
    values = np.arange(int(np.prod(shape))).reshape(shape)
    if dtype == "bool":
        return values % 3 == 0
    return values.astype(dtype)


def _call(fn, shape=(2, 3, 4), dtype="float32"):
    def case(paddle, np):
        return fn(paddle, paddle.to_tensor(_x(np, shape, dtype)))
    return case


def _grad(fn, shape=(2, 3, 4)):
    def case(paddle, np):
        x = paddle.to_tensor(_x(np, shape, "float64") / 7.0 + 0.5)
        x.stop_gradient = False
        out = fn(paddle, x)
        outs = list(out) if isinstance(out, (list, tuple)) else [out]
        total = None
        for k, o in enumerate(outs):
            w = np.arange(1, int(np.prod(o.shape)) + 1).reshape(o.shape) * (k + 1)
            term = (o * paddle.to_tensor(w.astype("float64"))).sum()
            total = term if total is None else total + term
        return outs, paddle.grad(total, x)
    return case


CASES = {}

# ---- slice / strided_slice / crop / narrow -------------------------------------------------
CASES["slice_two_axes"] = _call(lambda p, x: p.slice(x, [1, 2], [0, 1], [2, 3]))
CASES["slice_negative"] = _call(lambda p, x: p.slice(x, [-1], [-3], [-1]))
CASES["slice_clamped"] = _call(lambda p, x: p.slice(x, [2], [-100], [100]))
CASES["slice_empty"] = _call(lambda p, x: p.slice(x, [2], [3], [1]))
CASES["slice_tensor_bounds"] = _call(lambda p, x: p.slice(x, [2], p.to_tensor([1]),
                                                          p.to_tensor([3])))
CASES["slice_tensor_items"] = _call(lambda p, x: p.slice(x, [2], [p.to_tensor(1)], [3]))
CASES["slice_repeated_axis"] = _call(lambda p, x: p.slice(x, [1, 1], [0, 1], [2, 2]))
CASES["slice_length_mismatch"] = _call(lambda p, x: p.slice(x, [1, 2], [0], [1, 2]))
CASES["slice_int_axes"] = _call(lambda p, x: p.slice(x, 1, 0, 2))
CASES["slice_method"] = _call(lambda p, x: x.slice([0], [1], [2]))
CASES["slice_grad"] = _grad(lambda p, x: p.slice(x, [1, 2], [0, 1], [2, 3]))
CASES["strided_slice_step"] = _call(lambda p, x: p.strided_slice(x, [2], [0], [4], [2]))
CASES["strided_slice_reverse"] = _call(lambda p, x: p.strided_slice(x, [2], [3], [0], [-1]))
CASES["strided_slice_reverse_all"] = _call(lambda p, x: p.strided_slice(x, [2], [-1], [-5],
                                                                        [-1]))
CASES["strided_slice_clamped"] = _call(lambda p, x: p.strided_slice(x, [2], [100], [-100],
                                                                    [-2]))
CASES["strided_slice_two_axes"] = _call(lambda p, x: p.strided_slice(x, [0, 2], [1, 0], [2, 4],
                                                                     [1, 3]))
CASES["strided_slice_zero_step"] = _call(lambda p, x: p.strided_slice(x, [2], [0], [4], [0]))
CASES["strided_slice_grad"] = _grad(lambda p, x: p.strided_slice(x, [2], [3], [0], [-2]))
CASES["crop_basic"] = _call(lambda p, x: p.crop(x, [1, 2, 2], [1, 1, 1]))
CASES["crop_to_end"] = _call(lambda p, x: p.crop(x, [-1, 2, 2], [1, 1, 1]))
CASES["crop_no_offsets"] = _call(lambda p, x: p.crop(x, [1, 2, 2]))
CASES["crop_nothing"] = _call(lambda p, x: p.crop(x))
CASES["crop_tensors"] = _call(lambda p, x: p.crop(x, p.to_tensor([1, 2, 2]),
                                                  p.to_tensor([1, 1, 1])))
CASES["crop_zero"] = _call(lambda p, x: p.crop(x, [1, 0, 2]))
CASES["crop_too_big"] = _call(lambda p, x: p.crop(x, [2, 3, 4], [1, 0, 0]))
CASES["crop_bad_length"] = _call(lambda p, x: p.crop(x, [2, 3], [0, 0]))
CASES["crop_grad"] = _grad(lambda p, x: p.crop(x, [1, 2, 2], [1, 1, 1]))
CASES["narrow_basic"] = _call(lambda p, x: p.narrow(x, 2, 1, 2))
CASES["narrow_negative"] = _call(lambda p, x: p.narrow(x, -1, -2, 2))
CASES["narrow_tensor_start"] = _call(lambda p, x: p.narrow(x, 2, p.to_tensor(1), 2))
CASES["narrow_too_long"] = _call(lambda p, x: p.narrow(x, 2, 3, 2))
CASES["narrow_negative_length"] = _call(lambda p, x: p.narrow(x, 2, 1, -1))

# ---- flip / roll / rot90 -------------------------------------------------------------------
CASES["flip_two_axes"] = _call(lambda p, x: p.flip(x, [0, 2]))
CASES["flip_int_axis"] = _call(lambda p, x: p.flip(x, -1))
CASES["flip_tuple"] = _call(lambda p, x: p.flip(x, (1,)))
CASES["flip_no_axes"] = _call(lambda p, x: p.flip(x, []))
CASES["flip_0d"] = _call(lambda p, x: p.flip(x, []), ())
CASES["flip_duplicate"] = _call(lambda p, x: p.flip(x, [0, 0]))
CASES["flip_out_of_range"] = _call(lambda p, x: p.flip(x, 3))
CASES["flip_0d_axis"] = _call(lambda p, x: p.flip(x, 0), ())
CASES["flip_int"] = _call(lambda p, x: p.flip(x, 1), dtype="int32")
CASES["reverse_alias"] = _call(lambda p, x: p.reverse(x, 0))
CASES["flip_method"] = _call(lambda p, x: x.flip([1]))
CASES["flip_grad"] = _grad(lambda p, x: p.flip(x, [0, 2]))
CASES["roll_flat"] = _call(lambda p, x: p.roll(x, 5))
CASES["roll_axis"] = _call(lambda p, x: p.roll(x, 1, 1))
CASES["roll_axes"] = _call(lambda p, x: p.roll(x, [1, -1], [0, 2]))
CASES["roll_big_shift"] = _call(lambda p, x: p.roll(x, 7, -1))
CASES["roll_same_axis_twice"] = _call(lambda p, x: p.roll(x, [1, 1], [2, 2]))
CASES["roll_0d_tensor_shift"] = _call(lambda p, x: p.roll(x, p.to_tensor(1), 1))
CASES["roll_0d"] = _call(lambda p, x: p.roll(x, 1), ())
CASES["roll_empty"] = _call(lambda p, x: p.roll(x, 1, 0), (0, 3))
CASES["roll_shifts_without_axis"] = _call(lambda p, x: p.roll(x, [1, 2]))
CASES["roll_length_mismatch"] = _call(lambda p, x: p.roll(x, [1, 2], [0]))
CASES["roll_bad_axis"] = _call(lambda p, x: p.roll(x, 1, 3))
CASES["roll_grad"] = _grad(lambda p, x: p.roll(x, [1, -1], [0, 2]))
for _k in (1, 2, 3, -1, 5, 0):
    CASES[f"rot90_k{_k}"] = _call(lambda p, x, k=_k: p.rot90(x, k, [1, 2]))
CASES["rot90_default"] = _call(lambda p, x: p.rot90(x), (2, 3))
CASES["rot90_negative_axes"] = _call(lambda p, x: p.rot90(x, 1, [-1, -2]), (2, 3))
CASES["rot90_same_axes"] = _call(lambda p, x: p.rot90(x, 1, [0, 0]))
CASES["rot90_one_axis"] = _call(lambda p, x: p.rot90(x, 1, [0]))
CASES["rot90_1d"] = _call(lambda p, x: p.rot90(x), (3,))
CASES["rot90_grad"] = _grad(lambda p, x: p.rot90(x, 1, [1, 2]))

# ---- tile / repeat / repeat_interleave / unfold --------------------------------------------
CASES["tile_basic"] = _call(lambda p, x: p.tile(x, [2, 3]), (1, 2))
CASES["tile_fewer"] = _call(lambda p, x: p.tile(x, [2]), (1, 2))
CASES["tile_more"] = _call(lambda p, x: p.tile(x, [2, 1, 2]), (2,))
CASES["tile_zero"] = _call(lambda p, x: p.tile(x, [0]), (2,))
CASES["tile_tensor"] = _call(lambda p, x: p.tile(x, p.to_tensor([2])), (2,))
CASES["tile_0d"] = _call(lambda p, x: p.tile(x, [2, 2]), ())
CASES["tile_0d_nothing"] = _call(lambda p, x: p.tile(x, []), ())
CASES["tile_negative"] = _call(lambda p, x: p.tile(x, [-1]), (2,))
CASES["tile_int"] = _call(lambda p, x: p.tile(x, [2, 1]), (2, 2), "int64")
CASES["tile_grad"] = _grad(lambda p, x: p.tile(x, [2, 1, 3]), (2, 3))
CASES["repeat_method"] = _call(lambda p, x: x.repeat([2, 3]), (1, 2))
CASES["repeat_interleave_flat"] = _call(lambda p, x: p.repeat_interleave(x, 2), (2, 2))
CASES["repeat_interleave_axis"] = _call(lambda p, x: p.repeat_interleave(x, 2, axis=1), (2, 2))
CASES["repeat_interleave_negative_axis"] = _call(lambda p, x: p.repeat_interleave(x, 2, -1),
                                                 (2, 2))
CASES["repeat_interleave_tensor"] = _call(lambda p, x: p.repeat_interleave(
    x, p.to_tensor([1, 3]), axis=0), (2, 2))
CASES["repeat_interleave_tensor_flat"] = _call(lambda p, x: p.repeat_interleave(
    x, p.to_tensor([1, 0, 2, 1])), (2, 2))
CASES["repeat_interleave_int32_counts"] = _call(lambda p, x: p.repeat_interleave(
    x, p.to_tensor([1, 2], dtype="int32")), (2,))
CASES["repeat_interleave_0d"] = _call(lambda p, x: p.repeat_interleave(x, 3), ())
CASES["repeat_interleave_output_size"] = _call(lambda p, x: p.repeat_interleave(
    x, 2, output_size=4), (2,))
CASES["repeat_interleave_bad_length"] = _call(lambda p, x: p.repeat_interleave(
    x, p.to_tensor([1, 3, 1]), axis=0), (2, 2))
CASES["repeat_interleave_one_count"] = _call(lambda p, x: p.repeat_interleave(
    x, p.to_tensor([2]), axis=0), (2, 2))
CASES["repeat_interleave_negative"] = _call(lambda p, x: p.repeat_interleave(x, -1, 0), (2, 2))
CASES["repeat_interleave_list"] = _call(lambda p, x: p.repeat_interleave(x, [1, 2]), (2,))
CASES["repeat_interleave_float_counts"] = _call(lambda p, x: p.repeat_interleave(
    x, p.to_tensor([1.0, 2.0])), (2,))
CASES["repeat_interleave_grad"] = _grad(lambda p, x: p.repeat_interleave(
    x, p.to_tensor([1, 3]), axis=0), (2, 2))
CASES["unfold_1d"] = _call(lambda p, x: x.unfold(0, 3, 2), (8,))
CASES["unfold_2d"] = _call(lambda p, x: x.unfold(1, 2, 1), (3, 4))
CASES["unfold_function"] = _call(lambda p, x: p.unfold(x, 2, 2, 2))
CASES["unfold_whole"] = _call(lambda p, x: x.unfold(0, 4, 1), (4,))
CASES["unfold_zero_size"] = _call(lambda p, x: x.unfold(0, 0, 1), (4,))
CASES["unfold_0d"] = _call(lambda p, x: x.unfold(0, 1, 1), ())
CASES["unfold_too_big"] = _call(lambda p, x: x.unfold(0, 5, 1), (4,))
CASES["unfold_zero_step"] = _call(lambda p, x: x.unfold(0, 2, 0), (4,))
# Real Paddle 3.3.1 drops all but one contribution where windows overlap (its unfold gradient
# writes instead of adding); overlapping windows are checked in tests/tensor instead.
CASES["unfold_grad_disjoint"] = _grad(lambda p, x: p.unfold(x, 1, 2, 2), (2, 4))
