"""paddle.callbacks: the order of the hooks, the progress log, checkpoints, early stopping,
learning-rate callbacks and the VisualDL / wandb writers."""
import os
import struct
import sys
import types
import warnings

import pytest
from conftest import PairDataset, make_model

import paddle
from paddle.hapi import event_file
from paddle.hapi.progressbar import ProgressBar


class Recorder(paddle.callbacks.Callback):
    def __init__(self):
        super().__init__()
        self.events = []

    def __getattribute__(self, name):
        attr = super().__getattribute__(name)
        if name.startswith("on_"):
            def record(*args):
                self.events.append(name)
                return attr(*args)
            return record
        return attr


def test_hook_order_in_fit(dataset):
    recorder = Recorder()
    make_model().fit(dataset, PairDataset(8, seed=2), batch_size=10, epochs=1, verbose=0,
                     callbacks=recorder)
    assert recorder.events == [
        "on_train_begin", "on_epoch_begin", "on_train_batch_begin", "on_train_batch_end",
        "on_train_batch_begin", "on_train_batch_end", "on_epoch_end", "on_eval_begin",
        "on_eval_batch_begin", "on_eval_batch_end", "on_eval_end", "on_train_end"]
    assert recorder.params["epochs"] == 1 and recorder.params["steps"] == 2
    assert recorder.params["metrics"] == ["loss", "acc"]


def test_callbacks_must_be_callbacks(dataset):
    with pytest.raises(TypeError, match="Callback"):
        make_model().fit(dataset, callbacks=[object()], verbose=0)


def test_progress_log_verbose2(dataset, capsys):
    make_model().fit(dataset, batch_size=5, epochs=1, verbose=2, log_freq=2)
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == "Epoch 1/1"
    assert lines[2].startswith("step 2/4 - loss: ") and " - acc: " in lines[2]
    assert lines[3].startswith("step 4/4 - loss: ") and lines[3].endswith("/step")


def test_progress_log_verbose3_reports_costs(dataset, capsys):
    make_model().fit(dataset, batch_size=10, epochs=1, verbose=3)
    out = capsys.readouterr().out
    assert "avg_reader_cost: " in out and "avg_batch_cost: " in out and "samples/sec" in out


def test_progress_bar_layouts(capsys):
    bar = ProgressBar(num=10, width=10, verbose=1)
    bar.update(5, [("loss", 0.25), ("acc", [0.5, 0.0001])])
    out = capsys.readouterr().out
    assert out.startswith("\rstep  5/10 [====>.....] - loss: 0.2500 - acc: 0.5000 1.0000e-04")
    assert " - ETA: " in out
    unknown = ProgressBar(num=None, verbose=2)
    unknown.update(7, [("loss", 1.5)])
    assert capsys.readouterr().out.startswith("step   7 - loss: 1.5000 - ")
    with pytest.raises(TypeError, match="num"):
        ProgressBar(num=0)


def test_model_checkpoint_and_early_stopping_best_model(dataset, tmp_path, capsys):
    stop = paddle.callbacks.EarlyStopping(monitor="acc", patience=0)
    model = make_model()
    model.fit(dataset, PairDataset(8, seed=2), batch_size=10, epochs=5, verbose=0,
              save_dir=str(tmp_path), callbacks=[stop])
    out = capsys.readouterr().out
    assert "Epoch 1: Early stopping." in out  # patience 0: the first evaluation stops
    assert "Best checkpoint has been saved at" in out
    assert model.stop_training
    assert sorted(os.listdir(tmp_path)) == ["0.pdopt", "0.pdparams", "best_model.pdopt",
                                            "best_model.pdparams", "final.pdopt",
                                            "final.pdparams"]


def test_early_stopping_saves_best_and_warns(dataset, tmp_path):
    stop = paddle.callbacks.EarlyStopping(monitor="loss", mode="min", patience=5, verbose=0)
    make_model().fit(dataset, PairDataset(8, seed=2), batch_size=10, epochs=1, verbose=0,
                     save_dir=str(tmp_path), callbacks=[stop])
    assert os.path.exists(tmp_path / "best_model.pdparams")
    with pytest.warns(UserWarning, match="validation data"):
        make_model().fit(dataset, epochs=1, verbose=0, callbacks=[stop])
    with pytest.warns(UserWarning, match="fallback to auto"):
        paddle.callbacks.EarlyStopping(mode="sideways")


def test_lr_scheduler_steps_by_step_or_epoch(dataset):
    for callback, expected_steps in ((None, 8), (paddle.callbacks.LRScheduler(False, True), 2)):
        model = make_model(optimizer="SGD")
        scheduler = paddle.optimizer.lr.StepDecay(0.1, step_size=1, gamma=0.5)
        model._optimizer.set_lr_scheduler(scheduler)
        model.fit(dataset, batch_size=5, epochs=2, verbose=0, callbacks=callback)
        assert scheduler.last_epoch == expected_steps


