"""RSA (PKCS #1 v2.2) over qed's proven C (qed/rsa.h), with keys shaped
like pycryptodome's RsaKey.

    key = rsa.generate(3072)
    pem = key.export_key()                       # "RSA PRIVATE KEY" PEM
    pub = rsa.import_key(key.public_key().export_key(format="DER"))
    sig = rsa.sign_pss(key, b"msg", hash="sha256")
    rsa.verify_pss(pub, b"msg", sig, hash="sha256")  # or BadSignatureError
    ct = rsa.encrypt_oaep(pub, b"secret", label=b"ctx")
    rsa.decrypt_oaep(key, ct, label=b"ctx")      # or DecryptionError

Keys: PKCS #1 only (RSAPublicKey, RSAPrivateKey), in DER or in PEM with
the labels "RSA PUBLIC KEY" / "RSA PRIVATE KEY", both read strictly (the
C reader refuses non-minimal DER, trailing bytes and inconsistent private
keys; qed._pem refuses anything but canonical armor).  Moduli of 1024 to
8192 bits, two primes.

Hashes by name: "sha256", "sha384" or "sha512" (MGF1 uses the same one).

Errors, in the style of PyNaCl and pycryptodome: verify_* return None or
raise qed.exceptions.BadSignatureError (a ValueError too, as
pycryptodome's verify raises); decrypt_oaep raises
qed.exceptions.DecryptionError (a ValueError) with one message whatever
went wrong inside the ciphertext (the C decoder decides in constant time
and says only -1), so the error is no padding oracle.  Wrong types raise
TypeError and wrong lengths or parameters ValueError, before the C call.

The private operation (CRT, blinding, constant-time exponentiation,
checked before release) runs in C with the GIL released, as every call
through cffi does, so sign, decrypt and generate let other threads run.
Private keys are wiped from memory when their object is collected.
"""
from typing import Optional, Union

from . import _pem
from ._qed import ffi, lib
from ._util import BytesLike, as_bytes, length
from .exceptions import BadSignatureError, DecryptionError

__all__ = ["RsaKey", "import_key", "sign_pkcs1v15", "verify_pkcs1v15"]

MIN_BITS = lib.QED_RSA_MIN_BITS
MAX_BITS = lib.QED_RSA_MAX_BITS

_HASHES = {"sha256": (lib.QED_HASH_SHA256, 32),
           "sha384": (lib.QED_HASH_SHA384, 48),
           "sha512": (lib.QED_HASH_SHA512, 64)}

_PUBLIC_LABEL = "RSA PUBLIC KEY"
_PRIVATE_LABEL = "RSA PRIVATE KEY"


def _hash(name: str):
    """(C id, digest length) of a hash name: sha256, sha384, sha512 (case
    and a '-' after 'sha' ignored)."""
    if not isinstance(name, str):
        raise TypeError(f"hash must be a name (str) such as 'sha256', got "
                        f"{type(name).__name__}")
    key = name.lower().replace("sha-", "sha")
    if key not in _HASHES:
        raise ValueError(f"unsupported hash {name!r}: 'sha256', 'sha384' "
                         "or 'sha512'")
    return _HASHES[key]


def _wipe_private(sk) -> None:
    lib.qed_zeroize(ffi.cast("uint8_t *", sk), ffi.sizeof("qed_rsa_private_key"))


def _new_private():
    return ffi.gc(ffi.new("qed_rsa_private_key *"), _wipe_private)


def _bn_int(x) -> int:
    size = (lib.qed_bn_bits(x) + 7) // 8
    buf = ffi.new("uint8_t[]", max(size, 1))
    if lib.qed_bn_to_bytes(buf, size, x) != 0:  # pragma: no cover
        raise ValueError("qed_bn_to_bytes refused")
    return int.from_bytes(ffi.buffer(buf, size), "big")


