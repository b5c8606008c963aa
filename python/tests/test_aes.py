"""qed.aes against pycryptodome and pyca/cryptography (OpenSSL): ECB, CBC,
CTR, GCM, chained calls, tampering and every error path."""
import pytest
from Crypto.Cipher import AES
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from conftest import random_splits, rbytes
from qed import aes, backend_name
from qed._qed import lib as _lib
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


BACKENDS = (None, "portable")


def test_backend_option():
    for mode, kw in ((aes.MODE_ECB, {}), (aes.MODE_CBC, {"iv": bytes(16)}),
                     (aes.MODE_CTR, {"nonce": bytes(8)}),
                     (aes.MODE_GCM, {"nonce": bytes(12)})):
        c = aes.new(bytes(16), mode, backend="portable", **kw)
        assert c.backend_name() == "portable"
        # every C call of the object goes to the portable build
        for f in aes._MODE_FUNCTIONS:
            assert getattr(c._fns, f) is \
                getattr(_lib, "qedpy_portable_aes_" + f), f
        assert aes.new(bytes(16), mode, **kw).backend_name() == \
            backend_name()
    for bad in ("fast", "avx512", "", "PORTABLE"):
        with pytest.raises(ValueError, match="unknown backend"):
            aes.new(bytes(16), aes.MODE_ECB, backend=bad)


def _cpu_has_aes() -> bool:
    try:
        with open("/proc/cpuinfo") as f:
            return any(ln.startswith("flags") and " aes" in ln for ln in f)
    except OSError:
        return False


def test_portable_path_taken():
    """The GHASH key tells which key set-up ran: the portable one leaves
    the hardware table (key.hw, 32 words of powers of H) zero, AES-NI and
    VAES fill it.  So a GCM object of backend='portable' shows that it ran
    the portable build even in a process that runs VAES."""
    for key in (bytes(16), bytes(range(32))):
        p = aes.new(key, aes.MODE_GCM, nonce=bytes(12), backend="portable")
        assert list(p._st.key.hw) == [0] * 32
        assert list(p._st.key.h) != [0, 0]
        d = aes.new(key, aes.MODE_GCM, nonce=bytes(12))
        assert list(d._st.key.h) == list(p._st.key.h)
        if backend_name() != "portable" and _cpu_has_aes():
            assert any(d._st.key.hw), "the process runs AES hardware"
        assert p.encrypt_and_digest(bytes(100)) == \
            d.encrypt_and_digest(bytes(100))


def test_both_backends_vs_pycryptodome(rng):
    """backend=None and backend='portable' in one process: the same bytes
    as pycryptodome in every mode, on lengths across the 4-, 8- and
    16-block paths of the hardware code."""
    for _ in range(60):
        key = _key(rng)
        m = rbytes(rng, 16 * rng.randrange(0, 40))
        iv, nonce = rbytes(rng, 16), rbytes(rng, rng.choice([8, 12, 13]))
        ad = rbytes(rng, rng.randrange(0, 40))
        ref_gcm = AES.new(key, AES.MODE_GCM, nonce=nonce).update(ad) \
            .encrypt_and_digest(m)
        for b in BACKENDS:
            assert aes.new(key, aes.MODE_ECB, backend=b).encrypt(m) == \
                AES.new(key, AES.MODE_ECB).encrypt(m)
            assert aes.new(key, aes.MODE_ECB, backend=b).decrypt(m) == \
                AES.new(key, AES.MODE_ECB).decrypt(m)
            assert aes.new(key, aes.MODE_CBC, iv=iv, backend=b).encrypt(m) \
                == AES.new(key, AES.MODE_CBC, iv=iv).encrypt(m)
            assert aes.new(key, aes.MODE_CBC, iv=iv, backend=b).decrypt(m) \
                == AES.new(key, AES.MODE_CBC, iv=iv).decrypt(m)
            t = m + rbytes(rng, rng.randrange(16))
            ctr = aes.new(key, aes.MODE_CTR, nonce=nonce[:8], backend=b)
            assert b"".join(ctr.encrypt(x) for x in random_splits(rng, t)) \
                == AES.new(key, AES.MODE_CTR, nonce=nonce[:8]).encrypt(t)
            g = aes.new(key, aes.MODE_GCM, nonce=nonce, backend=b).update(ad)
            assert g.encrypt_and_digest(m) == ref_gcm
            g = aes.new(key, aes.MODE_GCM, nonce=nonce, backend=b).update(ad)
            assert g.decrypt_and_verify(*ref_gcm) == m


