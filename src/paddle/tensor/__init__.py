"""The tensor functions of the `paddle` namespace, grouped by family; also bound as Tensor
methods by `methods.install()`."""
from . import methods

methods.install()