class RsaKey:
    """An RSA public or private key (pycryptodome's RsaKey where it is
    natural: n, e, size_in_bits(), size_in_bytes(), has_private(),
    public_key(), export_key(), ==).  Made by generate() or
    import_key(); the private numbers stay in C memory."""

    def __init__(self, _pk, _sk=None):
        self._pk = _pk  # qed_rsa_public_key * (always)
        self._sk = _sk  # qed_rsa_private_key * or None

    @property
    def n(self) -> int:
        """The modulus."""
        return _bn_int(ffi.addressof(self._pk, "n"))

    @property
    def e(self) -> int:
        """The public exponent."""
        return _bn_int(ffi.addressof(self._pk, "e"))

    def size_in_bits(self) -> int:
        """The length of the modulus in bits."""
        return lib.qed_bn_bits(ffi.addressof(self._pk, "n"))

    def size_in_bytes(self) -> int:
        """The length of the modulus in bytes: signatures and ciphertexts
        have exactly this length."""
        return (self.size_in_bits() + 7) // 8

    def has_private(self) -> bool:
        """True for a private key."""
        return self._sk is not None

    def public_key(self) -> "RsaKey":
        """The public half (a new object)."""
        pk = ffi.new("qed_rsa_public_key *")
        ffi.memmove(pk, self._pk, ffi.sizeof("qed_rsa_public_key"))
        return RsaKey(pk)

    def export_key(self, format: str = "PEM") -> bytes:
        """The key in PKCS #1: format 'DER' or 'PEM' ("RSA PUBLIC KEY" /
        "RSA PRIVATE KEY" armor, 64-character lines)."""
        if not isinstance(format, str):
            raise TypeError("format must be 'PEM' or 'DER'")
        if format not in ("PEM", "DER"):
            raise ValueError(f"unknown format {format!r}: 'PEM' or 'DER'")
        cap = 2 * MAX_BITS  # 16 KiB: the DER of any key qed accepts fits
        buf, n = ffi.new("uint8_t[]", cap), ffi.new("size_t *")
        if self._sk is not None:
            r = lib.qed_rsa_private_to_der(buf, cap, n, self._sk)
            label = _PRIVATE_LABEL
        else:
            r = lib.qed_rsa_public_to_der(buf, cap, n, self._pk)
            label = _PUBLIC_LABEL
        if r != 0:  # pragma: no cover (cap fits every key qed accepts)
            raise ValueError("the key could not be encoded")
        der = bytes(ffi.buffer(buf, n[0]))
        lib.qed_zeroize(buf, cap)
        return der if format == "DER" else _pem.encode(der, label)

    exportKey = export_key  # pycryptodome's older name

    def __eq__(self, other) -> bool:
        if not isinstance(other, RsaKey):
            return NotImplemented
        if self.has_private() != other.has_private():
            return False
        return self.export_key("DER") == other.export_key("DER")

    def __hash__(self) -> int:
        return hash((self.n, self.e))

    def __repr__(self) -> str:
        kind = "private" if self.has_private() else "public"
        return f"<qed.rsa.RsaKey {kind} {self.size_in_bits()} bits>"


def _from_der(der: bytes, private: Optional[bool]) -> RsaKey:
    """A key from PKCS #1 DER: private (RSAPrivateKey), public
    (RSAPublicKey), or whichever parses (None)."""
    if private is not True:
        pk = ffi.new("qed_rsa_public_key *")
        if lib.qed_rsa_public_from_der(pk, der, len(der)) == 0:
            return RsaKey(pk)
        if private is False:
            raise ValueError("not a PKCS #1 RSAPublicKey that qed accepts "
                             "(strict DER, 1024..8192-bit odd n, odd e)")
    sk = _new_private()
    pk = ffi.new("qed_rsa_public_key *")
    if lib.qed_rsa_private_from_der(sk, der, len(der)) != 0 or \
            lib.qed_rsa_public_from_private(pk, sk) != 0:
        what = "RSAPrivateKey" if private else "RSA key"
        raise ValueError(f"not a PKCS #1 {what} that qed accepts (strict "
                         "DER, two primes, consistent numbers, 1024..8192 "
                         "bits)")
    return RsaKey(pk, sk)


