"""Hashes and XOFs of qed behind Python's hashlib protocol.

    >>> from qed import hashlib
    >>> hashlib.sha3_256(b"abc").hexdigest()[:16]
    '3a985da74fe225b2'

Fixed-length objects have update/digest/hexdigest/copy, name, digest_size
and block_size, and work with hashlib.file_digest.  XOF objects also have
digest(n)/hexdigest(n) (each call starts squeezing afresh from a copy, as
hashlib does) and read(n) (streaming squeeze, as pycryptodome: update after
read raises TypeError).  digest() never finishes the object itself: it
works on a copy of the C context.
"""
from typing import Callable, Optional

from ._qed import ffi, lib
from ._util import BytesLike, as_bytes, length, out, take
from .exceptions import BadSignatureError

__all__ = [
    "sha3_224", "sha3_256", "sha3_384", "sha3_512",
    "keccak_224", "keccak_256", "keccak_384", "keccak_512",
    "shake_128", "shake_256", "cshake_128", "cshake_256",
    "kmac_128", "kmac_256", "tuplehash_128", "tuplehash_256",
    "parallelhash_128", "parallelhash_256", "turboshake_128",
    "turboshake_256", "kt128", "kt256", "m14", "ascon_hash256",
    "ascon_xof128", "ascon_cxof128", "ascon_hash_v12", "ascon_xof_v12",
    "skein_256", "skein_512", "skein_1024",
    "sha224", "sha256", "sha384", "sha512", "sha512_256", "rawshake_128",
    "rawshake_256", "kmacxof_128", "kmacxof_256", "tuplehashxof_128",
    "tuplehashxof_256", "parallelhashxof_128", "parallelhashxof_256",
    "new", "algorithms_available", "algorithms_guaranteed",
]


