// The page: OCR on an uploaded image (POST /ocr) drawn on a canvas, and a live metrics table
// read from the Prometheus text of /metrics every two seconds.
"use strict";

const $ = (id) => document.getElementById(id);

function authHeaders() {
  const key = $("api-key").value.trim();
  return key ? { Authorization: "Bearer " + key } : {};
}

function loadImage(file) {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error("the browser cannot show this image"));
    image.src = URL.createObjectURL(file);
  });
}

function draw(image, lines) {
  const canvas = $("canvas");
  canvas.width = image.naturalWidth;
  canvas.height = image.naturalHeight;
  const ctx = canvas.getContext("2d");
  ctx.drawImage(image, 0, 0);
  ctx.lineWidth = Math.max(2, canvas.width / 300);
  ctx.font = `${Math.max(14, Math.round(canvas.height / 14))}px "DejaVu Sans", sans-serif`;
  for (const line of lines) {
    const [first, ...rest] = line.box;
    ctx.strokeStyle = "#e8112d";
    ctx.beginPath();
    ctx.moveTo(first[0], first[1]);
    for (const [x, y] of rest) ctx.lineTo(x, y);
    ctx.closePath();
    ctx.stroke();
    const label = line.text;
    const width = ctx.measureText(label).width;
    const top = Math.max(0, first[1] - parseInt(ctx.font, 10) - 4);
    ctx.fillStyle = "rgba(31, 59, 115, 0.85)";
    ctx.fillRect(first[0], top, width + 8, parseInt(ctx.font, 10) + 4);
    ctx.fillStyle = "white";
    ctx.fillText(label, first[0] + 4, top + parseInt(ctx.font, 10));
  }
}

async function recognise(event) {
  event.preventDefault();
  const file = $("image").files[0];
  if (!file) {
    $("status").textContent = "Choose an image first.";
    return;
  }
  $("status").textContent = "Reading…";
  $("status").className = "";
  const started = performance.now();
  try {
    const image = await loadImage(file);
    const response = await fetch("/ocr", { method: "POST", body: file,
                                           headers: { ...authHeaders(),
                                                      "Content-Type": "application/octet-stream" } });
    const result = await response.json();
    if (!response.ok) throw new Error(`${response.status}: ${result.error}`);
    draw(image, result.lines);
    $("lines").innerHTML = "";
    for (const line of result.lines) {
      const item = document.createElement("li");
      const text = document.createElement("span");
      text.className = "text";
      text.textContent = line.text;
      const score = document.createElement("span");
      score.className = "score";
      score.textContent = line.score.toFixed(3);
      item.append(text, " ", score);
      $("lines").appendChild(item);
    }
    const ms = Math.round(performance.now() - started);
    $("status").textContent = `${result.lines.length} lines in ${ms} ms`;
    $("status").dataset.done = "1";
  } catch (error) {
    $("status").textContent = String(error.message || error);
    $("status").className = "error";
  }
}

// Prometheus text → {name: [{labels, value}]}
function parseMetrics(text) {
  const series = {};
  for (const line of text.split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const match = line.match(/^([a-zA-Z_:][\w:]*)(\{([^}]*)\})?\s+(\S+)/);
    if (!match) continue;
    const labels = {};
    for (const pair of (match[3] || "").match(/\w+="[^"]*"/g) || []) {
      const [k, v] = pair.split("=");
      labels[k] = v.slice(1, -1);
    }
    (series[match[1]] = series[match[1]] || []).push({ labels, value: parseFloat(match[4]) });
  }
  return series;
}

function sumBy(series, name, keyOf) {
  const out = {};
  for (const { labels, value } of series[name] || []) {
    const key = keyOf(labels);
    out[key] = (out[key] || 0) + value;
  }
  return out;
}

async function refreshMetrics() {
  try {
    const response = await fetch("/metrics", { headers: authHeaders() });
    if (!response.ok) {
      $("gauges").textContent = `metrics: ${response.status} (an admin key reads them)`;
      return;
    }
    const series = parseMetrics(await response.text());
    const byVersion = (l) => `${l.model}\u0000${l.version}`;
    const requests = sumBy(series, "paddle_serving_requests_total", byVersion);
    const errors = sumBy(series, "paddle_serving_errors_total", byVersion);
    const latency = sumBy(series, "paddle_serving_request_latency_seconds_sum", byVersion);
    const counts = sumBy(series, "paddle_serving_request_latency_seconds_count", byVersion);
    const batches = sumBy(series, "paddle_serving_batch_size_count", byVersion);
    const rows = sumBy(series, "paddle_serving_batch_size_sum", byVersion);
    const keys = new Set([...Object.keys(requests), ...Object.keys(batches)]);
    const body = $("metrics").querySelector("tbody");
    body.innerHTML = "";
    for (const key of [...keys].sort()) {
      const [model, version] = key.split("\u0000");
      const mean = counts[key] ? (1000 * latency[key] / counts[key]).toFixed(1) + " ms" : "–";
      const perBatch = batches[key] ? (rows[key] / batches[key]).toFixed(1) : "–";
      const row = document.createElement("tr");
      for (const cell of [model, version, requests[key] || 0, errors[key] || 0, mean,
                          batches[key] || 0, perBatch]) {
        const td = document.createElement("td");
        td.textContent = cell;
        row.appendChild(td);
      }
      body.appendChild(row);
    }
    const depth = sumBy(series, "paddle_serving_queue_depth", (l) => l.stage);
    const inFlight = (series.paddle_serving_in_flight || [{ value: 0 }])[0].value;
    $("gauges").textContent = `in flight ${inFlight} · queued: admission ${depth.admission || 0}, ` +
      `batching ${depth.batching || 0}, workers ${depth.workers || 0}`;
    $("metrics-time").textContent = new Date().toLocaleTimeString();
  } catch (error) {
    $("gauges").textContent = "metrics: " + error;
  }
}

async function start() {
  const config = await (await fetch("/page/config")).json();
  $("mode").textContent = (config.development ? "development mode" : "API keys required") +
    " · models: " + config.models.join(", ");
  if (config.development) $("api-key").style.display = "none";
  if (!config.ocr) $("status").textContent = "OCR models are not served (see --ocr-dict).";
  $("ocr-form").addEventListener("submit", recognise);
  refreshMetrics();
  setInterval(refreshMetrics, 2000);
}

start();
