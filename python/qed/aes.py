"""AES in pycryptodome's shape: new(key, mode, ...) returns a stateful
cipher object.

    c = aes.new(key, aes.MODE_CTR, nonce=b"\\0" * 8, initial_value=0)
    c = aes.new(key, aes.MODE_CBC, iv=iv)
    c = aes.new(key, aes.MODE_GCM, nonce=nonce)
    ct, tag = c.encrypt_and_digest(data)

The key schedule lives in a C context; hardware AES (AES-NI, VAES) is used
where the CPU has it, giving the same bytes as the proven portable core.
new(..., backend="portable") runs the proven portable C for that object
whatever the process uses: the extension carries a second build of the
mode functions whose dispatchers call only the portable bulk operations
(python/csrc/), and each cipher object calls one table of functions,
which its backend_name() reports.
"""
from typing import Optional, Tuple

from ._nacl import random
from ._qed import ffi, lib
from ._util import BytesLike, as_bytes, exact, length
from .exceptions import InvalidTag

MODE_ECB = 1
MODE_CBC = 2
MODE_CTR = 6
MODE_GCM = 11
block_size = 16
key_size = (16, 24, 32)

__all__ = ["new", "MODE_ECB", "MODE_CBC", "MODE_CTR", "MODE_GCM",
           "block_size", "key_size"]


# The mode functions a cipher object calls.
_MODE_FUNCTIONS = ("ecb_encrypt", "ecb_decrypt", "cbc_encrypt",
                   "cbc_decrypt", "ctr_init", "ctr_update", "ctr_wipe",
                   "gcm_init", "gcm_update_ad", "gcm_encrypt_update",
                   "gcm_decrypt_update", "gcm_encrypt_final",
                   "gcm_decrypt_final")


class _Functions:
    """One table of the C mode functions: the library's own (dispatched to
    the process's backend) or the portable-only build (prefix
    qedpy_portable_aes_)."""

    def __init__(self, name: Optional[str], prefix: str):
        self._name = name  # None: the process's backend, asked when needed
        for f in _MODE_FUNCTIONS:
            setattr(self, f, getattr(lib, prefix + f))

    @property
    def name(self) -> str:
        if self._name is not None:
            return self._name
        return ffi.string(lib.qed_backend_name()).decode()


_PROCESS = _Functions(None, "qed_aes_")
_PORTABLE = _Functions("portable", "qedpy_portable_aes_")


def _functions(backend: Optional[str]) -> _Functions:
    if backend is None:
        return _PROCESS
    if backend == "portable":
        return _PORTABLE
    raise ValueError(f"unknown backend {backend!r} (None for the "
                     "process's backend, or 'portable')")


class _Cipher:
    """What every mode object shares: the key and the function table."""

    block_size = 16

    def __init__(self, key: "_Key", fns: _Functions):
        self._key = key
        self._fns = fns

    def backend_name(self) -> str:
        """The backend this object's C calls run on: 'portable' (the
        proven C, for backend='portable' or a portable process), else the
        process's qed.backend_name()."""
        return self._fns.name


class _Key:
    def __init__(self, key: BytesLike):
        k = as_bytes(key, "key")
        if len(k) not in key_size:
            raise ValueError(f"Incorrect AES key length ({len(k)} bytes); "
                             "must be 16, 24 or 32")
        self.ctx = ffi.gc(ffi.new("qed_aes_ctx *"), lib.qed_aes_wipe)
        if lib.qed_aes_init(self.ctx, k, len(k)) != 0:  # pragma: no cover
            raise ValueError("AES key refused")


