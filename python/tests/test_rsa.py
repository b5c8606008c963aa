"""qed.rsa against pyca/cryptography (OpenSSL) and pycryptodome: keys
both ways in DER and PEM, signatures both ways, OAEP both ways, key
generation, and every error path (types, lengths, bad PEM and DER,
tampering, wrong hash, salt or label)."""
import base64
import sys
import threading
import time

import pytest
from Crypto.PublicKey import RSA as CryptoRSA
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding
from cryptography.hazmat.primitives.asymmetric import rsa as crsa

from conftest import rbytes
from qed import rsa
from qed.exceptions import BadSignatureError, CryptoError, DecryptionError

HASHES = {"sha256": hashes.SHA256, "sha384": hashes.SHA384,
          "sha512": hashes.SHA512}
# odd sizes too: a top byte with few bits, and 8-bit steps
SIZES = (1024, 1031, 1536, 2048, 2056, 3072)
HAS_PSS = hasattr(rsa, "sign_pss")
HAS_OAEP = hasattr(rsa, "encrypt_oaep")
HAS_GENERATE = hasattr(rsa, "generate")
needs_pss = pytest.mark.skipif(not HAS_PSS, reason="no qed_rsa_pss_* in C")
needs_oaep = pytest.mark.skipif(not HAS_OAEP,
                                reason="no qed_rsa_oaep_* in C")
needs_generate = pytest.mark.skipif(not HAS_GENERATE,
                                    reason="no qed_rsa_generate in C")


def _der(k, private=True):
    if private:
        return k.private_bytes(serialization.Encoding.DER,
                               serialization.PrivateFormat.TraditionalOpenSSL,
                               serialization.NoEncryption())
    return k.public_key().public_bytes(serialization.Encoding.DER,
                                       serialization.PublicFormat.PKCS1)


def _pem(k, private=True):
    if private:
        return k.private_bytes(serialization.Encoding.PEM,
                               serialization.PrivateFormat.TraditionalOpenSSL,
                               serialization.NoEncryption())
    return k.public_key().public_bytes(serialization.Encoding.PEM,
                                       serialization.PublicFormat.PKCS1)


@pytest.fixture(scope="module")
def keys():
    """(cryptography key, qed private key, qed public key) per size."""
    out = []
    for bits in SIZES:
        ck = crsa.generate_private_key(public_exponent=65537, key_size=bits)
        out.append((ck, rsa.import_key(_der(ck)),
                    rsa.import_key(_der(ck, False))))
    ck = crsa.generate_private_key(public_exponent=3, key_size=2048)
    out.append((ck, rsa.import_key(_der(ck)), rsa.import_key(_der(ck, False))))
    return out


def test_keys_both_ways(keys):
    for i, (ck, sk, pk) in enumerate(keys):
        nums = ck.private_numbers()
        assert sk.n == pk.n == nums.public_numbers.n
        assert sk.e == pk.e == nums.public_numbers.e
        assert sk.size_in_bits() == pk.size_in_bits() == ck.key_size
        assert sk.size_in_bytes() == (ck.key_size + 7) // 8
        assert sk.has_private() and not pk.has_private()
        assert sk.public_key() == pk and sk != pk and pk == pk.public_key()
        assert hash(sk.public_key()) == hash(pk)
        assert "private" in repr(sk) and str(ck.key_size) in repr(pk)
        # ours -> theirs and theirs -> ours, DER and PEM, byte for byte
        assert sk.export_key("DER") == _der(ck)
        assert pk.export_key(format="DER") == _der(ck, False)
        assert sk.export_key() == sk.export_key("PEM") == _pem(ck)
        assert pk.export_key("PEM") == _pem(ck, False)
        assert rsa.import_key(_pem(ck)) == sk
        assert rsa.import_key(_pem(ck).decode()) == sk  # str PEM
        assert rsa.import_key(_pem(ck, False)) == pk
        assert rsa.import_key(bytearray(_der(ck, False))) == pk
        assert rsa.import_key(memoryview(_der(ck))) == sk
        back = serialization.load_der_private_key(sk.export_key("DER"), None)
        assert back.private_numbers() == nums
        back = serialization.load_pem_private_key(sk.export_key("PEM"), None)
        assert back.private_numbers() == nums
        assert serialization.load_pem_public_key(pk.export_key()) \
            .public_numbers() == nums.public_numbers
        assert serialization.load_der_public_key(pk.export_key("DER")) \
            .public_numbers() == nums.public_numbers
        # pycryptodome reads them too and writes the same PKCS #1 PEM (on
        # two sizes: its import tests the primes, which is slow)
        if i >= 2:
            continue
        ck2 = CryptoRSA.import_key(sk.export_key())
        assert (ck2.n, ck2.e, ck2.d) == (nums.public_numbers.n,
                                          nums.public_numbers.e, nums.d)
        assert ck2.export_key("PEM", pkcs=1) + b"\n" == sk.export_key()
        assert ck2.public_key().export_key("DER") != pk.export_key("DER")
        assert rsa.importKey(ck2.export_key("DER", pkcs=1)) == sk


