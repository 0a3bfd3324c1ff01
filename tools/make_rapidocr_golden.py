"""Write tests/fixtures/inference/rapidocr_paddle.json: what rapidocr-paddle 1.4.5 reads, on real
Paddle 3.3.1, from the image examples/ocr_demo.py renders (boxes, texts, scores). Run with the
reference interpreter after `pip install rapidocr-paddle==1.4.5` there, from a folder where our
src/paddle is not importable: `cd /tmp && /path/to/.venv-ref/bin/python
/path/to/tools/make_rapidocr_golden.py`."""
import json
import os
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, os.path.join(ROOT, "examples"))

import ocr_demo

if __name__ == "__main__":
    found = ocr_demo.recognise(ocr_demo.render_text_image())
    with open(os.path.join(ROOT, "tests", "fixtures", "inference", "rapidocr_paddle.json"),
              "w") as f:
        json.dump(found, f, indent=1)
    print(found)
