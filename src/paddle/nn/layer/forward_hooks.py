"""Forward pre/post hooks of nn.Layer: registration (prepend, with_kwargs, always_call) and
running them around forward, as Paddle's Layer does."""
from __future__ import annotations

import warnings


class HookRemoveHelper:
    """Returned by register_forward_*_hook; `remove()` unregisters the hook (and its flags)."""

    def __init__(self, hooks: dict, hook_id: int, flag_tables=()):
        self._hooks = hooks
        self._hook_id = hook_id
        self._flag_tables = tuple(flag_tables)

    def remove(self) -> None:
        self._hooks.pop(self._hook_id, None)
        for table in self._flag_tables:
            table.discard(self._hook_id)


class ForwardHooks:
    """The hook half of nn.Layer; the layer keeps the tables (`_forward_pre_hooks`,
    `_forward_post_hooks` and the per-hook flag sets) and calls these around forward."""

    _hook_counter = 0

    def _run_pre_hooks(self, inputs, kwargs):
        for hook_id, hook in list(self._forward_pre_hooks.items()):
            if hook_id in self._pre_hooks_with_kwargs:
                result = hook(self, inputs, kwargs)
                if result is None:
                    continue
                if not (isinstance(result, tuple) and len(result) == 2):
                    raise RuntimeError("forward pre-hook registered with_kwargs must return None "
                                       f"or a tuple of (new_args, new_kwargs), but got {result}.")
                inputs, kwargs = result
            else:
                result = hook(self, inputs)
                if result is not None:
                    inputs = result if isinstance(result, tuple) else (result,)
        return inputs, kwargs

    def _call_post_hook(self, hook_id, hook, inputs, kwargs, outputs):
        if hook_id in self._post_hooks_with_kwargs:
            result = hook(self, inputs, kwargs, outputs)
        else:
            result = hook(self, inputs, outputs)
        return outputs if result is None else result

    def _run_post_hooks(self, inputs, kwargs, outputs, called):
        for hook_id, hook in list(self._forward_post_hooks.items()):
            if hook_id in self._post_hooks_always_called:
                called.add(hook_id)
            outputs = self._call_post_hook(hook_id, hook, inputs, kwargs, outputs)
        return outputs

    def _run_always_called_hooks(self, inputs, kwargs, outputs, called):
        for hook_id, hook in list(self._forward_post_hooks.items()):
            if hook_id not in self._post_hooks_always_called or hook_id in called:
                continue
            try:
                outputs = self._call_post_hook(hook_id, hook, inputs, kwargs, outputs)
            except Exception as exc:  # noqa: BLE001 - the forward error is the one to raise
                warnings.warn("forward hook with ``always_call=True`` raised an exception that "
                              f"was silenced as another error was raised in forward: {exc}",
                              stacklevel=3)

    def _register_hook(self, table: dict, hook, prepend: bool, flags) -> HookRemoveHelper:
        ForwardHooks._hook_counter += 1
        hook_id = ForwardHooks._hook_counter
        table[hook_id] = hook
        for flag_table, on in flags:
            if on:
                flag_table.add(hook_id)
        if prepend:
            table.move_to_end(hook_id, last=False)
        return HookRemoveHelper(table, hook_id, [t for t, _ in flags])

    def register_forward_pre_hook(self, hook, *, prepend=False,
                                  with_kwargs=False) -> HookRemoveHelper:
        """hook(layer, inputs) runs before forward; a returned value replaces the inputs. With
        `with_kwargs`, hook(layer, inputs, kwargs) may return (new_inputs, new_kwargs);
        `prepend` runs it before the hooks already registered."""
        return self._register_hook(self._forward_pre_hooks, hook, prepend,
                                   [(self._pre_hooks_with_kwargs, with_kwargs)])

    def register_forward_post_hook(self, hook, *, prepend=False, with_kwargs=False,
                                   always_call=False) -> HookRemoveHelper:
        """hook(layer, inputs, outputs) runs after forward (hook(layer, inputs, kwargs, outputs)
        with `with_kwargs`); a returned value replaces outputs. `always_call` runs it even when
        forward raised; `prepend` runs it before the hooks already registered."""
        return self._register_hook(self._forward_post_hooks, hook, prepend,
                                   [(self._post_hooks_with_kwargs, with_kwargs),
                                    (self._post_hooks_always_called, always_call)])

    register_forward_hook = register_forward_post_hook
