"""paddle.vision.ops beyond the goldens: bad input gets Paddle's error type with the op and
argument named; read_file and decode_jpeg (Pillow) round-trip real files."""
import io

import numpy as np
import pytest

import paddle

V = paddle.vision.ops


def test_box_coder_rejects_mismatched_priors():
    prior = paddle.rand([5, 4])
    with pytest.raises(ValueError, match="box_coder.*TargetBox"):
        V.box_coder(prior, [0.1, 0.1, 0.2, 0.2], paddle.rand([2, 3, 4]), "decode_center_size")
    with pytest.raises(TypeError, match="prior_box_var"):
        V.box_coder(prior, 0.1, paddle.rand([2, 4]))
    with pytest.raises(ValueError, match="code_type"):
        V.box_coder(prior, [0.1, 0.1, 0.2, 0.2], paddle.rand([2, 4]), "center")


def test_detection_ops_name_bad_inputs():
    with pytest.raises(ValueError, match=r"yolo_box.*dim\[1\] should be 14"):
        V.yolo_box(paddle.rand([1, 13, 4, 4]), paddle.to_tensor([[64, 64]], "int32"),
                   [10, 13, 16, 30], 2, 0.01, 16)
    with pytest.raises(TypeError, match="yolo_box.*img_size must be int32"):
        V.yolo_box(paddle.rand([1, 14, 4, 4]), paddle.to_tensor([[64, 64]]),
                   [10, 13, 16, 30], 2, 0.01, 16)
    with pytest.raises(ValueError, match="nms.*last dimension is 4"):
        V.nms(paddle.rand([3, 5]))
    with pytest.raises(ValueError, match="roi_align.*batch size of rois"):
        V.roi_align(paddle.rand([2, 3, 8, 8]), paddle.rand([2, 4]), paddle.to_tensor([2]), 2)
    with pytest.raises(TypeError, match="roi_pool.*output_size"):
        V.roi_pool(paddle.rand([1, 3, 8, 8]), paddle.rand([1, 4]), paddle.to_tensor([1]),
                   [2, 2])
    with pytest.raises(ValueError, match="deform_conv2d.*offset must have shape"):
        V.deform_conv2d(paddle.rand([1, 2, 5, 5]), paddle.rand([1, 18, 5, 5]),
                        paddle.rand([3, 2, 3, 3]))
    with pytest.raises(AssertionError, match="return_rois_num"):
        V.generate_proposals(paddle.rand([1, 3, 4, 4]), paddle.rand([1, 12, 4, 4]),
                             paddle.to_tensor([[32., 32.]]), paddle.rand([4, 4, 3, 4]),
                             paddle.ones([4, 4, 3, 4]))


def test_roi_align_empty_boxes():
    out = V.roi_align(paddle.rand([1, 3, 8, 8]), paddle.zeros([0, 4]),
                      paddle.to_tensor([0]), 2)
    assert out.shape == [0, 3, 2, 2]


def test_read_file_and_decode_jpeg(tmp_path):
    from PIL import Image
    pixels = np.random.default_rng(0).integers(0, 255, (6, 8, 3)).astype(np.uint8)
    path = tmp_path / "img.jpg"
    Image.fromarray(pixels).save(path, quality=95)
    data = V.read_file(str(path))
    assert data.dtype == paddle.uint8 and data.shape == [path.stat().st_size]
    assert bytes(data.numpy()) == path.read_bytes()
    rgb = V.decode_jpeg(data, mode="rgb")
    expected = np.asarray(Image.open(path).convert("RGB")).transpose(2, 0, 1)
    np.testing.assert_array_equal(rgb.numpy(), expected)
    assert V.decode_jpeg(data, mode="gray").shape == [1, 6, 8]
    assert V.decode_jpeg(data).shape == [3, 6, 8]


def test_decode_jpeg_rejects_other_data():
    buffer = io.BytesIO()
    from PIL import Image
    Image.fromarray(np.zeros((2, 2), np.uint8)).save(buffer, "PNG")
    png = paddle.to_tensor(np.frombuffer(buffer.getvalue(), np.uint8))
    with pytest.raises(ValueError, match="decode_jpeg.*JPEG"):
        V.decode_jpeg(png)
    with pytest.raises(ValueError, match="decode_jpeg.*mode"):
        V.decode_jpeg(png, mode="bgr")
    with pytest.raises(TypeError, match="decode_jpeg.*uint8"):
        V.decode_jpeg(paddle.rand([4]))


def _yolo_args(x_channels=14, boxes=None, labels=None):
    x = paddle.rand([1, x_channels, 4, 4])
    boxes = paddle.to_tensor([[[0.3, 0.4, 0.2, 0.3]]]) if boxes is None else boxes
    labels = paddle.to_tensor([[1]], "int32") if labels is None else labels
    return x, boxes, labels


def test_yolo_loss_names_bad_inputs():
    anchors, mask = [10, 13, 16, 30], [0, 1]
    with pytest.raises(ValueError, match=r"yolo_loss.*dim\[1\].*14, but received 16"):
        V.yolo_loss(*_yolo_args(16), anchors, mask, 2, 0.7, 8)
    with pytest.raises(ValueError, match="yolo_loss.*anchor_mask.*2 anchors.*received 2"):
        V.yolo_loss(*_yolo_args(), anchors, [0, 2], 2, 0.7, 8)
    with pytest.raises(ValueError, match="yolo_loss.*anchors.*even"):
        V.yolo_loss(*_yolo_args(), anchors + [5], mask, 2, 0.7, 8)
    with pytest.raises(TypeError, match="yolo_loss.*GTLabel.*int32"):
        V.yolo_loss(*_yolo_args(labels=paddle.to_tensor([[1]])), anchors, mask, 2, 0.7, 8)
    with pytest.raises(ValueError, match=r"yolo_loss.*GTScore.*\[1, 1\].*\[1, 2\]"):
        V.yolo_loss(*_yolo_args(), anchors, mask, 2, 0.7, 8, gt_score=paddle.ones([1, 2]))
    with pytest.raises(TypeError, match="yolo_loss.*anchors must be a list"):
        V.yolo_loss(*_yolo_args(), "10,13", mask, 2, 0.7, 8)


def test_yolo_loss_rejects_gt_centers_outside_the_image():
    # Paddle's kernel would index past the grid here
    boxes = paddle.to_tensor([[[1.0, 0.4, 0.2, 0.3]]])
    with pytest.raises(ValueError, match=r"yolo_loss.*gt_box\[0, 0\].*outside the image"):
        V.yolo_loss(*_yolo_args(boxes=boxes), [10, 13, 16, 30], [0, 1], 2, 0.7, 8)
