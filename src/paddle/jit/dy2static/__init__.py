"""dy2static: to_static's conversion of Python control flow into program control flow.

A function is converted by rewriting its source (function.py, transform.py): `if`/`elif`/
`else`, `while`, `for … in range(…)`, `break`/`continue` (loops.py), early `return`
(returns.py), `and`/`or`/`not` and conditional expressions become calls of runtime helpers
(runtime.py) that run plain Python on Python values and record `pd_op.if` / `pd_op.while` on
symbolic tensors. Calls reach user functions and Layers, which are converted the same way
(call.py).

What the conversion cannot express makes to_static fall back to tracing and, when the trace
meets a tensor-dependent Python decision, to eager execution with a warning (full_graph=True
raises instead):

- functions without available source (interactive sessions, exec), lambdas, generators and
  coroutines — they are traced as they are;
- statements whose body declares `global`/`nonlocal`, contains `yield` or unbinds a variable
  (`del x`) stay Python;
- `try`/`except` around code that needs a tensor's value (the trace's error would be caught);
- variables assigned on only some paths of a tensor `if` and used afterwards, or set to values
  other than tensors and Python numbers differently per path;
- loops on tensor conditions whose variables change structure per iteration (a list that grows:
  tensor arrays are not built), and `for` over a tensor of unknown length;
- chained comparisons (`a < b < c`), `assert` and `int()`/`float()`/`bool()` on tensors.
"""
from ...static.nn._structure import UndefinedVar, UnsupportedControlFlow
from .call import convert_call, ignore_modules
from .function import Unconvertible, convert_function, transformed_source

__all__ = [
           "Unconvertible",
           "UndefinedVar",
           "UnsupportedControlFlow",
           "convert_call",
           "convert_function",
           "ignore_modules",
           "transformed_source",
]