def import_key(extern_key: Union[bytes, str]) -> RsaKey:
    """A key from PKCS #1 DER (bytes) or PEM (str or bytes starting with
    '-----BEGIN RSA PUBLIC KEY-----' or '-----BEGIN RSA PRIVATE
    KEY-----').  ValueError for anything else (X.509
    SubjectPublicKeyInfo, PKCS #8, encrypted PEM, non-canonical or
    trailing data)."""
    if isinstance(extern_key, str):
        data = extern_key.encode("utf-8")
    else:
        data = as_bytes(extern_key, "extern_key")
    if data.startswith(b"-----"):
        label = _pem.label_of(data)
        if label not in (_PUBLIC_LABEL, _PRIVATE_LABEL):
            raise ValueError(f"PEM: '{label}' keys are not supported (only "
                             "PKCS #1: 'RSA PUBLIC KEY', 'RSA PRIVATE KEY')")
        return _from_der(_pem.decode(data, label), label == _PRIVATE_LABEL)
    if isinstance(extern_key, str):
        raise ValueError("a str key must be PEM text")
    return _from_der(data, None)


importKey = import_key  # pycryptodome's older name


def _private(key: RsaKey) -> "ffi.CData":
    if not isinstance(key, RsaKey):
        raise TypeError(f"key must be a qed.rsa.RsaKey, got "
                        f"{type(key).__name__}")
    if key._sk is None:
        raise TypeError("this is a public key; a private key is needed")
    return key._sk


def _public(key: RsaKey) -> "ffi.CData":
    if not isinstance(key, RsaKey):
        raise TypeError(f"key must be a qed.rsa.RsaKey, got "
                        f"{type(key).__name__}")
    return key._pk


def _signature(key: RsaKey, signature: BytesLike) -> bytes:
    sig = as_bytes(signature, "signature")
    if len(sig) != key.size_in_bytes():
        raise BadSignatureError(f"signature must be {key.size_in_bytes()} "
                                f"bytes long (got {len(sig)})")
    return sig


def sign_pkcs1v15(key: RsaKey, message: BytesLike,
                  hash: str = "sha256") -> bytes:
    """The RSASSA-PKCS1-v1_5 signature of message (hashed here with
    hash), size_in_bytes() long."""
    sk = _private(key)
    h, _ = _hash(hash)
    m = as_bytes(message, "message")
    k = key.size_in_bytes()
    sig = ffi.new("uint8_t[]", k)
    if lib.qed_rsa_pkcs1v15_sign(sig, k, sk, h, m, len(m)) != 0:
        raise ValueError("RSA signing failed (modulus too short for this "
                         "hash?)")
    return bytes(sig)


def verify_pkcs1v15(key: RsaKey, message: BytesLike, signature: BytesLike,
                    hash: str = "sha256") -> None:
    """Check an RSASSA-PKCS1-v1_5 signature; BadSignatureError if it
    does not verify (also for a signature of the wrong length)."""
    pk = _public(key)
    h, _ = _hash(hash)
    m = as_bytes(message, "message")
    sig = _signature(key, signature)
    if lib.qed_rsa_pkcs1v15_verify(pk, h, m, len(m), sig, len(sig)) != 0:
        raise BadSignatureError("Invalid signature")


# ---- PSS, OAEP and key generation: bound when the C library has them
# (qed_build.py binds only the functions src/ defines). ----

def _salt_len(key: RsaKey, hlen: int, salt_len: Optional[int]) -> int:
    s = hlen if salt_len is None else length(salt_len, "salt_len")
    em_len = (key.size_in_bits() - 1 + 7) // 8
    if em_len < hlen + s + 2:
        raise ValueError(f"salt_len {s} is too long for a "
                         f"{key.size_in_bits()}-bit key with this hash "
                         f"(at most {em_len - hlen - 2})")
    return s


def sign_pss(key: RsaKey, message: BytesLike, hash: str = "sha256",
             salt_len: Optional[int] = None) -> bytes:
    """The RSASSA-PSS signature of message (MGF1 with the same hash; a
    random salt of salt_len bytes, the digest length by default)."""
    sk = _private(key)
    h, hlen = _hash(hash)
    s = _salt_len(key, hlen, salt_len)
    m = as_bytes(message, "message")
    k = key.size_in_bytes()
    sig = ffi.new("uint8_t[]", k)
    if lib.qed_rsa_pss_sign(sig, k, sk, h, s, m, len(m)) != 0:
        raise ValueError("RSA-PSS signing failed")
    return bytes(sig)


