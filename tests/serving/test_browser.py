"""The web page in a real headless Chromium (Debian's chromium and chromium-driver, driven by
selenium), as a user would: open `/`, choose the demo image in the file input, press
Recognise, and read the recognised lines the page lists and draws; the live metrics table
then shows the OCR models' requests. Slow (the published models); skipped with the reason when
chromium or chromedriver is not installed (`apt-get install chromium chromium-driver`).

The screenshot goes to the test's folder, and to $FEIJIANG_SCREENSHOT when that is set
(`make test-browser` sets it to docs/serving_page.png)."""
from __future__ import annotations

import os
import shutil

import pytest

pytest.importorskip("fastapi")
webdriver = pytest.importorskip("selenium.webdriver")

from ._ocr import EXPECTED_LINES, demo_image_png, ocr_server_args
from ._server import running_server

pytestmark = pytest.mark.slow

CHROMIUM, CHROMEDRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--window-size=1400,900")
WAIT_S = 180


def _browser(profile: str):
    if not (os.path.exists(CHROMIUM) and os.path.exists(CHROMEDRIVER)):
        pytest.skip("the browser test needs Debian's chromium and chromium-driver "
                    "(apt-get install -y chromium chromium-driver)")
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (*FLAGS, f"--user-data-dir={profile}"):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)


def test_page_reads_an_uploaded_image(tmp_path):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait
    image = tmp_path / "hello.png"
    image.write_bytes(demo_image_png())
    browser = _browser(str(tmp_path / "profile"))
    try:
        with running_server(ocr_server_args(), str(tmp_path / "server.log")) as server:
            browser.get(server.url + "/")
            WebDriverWait(browser, 30).until(
                lambda b: "development mode" in b.find_element(By.ID, "mode").text)
            browser.find_element(By.ID, "image").send_keys(str(image))
            browser.find_element(By.ID, "run").click()
            WebDriverWait(browser, WAIT_S).until(
                lambda b: b.find_element(By.ID, "status").get_attribute("data-done") == "1")
            texts = browser.find_elements(By.CSS_SELECTOR, "#lines li .text")
            assert [item.text for item in texts] == EXPECTED_LINES
            scores = browser.find_elements(By.CSS_SELECTOR, "#lines li .score")
            assert all(float(item.text) > 0.9 for item in scores)
            canvas = browser.find_element(By.ID, "canvas")
            assert (canvas.get_attribute("width"), canvas.get_attribute("height")) == \
                ("520", "150")
            WebDriverWait(browser, 30).until(
                lambda b: "ocr_rec" in b.find_element(By.ID, "metrics").text)
            table = browser.find_element(By.ID, "metrics").text
            assert "ocr_det" in table and "ocr" in table.split()
            shot = tmp_path / "serving_page.png"
            browser.save_screenshot(str(shot))
            if os.environ.get("FEIJIANG_SCREENSHOT"):
                shutil.copyfile(shot, os.environ["FEIJIANG_SCREENSHOT"])
    finally:
        browser.quit()
