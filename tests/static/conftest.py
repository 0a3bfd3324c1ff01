import pytest

import paddle


@pytest.fixture
def static_mode():
    """Static mode for one test, with parameter names counted from zero inside it."""
    paddle.enable_static()
    try:
        with paddle.utils.unique_name.guard():
            yield
    finally:
        paddle.disable_static()
