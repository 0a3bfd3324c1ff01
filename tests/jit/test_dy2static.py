"""How to_static's source conversion treats Python code: converted helpers, sublayers,
closures, methods and nested functions; in-place updates and returns inside with/try; and what
makes it fall back to eager execution (or raise with full_graph=True)."""
import numpy as np
import pytest

import paddle

from ._cf_utils import NEG, POS, assert_same, branchy, t


def test_converted_code_is_readable():
    static = paddle.jit.to_static(branchy)
    code = static.code
    assert "_jst.convert_ifelse(" in code and "nonlocal y" in code and "def branchy(x):" in code


def test_sublayers_and_helpers_are_converted_too():
    def helper(x):
        if x.sum() > 0:
            return x + 100
        return x - 100

    class Wrapper(paddle.nn.Layer):
        def forward(self, x):
            return helper(x) * 2

    net = paddle.jit.to_static(Wrapper(), full_graph=True)
    assert net(t(POS)).tolist() == [202.0, 204.0]
    assert net(t(NEG)).tolist() == [-202.0, -204.0]


def test_closures_and_defaults_are_kept():
    offset = t([10.0, 10.0])

    def shifted(x, scale=2.0):
        if x.sum() > 0:
            x = x + offset
        return x * scale

    assert_same(shifted, t(POS))
    assert_same(shifted, t(NEG), scale=3.0)


def test_variable_defined_on_one_path_falls_back_or_raises():
    def one_sided(x):
        if x.sum() > 0:
            y = x * 2
        return y

    with pytest.warns(UserWarning, match="dynamic mode.*'y' has no value"):
        out = paddle.jit.to_static(one_sided)(t(POS))
    assert out.tolist() == [2.0, 4.0]
    with pytest.raises(RuntimeError, match=r"full_graph=True.*'y'"):
        paddle.jit.to_static(one_sided, full_graph=True)(t(POS))


def test_branch_results_of_different_ranks_fall_back():
    def ragged(x):
        if x.sum() > 0:
            return x
        return x.sum()

    with pytest.warns(UserWarning, match="ranks must be equal"):
        assert paddle.jit.to_static(ragged)(t(NEG)).tolist() == -3.0


def test_growing_list_in_tensor_loop_falls_back():
    def collect(x):
        outs = []
        while x.sum() < 10:
            x = x * 2
            outs.append(x)
        return outs

    with pytest.warns(UserWarning, match="changes structure"):
        outs = paddle.jit.to_static(collect)(t(POS))
    assert [o.tolist() for o in outs] == [[2.0, 4.0], [4.0, 8.0]]


def test_unconvertible_source_is_traced_and_full_graph_says_why():
    namespace = {"paddle": paddle}
    exec("def made(x):\n    return paddle.tanh(x)\n", namespace)  # noqa: S102 - no source
    np.testing.assert_allclose(paddle.jit.to_static(namespace["made"])(t(POS)).numpy(),
                               np.tanh(POS), rtol=1e-6)
    exec("def gated(x):\n    return x if x.sum() > 0 else -x\n", namespace)  # noqa: S102
    with pytest.raises(RuntimeError, match="could not convert gated.*source"):
        paddle.jit.to_static(namespace["gated"], full_graph=True)(t(POS))


def test_not_to_static_and_ignore_module_keep_functions_unconverted():
    @paddle.jit.not_to_static
    def kept(x):
        return x if x.sum() > 0 else -x

    def caller(x):
        return kept(x)

    with pytest.warns(UserWarning, match="dynamic mode"):
        assert paddle.jit.to_static(caller)(t(NEG)).tolist() == [1.0, 2.0]


def test_set_code_level_prints_converted_code(capsys):
    def tiny(x):
        if x.sum() > 0:
            x = x + 1
        return x

    paddle.jit.set_code_level(100, also_to_stdout=True)
    try:
        paddle.jit.to_static(tiny)(t(POS))
    finally:
        paddle.jit.set_code_level(-1)
    assert "_jst.convert_ifelse" in capsys.readouterr().out


def in_place_in_branches(x):
    y = x * 1
    if x.sum() > 0:
        y[0] = 100.0
    else:
        y.add_(paddle.ones([2]))
    return y


@pytest.mark.parametrize("values", [POS, NEG])
def test_in_place_updates_stay_in_their_branch(values):
    assert_same(in_place_in_branches, t(values))


def guarded_returns(x):
    with paddle.no_grad():
        if x.sum() > 0:
            return x * 0
    try:
        scale = 2.0
        if x.mean() < -1:
            return x * scale
    finally:
        x = x + 0
    return x


@pytest.mark.parametrize("values", [POS, [-1.0, -2.0], [-1.0, 0.5]])
def test_returns_inside_with_and_try(values):
    assert_same(guarded_returns, t(values))


class _Private(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.__scale = 3.0

    def __helper(self, x):
        return x * self.__scale

    def forward(self, x):
        if x.sum() > 0:
            x = self.__helper(x)
        return x


class _Base(paddle.nn.Layer):
    def forward(self, x):
        return x + 1


class _Child(_Base):
    def forward(self, x):
        if x.sum() > 0:
            y = super().forward(x)  # zero-argument super inside a converted branch
        else:
            y = x
        return y


@pytest.mark.parametrize("layer,pos,neg", [(_Private, [3.0, 6.0], NEG),
                                           (_Child, [2.0, 3.0], NEG)])
def test_methods_keep_private_names_and_super(layer, pos, neg):
    net = paddle.jit.to_static(layer(), full_graph=True)
    assert net(t(POS)).tolist() == pos and net(t(NEG)).tolist() == neg


def nested_helper(x):
    def clip(v):
        if v.sum() > 2:
            return v * 0
        return v

    total = 0.0
    for v in [x, x * 2]:
        total = total + clip(v)
    return total


@pytest.mark.parametrize("values", [[0.5, 0.25], POS])
def test_functions_defined_inside_are_converted(values):
    assert_same(nested_helper, t(values))


def returns_none_on_some_paths(x):
    for i in range(3):
        if x.sum() > i:
            return None
    return x


def falls_off_the_end(x):
    if x.sum() > 0:
        return x


@pytest.mark.parametrize("fn", [returns_none_on_some_paths, falls_off_the_end])
def test_none_results_never_become_stand_in_zeros(fn):
    static = paddle.jit.to_static(fn)
    with pytest.warns(UserWarning, match="dynamic mode"):
        first = static(t(POS))
    second = static(t(NEG))
    assert (first is None) == (fn(t(POS)) is None)
    assert (second is None) == (fn(t(NEG)) is None)
