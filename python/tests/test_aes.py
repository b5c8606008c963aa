"""qed.aes against pycryptodome and pyca/cryptography (OpenSSL): ECB, CBC,
CTR, GCM, chained calls, tampering and every error path."""
import pytest
from Crypto.Cipher import AES
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from conftest import random_splits, rbytes
from qed import aes, backend_name
from qed.exceptions import InvalidTag

N = 150


def _key(rng):
    return rbytes(rng, rng.choice(aes.key_size))


def test_ecb_cbc(rng):
    for _ in range(N):
        key, iv = _key(rng), rbytes(rng, 16)
        m = rbytes(rng, 16 * rng.randrange(0, 80))
        assert aes.new(key, aes.MODE_ECB).encrypt(m) == \
            AES.new(key, AES.MODE_ECB).encrypt(m)
        assert aes.new(key, aes.MODE_ECB).decrypt(m) == \
            AES.new(key, AES.MODE_ECB).decrypt(m)
        ref = Cipher(algorithms.AES(key), modes.CBC(iv)).encryptor()
        c = ref.update(m) + ref.finalize()
        ours = aes.new(key, aes.MODE_CBC, iv=iv)
        # chained calls, whole blocks each
        cut = 16 * rng.randrange(0, len(m) // 16 + 1)
        assert ours.encrypt(m[:cut]) + ours.encrypt(m[cut:]) == c
        assert aes.new(key, aes.MODE_CBC, iv=iv).decrypt(c) == m
        assert AES.new(key, AES.MODE_CBC, iv=iv).decrypt(c) == m


def test_ctr(rng):
    for _ in range(N):
        key = _key(rng)
        nonce = rbytes(rng, rng.choice([0, 4, 8, 12, 15]))
        width = 16 - len(nonce)
        iv0 = rng.randrange(0, min(1 << (8 * width), 1 << 40))
        room = 16 * ((1 << (8 * width)) - iv0)  # bytes before the wrap
        m = rbytes(rng, rng.randrange(0, min(3000, room) + 1))
        ref = AES.new(key, AES.MODE_CTR, nonce=nonce, initial_value=iv0) \
            .encrypt(m)
        ours = aes.new(key, aes.MODE_CTR, nonce=nonce, initial_value=iv0)
        got = b"".join(ours.encrypt(p) for p in random_splits(rng, m))
        assert got == ref
        assert aes.new(key, aes.MODE_CTR, nonce=nonce,
                       initial_value=iv0).decrypt(got) == m
        block = nonce + iv0.to_bytes(width, "big")
        enc = Cipher(algorithms.AES(key), modes.CTR(block)).encryptor()
        assert enc.update(m) + enc.finalize() == got


def test_ctr_overflow():
    c = aes.new(bytes(16), aes.MODE_CTR, nonce=bytes(15), initial_value=254)
    c.encrypt(bytes(32))  # counters 254 and 255
    with pytest.raises(OverflowError):
        c.encrypt(b"x")
    with pytest.raises(ValueError):
        aes.new(bytes(16), aes.MODE_CTR, nonce=bytes(15), initial_value=256)


def test_gcm(rng):
    for _ in range(N):
        key = _key(rng)
        nonce = rbytes(rng, rng.choice([12, 12, 8, 16, 60]))
        m = rbytes(rng, rng.randrange(0, 3000))
        ad = rbytes(rng, rng.randrange(0, 100))
        ref = AESGCM(key).encrypt(nonce, m, ad)
        ours = aes.new(key, aes.MODE_GCM, nonce=nonce)
        for p in random_splits(rng, ad):
            ours.update(p)
        c = b"".join(ours.encrypt(p) for p in random_splits(rng, m))
        assert c + ours.digest() == ref
        pc = AES.new(key, AES.MODE_GCM, nonce=nonce).update(ad) \
            .encrypt_and_digest(m)
        assert aes.new(key, aes.MODE_GCM, nonce=nonce).update(ad) \
            .encrypt_and_digest(m) == pc
        d = aes.new(key, aes.MODE_GCM, nonce=nonce)
        d.update(ad)
        assert d.decrypt_and_verify(ref[:-16], ref[-16:]) == m
        bad = bytearray(ref)
        bad[rng.randrange(len(bad))] ^= 1 << rng.randrange(8)
        d = aes.new(key, aes.MODE_GCM, nonce=nonce).update(ad)
        with pytest.raises(InvalidTag):
            d.decrypt_and_verify(bytes(bad[:-16]), bytes(bad[-16:]))
        with pytest.raises(ValueError):  # pycryptodome callers catch this
            aes.new(key, aes.MODE_GCM, nonce=nonce).update(ad + b"!") \
                .decrypt_and_verify(ref[:-16], ref[-16:])


def test_gcm_one_byte_nonce_vs_pycryptodome(rng):
    for _ in range(20):
        key, nonce, m = _key(rng), rbytes(rng, 1), rbytes(rng, 100)
        assert aes.new(key, aes.MODE_GCM, nonce=nonce).encrypt_and_digest(m) \
            == AES.new(key, AES.MODE_GCM, nonce=nonce).encrypt_and_digest(m)


def test_random_iv_and_nonce():
    k = bytes(16)
    a, b = aes.new(k, aes.MODE_CBC), aes.new(k, aes.MODE_CBC)
    assert len(a.iv) == 16 and a.iv != b.iv
    assert len(aes.new(k, aes.MODE_CTR).nonce) == 8
    assert len(aes.new(k, aes.MODE_GCM).nonce) == 16


def test_backend_option():
    if backend_name() == "portable":
        aes.new(bytes(16), aes.MODE_ECB, backend="portable")
    else:
        with pytest.raises(ValueError, match="QED_BACKEND=portable"):
            aes.new(bytes(16), aes.MODE_ECB, backend="portable")
    with pytest.raises(ValueError, match="unknown backend"):
        aes.new(bytes(16), aes.MODE_ECB, backend="fast")


def test_error_paths():
    with pytest.raises(ValueError, match="key length"):
        aes.new(bytes(17), aes.MODE_ECB)
    with pytest.raises(TypeError):
        aes.new("k" * 16, aes.MODE_ECB)
    with pytest.raises(ValueError, match="unsupported AES mode"):
        aes.new(bytes(16), 99)
    with pytest.raises(TypeError):
        aes.new(bytes(16), "ECB")
    with pytest.raises(ValueError, match="block boundary"):
        aes.new(bytes(16), aes.MODE_ECB).encrypt(bytes(15))
    with pytest.raises(ValueError, match="16 byte boundary"):
        aes.new(bytes(16), aes.MODE_CBC, iv=bytes(16)).encrypt(bytes(17))
    with pytest.raises(ValueError, match="exactly 16"):
        aes.new(bytes(16), aes.MODE_CBC, iv=bytes(8))
    with pytest.raises(TypeError):
        aes.new(bytes(16), aes.MODE_CBC, nonce=bytes(16))
    with pytest.raises(TypeError):
        aes.new(bytes(16), aes.MODE_ECB, iv=bytes(16))
    c = aes.new(bytes(16), aes.MODE_CBC, iv=bytes(16))
    c.encrypt(bytes(16))
    with pytest.raises(TypeError):
        c.decrypt(bytes(16))
    with pytest.raises(ValueError, match="at most 15"):
        aes.new(bytes(16), aes.MODE_CTR, nonce=bytes(16))
    with pytest.raises(ValueError):
        aes.new(bytes(16), aes.MODE_CTR, initial_value=-1)
    with pytest.raises(ValueError, match="empty"):
        aes.new(bytes(16), aes.MODE_GCM, nonce=b"")
    with pytest.raises(ValueError, match="16-byte"):
        aes.new(bytes(16), aes.MODE_GCM, mac_len=12)
    g = aes.new(bytes(16), aes.MODE_GCM, nonce=bytes(12))
    g.encrypt(b"x")
    with pytest.raises(TypeError):
        g.update(b"ad")
    with pytest.raises(TypeError):
        g.verify(bytes(16))
    g.digest()
    with pytest.raises(TypeError):
        g.encrypt(b"more")
    d = aes.new(bytes(16), aes.MODE_GCM, nonce=bytes(12))
    d.decrypt(b"x")
    with pytest.raises(TypeError):
        d.digest()
    with pytest.raises(ValueError, match="exactly 16"):
        d.verify(bytes(15))
