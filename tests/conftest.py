import os
import sys

import numpy as np
import pytest

# Tests must import the package under test from src/, never a real Paddle on the path.
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "src"))
sys.path.insert(0, os.path.join(ROOT, "tests"))


@pytest.fixture
def rng():
    return np.random.default_rng(0)