class EcbMode(_Cipher):
    """ECB: whole blocks only."""

    def _run(self, data: BytesLike, fn) -> bytes:
        d = as_bytes(data, "data")
        if len(d) % 16:
            raise ValueError("Data must be aligned to block boundary in ECB "
                             "mode")
        o = ffi.new("uint8_t[]", max(len(d), 1))
        fn(self._key.ctx, o, d, len(d) // 16)
        return bytes(ffi.buffer(o, len(d)))

    def encrypt(self, plaintext: BytesLike) -> bytes:
        return self._run(plaintext, self._fns.ecb_encrypt)

    def decrypt(self, ciphertext: BytesLike) -> bytes:
        return self._run(ciphertext, self._fns.ecb_decrypt)


class CbcMode(_Cipher):
    """CBC without padding: calls chain; one direction per object."""

    def __init__(self, key: _Key, fns: _Functions, iv: bytes):
        super().__init__(key, fns)
        self.iv = self.IV = iv
        self._chain = ffi.new("uint8_t[16]", iv)
        self._direction = None

    def _run(self, data: BytesLike, fn, direction: str) -> bytes:
        if self._direction not in (None, direction):
            raise TypeError(f"{direction}() cannot be called after the other "
                            "direction")
        self._direction = direction
        d = as_bytes(data, "data")
        if len(d) % 16:
            raise ValueError("Data must be padded to 16 byte boundary in CBC "
                             "mode")
        o = ffi.new("uint8_t[]", max(len(d), 1))
        if fn(self._key.ctx, self._chain, o, d, len(d)) != 0:
            raise ValueError("CBC refused the input")  # pragma: no cover
        return bytes(ffi.buffer(o, len(d)))

    def encrypt(self, plaintext: BytesLike) -> bytes:
        return self._run(plaintext, self._fns.cbc_encrypt, "encrypt")

    def decrypt(self, ciphertext: BytesLike) -> bytes:
        return self._run(ciphertext, self._fns.cbc_decrypt, "decrypt")


class CtrMode(_Cipher):
    """CTR with pycryptodome's counter block: nonce || big-endian counter
    of 16 - len(nonce) bytes starting at initial_value; OverflowError
    before the counter field would wrap."""

    def __init__(self, key: _Key, fns: _Functions, nonce: bytes,
                 initial_value: int):
        super().__init__(key, fns)
        self.nonce = nonce
        width = 16 - len(nonce)
        self._left = (1 << (8 * width)) - initial_value  # blocks remaining
        block = nonce + initial_value.to_bytes(width, "big")
        self._st = ffi.gc(ffi.new("qed_aes_ctr_state *"), fns.ctr_wipe)
        fns.ctr_init(self._st, block)
        self._used = 0  # bytes of keystream used so far

    def _run(self, data: BytesLike) -> bytes:
        d = as_bytes(data, "data")
        if (self._used + len(d) + 15) // 16 > self._left:
            raise OverflowError("The counter has wrapped around in CTR mode")
        o = ffi.new("uint8_t[]", max(len(d), 1))
        self._fns.ctr_update(self._st, self._key.ctx, o, d, len(d))
        self._used += len(d)
        return bytes(ffi.buffer(o, len(d)))

    def encrypt(self, plaintext: BytesLike) -> bytes:
        return self._run(plaintext)

    def decrypt(self, ciphertext: BytesLike) -> bytes:
        return self._run(ciphertext)


def _gcm_state(key: _Key, fns: _Functions, nonce: bytes):
    """A GCM stream in C; wiped when collected (a final call wipes it, and
    one on a finished or unused state only wipes it again)."""
    scratch = ffi.new("uint8_t[16]")

    def wipe(st):
        fns.gcm_encrypt_final(st, scratch)
        lib.qed_zeroize(scratch, 16)

    st = ffi.gc(ffi.new("qed_aes_gcm_state *"), wipe)
    if fns.gcm_init(st, key.ctx, nonce, len(nonce)) != 0:
        raise ValueError("GCM refused the nonce")  # pragma: no cover
    return st


class GcmMode(_Cipher):
    """GCM with tags of mac_len bytes (4..16, as pycryptodome): update(ad),
    encrypt/decrypt (one direction), digest/verify, encrypt_and_digest,
    decrypt_and_verify.

    A tag is the first mac_len bytes of GCM's 16-byte tag.  With 16 the
    C library compares the received tag; with fewer, decryption also runs
    an encryption stream over the plaintext it hands out (which gives back
    the ciphertext, so its tag is the full expected one), and the
    truncated tags are compared in constant time by qed_verify.  That
    doubles the cost of decrypting with a short tag."""

    def __init__(self, key: _Key, fns: _Functions, nonce: bytes,
                 mac_len: int):
        super().__init__(key, fns)
        self.nonce = nonce
        self._mac_len = mac_len
        self._st = _gcm_state(key, fns, nonce)
        # the tag recomputation of short-tag decryption, dropped once the
        # object encrypts
        self._shadow = _gcm_state(key, fns, nonce) if mac_len < 16 else None
        self._direction = None
        self._tag = None

    def update(self, assoc_data: BytesLike) -> "GcmMode":
        """Authenticate assoc_data (before any encrypt/decrypt)."""
        ad = as_bytes(assoc_data, "assoc_data")
        if self._direction is not None:
            raise TypeError("update() can only be called before encryption "
                            "or decryption")
        for st in (self._st, self._shadow):
            if st is not None and \
                    self._fns.gcm_update_ad(st, ad, len(ad)) != 0:
                raise ValueError("GCM refused the associated data")
        return self

    def _begin(self, direction: str) -> None:
        if self._direction not in (None, direction) or self._tag is not None:
            raise TypeError(f"{direction}() cannot be called now")
        if direction == "encrypt" and self._shadow is not None:
            self._shadow = None  # collected: wiped
        self._direction = direction

    def _run(self, data: BytesLike, fn, direction: str) -> bytes:
        self._begin(direction)
        d = as_bytes(data, "data")
        o = ffi.new("uint8_t[]", max(len(d), 1))
        if fn(self._st, self._key.ctx, o, d, len(d)) != 0:
            raise ValueError("GCM refused the input (too long)")
        if direction == "decrypt" and self._shadow is not None:
            again = ffi.new("uint8_t[]", max(len(d), 1))
            if self._fns.gcm_encrypt_update(self._shadow, self._key.ctx,
                                            again, o, len(d)) != 0:
                raise ValueError("GCM refused the input")  # pragma: no cover
        return bytes(ffi.buffer(o, len(d)))

    def encrypt(self, plaintext: BytesLike) -> bytes:
        """Encrypt a piece of the message (calls chain)."""
        return self._run(plaintext, self._fns.gcm_encrypt_update, "encrypt")

    def decrypt(self, ciphertext: BytesLike) -> bytes:
        """Decrypt a piece (calls chain); the plaintext is not
        authenticated until verify() returns."""
        return self._run(ciphertext, self._fns.gcm_decrypt_update,
                         "decrypt")

    def digest(self) -> bytes:
        """The tag of mac_len bytes (encryption only)."""
        if self._direction == "decrypt":
            raise TypeError("digest() cannot be called when decrypting")
        if self._tag is None:
            self._begin("encrypt")
            tag = ffi.new("uint8_t[16]")
            if self._fns.gcm_encrypt_final(self._st, tag) != 0:
                raise ValueError("GCM state refused")  # pragma: no cover
            self._tag = bytes(tag)[:self._mac_len]
        return self._tag

    def hexdigest(self) -> str:
        """digest() in hex."""
        return self.digest().hex()

    def _check_tag(self, received_mac_tag: BytesLike) -> bytes:
        tag = as_bytes(received_mac_tag, "tag")
        if len(tag) != self._mac_len:
            raise ValueError(f"tag must be exactly {self._mac_len} bytes "
                             f"long (mac_len; got {len(tag)})")
        return tag

    def verify(self, received_mac_tag: BytesLike) -> None:
        """Check the tag (mac_len bytes) in constant time (decryption
        only); raises qed.exceptions.InvalidTag (a ValueError) on a
        mismatch, ValueError on a wrong length."""
        if self._direction == "encrypt":
            raise TypeError("verify() cannot be called when encrypting")
        tag = self._check_tag(received_mac_tag)
        if self._tag is not None:
            raise TypeError("verify() can only be called once")
        self._begin("decrypt")
        self._tag = tag
        if self._shadow is None:
            ok = self._fns.gcm_decrypt_final(self._st, tag) == 0
        else:
            full = ffi.new("uint8_t[16]")
            self._fns.gcm_decrypt_final(self._st, bytes(16))  # wipes it
            ok = self._fns.gcm_encrypt_final(self._shadow, full) == 0 and \
                lib.qed_verify(full, tag, len(tag)) == 0
            lib.qed_zeroize(full, 16)
            self._shadow = None
        if not ok:
            raise InvalidTag("MAC check failed")

    def hexverify(self, hex_mac_tag: str) -> None:
        """verify() of a hex tag."""
        self.verify(bytes.fromhex(hex_mac_tag))

    def encrypt_and_digest(self, plaintext: BytesLike) -> Tuple[bytes, bytes]:
        """encrypt(plaintext), digest()."""
        return self.encrypt(plaintext), self.digest()

    def decrypt_and_verify(self, ciphertext: BytesLike,
                           received_mac_tag: BytesLike) -> bytes:
        """decrypt(ciphertext), verify(tag): the plaintext, or InvalidTag."""
        self._check_tag(received_mac_tag)
        m = self.decrypt(ciphertext)
        self.verify(received_mac_tag)
        return m


def new(key: BytesLike, mode: int, *, iv: Optional[BytesLike] = None,
        nonce: Optional[BytesLike] = None, initial_value: int = 0,
        mac_len: int = 16, backend: Optional[str] = None):
    """A cipher object for key (16, 24 or 32 bytes) in mode MODE_ECB,
    MODE_CBC (iv: 16 bytes, random if omitted), MODE_CTR (nonce: 0..15
    bytes, 8 random if omitted; initial_value: the counter's start) or
    MODE_GCM (nonce: any non-empty length, 16 random if omitted; mac_len:
    the tag length, 4..16, default 16).

    backend=None runs the process's backend (qed.backend_name());
    backend='portable' runs the proven portable C for this object, in any
    process.  The object's backend_name() says which."""
    fns = _functions(backend)
    if isinstance(mode, bool) or not isinstance(mode, int):
        raise TypeError("mode must be one of the MODE_* constants")
    k = _Key(key)
    if mode == MODE_ECB:
        if iv is not None or nonce is not None:
            raise TypeError("ECB mode takes no iv or nonce")
        return EcbMode(k, fns)
    if mode == MODE_CBC:
        if nonce is not None:
            raise TypeError("CBC mode takes iv=, not nonce=")
        v = random(16) if iv is None else exact(iv, 16, "iv")
        return CbcMode(k, fns, v)
    if mode == MODE_CTR:
        if iv is not None:
            raise TypeError("CTR mode takes nonce= and initial_value=")
        n = random(8) if nonce is None else as_bytes(nonce, "nonce")
        if len(n) > 15:
            raise ValueError("nonce must be at most 15 bytes in CTR mode")
        width = 16 - len(n)
        iv0 = length(initial_value, "initial_value")
        if iv0 >= 1 << (8 * width):
            raise ValueError("initial_value does not fit in the counter "
                             f"({width} bytes)")
        return CtrMode(k, fns, n, iv0)
    if mode == MODE_GCM:
        if iv is not None:
            raise TypeError("GCM mode takes nonce=")
        if not 4 <= length(mac_len, "mac_len") <= 16:
            raise ValueError("mac_len must be in the range 4..16 "
                             f"(got {mac_len})")
        n = random(16) if nonce is None else as_bytes(nonce, "nonce")
        if len(n) == 0:
            raise ValueError("nonce cannot be empty in GCM mode")
        return GcmMode(k, fns, n, mac_len)
    raise ValueError(f"unsupported AES mode {mode}")