def verify_pss(key: RsaKey, message: BytesLike, signature: BytesLike,
               hash: str = "sha256", salt_len: Optional[int] = None) -> None:
    """Check an RSASSA-PSS signature made with this hash and salt length
    (the digest length by default); BadSignatureError if it does not
    verify."""
    pk = _public(key)
    h, hlen = _hash(hash)
    s = _salt_len(key, hlen, salt_len)
    m = as_bytes(message, "message")
    sig = _signature(key, signature)
    if lib.qed_rsa_pss_verify(pk, h, s, m, len(m), sig, len(sig)) != 0:
        raise BadSignatureError("Invalid signature")


def encrypt_oaep(key: RsaKey, message: BytesLike, hash: str = "sha256",
                 label: BytesLike = b"") -> bytes:
    """RSAES-OAEP encryption (MGF1 with the same hash) of a message of at
    most size_in_bytes() - 2 * digest length - 2 bytes."""
    pk = _public(key)
    h, hlen = _hash(hash)
    m = as_bytes(message, "message")
    lab = as_bytes(label, "label")
    k = key.size_in_bytes()
    if k - 2 * hlen - 2 < 0:
        raise ValueError(f"Plaintext is too long for OAEP: a "
                         f"{key.size_in_bits()}-bit key has no room for "
                         f"{hash} padding")
    if len(m) > k - 2 * hlen - 2:
        raise ValueError(f"Plaintext is too long: at most {k - 2 * hlen - 2}"
                         f" bytes with this key and hash (got {len(m)})")
    c = ffi.new("uint8_t[]", k)
    if lib.qed_rsa_oaep_encrypt(c, k, pk, h, lab, len(lab), m, len(m)) != 0:
        raise ValueError("RSA-OAEP encryption failed")  # pragma: no cover
    return bytes(c)


def decrypt_oaep(key: RsaKey, ciphertext: BytesLike, hash: str = "sha256",
                 label: BytesLike = b"") -> bytes:
    """RSAES-OAEP decryption; DecryptionError, with one message for every
    cause, when the ciphertext does not decrypt under this key, hash and
    label (ValueError for a ciphertext of the wrong length)."""
    sk = _private(key)
    h, _ = _hash(hash)
    c = as_bytes(ciphertext, "ciphertext")
    lab = as_bytes(label, "label")
    k = key.size_in_bytes()
    if len(c) != k:
        raise ValueError(f"Ciphertext with incorrect length: it must be {k} "
                         f"bytes (got {len(c)})")
    m, mlen = ffi.new("uint8_t[]", k), ffi.new("size_t *")
    r = lib.qed_rsa_oaep_decrypt(m, mlen, k, sk, h, lab, len(lab), c, len(c))
    if r != 0:
        raise DecryptionError("Decryption failed")
    out = bytes(ffi.buffer(m, mlen[0]))
    lib.qed_zeroize(m, k)
    return out


def generate(bits: int, e: int = 65537) -> RsaKey:
    """A fresh private key with a modulus of exactly bits bits (even,
    1024..8192) and e = 65537 (the only exponent the C library makes);
    primes from the operating system's generator."""
    b = length(bits, "bits")
    if b % 2 or not MIN_BITS <= b <= MAX_BITS:
        raise ValueError(f"bits must be even and in {MIN_BITS}..{MAX_BITS} "
                         f"(got {b})")
    if length(e, "e") != 65537:
        raise ValueError("only e = 65537 is supported")
    sk, pk = _new_private(), ffi.new("qed_rsa_public_key *")
    if lib.qed_rsa_generate(sk, pk, b) != 0:
        raise ValueError("RSA key generation failed (no randomness from "
                         "the operating system?)")
    return RsaKey(pk, sk)


def _bind_optional() -> None:
    """Keep the functions whose C function this build has; drop the
    others (a build from before PSS, OAEP or key generation landed)."""
    needs = {"sign_pss": "qed_rsa_pss_sign",
             "verify_pss": "qed_rsa_pss_verify",
             "encrypt_oaep": "qed_rsa_oaep_encrypt",
             "decrypt_oaep": "qed_rsa_oaep_decrypt",
             "generate": "qed_rsa_generate"}
    for name, c_name in needs.items():
        if hasattr(lib, c_name):
            __all__.append(name)
        else:  # pragma: no cover
            del globals()[name]


_bind_optional()
