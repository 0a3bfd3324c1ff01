"""Layer classes of paddle.nn."""