def test_pkcs1v15_both_ways(keys, rng):
    for ck, sk, pk in keys:
        for name, h in HASHES.items():
            for _ in range(3):
                m = rbytes(rng, rng.randrange(0, 300))
                sig = rsa.sign_pkcs1v15(sk, m, hash=name)
                assert len(sig) == sk.size_in_bytes()
                # deterministic: the same bytes as OpenSSL
                assert sig == ck.sign(m, padding.PKCS1v15(), h())
                ck.public_key().verify(sig, m, padding.PKCS1v15(), h())
                theirs = ck.sign(m + b"!", padding.PKCS1v15(), h())
                rsa.verify_pkcs1v15(pk, m + b"!", theirs, hash=name)
                rsa.verify_pkcs1v15(sk, m + b"!", theirs, name)
                bad = bytearray(sig)
                bit = rng.randrange(8 * len(bad))
                bad[bit // 8] ^= 1 << (bit % 8)
                with pytest.raises(BadSignatureError):
                    rsa.verify_pkcs1v15(pk, m, bytes(bad), hash=name)
                with pytest.raises(BadSignatureError):
                    rsa.verify_pkcs1v15(pk, m + b"x", sig, hash=name)
                other = "sha512" if name != "sha512" else "sha256"
                with pytest.raises(BadSignatureError):
                    rsa.verify_pkcs1v15(pk, m, sig, hash=other)
    assert rsa.sign_pkcs1v15(keys[0][1], b"m", hash="SHA-256") == \
        rsa.sign_pkcs1v15(keys[0][1], b"m")


def _pss(h, salt):
    return padding.PSS(mgf=padding.MGF1(h()), salt_length=salt)


@needs_pss
def test_pss_both_ways(keys, rng):
    for ck, sk, pk in keys:
        for name, h in HASHES.items():
            hlen = h.digest_size
            em = (sk.size_in_bits() - 1 + 7) // 8
            for salt in (None, 0, 20, em - hlen - 2):
                s = hlen if salt is None else salt
                if s > em - hlen - 2:  # 1024 bits with SHA-512
                    with pytest.raises(ValueError, match="salt_len"):
                        rsa.sign_pss(sk, b"m", name, salt)
                    continue
                m = rbytes(rng, rng.randrange(0, 200))
                sig = rsa.sign_pss(sk, m, hash=name, salt_len=salt)
                assert len(sig) == sk.size_in_bytes()
                ck.public_key().verify(sig, m, _pss(h, s), h())
                if s:  # a random salt: two signatures differ
                    assert rsa.sign_pss(sk, m, name, salt) != sig
                theirs = ck.sign(m, _pss(h, s), h())
                rsa.verify_pss(pk, m, theirs, hash=name, salt_len=salt)
                with pytest.raises(BadSignatureError):
                    rsa.verify_pss(pk, m + b"x", theirs, name, salt)
                bad = bytearray(theirs)
                bad[rng.randrange(len(bad))] ^= 1 << rng.randrange(8)
                with pytest.raises(BadSignatureError):
                    rsa.verify_pss(pk, m, bytes(bad), name, salt)
                with pytest.raises(BadSignatureError):  # another salt length
                    rsa.verify_pss(pk, m, theirs, name, s + 1 if s < 20
                                   else s - 1)
                with pytest.raises(BadSignatureError):  # not PKCS#1 v1.5
                    rsa.verify_pkcs1v15(pk, m, theirs, name)
            with pytest.raises(ValueError, match="salt_len"):
                rsa.sign_pss(sk, b"m", name, em - hlen - 1)
            with pytest.raises(ValueError, match="salt_len"):
                rsa.verify_pss(pk, b"m", bytes(sk.size_in_bytes()), name,
                               em - hlen - 1)


@needs_oaep
def test_oaep_both_ways(keys, rng):
    for ck, sk, pk in keys:
        k = sk.size_in_bytes()
        for name, h in HASHES.items():
            top = k - 2 * h.digest_size - 2
            if top < 0:  # 1024 bits with SHA-512
                with pytest.raises(ValueError, match="too long"):
                    rsa.encrypt_oaep(pk, b"", name)
                continue
            for mlen in (0, rng.randrange(1, top + 1), top):
                m, label = rbytes(rng, mlen), rbytes(rng, rng.choice([0, 9]))
                ref = padding.OAEP(mgf=padding.MGF1(h()), algorithm=h(),
                                   label=label or None)
                c = rsa.encrypt_oaep(pk, m, hash=name, label=label)
                assert len(c) == k
                assert rsa.encrypt_oaep(pk, m, name, label) != c  # random
                assert ck.decrypt(c, ref) == m
                c2 = ck.public_key().encrypt(m, ref)
                assert rsa.decrypt_oaep(sk, c2, hash=name, label=label) == m
                with pytest.raises(DecryptionError) as e1:
                    rsa.decrypt_oaep(sk, c2, name, label + b"x")
                other = "sha384" if name != "sha384" else "sha256"
                with pytest.raises(DecryptionError) as e2:
                    rsa.decrypt_oaep(sk, c2, other, label)
                bad = bytearray(c2)
                bad[rng.randrange(k)] ^= 1 << rng.randrange(8)
                with pytest.raises(DecryptionError) as e3:
                    rsa.decrypt_oaep(sk, bytes(bad), name, label)
                # one message whatever failed: no padding oracle in it
                assert str(e1.value) == str(e2.value) == str(e3.value) == \
                    "Decryption failed"
            with pytest.raises(ValueError, match="too long"):
                rsa.encrypt_oaep(pk, bytes(top + 1), name)


@needs_oaep
def test_oaep_rejects_every_malformed_block(keys):
    """Raw RSA on crafted blocks: a wrong first byte, a wrong label hash,
    no 0x01 separator, n itself and above: one error for all."""
    ck, sk, pk = keys[3]
    n, k = pk.n, pk.size_in_bytes()
    d = ck.private_numbers().d
    raw = [b"\x01" + bytes(k - 1), bytes(k), b"\x00" + b"\xff" * (k - 1)]
    msgs = set()
    for block in raw:
        c = pow(int.from_bytes(block, "big"), pk.e, n).to_bytes(k, "big")
        assert pow(int.from_bytes(c, "big"), d, n) == \
            int.from_bytes(block, "big")
        with pytest.raises(DecryptionError) as e:
            rsa.decrypt_oaep(sk, c)
        msgs.add(str(e.value))
    for c in (n.to_bytes(k, "big"), (n + 1).to_bytes(k, "big"), b"\xff" * k):
        with pytest.raises(DecryptionError) as e:
            rsa.decrypt_oaep(sk, c)
        msgs.add(str(e.value))
    assert msgs == {"Decryption failed"}


@needs_generate
def test_generate():
    for bits in (1024, 2048):
        key = rsa.generate(bits)
        assert key.size_in_bits() == bits and key.e == 65537
        assert key.has_private()
        ck = serialization.load_der_private_key(key.export_key("DER"), None)
        assert ck.key_size == bits  # OpenSSL's checks of the numbers
        nums = ck.private_numbers()
        assert nums.p * nums.q == key.n and nums.p != nums.q
        assert rsa.import_key(key.export_key()) == key
        m = b"generated"
        ck.public_key().verify(rsa.sign_pkcs1v15(key, m), m,
                               padding.PKCS1v15(), hashes.SHA256())
    assert rsa.generate(1024) != rsa.generate(1024)
    for bad in (1023, 1025, 512, 8194, 0, -2048):
        with pytest.raises(ValueError, match="bits"):
            rsa.generate(bad)
    for bad in ("2048", 2048.0, None, True):
        with pytest.raises(TypeError):
            rsa.generate(bad)
    with pytest.raises(ValueError, match="65537"):
        rsa.generate(2048, e=3)


def _armor(body: str, label="RSA PRIVATE KEY", eol="\n"):
    return (f"-----BEGIN {label}-----{eol}{body}{eol}"
            f"-----END {label}-----{eol}").encode()


def test_bad_pem(keys):
    ck, sk, pk = keys[0]
    good = sk.export_key().decode()
    lines = good.split("\n")
    body = lines[1:-2]
    b64 = "".join(body)
    assert rsa.import_key(good) == sk
    assert rsa.import_key(good.rstrip("\n")) == sk  # final newline optional
    assert rsa.import_key(good.replace("\n", "\r\n")) == sk
    bad = {
        "leading text": "Bag Attributes\n" + good,
        "leading space": " " + good,
        "trailing junk": good + "junk\n",
        "trailing newline twice": good + "\n",
        "second block": good + good,
        "trailing space": good.rstrip("\n") + " \n",
        "mixed line ends": good.replace("\n", "\r\n", 1),
        "stray CR": good.replace("\n", "\n\r", 1),
        "wrong end label": good.replace("END RSA PRIVATE", "END RSA PUBLIC"),
        "public label on a private key": good.replace("PRIVATE", "PUBLIC"),
        "lower case armor": good.replace("BEGIN", "begin"),
        "four dashes": good.replace("-----BEGIN", "----BEGIN"),
        "no end": "\n".join(lines[:-2]) + "\n",
        "empty body": _armor("").decode(),
        "blank line": good.replace("\n", "\n\n", 2),
        "headers": "\n".join([lines[0], "Proc-Type: 4,ENCRYPTED",
                              "DEK-Info: AES-128-CBC,00", ""] + lines[1:]),
        "short line": _armor("\n".join([b64[:60], b64[60:]])).decode(),
        "long line": _armor("\n".join([b64[:68], b64[68:]])).decode(),
        "one line": _armor(b64).decode(),
        "space in base64": _armor("\n".join([body[0][:10] + " " +
                                             body[0][11:]] + body[1:])
                                  ).decode(),
        "bad character": _armor("\n".join(["!" + body[0][1:]] + body[1:])
                                ).decode(),
        "missing padding": _armor("\n".join(body)[:-1]).decode()
        if b64.endswith("=") else _armor("\n".join(body) + "=").decode(),
        "tab": good.replace("\n", "\t\n", 1),
        "non-ascii": good.replace("A", "\u00c4", 1),
    }
    for what, text in bad.items():
        for form in (text, text.encode("utf-8")):
            with pytest.raises(ValueError):
                rsa.import_key(form)
    # the PEM of other formats: refused with a message naming PKCS #1
    for fmt, label in ((serialization.PrivateFormat.PKCS8, "PRIVATE KEY"),):
        pem = ck.private_bytes(serialization.Encoding.PEM, fmt,
                               serialization.NoEncryption())
        with pytest.raises(ValueError, match="PKCS #1"):
            rsa.import_key(pem)
    spki = ck.public_key().public_bytes(
        serialization.Encoding.PEM,
        serialization.PublicFormat.SubjectPublicKeyInfo)
    with pytest.raises(ValueError, match="PKCS #1"):
        rsa.import_key(spki)
    enc_pem = ck.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.TraditionalOpenSSL,
        serialization.BestAvailableEncryption(b"pw"))
    with pytest.raises(ValueError, match="headers"):
        rsa.import_key(enc_pem)
    with pytest.raises(ValueError, match="PEM text"):
        rsa.import_key(sk.export_key("DER").hex())
    with pytest.raises(ValueError):
        rsa.import_key("-----BEGIN")


