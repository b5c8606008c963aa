"""Shared fixtures: a seeded random generator (QED_PY_SEED replays a run)
and the repository's vector directory."""
import os
import random
from pathlib import Path

import pytest

SEED = int(os.environ.get("QED_PY_SEED") or random.SystemRandom().randrange(1 << 32))
REPO = Path(os.environ.get("QED_REPO") or Path(__file__).resolve().parents[2])
VECTORS = REPO / "tests" / "vectors"


def pytest_report_header(config):
    return f"QED_PY_SEED={SEED} (export it to replay this run)"


@pytest.fixture
def rng(request):
    return random.Random(f"{SEED}:{request.node.nodeid}")


def rbytes(rng: random.Random, n: int) -> bytes:
    return rng.getrandbits(8 * n).to_bytes(n, "little") if n else b""


def random_splits(rng: random.Random, data: bytes) -> list:
    """data cut at random points (empty pieces included)."""
    parts, i = [], 0
    while i < len(data):
        j = min(len(data), i + rng.choice([0, 1, 7, 64, 135, 168, 1000,
                                           len(data)]))
        parts.append(data[i:j])
        i = j
    return parts
