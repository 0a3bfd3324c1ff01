"""The machinery of convert_to_mixed_precision: a format-neutral program form (graph), Paddle's
passes over it (cleanup: constant folding and identity-op cleaning; precision_pass: the
automatic mixed-precision pass, with the kernel facts in kernels) and the adapters to the
model formats (legacy: ProgramDesc)."""