def test_reduce_lr_on_plateau(dataset, capsys):
    model = make_model(optimizer="SGD", lr=0.2)
    reduce = paddle.callbacks.ReduceLROnPlateau(monitor="loss", factor=0.5, patience=1,
                                                min_delta=100.0)
    model.fit(dataset, PairDataset(8, seed=2), batch_size=10, epochs=3, verbose=0,
              callbacks=[reduce])
    assert abs(model._optimizer.get_lr() - 0.2 * 0.5 ** 2) < 1e-12
    assert "ReduceLROnPlateau reducing learning rate to 0.1" in capsys.readouterr().out
    scheduled = make_model(optimizer="SGD")
    scheduled._optimizer.set_lr_scheduler(paddle.optimizer.lr.StepDecay(0.1, 1))
    with pytest.warns(UserWarning, match="float"):
        scheduled.fit(dataset, PairDataset(8, seed=2), batch_size=10, epochs=1, verbose=0,
                      callbacks=[paddle.callbacks.ReduceLROnPlateau()])


def _read_events(path):
    """Parse a TFRecord event file, checking both CRCs of every record."""
    records = []
    with open(path, "rb") as f:
        data = f.read()
    pos = 0
    while pos < len(data):
        length_bytes = data[pos:pos + 8]
        (length,) = struct.unpack("<Q", length_bytes)
        assert struct.unpack("<I", data[pos + 8:pos + 12])[0] == \
            event_file.masked_crc32c(length_bytes)
        record = data[pos + 12:pos + 12 + length]
        assert struct.unpack("<I", data[pos + 12 + length:pos + 16 + length])[0] == \
            event_file.masked_crc32c(record)
        records.append(record)
        pos += 16 + length
    return records


def _scalar(record):
    """(tag, step, value) of a one-scalar Event written by event_file."""
    assert record[0] == 0x09 and record[9] == 0x10
    step, pos = 0, 10
    shift = 0
    while True:
        byte = record[pos]
        step |= (byte & 0x7F) << shift
        pos += 1
        shift += 7
        if not byte & 0x80:
            break
    summary = record[pos + 2:]
    value_msg = summary[2:]
    tag_len = value_msg[1]
    tag = value_msg[2:2 + tag_len].decode()
    (value,) = struct.unpack("<f", value_msg[3 + tag_len:7 + tag_len])
    return tag, step, value


def test_crc32c_known_answer():
    assert event_file.crc32c(b"123456789") == 0xE3069283
    assert event_file.crc32c(b"") == 0


def test_visualdl_callback_writes_tensorboard_events(dataset, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "visualdl", None)
    callback = paddle.callbacks.VisualDL(log_dir=str(tmp_path))
    make_model().fit(dataset, PairDataset(8, seed=2), batch_size=10, epochs=2, verbose=0,
                     callbacks=[callback])
    (name,) = os.listdir(tmp_path)
    assert name.startswith("events.out.tfevents.")
    records = _read_events(tmp_path / name)
    assert b"brain.Event:2" in records[0]
    scalars = [_scalar(r) for r in records[1:]]
    assert [(t, s) for t, s, _ in scalars if t == "train/loss"] == [
        ("train/loss", 1), ("train/loss", 2), ("train/loss", 3), ("train/loss", 4)]
    assert [(t, s) for t, s, _ in scalars if t.startswith("eval/")] == [
        ("eval/loss", 0), ("eval/acc", 0), ("eval/loss", 1), ("eval/acc", 1)]
    assert all(0.0 <= v <= 1.0 for t, _, v in scalars if t.endswith("acc"))


def test_wandb_callback_logs_to_run(dataset, monkeypatch):
    logged, defined = [], []

    class Run:
        def define_metric(self, name, step_metric=None):
            defined.append((name, step_metric))

        def log(self, record):
            logged.append(record)

        def finish(self):
            logged.append("finish")

    fake = types.SimpleNamespace(run=None, init=lambda **kwargs: Run())
    monkeypatch.setitem(sys.modules, "wandb", fake)
    callback = paddle.callbacks.WandbCallback(project="demo", mode="offline")
    make_model().fit(dataset, PairDataset(8, seed=2), batch_size=10, epochs=1, verbose=0,
                     callbacks=[callback])
    assert ("train/*", "train/step") in defined
    assert logged[0]["train/step"] == 1 and "train/loss" in logged[0]
    assert logged[2]["epoch"] == 0 and "eval/acc" in logged[2]
    assert logged[-1] == "finish"


def test_wandb_missing_is_a_clear_import_error(monkeypatch):
    monkeypatch.setitem(sys.modules, "wandb", None)
    with pytest.raises(ImportError, match="pip install wandb"):
        paddle.callbacks.WandbCallback()


def test_callbacks_module_matches_paddle():
    import paddle.callbacks as cbs
    assert set(cbs.__all__) == {"Callback", "ProgBarLogger", "ModelCheckpoint", "VisualDL",
                                "LRScheduler", "EarlyStopping", "ReduceLROnPlateau",
                                "WandbCallback"}
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert paddle.callbacks.LRScheduler().by_step
