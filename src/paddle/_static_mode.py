"""Whether the legacy static-graph mode (paddle.enable_static) is on."""
enabled = False
