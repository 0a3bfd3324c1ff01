"""One-process answers for the data-parallel checks (what the ranks together must equal)."""
import models
import numpy as np

import paddle

# real Paddle loads rank 0's checkpoint of the wrapped LeNet into a plain LeNet
REAL_PADDLE_LOAD = """
import sys
sys.path.insert(0, sys.argv[1])
import numpy as np, paddle, models
plain = models.LeNet()
missing, unexpected = plain.set_state_dict(paddle.load(sys.argv[2]))
assert not missing and not unexpected, (missing, unexpected)
diff = max(float(np.abs(p.numpy() - q.numpy()).max())
           for p, q in zip(plain.parameters(), models.lenet().parameters()))
print("LOADED", diff)
"""


def one_sgd_step_on_whole_batch() -> dict:
    model = models.mlp()
    opt = paddle.optimizer.SGD(0.1, parameters=model.parameters())
    x, y = next(models.batches("mlp"))
    paddle.nn.CrossEntropyLoss()(model(paddle.to_tensor(x)), paddle.to_tensor(y)).backward()
    opt.step()
    return {k: v.numpy() for k, v in model.state_dict().items()}


def extra_grad_of_rank0() -> np.ndarray:
    """The gradient of `extra` on rank 0 (the only rank that uses it), input ones."""
    model = models.branchy()
    model(paddle.ones([2, 3]), use_extra=True).sum().backward()
    return model.extra.weight.grad.numpy()


def hapi_fit_single_process(batch_size: int) -> list:
    return models.hapi_fit(models.hapi_network(), batch_size)