class _Base:
    """A C context, its update function, and the hashlib attributes."""

    name: str = ""
    digest_size: int = 0
    block_size: int = 0
    _ctype: str = ""

    def _new_ctx(self):
        self._ctx = ffi.new(self._ctype + " *")
        self._reading = False

    def _absorb(self, buf: bytes) -> int:  # pragma: no cover - overridden
        raise NotImplementedError

    def update(self, data: BytesLike) -> None:
        """Absorb more data (bytes-like)."""
        buf = as_bytes(data, "data")
        if self._reading:
            raise TypeError(f"{self.name}: update() after read() is not "
                            "allowed (the object is squeezing)")
        if self._absorb(buf) != 0:
            raise ValueError(f"{self.name}: the C context refused the input")

    def _ctx_copy(self):
        c = ffi.new(self._ctype + " *")
        ffi.memmove(c, self._ctx, ffi.sizeof(self._ctype))
        return c

    def copy(self):
        """An independent copy of the object, as hashlib's copy()."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other._ctx = self._ctx_copy()
        return other

    def hexdigest(self, *args: int) -> str:
        return self.digest(*args).hex()


class _Fixed(_Base):
    """A hash with a fixed output length: digest() takes no argument."""

    def _finish(self, ctx, buf) -> int:  # pragma: no cover - overridden
        raise NotImplementedError

    def digest(self) -> bytes:
        """The digest of everything absorbed so far (the object stays
        usable)."""
        buf = out(self.digest_size)
        if self._finish(self._ctx_copy(), buf) != 0:
            raise ValueError(f"{self.name}: the C context refused to finish")
        return take(buf, self.digest_size)

    def hexdigest(self) -> str:
        return self.digest().hex()


class _Xof(_Base):
    """An extendable-output function: digest(n), hexdigest(n), read(n)."""

    def _squeeze(self, ctx, buf, n: int) -> int:  # pragma: no cover
        raise NotImplementedError

    def _start_squeeze(self, ctx) -> int:
        return 0

    def digest(self, length_: int) -> bytes:
        """length_ bytes of output, from a copy (hashlib semantics)."""
        n = length(length_, "length")
        ctx = self._ctx_copy()
        buf = out(n)
        if self._start_squeeze(ctx) != 0 or self._squeeze(ctx, buf, n) != 0:
            raise ValueError(f"{self.name}: the C context refused to squeeze")
        return take(buf, n)

    def hexdigest(self, length_: int) -> str:
        return self.digest(length_).hex()

    def read(self, length_: int) -> bytes:
        """The next length_ bytes of the output stream (pycryptodome
        semantics); no update() is allowed afterwards."""
        n = length(length_, "length")
        if not self._reading:
            if self._start_squeeze(self._ctx) != 0:
                raise ValueError(f"{self.name}: the C context refused")
            self._reading = True
        buf = out(n)
        if self._squeeze(self._ctx, buf, n) != 0:
            raise ValueError(f"{self.name}: the C context refused to squeeze")
        return take(buf, n)


# ---- SHA-3 and Keccak ------------------------------------------------------

class _Sha3(_Fixed):
    _ctype = "qed_sha3_ctx"
    _init: Callable = None

    def __init__(self, data: BytesLike = b"", *, usedforsecurity: bool = True):
        self._new_ctx()
        type(self)._init(self._ctx)
        if data:
            self.update(data)

    def _absorb(self, buf: bytes) -> int:
        return lib.qed_sha3_update(self._ctx, buf, len(buf))

    def _finish(self, ctx, buf) -> int:
        return lib.qed_sha3_final(ctx, buf)


def _sha3(name: str, size: int, init: Callable, doc: str) -> type:
    cls = type(name, (_Sha3,), {
        "name": name, "digest_size": size, "block_size": 200 - 2 * size,
        "_init": staticmethod(init), "__doc__": doc})
    cls.__module__ = __name__
    return cls


sha3_224 = _sha3("sha3_224", 28, lib.qed_sha3_224_init, "SHA3-224 (FIPS 202).")
sha3_256 = _sha3("sha3_256", 32, lib.qed_sha3_256_init, "SHA3-256 (FIPS 202).")
sha3_384 = _sha3("sha3_384", 48, lib.qed_sha3_384_init, "SHA3-384 (FIPS 202).")
sha3_512 = _sha3("sha3_512", 64, lib.qed_sha3_512_init, "SHA3-512 (FIPS 202).")
keccak_224 = _sha3("keccak_224", 28, lib.qed_keccak_224_init,
                   "Keccak-224 (the original padding).")
keccak_256 = _sha3("keccak_256", 32, lib.qed_keccak_256_init,
                   "Keccak-256 (the original padding, as Ethereum uses).")
keccak_384 = _sha3("keccak_384", 48, lib.qed_keccak_384_init,
                   "Keccak-384 (the original padding).")
keccak_512 = _sha3("keccak_512", 64, lib.qed_keccak_512_init,
                   "Keccak-512 (the original padding).")


# ---- SHA-2 (FIPS 180-4) ---------------------------------------------------------

class _Sha2(_Fixed):
    _init: Callable = None
    _update: Callable = None
    _final: Callable = None

    def __init__(self, data: BytesLike = b"", *, usedforsecurity: bool = True):
        self._new_ctx()
        type(self)._init(self._ctx)
        if data:
            self.update(data)

    def _absorb(self, buf: bytes) -> int:
        return type(self)._update(self._ctx, buf, len(buf))

    def _finish(self, ctx, buf) -> int:
        return type(self)._final(ctx, buf)


def _sha2(name: str, size: int, wide: bool, init: Callable, doc: str) -> type:
    cls = type(name, (_Sha2,), {
        "name": name, "digest_size": size, "block_size": 128 if wide else 64,
        "_ctype": "qed_sha512_ctx" if wide else "qed_sha256_ctx",
        "_init": staticmethod(init),
        "_update": staticmethod(lib.qed_sha512_update if wide
                                else lib.qed_sha256_update),
        "_final": staticmethod(lib.qed_sha512_final if wide
                               else lib.qed_sha256_final),
        "__doc__": doc})
    cls.__module__ = __name__
    return cls


sha224 = _sha2("sha224", 28, False, lib.qed_sha224_init, "SHA-224 (FIPS 180-4).")
sha256 = _sha2("sha256", 32, False, lib.qed_sha256_init, "SHA-256 (FIPS 180-4).")
sha384 = _sha2("sha384", 48, True, lib.qed_sha384_init, "SHA-384 (FIPS 180-4).")
sha512 = _sha2("sha512", 64, True, lib.qed_sha512_init, "SHA-512 (FIPS 180-4).")
sha512_256 = _sha2("sha512_256", 32, True, lib.qed_sha512_256_init,
                   "SHA-512/256 (FIPS 180-4).")


# ---- SHAKE, cSHAKE -----------------------------------------------------------

class _Shake(_Xof):
    _ctype = "qed_shake_ctx"
    _init: Callable = None

    def __init__(self, data: BytesLike = b"", *, usedforsecurity: bool = True):
        self._new_ctx()
        type(self)._init(self._ctx)
        if data:
            self.update(data)

    def _absorb(self, buf):
        return lib.qed_shake_update(self._ctx, buf, len(buf))

    def _squeeze(self, ctx, buf, n):
        return lib.qed_shake_squeeze(ctx, buf, n)


class shake_128(_Shake):
    """SHAKE128 (FIPS 202)."""
    name, block_size = "shake_128", 168
    _init = staticmethod(lib.qed_shake128_init)


class shake_256(_Shake):
    """SHAKE256 (FIPS 202)."""
    name, block_size = "shake_256", 136
    _init = staticmethod(lib.qed_shake256_init)


class rawshake_128(_Shake):
    """RawSHAKE128 (FIPS 202: SHAKE without the two extra suffix bits)."""
    name, block_size = "rawshake_128", 168
    _init = staticmethod(lib.qed_rawshake128_init)


class rawshake_256(_Shake):
    """RawSHAKE256 (FIPS 202: SHAKE without the two extra suffix bits)."""
    name, block_size = "rawshake_256", 136
    _init = staticmethod(lib.qed_rawshake256_init)


class _CShake(_Xof):
    _ctype = "qed_cshake_ctx"
    _init: Callable = None

    def __init__(self, data: BytesLike = b"", *, function_name: BytesLike = b"",
                 customization: BytesLike = b""):
        n = as_bytes(function_name, "function_name")
        s = as_bytes(customization, "customization")
        self._new_ctx()
        type(self)._init(self._ctx, n, len(n), s, len(s))
        if data:
            self.update(data)

    def _absorb(self, buf):
        return lib.qed_cshake_update(self._ctx, buf, len(buf))

    def _squeeze(self, ctx, buf, n):
        return lib.qed_cshake_squeeze(ctx, buf, n)


class cshake_128(_CShake):
    """cSHAKE128 (SP 800-185) with function name N and customization S."""
    name, block_size = "cshake_128", 168
    _init = staticmethod(lib.qed_cshake128_init)


class cshake_256(_CShake):
    """cSHAKE256 (SP 800-185) with function name N and customization S."""
    name, block_size = "cshake_256", 136
    _init = staticmethod(lib.qed_cshake256_init)


# ---- KMAC ------------------------------------------------------------------

class _Kmac(_Fixed):
    _ctype = "qed_kmac_ctx"
    _init: Callable = None

    def __init__(self, key: BytesLike, data: BytesLike = b"", *,
                 customization: BytesLike = b"", digest_size: int = 32):
        k = as_bytes(key, "key")
        s = as_bytes(customization, "customization")
        self.digest_size = length(digest_size, "digest_size", 1)
        self._new_ctx()
        type(self)._init(self._ctx, k, len(k), s, len(s))
        if data:
            self.update(data)

    def _absorb(self, buf):
        return lib.qed_kmac_update(self._ctx, buf, len(buf))

    def _finish(self, ctx, buf):
        return lib.qed_kmac_final(ctx, buf, self.digest_size)

    def verify(self, tag: BytesLike) -> None:
        """Compare tag with the MAC in constant time; raise
        qed.exceptions.BadSignatureError if they differ."""
        t = as_bytes(tag, "tag")
        mine = self.digest()
        if len(t) != len(mine) or lib.qed_verify(mine, t, len(t)) != 0:
            raise BadSignatureError("MAC check failed")

    def hexverify(self, hex_tag: str) -> None:
        self.verify(bytes.fromhex(hex_tag))


class kmac_128(_Kmac):
    """KMAC128 (SP 800-185): key, message, customization, digest_size."""
    name, block_size = "kmac_128", 168
    _init = staticmethod(lib.qed_kmac128_init)


class kmac_256(_Kmac):
    """KMAC256 (SP 800-185): key, message, customization, digest_size."""
    name, block_size = "kmac_256", 136
    _init = staticmethod(lib.qed_kmac256_init)


class _KmacXof(_Xof):
    _ctype = "qed_kmac_ctx"
    _init: Callable = None

    def __init__(self, key: BytesLike, data: BytesLike = b"", *,
                 customization: BytesLike = b""):
        k = as_bytes(key, "key")
        s = as_bytes(customization, "customization")
        self._new_ctx()
        type(self)._init(self._ctx, k, len(k), s, len(s))
        if data:
            self.update(data)

    def _absorb(self, buf):
        return lib.qed_kmac_update(self._ctx, buf, len(buf))

    def _squeeze(self, ctx, buf, n):
        return lib.qed_kmac_squeeze(ctx, buf, n)


class kmacxof_128(_KmacXof):
    """KMACXOF128 (SP 800-185): digest(n), read(n)."""
    name, block_size = "kmacxof_128", 168
    _init = staticmethod(lib.qed_kmacxof128_init)


class kmacxof_256(_KmacXof):
    """KMACXOF256 (SP 800-185): digest(n), read(n)."""
    name, block_size = "kmacxof_256", 136
    _init = staticmethod(lib.qed_kmacxof256_init)


# ---- TupleHash ---------------------------------------------------------------

class _TupleHash(_Fixed):
    _ctype = "qed_tuplehash_ctx"
    _init: Callable = None

    def __init__(self, *, customization: BytesLike = b"",
                 digest_size: int = 32):
        s = as_bytes(customization, "customization")
        self.digest_size = length(digest_size, "digest_size", 1)
        self._new_ctx()
        type(self)._init(self._ctx, s, len(s))

    def update(self, *parts: BytesLike) -> None:
        """Add each argument as one item of the tuple."""
        items = [as_bytes(p, "part") for p in parts]
        for it in items:
            if lib.qed_tuplehash_add(self._ctx, it, len(it)) != 0:
                raise ValueError(f"{self.name}: the C context refused")

    def _finish(self, ctx, buf):
        return lib.qed_tuplehash_final(ctx, buf, self.digest_size)


class tuplehash_128(_TupleHash):
    """TupleHash128 (SP 800-185): update(*parts) adds items."""
    name, block_size = "tuplehash_128", 168
    _init = staticmethod(lib.qed_tuplehash128_init)


class tuplehash_256(_TupleHash):
    """TupleHash256 (SP 800-185): update(*parts) adds items."""
    name, block_size = "tuplehash_256", 136
    _init = staticmethod(lib.qed_tuplehash256_init)


class _TupleHashXof(_Xof):
    _ctype = "qed_tuplehash_ctx"
    _init: Callable = None

    def __init__(self, *, customization: BytesLike = b""):
        s = as_bytes(customization, "customization")
        self._new_ctx()
        type(self)._init(self._ctx, s, len(s))

    def update(self, *parts: BytesLike) -> None:
        """Add each argument as one item of the tuple."""
        items = [as_bytes(p, "part") for p in parts]
        if self._reading:
            raise TypeError(f"{self.name}: update() after read() is not "
                            "allowed (the object is squeezing)")
        for it in items:
            if lib.qed_tuplehash_add(self._ctx, it, len(it)) != 0:
                raise ValueError(f"{self.name}: the C context refused")

    def _squeeze(self, ctx, buf, n):
        return lib.qed_tuplehash_squeeze(ctx, buf, n)


class tuplehashxof_128(_TupleHashXof):
    """TupleHashXOF128 (SP 800-185): update(*parts), digest(n), read(n)."""
    name, block_size = "tuplehashxof_128", 168
    _init = staticmethod(lib.qed_tuplehashxof128_init)


class tuplehashxof_256(_TupleHashXof):
    """TupleHashXOF256 (SP 800-185): update(*parts), digest(n), read(n)."""
    name, block_size = "tuplehashxof_256", 136
    _init = staticmethod(lib.qed_tuplehashxof256_init)


# ---- ParallelHash -------------------------------------------------------------

class _ParallelHash(_Fixed):
    _ctype = "qed_parallelhash_ctx"
    _init: Callable = None

    def __init__(self, data: BytesLike = b"", *, block_size: int = 8192,
                 customization: BytesLike = b"", digest_size: int = 32):
        s = as_bytes(customization, "customization")
        self.leaf_size = length(block_size, "block_size", 1)
        self.digest_size = length(digest_size, "digest_size", 1)
        self._new_ctx()
        if type(self)._init(self._ctx, self.leaf_size, s, len(s)) != 0:
            raise ValueError(f"block_size {block_size} is refused by "
                             f"{self.name}")
        if data:
            self.update(data)

    def _absorb(self, buf):
        return lib.qed_parallelhash_update(self._ctx, buf, len(buf))

    def _finish(self, ctx, buf):
        return lib.qed_parallelhash_final(ctx, buf, self.digest_size)


class parallelhash_128(_ParallelHash):
    """ParallelHash128 (SP 800-185) with leaves of block_size bytes."""
    name, block_size = "parallelhash_128", 168
    _init = staticmethod(lib.qed_parallelhash128_init)


class parallelhash_256(_ParallelHash):
    """ParallelHash256 (SP 800-185) with leaves of block_size bytes."""
    name, block_size = "parallelhash_256", 136
    _init = staticmethod(lib.qed_parallelhash256_init)


class _ParallelHashXof(_Xof):
    _ctype = "qed_parallelhash_ctx"
    _init: Callable = None

    def __init__(self, data: BytesLike = b"", *, block_size: int = 8192,
                 customization: BytesLike = b""):
        s = as_bytes(customization, "customization")
        self.leaf_size = length(block_size, "block_size", 1)
        self._new_ctx()
        if type(self)._init(self._ctx, self.leaf_size, s, len(s)) != 0:
            raise ValueError(f"block_size {block_size} is refused by "
                             f"{self.name}")
        if data:
            self.update(data)

    def _absorb(self, buf):
        return lib.qed_parallelhash_update(self._ctx, buf, len(buf))

    def _squeeze(self, ctx, buf, n):
        return lib.qed_parallelhash_squeeze(ctx, buf, n)


class parallelhashxof_128(_ParallelHashXof):
    """ParallelHashXOF128 (SP 800-185): digest(n), read(n)."""
    name, block_size = "parallelhashxof_128", 168
    _init = staticmethod(lib.qed_parallelhashxof128_init)


class parallelhashxof_256(_ParallelHashXof):
    """ParallelHashXOF256 (SP 800-185): digest(n), read(n)."""
    name, block_size = "parallelhashxof_256", 136
    _init = staticmethod(lib.qed_parallelhashxof256_init)


# ---- TurboSHAKE, KangarooTwelve, MarsupilamiFourteen ---------------------------

class _TurboShake(_Xof):
    _ctype = "qed_turboshake_ctx"
    _init: Callable = None

    def __init__(self, data: BytesLike = b"", *, domain: int = 0x1F):
        d = length(domain, "domain")
        if not 0x01 <= d <= 0x7F:
            raise ValueError(f"domain must be in 0x01 .. 0x7F (got {d:#x})")
        self._new_ctx()
        type(self)._init(self._ctx, d)
        if data:
            self.update(data)

    def _absorb(self, buf):
        return lib.qed_turboshake_update(self._ctx, buf, len(buf))

    def _squeeze(self, ctx, buf, n):
        return lib.qed_turboshake_squeeze(ctx, buf, n)


class turboshake_128(_TurboShake):
    """TurboSHAKE128 (RFC 9861) with a domain byte in 0x01 .. 0x7F."""
    name, block_size = "turboshake_128", 168
    _init = staticmethod(lib.qed_turboshake128_init)


class turboshake_256(_TurboShake):
    """TurboSHAKE256 (RFC 9861) with a domain byte in 0x01 .. 0x7F."""
    name, block_size = "turboshake_256", 136
    _init = staticmethod(lib.qed_turboshake256_init)


class _Kt(_Xof):
    _ctype = "qed_kt_ctx"
    _init: Callable = None

    def __init__(self, data: BytesLike = b"", *,
                 customization: BytesLike = b""):
        self._custom = as_bytes(customization, "customization")
        self._new_ctx()
        type(self)._init(self._ctx)
        if data:
            self.update(data)

    def _absorb(self, buf):
        return lib.qed_kt_update(self._ctx, buf, len(buf))

    def _start_squeeze(self, ctx):
        return lib.qed_kt_final(ctx, self._custom, len(self._custom))

    def _squeeze(self, ctx, buf, n):
        return lib.qed_kt_squeeze(ctx, buf, n)


class kt128(_Kt):
    """KT128 (KangarooTwelve, RFC 9861) with a customization string."""
    name, block_size = "kt128", 168
    _init = staticmethod(lib.qed_kt128_init)


class kt256(_Kt):
    """KT256 (RFC 9861) with a customization string."""
    name, block_size = "kt256", 136
    _init = staticmethod(lib.qed_kt256_init)


class m14(_Kt):
    """MarsupilamiFourteen (14 rounds, 256-bit security)."""
    name, block_size = "m14", 136
    _init = staticmethod(lib.qed_m14_init)


# ---- Ascon (NIST SP 800-232) ----------------------------------------------------

class ascon_hash256(_Fixed):
    """Ascon-Hash256 (NIST SP 800-232)."""
    name, digest_size, block_size = "ascon_hash256", 32, 8
    _ctype = "qed_ascon_hash_ctx"

    def __init__(self, data: BytesLike = b""):
        self._new_ctx()
        lib.qed_ascon_hash256_init(self._ctx)
        if data:
            self.update(data)

    def _absorb(self, buf):
        return lib.qed_ascon_hash256_update(self._ctx, buf, len(buf))

    def _finish(self, ctx, buf):
        return lib.qed_ascon_hash256_final(ctx, buf)


class _AsconXof(_Xof):
    name, block_size = "", 8
    _ctype = "qed_ascon_xof_ctx"

    def _absorb(self, buf):
        return lib.qed_ascon_xof_update(self._ctx, buf, len(buf))

    def _squeeze(self, ctx, buf, n):
        return lib.qed_ascon_xof_squeeze(ctx, buf, n)


class ascon_xof128(_AsconXof):
    """Ascon-XOF128 (NIST SP 800-232)."""
    name = "ascon_xof128"

    def __init__(self, data: BytesLike = b""):
        self._new_ctx()
        lib.qed_ascon_xof128_init(self._ctx)
        if data:
            self.update(data)


class ascon_cxof128(_AsconXof):
    """Ascon-CXOF128 (NIST SP 800-232), customization of at most 256
    bytes."""
    name = "ascon_cxof128"

    def __init__(self, data: BytesLike = b"", *,
                 customization: BytesLike = b""):
        s = as_bytes(customization, "customization")
        if len(s) > 256:
            raise ValueError("customization must be at most 256 bytes "
                             f"(got {len(s)})")
        self._new_ctx()
        if lib.qed_ascon_cxof128_init(self._ctx, s, len(s)) != 0:
            raise ValueError("customization refused by Ascon-CXOF128")
        if data:
            self.update(data)


def ascon_hash_v12(data: BytesLike = b"") -> bytes:
    """Ascon-Hash v1.2 (the pre-NIST version, 32 bytes), one-shot."""
    m = as_bytes(data, "data")
    buf = out(32)
    lib.qed_ascon_hash_v12(buf, m, len(m))
    return take(buf, 32)


def ascon_xof_v12(data: BytesLike = b"", length_: int = 32) -> bytes:
    """Ascon-XOF v1.2 (the pre-NIST version), one-shot: length_ bytes."""
    m = as_bytes(data, "data")
    n = length(length_, "length")
    buf = out(n)
    lib.qed_ascon_xof_v12(buf, n, m, len(m))
    return take(buf, n)


# ---- Skein ---------------------------------------------------------------------

class _Skein(_Fixed):
    _ctype = "qed_skein_ctx"
    _bits = 0

    def __init__(self, data: BytesLike = b"", *,
                 digest_size: Optional[int] = None, key: BytesLike = b"",
                 personalization: BytesLike = b""):
        state = self._bits // 8
        self.block_size = state
        self.digest_size = length(state if digest_size is None
                                  else digest_size, "digest_size", 1)
        if self.digest_size > (1 << 61) - 1:
            raise ValueError("digest_size too large for Skein")
        k = as_bytes(key, "key")
        p = as_bytes(personalization, "personalization")
        params = ffi.new("qed_skein_params *")
        kb, pb = ffi.from_buffer(k), ffi.from_buffer(p)
        params.key, params.keylen = kb, len(k)
        params.pers, params.perslen = pb, len(p)
        self._new_ctx()
        if lib.qed_skein_init(self._ctx, self._bits, self.digest_size,
                              params) != 0:
            raise ValueError(f"{self.name}: parameters refused")
        if data:
            self.update(data)

    def _absorb(self, buf):
        return lib.qed_skein_update(self._ctx, buf, len(buf))

    def _finish(self, ctx, buf):
        return lib.qed_skein_final(ctx, buf)


class skein_256(_Skein):
    """Skein-256 (v1.3) with any output length, MAC key, personalization."""
    name, _bits = "skein_256", 256


class skein_512(_Skein):
    """Skein-512 (v1.3) with any output length, MAC key, personalization."""
    name, _bits = "skein_512", 512


class skein_1024(_Skein):
    """Skein-1024 (v1.3) with any output length, MAC key, personalization."""
    name, _bits = "skein_1024", 1024


# ---- new() -----------------------------------------------------------------------

_CONSTRUCTORS = {c.name if isinstance(c.name, str) and c.name else c.__name__: c
                 for c in (sha3_224, sha3_256, sha3_384, sha3_512, keccak_224,
                           keccak_256, keccak_384, keccak_512, shake_128,
                           shake_256, cshake_128, cshake_256, turboshake_128,
                           turboshake_256, kt128, kt256, m14, ascon_hash256,
                           ascon_xof128, ascon_cxof128, skein_256, skein_512,
                           skein_1024, parallelhash_128, parallelhash_256,
                           sha224, sha256, sha384, sha512, sha512_256,
                           rawshake_128, rawshake_256, parallelhashxof_128,
                           parallelhashxof_256)}
_ALIASES = {"sha3-224": "sha3_224", "sha3-256": "sha3_256",
            "sha3-384": "sha3_384", "sha3-512": "sha3_512",
            "shake128": "shake_128", "shake256": "shake_256",
            "sha-224": "sha224", "sha-256": "sha256", "sha-384": "sha384",
            "sha-512": "sha512", "sha512-256": "sha512_256",
            "sha-512/256": "sha512_256", "sha512/256": "sha512_256"}

algorithms_guaranteed = frozenset(_CONSTRUCTORS)
algorithms_available = frozenset(_CONSTRUCTORS)


def new(name: str, data: BytesLike = b"", **kwargs):
    """A hash object by name (hashlib.new's protocol)."""
    if not isinstance(name, str):
        raise TypeError(f"name must be a str, got {type(name).__name__}")
    key = _ALIASES.get(name.lower(), name.lower())
    try:
        ctor = _CONSTRUCTORS[key]
    except KeyError:
        raise ValueError(f"unsupported hash type {name}") from None
    return ctor(data, **kwargs)
