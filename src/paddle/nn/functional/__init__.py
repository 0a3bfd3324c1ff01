"""`paddle.nn.functional`."""
from .common import linear  # noqa: F401
from .conv import *  # noqa: F401,F403
from .norm import *  # noqa: F401,F403
from .loss import *  # noqa: F401,F403
from .loss_regression import *  # noqa: F401,F403
from .loss_binary import *  # noqa: F401,F403
from .loss_margin import *  # noqa: F401,F403
from .loss_ctc import *  # noqa: F401,F403
from .loss_adaptive import *  # noqa: F401,F403
from .activation import *  # noqa: F401,F403
from .activation_axis import *  # noqa: F401,F403
from .dropout import *  # noqa: F401,F403
from .input import *  # noqa: F401,F403
from .distance import *  # noqa: F401,F403
from .common_extra import *  # noqa: F401,F403
from .shuffle import *  # noqa: F401,F403
from .pooling import *  # noqa: F401,F403
from .pooling_extra import *  # noqa: F401,F403
from .pad import *  # noqa: F401,F403
from .interpolate import *  # noqa: F401,F403
from .vision import *  # noqa: F401,F403
from .fold import *  # noqa: F401,F403
from .attention import *  # noqa: F401,F403
from . import flash_attention  # noqa: F401 - a module, as in Paddle

# Paddle keeps these in paddle.nn.functional.common, and code written against Paddle reaches
# them there too (e.g. paddle.nn.functional.common.interpolate).
for _name in ("alpha_dropout", "bilinear", "cosine_similarity", "dropout", "dropout1d",
              "dropout2d", "dropout3d", "feature_alpha_dropout", "fold", "interpolate",
              "label_smooth", "linear", "pad", "unfold", "upsample", "zeropad2d"):
    setattr(common, _name, globals()[_name])
del _name
