"""The installation test: this run imports the package pip installed into
a fresh virtualenv (mk/python.mk), an abi3 wheel built from the
repository; and every backend the CPU has gives the same bytes."""
import importlib.metadata
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import qed
import qed.aead
import qed.aes
import qed.hashlib
import qed.public
import qed.rsa
import qed.secret
from conftest import REPO


def test_installed_not_source_tree():
    here = Path(qed.__file__).resolve()
    assert not str(here).startswith(str((REPO / "python").resolve())), here
    assert "site-packages" in here.parts


def test_installed_from_what_make_says():
    """make test-python installs the sdist archive into one virtualenv and
    the clone's python/ directory into another (QED_PY_INSTALL); pip's
    direct_url.json records which this one is."""
    kind = os.environ.get("QED_PY_INSTALL")
    if kind is None:
        pytest.skip("QED_PY_INSTALL not set (not run by make test-python)")
    url = json.loads(importlib.metadata.distribution("qed")
                     .read_text("direct_url.json") or "{}")
    if kind == "sdist":
        assert url["url"].endswith(".tar.gz") and "archive_info" in url, url
    else:
        assert url["url"].endswith("/python") and "dir_info" in url, url


def test_abi3_extension_and_wheel_tag():
    from qed import _qed
    assert ".abi3." in Path(_qed.__file__).name
    dist = importlib.metadata.distribution("qed")
    wheel = dist.read_text("WHEEL") or ""
    tags = [ln.split(":", 1)[1].strip() for ln in wheel.splitlines()
            if ln.startswith("Tag:")]
    assert tags and all(t.startswith("cp39-abi3-") for t in tags), tags
    assert dist.version == qed.__version__


def test_typed_and_documented():
    root = Path(qed.__file__).parent
    assert (root / "py.typed").exists()
    for mod in (qed, qed.aead, qed.aes, qed.hashlib, qed.public, qed.rsa,
                qed.secret):
        assert mod.__doc__
        for name in getattr(mod, "__all__", []):
            obj = getattr(mod, name)
            if callable(obj):
                assert obj.__doc__, f"{mod.__name__}.{name} has no docstring"


_PROBE = r"""
import json, sys, qed
from qed import hashlib as h, aes, secret
out = {"backend": qed.backend_name()}
m = bytes(range(256)) * 40
out["sha3"] = h.sha3_256(m).hexdigest()
out["kt128"] = h.kt128(m * 3).hexdigest(64)
out["ph"] = h.parallelhash_128(m, block_size=64).hexdigest()
out["ascon"] = h.ascon_hash256(m).hexdigest()
out["gcm"] = [x.hex() for x in aes.new(bytes(32), aes.MODE_GCM,
              nonce=bytes(12)).encrypt_and_digest(m)]
out["ctr"] = aes.new(bytes(16), aes.MODE_CTR, nonce=bytes(8)).encrypt(m).hex()
g = aes.new(bytes(32), aes.MODE_GCM, nonce=bytes(12), backend="portable",
            mac_len=12)
out["gcm_portable"] = [g.backend_name(), not any(g._st.key.hw)] + \
    [x.hex() for x in g.encrypt_and_digest(m)]
out["cbc_portable"] = aes.new(bytes(24), aes.MODE_CBC, iv=bytes(16),
                              backend="portable").encrypt(m).hex()
out["box"] = bytes(secret.SecretBox(bytes(32)).encrypt(m, bytes(24))).hex()
from qed import rsa
groups = json.load(open(sys.argv[1]))["testGroups"]
key = rsa.import_key([g for g in groups if g["sha"] == "SHA-256"][0]
                     ["privateKeyPem"])
sig = rsa.sign_pkcs1v15(key, m, "sha384")
rsa.verify_pss(key, m, rsa.sign_pss(key, m, "sha512", 0), "sha512", 0)
out["rsa"] = [sig.hex(), rsa.sign_pss(key, m, "sha256", 0).hex(),
              rsa.decrypt_oaep(key, rsa.encrypt_oaep(key, m[:100])).hex()]
print(json.dumps(out))
"""


def _probe(backend):
    env = dict(os.environ, QED_BACKEND=backend)
    keys = REPO / "tests" / "vectors" / "rsa" / "rsa_pkcs1_2048_sig_gen_test.json"
    r = subprocess.run([sys.executable, "-c", _PROBE, str(keys)], env=env,
                       capture_output=True, text=True, check=True)
    return json.loads(r.stdout)


def test_every_backend_same_bytes():
    results = {b: _probe(b) for b in ("portable", "avx2", "avx512")}
    assert results["portable"]["backend"] == "portable"
    # backend="portable" runs the portable build under every backend
    assert results["portable"]["gcm_portable"][:2] == ["portable", True]
    base = dict(results["portable"], backend=None)
    for b, r in results.items():
        assert dict(r, backend=None) == base, b