def test_gcm_mac_len_vs_pycryptodome(rng):
    """Every tag length 4..16 against pycryptodome, both ways, on both
    backends; every flipped bit of a short tag, a tag one byte too short
    or too long, a changed ciphertext or AD, all refused."""
    for mac_len in range(4, 17):
        for _ in range(8):
            key, nonce = _key(rng), rbytes(rng, rng.choice([12, 12, 16, 1]))
            m = rbytes(rng, rng.randrange(0, 300))
            ad = rbytes(rng, rng.randrange(0, 50))
            c, tag = AES.new(key, AES.MODE_GCM, nonce=nonce,
                             mac_len=mac_len).update(ad).encrypt_and_digest(m)
            assert len(tag) == mac_len
            for b in BACKENDS:
                def ours():
                    return aes.new(key, aes.MODE_GCM, nonce=nonce,
                                   mac_len=mac_len, backend=b).update(ad)
                assert ours().encrypt_and_digest(m) == (c, tag)
                # split decryption, then verify
                d = ours()
                got = b"".join(d.decrypt(x) for x in random_splits(rng, c))
                d.verify(tag)
                assert got == m
                assert ours().decrypt_and_verify(c, tag) == m
                AES.new(key, AES.MODE_GCM, nonce=nonce, mac_len=mac_len) \
                    .update(ad).decrypt_and_verify(c, ours().encrypt_and_digest(m)[1])
                bit = rng.randrange(8 * mac_len)
                bad = bytearray(tag)
                bad[bit // 8] ^= 1 << (bit % 8)
                with pytest.raises(InvalidTag):
                    ours().decrypt_and_verify(c, bytes(bad))
                if c:
                    cc = bytearray(c)
                    cc[rng.randrange(len(cc))] ^= 1
                    with pytest.raises(InvalidTag):
                        ours().decrypt_and_verify(bytes(cc), tag)
                with pytest.raises(InvalidTag):
                    aes.new(key, aes.MODE_GCM, nonce=nonce, mac_len=mac_len,
                            backend=b).update(ad + b"x") \
                        .decrypt_and_verify(c, tag)
                for wrong in (tag[:-1], tag + b"\0", c[:0]):
                    with pytest.raises(ValueError, match="exactly"):
                        ours().decrypt_and_verify(c, wrong)
                    with pytest.raises(ValueError, match="exactly"):
                        ours().verify(wrong)
        # the full tag's prefix: a 16-byte tag cut to mac_len verifies
        key, nonce = _key(rng), rbytes(rng, 12)
        c, full = aes.new(key, aes.MODE_GCM, nonce=nonce) \
            .encrypt_and_digest(b"m" * 40)
        assert aes.new(key, aes.MODE_GCM, nonce=nonce, mac_len=mac_len) \
            .decrypt_and_verify(c, full[:mac_len]) == b"m" * 40


def test_gcm_short_tag_every_bit():
    key, nonce = bytes(range(16)), bytes(12)
    c, tag = aes.new(key, aes.MODE_GCM, nonce=nonce, mac_len=4) \
        .encrypt_and_digest(b"attack at dawn")
    for b in BACKENDS:
        for bit in range(32):
            bad = bytearray(tag)
            bad[bit // 8] ^= 1 << (bit % 8)
            with pytest.raises(InvalidTag):
                aes.new(key, aes.MODE_GCM, nonce=nonce, mac_len=4,
                        backend=b).decrypt_and_verify(c, bytes(bad))


def test_gcm_short_tag_state_rules():
    g = aes.new(bytes(16), aes.MODE_GCM, nonce=bytes(12), mac_len=8)
    assert g._shadow is not None
    g.update(b"ad")
    g.encrypt(b"x")
    assert g._shadow is None  # encrypting: the recomputation is dropped
    assert len(g.digest()) == 8 and g.digest() == g.digest()
    assert g.hexdigest() == g.digest().hex()
    with pytest.raises(TypeError):
        g.verify(bytes(8))
    d = aes.new(bytes(16), aes.MODE_GCM, nonce=bytes(12), mac_len=8)
    d.decrypt(b"x")
    with pytest.raises(TypeError):
        d.digest()
    e = aes.new(bytes(16), aes.MODE_GCM, nonce=bytes(12), mac_len=8)
    tag = e.digest()  # empty message and AD
    v = aes.new(bytes(16), aes.MODE_GCM, nonce=bytes(12), mac_len=8)
    v.hexverify(tag.hex())  # verify with no decrypt call at all
    with pytest.raises(TypeError, match="once"):
        v.verify(tag)
    for bad in (3, 17, 0, -1, 32):
        with pytest.raises(ValueError, match="mac_len"):
            aes.new(bytes(16), aes.MODE_GCM, mac_len=bad)
    for bad in ("8", 8.0, True, None):
        with pytest.raises(TypeError, match="mac_len"):
            aes.new(bytes(16), aes.MODE_GCM, mac_len=bad)
    with pytest.raises(TypeError):
        aes.new(bytes(16), aes.MODE_GCM, mac_len=8).verify("00" * 8)


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
    with pytest.raises(ValueError, match="range 4..16"):
        aes.new(bytes(16), aes.MODE_GCM, mac_len=17)
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
