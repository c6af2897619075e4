"""A real S3-compatible server for tests: moto's server mode as a subprocess on 127.0.0.1.

Use the session fixture `s3_server`: `.endpoint_url`, `.create_bucket(name)` (returns
"s3://name"), and `.storage_options` for fsspec/s3fs (`SnapshotStore(url, s3_server.storage_options)`).
Buckets are never deleted, so give each test its own bucket name (e.g. from `uuid4().hex`).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from dragon_bench.serving import free_port

__all__ = ["S3Server", "s3_server"]


@dataclass
class S3Server:
    """Where the moto server listens and how to reach it."""

    endpoint_url: str
    key: str = "testing"
    secret: str = "testing"
    buckets: list[str] = field(default_factory=list)

    @property
    def storage_options(self) -> dict[str, Any]:
        return {"key": self.key, "secret": self.secret, "endpoint_url": self.endpoint_url}

    def client(self) -> Any:
        import boto3

        return boto3.client(
            "s3",
            endpoint_url=self.endpoint_url,
            aws_access_key_id=self.key,
            aws_secret_access_key=self.secret,
            region_name="us-east-1",
        )

    def create_bucket(self, name: str) -> str:
        """Create the bucket (us-east-1: s3fs's mkdir sends a location moto refuses); return s3://name."""
        self.client().create_bucket(Bucket=name)
        self.buckets.append(name)
        return f"s3://{name}"


@pytest.fixture(scope="session")
def s3_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[S3Server]:
    """Start `moto_server` on a free loopback port for the session; skip if moto is absent."""
    exe = Path(sys.executable).with_name("moto_server")
    command = [str(exe)] if exe.exists() else [shutil.which("moto_server") or ""]
    if not command[0]:
        pytest.skip("moto_server is not installed (pip install 'moto[server]')")
    port = free_port()
    log = tmp_path_factory.mktemp("moto") / "moto.log"
    env = {**os.environ, "AWS_ACCESS_KEY_ID": "testing", "AWS_SECRET_ACCESS_KEY": "testing"}
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [*command, "-H", "127.0.0.1", "-p", str(port)], stdout=out, stderr=out, env=env
        )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(url + "/moto-api/", timeout=2).close()
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(
                        f"moto_server did not start: {log.read_text(errors='replace')[-2000:]}"
                    ) from None
                time.sleep(0.2)
        yield S3Server(endpoint_url=url)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
