"""qed.aead.AsconAEAD128 against the official SP 800-232 KAT file, round
trips, and the rejection paths."""
import pytest

from conftest import VECTORS, rbytes
from qed.aead import AsconAEAD128
from qed.exceptions import InvalidTag


def _records():
    recs, rec = [], {}
    for line in (VECTORS / "ascon" / "LWC_AEAD_KAT_128_128.txt").read_text() \
            .splitlines():
        if "=" in line:
            k, _, v = line.partition("=")
            if k.strip() != "Count":
                rec[k.strip()] = bytes.fromhex(v.strip())
        elif rec:
            recs.append(rec)
            rec = {}
    if rec:
        recs.append(rec)
    return recs


def test_kat():
    recs = _records()
    assert len(recs) > 1000
    for r in recs:
        a = AsconAEAD128(r["Key"])
        assert a.encrypt(r["Nonce"], r["PT"], r["AD"]) == r["CT"]
        assert a.decrypt(r["Nonce"], r["CT"], r["AD"]) == r["PT"]


def test_tamper(rng):
    for _ in range(300):
        key, nonce = rbytes(rng, 16), rbytes(rng, 16)
        m, ad = rbytes(rng, rng.randrange(0, 200)), rbytes(rng, rng.randrange(0, 50))
        a = AsconAEAD128(key)
        c = a.encrypt(nonce, m, ad)
        assert a.decrypt(nonce, c, ad) == m
        bad = bytearray(c)
        bad[rng.randrange(len(bad))] ^= 1 << rng.randrange(8)
        with pytest.raises(InvalidTag):
            a.decrypt(nonce, bytes(bad), ad)
        with pytest.raises(InvalidTag):
            a.decrypt(nonce, c, ad + b"x")
    assert AsconAEAD128(bytes(16)).encrypt(bytes(16), b"m", None) == \
        AsconAEAD128(bytes(16)).encrypt(bytes(16), b"m", b"")


def test_errors():
    with pytest.raises(ValueError, match="exactly 16"):
        AsconAEAD128(bytes(15))
    with pytest.raises(TypeError):
        AsconAEAD128("k" * 16)
    a = AsconAEAD128(bytes(16))
    with pytest.raises(ValueError, match="exactly 16"):
        a.encrypt(bytes(12), b"", b"")
    with pytest.raises(TypeError):
        a.encrypt(bytes(16), "text", b"")
    with pytest.raises(InvalidTag):
        a.decrypt(bytes(16), bytes(15), b"")
    assert issubclass(InvalidTag, ValueError)
