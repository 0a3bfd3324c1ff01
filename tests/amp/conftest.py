import pytest

import paddle


@pytest.fixture
def amp_on_cpu():
    """Opt into real casts on the CPU (Paddle's GPU behaviour) for one test."""
    paddle.set_flags({"FLAGS_feijiang_amp_on_cpu": True})
    yield
    paddle.set_flags({"FLAGS_feijiang_amp_on_cpu": False})
