"""RAG service under load: a fixed number of /v1/rag requests (500) sent by 50 client tasks on
loopback to `dragon rag-serve` as it runs by default (one request at a time, `--batch 1`) and
with its request queue (`--batch 32`, or `--batch N` here), measured in the same run.

The server is a separate process serving the baseline pipeline over a NEREL dev revision
(built with `dragon build` into a temporary hub unless `--hub` names one); the requests are
the revision's questions in turn, without candidates (the pipeline retrieves). Both sides
must give the same answers. Pairs run alternately; figures are medians.

    .venv/bin/python benchmarks/rag_service.py [--quick] [--hub HUB] [--runs N]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
NEREL_DEV = ROOT.parent / "shared" / "data" / "nerel" / "NEREL-v1.1" / "dev"


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT)}


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def questions(hub: str) -> list[str]:
    from dragon_bench.client.load import load

    return [q for _, q in sorted(load(hub=hub).questions.items()) if q.strip()]


async def load_test(url: str, asked: list[str], clients: int) -> tuple[list[float], list[Any]]:
    """Every request of `asked` sent by `clients` tasks taking the next one; latencies, answers."""
    latencies = [0.0] * len(asked)
    answers: list[Any] = [None] * len(asked)
    queue = iter(range(len(asked)))

    async def client(http: httpx.AsyncClient) -> None:
        for i in queue:
            body = {"query": {"qid": str(i), "text": asked[i]}}
            t = time.perf_counter()
            r = await http.post("/v1/rag", json=body)
            latencies[i] = time.perf_counter() - t
            r.raise_for_status()
            answers[i] = r.json()

    limits = httpx.Limits(max_connections=clients)
    async with httpx.AsyncClient(base_url=url, timeout=600, limits=limits) as http:
        await asyncio.gather(*(client(http) for _ in range(clients)))
    return latencies, answers


def serve_and_load(hub: str, batch: int, asked: list[str], clients: int) -> dict[str, Any]:
    port = _port()
    cmd = [sys.executable, "-m", "dragon_bench", "rag-serve", "--hub", hub, "--port", str(port)]
    cmd += ["--batch", str(batch), "--timeout", "600"]
    server = subprocess.Popen(cmd, env=_env(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(600):
            try:
                if httpx.get(url + "/healthz", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if server.poll() is not None:
                err = server.stderr.read().decode() if server.stderr else ""
                sys.exit(f"the server stopped: {err[-2000:]}")
            time.sleep(0.1)
        # one request loads the natasha models before the clock starts
        httpx.post(url + "/v1/rag", json={"query": asked[0]}, timeout=600).raise_for_status()
        t = time.perf_counter()
        latencies, answers = asyncio.run(load_test(url, asked, clients))
        wall = time.perf_counter() - t
    finally:
        server.terminate()
        server.wait(30)
    ordered = sorted(latencies)
    return {
        "requests_per_s": len(asked) / wall,
        "p50_s": statistics.median(ordered),
        "p99_s": ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))],
        "answers": answers,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="100 requests, 1 run a side")
    parser.add_argument("--hub", help="A hub with a revision (default: build NEREL dev)")
    parser.add_argument("--runs", type=int, default=0, help="Runs a side (default 3)")
    parser.add_argument("--requests", type=int, default=0, help="Requests a run (default 500)")
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--batch", type=int, default=32, help="The queued side's --batch")
    args = parser.parse_args()
    n = args.requests or (100 if args.quick else 500)
    runs = args.runs or (1 if args.quick else 3)
    with tempfile.TemporaryDirectory() as tmp:
        hub = args.hub
        if hub is None:
            if not NEREL_DEV.exists():
                sys.exit(f"no --hub and no NEREL dev data at {NEREL_DEV}")
            hub = str(Path(tmp) / "hub")
            build = [sys.executable, "-m", "dragon_bench", "build", "--corpus", str(NEREL_DEV)]
            subprocess.run(
                [*build, "--hub", hub, "--format", "json"],
                check=True,
                stdout=subprocess.DEVNULL,
                env=_env(),
            )
        pool = questions(hub)
        asked = [pool[i % len(pool)] for i in range(n)]
        pairs = []
        identical = True
        for _ in range(runs):
            single = serve_and_load(hub, 1, asked, args.clients)
            batched = serve_and_load(hub, args.batch, asked, args.clients)
            identical &= single.pop("answers") == batched.pop("answers")
            pairs.append((single, batched))
            print(
                f"{n} requests, {args.clients} clients: one at a time "
                f"{single['requests_per_s']:.1f} req/s (p50 {single['p50_s']:.2f} s, p99 "
                f"{single['p99_s']:.2f} s); batched {batched['requests_per_s']:.1f} req/s "
                f"(p50 {batched['p50_s']:.2f} s, p99 {batched['p99_s']:.2f} s)",
                file=sys.stderr,
            )

    def med(side: int, key: str) -> float:
        return round(statistics.median(p[side][key] for p in pairs), 3)

    figures = {
        # The service's default (`--batch 1`): on this workload the queue does not pay.
        "requests_per_s": med(0, "requests_per_s"),
        "p50_s": med(0, "p50_s"),
        "p99_s": med(0, "p99_s"),
        "batched_requests_per_s": med(1, "requests_per_s"),
        "batched_p50_s": med(1, "p50_s"),
        "batched_p99_s": med(1, "p99_s"),
        "batched_speedup": round(
            statistics.median(b["requests_per_s"] / s["requests_per_s"] for s, b in pairs), 2
        ),
        "identical": identical,
        "batch": args.batch,
        "requests": n,
        "clients": args.clients,
        "runs": runs,
        "cpus": os.cpu_count(),
        "machine": platform.machine(),
        "python": platform.python_version(),
    }
    print(json.dumps(figures))
    if not identical:
        sys.exit(1)


if __name__ == "__main__":
    main()
