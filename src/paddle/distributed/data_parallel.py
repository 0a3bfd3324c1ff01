"""paddle.DataParallel: one model replica per rank, gradients averaged across ranks.

At wrap time every parameter and buffer is broadcast from the group's first rank, so all
replicas start equal; each backward then averages the gradients (reducer.py) so one optimizer
step keeps them equal. The wrapper holds the model as its `_layers` sublayer, as Paddle's does:
parameter names gain the `_layers.` prefix, `state_dict()` keys do not.
"""
from __future__ import annotations

import contextlib
import warnings

from .._core import state
from ..nn.layer.layers import Layer
from .communication.group import global_group, is_initialized
from .communication.metadata import Signature, run_checked
from .parallel_env import ParallelEnv
from .reducer import Reducer

__all__ = ["DataParallel", "ParallelStrategy"]


class ParallelStrategy:
    """The job a DataParallel runs in: ranks and endpoints (read from the environment)."""

    def __init__(self):
        env = ParallelEnv()
        self.nranks = env.world_size
        self.local_rank = env.rank
        self.trainer_endpoints = env.trainer_endpoints
        self.current_endpoint = env.current_endpoint
        self.nrings = env.nrings


def _sync_from_first_rank(tensors, group) -> None:
    """Broadcast each tensor from the group's first rank (its replica becomes everyone's)."""
    backend = group.process_group
    for t in tensors:
        array = t._data
        run_checked(group, "broadcast", Signature(array, root=0),
                    lambda a=array: backend.broadcast(a, 0))
        t._bump_version()


class DataParallel(Layer):
    """Run `layers` data-parallel: call it like the model; after `loss.backward()` every
    rank's parameters hold the gradient averaged over ranks.

    Args:
        layers (Layer): the model.
        strategy: Paddle's ParallelStrategy (read from the environment when None).
        comm_buffer_size (int): MB per gradient bucket.
        last_comm_buffer_size (float): MB of the first bucket to go (the model's last layers).
        find_unused_parameters (bool): allow parameters that take no part in a backward.
        group (Group): the ranks to average over (the global group when None).

    Example:
        >>> import warnings
        >>> import paddle
        >>> with warnings.catch_warnings():
        ...     warnings.simplefilter("ignore")
        ...     model = paddle.DataParallel(paddle.nn.Linear(2, 2))
        >>> list(model.state_dict())
        ['weight', 'bias']
    """

    def __init__(self, layers, strategy=None, comm_buffer_size=25, last_comm_buffer_size=1,
                 find_unused_parameters=False, group=None):
        if not isinstance(layers, Layer):
            raise TypeError(f"(DataParallel) layers must be a paddle.nn.Layer, but received "
                            f"{type(layers).__name__}")
        super().__init__(layers.full_name() + "_data_parallel")
        if comm_buffer_size <= 0 or last_comm_buffer_size <= 0:
            raise ValueError(f"(DataParallel) comm_buffer_size ({comm_buffer_size}) and "
                             f"last_comm_buffer_size ({last_comm_buffer_size}) must be positive")
        self._layers = layers
        self.find_unused_parameters = find_unused_parameters
        self.grad_need_sync = True
        self.group = group
        self.comm_buffer_size = comm_buffer_size
        self.last_comm_buffer_size = last_comm_buffer_size
        self._strategy = ParallelStrategy() if strategy is None else strategy
        self.__dict__["_reducer"] = None
        nranks = group.nranks if group is not None else self._strategy.nranks
        if nranks > 1 and (group is not None or is_initialized()):
            self._start(group if group is not None else global_group())
        else:
            warnings.warn("The program will return to single-card operation. Please check 1, "
                          "whether you use spawn or fleetrun to start the program. 2, Whether "
                          "it is a multi-card program. 3, Is the current environment "
                          "multi-card.")

    def _start(self, group) -> None:
        if not group.is_member():
            raise ValueError(f"(DataParallel) this rank is not a member of group {group.name}")
        layers = self._layers
        _sync_from_first_rank(layers.parameters() + layers.buffers(), group)
        seen, trainable = set(), []
        for p in layers.parameters():
            if not p.stop_gradient and id(p) not in seen:
                seen.add(id(p))
                trainable.append(p)
        self.__dict__["_reducer"] = Reducer(trainable, group, self.comm_buffer_size,
                                            self.last_comm_buffer_size,
                                            self.find_unused_parameters)

    def forward(self, *inputs, **kwargs):
        outputs = self._layers(*inputs, **kwargs)
        reducer = self.__dict__["_reducer"]
        if reducer is not None and state.grad_enabled:
            reducer.armed = self.grad_need_sync  # a forward under no_sync: its backward doesn't
        return outputs

    @contextlib.contextmanager
    def no_sync(self):
        """Within this context backward only accumulates gradients locally; the first backward
        after it averages everything accumulated.

        Example:
            >>> import warnings
            >>> import paddle
            >>> with warnings.catch_warnings():
            ...     warnings.simplefilter("ignore")
            ...     model = paddle.DataParallel(paddle.nn.Linear(2, 2))
            >>> with model.no_sync():
            ...     model(paddle.ones([1, 2])).sum().backward()
        """
        previous = self.grad_need_sync
        self.grad_need_sync = False
        try:
            yield
        finally:
            self.grad_need_sync = previous

    def scale_loss(self, loss):
        """Kept for old code: gradients are averaged by the all-reduce, the loss is unchanged."""
        return loss

    def apply_collective_grads(self):
        """Kept for old code: backward already averages the gradients."""

    def state_dict(self, destination=None, include_sublayers=True, structured_name_prefix="",
                   use_hook=True, keep_vars=True):
        return self._layers.state_dict(destination, include_sublayers, structured_name_prefix,
                                       use_hook, keep_vars)

    def set_state_dict(self, state_dict, use_structured_name=True):
        return self._layers.set_state_dict(state_dict, use_structured_name)

    set_dict = set_state_dict
    load_dict = set_state_dict
