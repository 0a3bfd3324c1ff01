"""Record which Paddle 3.3 public names a source tree's `paddle` resolves, and to what objects, in
tests/fixtures/api/resolution.json.gz (tests/test_import_time.py checks that they still do).

    .venv/bin/python tools/make_api_resolution_fixture.py --src /path/to/checkout/src

Run it with our interpreter on a checkout of the commit to hold the tree to (the fixture in the
repository was made at b126f2d, before imports became lazy: a tree exported with
`git archive b126f2d | tar -x -C DIR`, then `--src DIR/src`)."""
from __future__ import annotations

import argparse
import gzip
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TSV = os.path.join(os.path.dirname(ROOT), "shared", "api", "paddle-3.3-api.tsv")
OUT = os.path.join(ROOT, "tests", "fixtures", "api", "resolution.json.gz")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--src", default=os.path.join(ROOT, "src"),
                        help="the src folder whose paddle is recorded")
    args = parser.parse_args()
    env = dict(os.environ, PYTHONPATH=os.path.abspath(args.src))
    out = subprocess.run([sys.executable, os.path.join(ROOT, "tests", "api_names.py"), TSV],
                         env=env, cwd="/", check=True, capture_output=True, text=True).stdout
    names = json.loads(out)
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with gzip.GzipFile(OUT, "wb", compresslevel=9, mtime=0) as handle:  # reproducible bytes
        handle.write(json.dumps(names, sort_keys=True).encode())
    print(f"wrote {OUT}: {len(names)} resolving names")


if __name__ == "__main__":
    main()
