"""Scalar logs as TensorBoard event files, written without TensorFlow, protobuf or VisualDL.

File: `<logdir>/events.out.tfevents.<unix seconds>.<hostname>`, a sequence of TFRecord-framed
records. Each record is

    uint64 length (little-endian)
    uint32 masked_crc32c(the 8 length bytes)
    bytes  data (length bytes): one serialized `Event` protobuf message
    uint32 masked_crc32c(data)

where crc32c is the CRC-32C (Castagnoli, reflected polynomial 0x82F63B78) and
masked_crc(x) = ((crc >> 15 | crc << 17) + 0xA282EAD8) mod 2**32.

The messages (tensorflow/core/util/event.proto, summary.proto), in protobuf wire format:

    Event   { double wall_time = 1; int64 step = 2;
              oneof what { string file_version = 3; Summary summary = 5; } }
    Summary { repeated Value value = 1; }
    Value   { string tag = 1; float simple_value = 2; }

The first record carries file_version "brain.Event:2"; each scalar is one Event with a
one-Value Summary. TensorBoard and VisualDL's TensorBoard import read these files.
"""
from __future__ import annotations

import os
import socket
import struct
import time


def _crc_table() -> list:
    table = []
    for byte in range(256):
        crc = byte
        for _ in range(8):
            crc = (crc >> 1) ^ 0x82F63B78 if crc & 1 else crc >> 1
        table.append(crc)
    return table


_CRC_TABLE = _crc_table()


def crc32c(data: bytes) -> int:
    """CRC-32C of `data` (crc32c(b"123456789") == 0xE3069283)."""
    crc = 0xFFFFFFFF
    for byte in data:
        crc = _CRC_TABLE[(crc ^ byte) & 0xFF] ^ (crc >> 8)
    return crc ^ 0xFFFFFFFF


def masked_crc32c(data: bytes) -> int:
    crc = crc32c(data)
    return (((crc >> 15) | (crc << 17)) + 0xA282EAD8) & 0xFFFFFFFF


def _varint(value: int) -> bytes:
    value &= (1 << 64) - 1  # negative int64s take ten bytes, two's complement
    out = bytearray()
    while True:
        low = value & 0x7F
        value >>= 7
        if value:
            out.append(low | 0x80)
        else:
            out.append(low)
            return bytes(out)


def _length_delimited(field: int, payload: bytes) -> bytes:
    return _varint(field << 3 | 2) + _varint(len(payload)) + payload


def scalar_summary(tag: str, value: float) -> bytes:
    """A serialized Summary holding one simple_value."""
    value_msg = _length_delimited(1, tag.encode("utf-8")) + b"\x15" + struct.pack("<f", value)
    return _length_delimited(1, value_msg)


def event(wall_time: float, step: int, file_version=None, summary=None) -> bytes:
    """A serialized Event with either a file_version or a summary."""
    out = b"\x09" + struct.pack("<d", wall_time) + b"\x10" + _varint(int(step))
    if file_version is not None:
        out += _length_delimited(3, file_version.encode("utf-8"))
    if summary is not None:
        out += _length_delimited(5, summary)
    return out


def frame(record: bytes) -> bytes:
    """One TFRecord: length, its masked CRC, the data, the data's masked CRC."""
    length = struct.pack("<Q", len(record))
    return (length + struct.pack("<I", masked_crc32c(length)) + record
            + struct.pack("<I", masked_crc32c(record)))


class EventFileWriter:
    """Writes scalars to a new TensorBoard event file under `logdir` (the subset of
    visualdl.LogWriter that the VisualDL callback uses).

    Example:
        >>> import tempfile
        >>> from paddle.hapi.event_file import EventFileWriter
        >>> writer = EventFileWriter(tempfile.mkdtemp())
        >>> writer.add_scalar(tag="train/loss", value=0.5, step=1)
        >>> writer.close()
    """

    def __init__(self, logdir, filename_suffix=""):
        os.makedirs(logdir, exist_ok=True)
        name = f"events.out.tfevents.{int(time.time()):010d}.{socket.gethostname()}"
        self.file_name = os.path.join(logdir, name + filename_suffix)
        self._file = open(self.file_name, "ab")  # noqa: SIM115 - held open until close()
        self._file.write(frame(event(time.time(), 0, file_version="brain.Event:2")))
        self._file.flush()

    def add_scalar(self, tag, value, step, walltime=None) -> None:
        """Record `value` for `tag` at `step`."""
        wall_time = time.time() if walltime is None else float(walltime)
        record = event(wall_time, step, summary=scalar_summary(tag, float(value)))
        self._file.write(frame(record))

    def flush(self) -> None:
        self._file.flush()

    def close(self) -> None:
        if not self._file.closed:
            self._file.close()
