"""PP-OCR on the server (slow: the published models): tritonclient and the Paddle Serving form
get the rec model's exact outputs for a text crop, and the page's `/ocr` reads the demo image's
four lines."""
from __future__ import annotations

import json
import os

import numpy as np
import pytest

pytest.importorskip("fastapi")
httpx = pytest.importorskip("httpx")
tritonhttp = pytest.importorskip("tritonclient.http")

from ._ocr import EXPECTED_LINES, MODEL_FOLDERS, demo_image_png, ocr_server_args
from ._server import running_server

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    folder = tmp_path_factory.mktemp("ocr")
    with running_server(ocr_server_args(), str(folder / "server.log")) as server:
        yield server


def _rec_batch() -> np.ndarray:
    """rec's input for the demo image's first two boxes, made as the page makes it."""
    from paddle.serving import ocr
    image = ocr.decode_image(demo_image_png())
    boxes = [np.array([[26, 30], [118, 31], [118, 60], [26, 60]]),
             np.array([[127, 30], [428, 30], [427, 61], [127, 61]])]
    return ocr.rec_input([ocr.crop(image, box) for box in boxes])


def _rec_prefix() -> str:
    from published_models import ocr_models_dir
    return os.path.join(ocr_models_dir(), MODEL_FOLDERS["ocr_rec"], "inference")


def _local_rec(x: np.ndarray) -> np.ndarray:
    from paddle import inference
    prefix = _rec_prefix()
    predictor = inference.create_predictor(inference.Config(prefix + ".pdmodel",
                                                            prefix + ".pdiparams"))
    predictor.get_input_handle(predictor.get_input_names()[0]).copy_from_cpu(x)
    predictor.run()
    return predictor.get_output_handle(predictor.get_output_names()[0]).copy_to_cpu()


def test_tritonclient_gets_the_rec_models_outputs(served):
    from paddle.serving.ocr import ctc_decode, read_characters
    x = _rec_batch()
    client = tritonhttp.InferenceServerClient(served.url.removeprefix("http://"),
                                              network_timeout=120)
    metadata = client.get_model_metadata("ocr_rec")
    name = metadata["inputs"][0]["name"]
    assert metadata["inputs"][0]["shape"] == [-1, 3, 48, -1]
    given = tritonhttp.InferInput(name, list(x.shape), "FP32")
    given.set_data_from_numpy(x, binary_data=True)
    result = client.infer("ocr_rec", [given])
    out = result.as_numpy(metadata["outputs"][0]["name"])
    expected = _local_rec(x)
    np.testing.assert_array_equal(out, expected)
    characters = read_characters(ocr_server_args()[-1])
    assert [text for text, _ in ctc_decode(out, characters)] == EXPECTED_LINES[:2]


def test_pipeline_form_on_the_rec_model(served):
    x = _rec_batch()[:1]
    name = httpx.get(served.url + "/v2/models/ocr_rec").json()["inputs"][0]["name"]
    response = httpx.post(served.url + "/ocr_rec/prediction", timeout=120,
                          json={"key": [name], "value": [json.dumps(x.tolist())]})
    assert response.status_code == 200 and response.json()["err_no"] == 0
    out = np.array(json.loads(response.json()["value"][0]), np.float32)
    np.testing.assert_array_equal(out, _local_rec(x))


def test_ocr_endpoint_reads_the_demo_image(served):
    response = httpx.post(served.url + "/ocr", content=demo_image_png(), timeout=300)
    assert response.status_code == 200, response.text
    result = response.json()
    assert (result["width"], result["height"]) == (520, 150)
    assert [line["text"] for line in result["lines"]] == EXPECTED_LINES
    assert all(line["score"] > 0.9 for line in result["lines"])
    bad = httpx.post(served.url + "/ocr", content=b"not an image")
    assert (bad.status_code, bad.json()) == (400, {"error": "the body is not an image Pillow "
                                                            "can read"})

