"""`paddle.linalg`: the linear-algebra namespace, holding exactly the names real Paddle 3.3
puts there (the functions themselves live in paddle.tensor.linalg*)."""
from .tensor import linalg as _impl

_NAMES = ("cholesky", "cholesky_inverse", "norm", "matrix_norm", "vecdot", "vector_norm", "cond",
          "cov", "corrcoef", "cross", "inv", "eig", "eigvals", "multi_dot", "matrix_rank",
          "matrix_transpose", "matmul", "svd", "svdvals", "qr", "householder_product",
          "pca_lowrank", "svd_lowrank", "lu", "lu_solve", "lu_unpack", "matrix_exp",
          "matrix_power", "det", "slogdet", "eigh", "eigvalsh", "pinv", "solve",
          "cholesky_solve", "triangular_solve", "lstsq", "ormqr", "diagonal")

globals().update({name: getattr(_impl, name) for name in _NAMES if hasattr(_impl, name)})
__all__ = [name for name in _NAMES if hasattr(_impl, name)]