def test_pem_base64_is_canonical():
    from qed import _pem
    assert _pem.decode(_armor("QQ=="), "RSA PRIVATE KEY") == b"A"
    assert _pem.decode(_armor("QUI="), "RSA PRIVATE KEY") == b"AB"
    for body in ("QR==", "QUJ=", "QQ", "QQ=", "Q===", "QQ==QQ==", "=QQ="):
        with pytest.raises(ValueError, match="canonical|base64"):
            _pem.decode(_armor(body), "RSA PRIVATE KEY")
    assert _pem.encode(b"A" * 48, "X") == \
        b"-----BEGIN X-----\n" + b"QUFB" * 16 + b"\n-----END X-----\n"
    assert _pem.decode(_pem.encode(b"A" * 49, "X"), "X") == b"A" * 49
    with pytest.raises(ValueError, match="BEGIN"):
        _pem.label_of(b"-----END X-----\n")


def test_bad_der(keys, rng):
    ck, sk, pk = keys[0]
    for der in (sk.export_key("DER"), pk.export_key("DER")):
        for cut in sorted({0, 1, 2, 3, len(der) - 1} |
                          {rng.randrange(len(der)) for _ in range(20)}):
            with pytest.raises(ValueError, match="PKCS #1"):
                rsa.import_key(der[:cut])
        with pytest.raises(ValueError):
            rsa.import_key(der + b"\x00")
        with pytest.raises(ValueError):
            rsa.import_key(b"\x00" + der)
    for other in (ck.private_bytes(serialization.Encoding.DER,
                                   serialization.PrivateFormat.PKCS8,
                                   serialization.NoEncryption()),
                  ck.public_key().public_bytes(
                      serialization.Encoding.DER,
                      serialization.PublicFormat.SubjectPublicKeyInfo)):
        with pytest.raises(ValueError):
            rsa.import_key(other)
    # a private key whose numbers do not agree (p changed): refused
    nums = ck.private_numbers()
    der = bytearray(sk.export_key("DER"))
    p = nums.p.to_bytes((nums.p.bit_length() + 7) // 8, "big")
    i = bytes(der).index(p)
    der[i + len(p) - 1] ^= 2
    with pytest.raises(ValueError, match="RSA key"):
        rsa.import_key(bytes(der))
    # public numbers qed refuses: a 512-bit or 8200-bit n, an even n,
    # e < 3, an even e, e >= n
    n = nums.public_numbers.n
    assert rsa.import_key(_pub_der(n, 65537)) == pk
    for bad_n, bad_e in ((nums.p, 65537), (n ** 9 | 1, 65537),
                         (n + 1, 65537), (n, 1), (n, 2), (n, 65536),
                         (n, n), (n, n + 2)):
        with pytest.raises(ValueError, match="PKCS #1"):
            rsa.import_key(_pub_der(bad_n, bad_e))


def _pub_der(n: int, e: int) -> bytes:
    """RSAPublicKey DER of any numbers (written here: OpenSSL and
    pycryptodome refuse to encode some of them)."""
    def integer(x):
        b = x.to_bytes(x.bit_length() // 8 + 1, "big")
        return b"\x02" + _len(len(b)) + b

    body = integer(n) + integer(e)
    return b"\x30" + _len(len(body)) + body


def _len(n: int) -> bytes:
    if n < 128:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b


def test_error_paths(keys):
    ck, sk, pk = keys[0]
    k = sk.size_in_bytes()
    sig = rsa.sign_pkcs1v15(sk, b"m")
    for bad_key in (None, b"key", ck, 3):
        with pytest.raises(TypeError, match="RsaKey"):
            rsa.sign_pkcs1v15(bad_key, b"m")
        with pytest.raises(TypeError, match="RsaKey"):
            rsa.verify_pkcs1v15(bad_key, b"m", sig)
    with pytest.raises(TypeError, match="public key"):
        rsa.sign_pkcs1v15(pk, b"m")
    with pytest.raises(TypeError):
        rsa.sign_pkcs1v15(sk, "m")
    with pytest.raises(TypeError):
        rsa.verify_pkcs1v15(pk, b"m", sig.hex())
    with pytest.raises(TypeError):
        rsa.verify_pkcs1v15(pk, 5, sig)
    for h in ("sha1", "md5", "sha3_256", "", "sha-1"):
        with pytest.raises(ValueError, match="unsupported hash"):
            rsa.sign_pkcs1v15(sk, b"m", hash=h)
        with pytest.raises(ValueError, match="unsupported hash"):
            rsa.verify_pkcs1v15(pk, b"m", sig, hash=h)
    for h in (None, 256, hashes.SHA256()):
        with pytest.raises(TypeError, match="hash"):
            rsa.sign_pkcs1v15(sk, b"m", hash=h)
    for n in (0, k - 1, k + 1, 2 * k):
        with pytest.raises(BadSignatureError, match="bytes long"):
            rsa.verify_pkcs1v15(pk, b"m", bytes(n))
    with pytest.raises(ValueError):  # pycryptodome callers catch this
        rsa.verify_pkcs1v15(pk, b"m", bytes(k))
    assert issubclass(BadSignatureError, CryptoError)
    assert issubclass(DecryptionError, ValueError)
    for fmt in ("pem", "OpenSSH", "PKCS8", ""):
        with pytest.raises(ValueError, match="format"):
            sk.export_key(fmt)
    with pytest.raises(TypeError):
        sk.export_key(1)
    for bad in (None, 5, ["k"]):
        with pytest.raises(TypeError):
            rsa.import_key(bad)
    assert sk.__eq__("key") is NotImplemented
    if HAS_PSS:
        with pytest.raises(TypeError, match="public key"):
            rsa.sign_pss(pk, b"m")
        with pytest.raises(ValueError, match="salt_len"):
            rsa.sign_pss(sk, b"m", salt_len=-1)
        with pytest.raises(TypeError, match="salt_len"):
            rsa.sign_pss(sk, b"m", salt_len="20")
        with pytest.raises(BadSignatureError, match="bytes long"):
            rsa.verify_pss(pk, b"m", bytes(k - 1))
        with pytest.raises(ValueError, match="unsupported hash"):
            rsa.verify_pss(pk, b"m", bytes(k), hash="sha224")
    if HAS_OAEP:
        c = rsa.encrypt_oaep(pk, b"m")
        with pytest.raises(TypeError, match="public key"):
            rsa.decrypt_oaep(pk, c)
        for n in (0, k - 1, k + 1):
            with pytest.raises(ValueError, match="incorrect length") as e:
                rsa.decrypt_oaep(sk, bytes(n))
            assert not isinstance(e.value, DecryptionError)
        with pytest.raises(TypeError):
            rsa.encrypt_oaep(pk, "m")
        with pytest.raises(TypeError):
            rsa.encrypt_oaep(pk, b"m", label="l")
        with pytest.raises(TypeError):
            rsa.decrypt_oaep(sk, c, label=None)
        with pytest.raises(ValueError, match="unsupported hash"):
            rsa.encrypt_oaep(pk, b"m", hash="sha1")


@pytest.mark.parametrize("op", ["sign_pkcs1v15", "sign_pss",
                                "decrypt_oaep", "generate"])
def test_long_calls_release_the_gil(keys, op):
    """cffi drops the GIL around each C call.  With the switch interval at
    5 s, Python switches threads only when the GIL is released: a second
    thread, woken just before the private operations start, can count only
    if one of those C calls released the GIL (the count is read right after
    each call, before anything else could release it).  Up to 50 calls, in
    case the operating system is slow to schedule the second thread."""
    if not hasattr(rsa, op):
        pytest.skip(f"no {op} in this build")
    ck, sk, pk = keys[-2]  # 3072 bits: tens of milliseconds in C
    ct = rsa.encrypt_oaep(pk, b"m") if op == "decrypt_oaep" else None
    call = {"sign_pkcs1v15": lambda: rsa.sign_pkcs1v15(sk, b"m"),
            "sign_pss": lambda: rsa.sign_pss(sk, b"m"),
            "decrypt_oaep": lambda: rsa.decrypt_oaep(sk, ct),
            "generate": lambda: rsa.generate(1024)}[op]
    count, go = [0], threading.Event()

    def spin():
        go.wait()
        end = time.perf_counter() + 0.2
        while time.perf_counter() < end:
            count[0] += 1

    old = sys.getswitchinterval()
    t = threading.Thread(target=spin)
    t.start()
    try:
        sys.setswitchinterval(5.0)
        go.set()  # the spinner now waits for the GIL
        for _ in range(50):
            call()
            moved = count[0]
            if moved:
                break
    finally:
        sys.setswitchinterval(old)
        t.join()
    assert moved > 0
