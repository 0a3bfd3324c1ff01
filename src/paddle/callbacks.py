"""`paddle.callbacks`: the callbacks of paddle.Model (defined in paddle.hapi.callbacks)."""
from .hapi.callbacks import (
                             Callback,
                             EarlyStopping,
                             LRScheduler,
                             ModelCheckpoint,
                             ProgBarLogger,
                             ReduceLROnPlateau,
                             VisualDL,
                             WandbCallback,
)

__all__ = [
                             "Callback",
                             "EarlyStopping",
                             "LRScheduler",
                             "ModelCheckpoint",
                             "ProgBarLogger",
                             "ReduceLROnPlateau",
                             "VisualDL",
                             "WandbCallback",
]
