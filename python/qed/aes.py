"""AES in pycryptodome's shape: new(key, mode, ...) returns a stateful
cipher object.

    c = aes.new(key, aes.MODE_CTR, nonce=b"\\0" * 8, initial_value=0)
    c = aes.new(key, aes.MODE_CBC, iv=iv)
    c = aes.new(key, aes.MODE_GCM, nonce=nonce)
    ct, tag = c.encrypt_and_digest(data)

The key schedule lives in a C context; hardware AES (AES-NI, VAES) is used
where the CPU has it, giving the same bytes as the proven portable core.
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


def _check_backend(backend: Optional[str]) -> None:
    # The C library picks its backend once per process (QED_BACKEND); it
    # has no per-context choice, so "portable" can only be honoured when
    # the whole process already runs the portable path.
    if backend is None:
        return
    if backend != "portable":
        raise ValueError(f"unknown backend {backend!r} (only 'portable')")
    if ffi.string(lib.qed_backend_name()).decode() != "portable":
        raise ValueError("backend='portable' needs the environment variable "
                         "QED_BACKEND=portable set before qed is first used "
                         "(the C library chooses its backend per process)")


class _Key:
    def __init__(self, key: BytesLike):
        k = as_bytes(key, "key")
        if len(k) not in key_size:
            raise ValueError(f"Incorrect AES key length ({len(k)} bytes); "
                             "must be 16, 24 or 32")
        self.ctx = ffi.gc(ffi.new("qed_aes_ctx *"), lib.qed_aes_wipe)
        if lib.qed_aes_init(self.ctx, k, len(k)) != 0:  # pragma: no cover
            raise ValueError("AES key refused")


class EcbMode:
    """ECB: whole blocks only."""

    block_size = 16

    def __init__(self, key: _Key):
        self._key = key

    def _run(self, data: BytesLike, fn) -> bytes:
        d = as_bytes(data, "data")
        if len(d) % 16:
            raise ValueError("Data must be aligned to block boundary in ECB "
                             "mode")
        o = ffi.new("uint8_t[]", max(len(d), 1))
        fn(self._key.ctx, o, d, len(d) // 16)
        return bytes(ffi.buffer(o, len(d)))

    def encrypt(self, plaintext: BytesLike) -> bytes:
        return self._run(plaintext, lib.qed_aes_ecb_encrypt)

    def decrypt(self, ciphertext: BytesLike) -> bytes:
        return self._run(ciphertext, lib.qed_aes_ecb_decrypt)


class CbcMode:
    """CBC without padding: calls chain; one direction per object."""

    block_size = 16

    def __init__(self, key: _Key, iv: bytes):
        self._key = key
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
        return self._run(plaintext, lib.qed_aes_cbc_encrypt, "encrypt")

    def decrypt(self, ciphertext: BytesLike) -> bytes:
        return self._run(ciphertext, lib.qed_aes_cbc_decrypt, "decrypt")


class CtrMode:
    """CTR with pycryptodome's counter block: nonce || big-endian counter
    of 16 - len(nonce) bytes starting at initial_value; OverflowError
    before the counter field would wrap."""

    block_size = 16

    def __init__(self, key: _Key, nonce: bytes, initial_value: int):
        self._key = key
        self.nonce = nonce
        width = 16 - len(nonce)
        self._left = (1 << (8 * width)) - initial_value  # blocks remaining
        block = nonce + initial_value.to_bytes(width, "big")
        self._st = ffi.gc(ffi.new("qed_aes_ctr_state *"), lib.qed_aes_ctr_wipe)
        lib.qed_aes_ctr_init(self._st, block)
        self._used = 0  # bytes of keystream used so far

    def _run(self, data: BytesLike) -> bytes:
        d = as_bytes(data, "data")
        if (self._used + len(d) + 15) // 16 > self._left:
            raise OverflowError("The counter has wrapped around in CTR mode")
        o = ffi.new("uint8_t[]", max(len(d), 1))
        lib.qed_aes_ctr_update(self._st, self._key.ctx, o, d, len(d))
        self._used += len(d)
        return bytes(ffi.buffer(o, len(d)))

    def encrypt(self, plaintext: BytesLike) -> bytes:
        return self._run(plaintext)

    def decrypt(self, ciphertext: BytesLike) -> bytes:
        return self._run(ciphertext)


class GcmMode:
    """GCM with 16-byte tags: update(ad), encrypt/decrypt (one direction),
    digest/verify, encrypt_and_digest, decrypt_and_verify."""

    block_size = 16

    def __init__(self, key: _Key, nonce: bytes):
        self._key = key
        self.nonce = nonce
        self._st = ffi.new("qed_aes_gcm_state *")
        if lib.qed_aes_gcm_init(self._st, key.ctx, nonce, len(nonce)) != 0:
            raise ValueError("GCM refused the nonce")  # pragma: no cover
        self._direction = None
        self._tag = None

    def update(self, assoc_data: BytesLike) -> "GcmMode":
        ad = as_bytes(assoc_data, "assoc_data")
        if self._direction is not None:
            raise TypeError("update() can only be called before encryption "
                            "or decryption")
        if lib.qed_aes_gcm_update_ad(self._st, ad, len(ad)) != 0:
            raise ValueError("GCM refused the associated data")
        return self

    def _run(self, data: BytesLike, fn, direction: str) -> bytes:
        if self._direction not in (None, direction) or self._tag is not None:
            raise TypeError(f"{direction}() cannot be called now")
        self._direction = direction
        d = as_bytes(data, "data")
        o = ffi.new("uint8_t[]", max(len(d), 1))
        if fn(self._st, self._key.ctx, o, d, len(d)) != 0:
            raise ValueError("GCM refused the input (too long)")
        return bytes(ffi.buffer(o, len(d)))

    def encrypt(self, plaintext: BytesLike) -> bytes:
        return self._run(plaintext, lib.qed_aes_gcm_encrypt_update, "encrypt")

    def decrypt(self, ciphertext: BytesLike) -> bytes:
        return self._run(ciphertext, lib.qed_aes_gcm_decrypt_update,
                         "decrypt")

    def digest(self) -> bytes:
        """The 16-byte tag (encryption only)."""
        if self._direction == "decrypt":
            raise TypeError("digest() cannot be called when decrypting")
        if self._tag is None:
            tag = ffi.new("uint8_t[16]")
            if lib.qed_aes_gcm_encrypt_final(self._st, tag) != 0:
                raise ValueError("GCM state refused")  # pragma: no cover
            self._tag = bytes(tag)
            self._direction = "encrypt"
        return self._tag

    def hexdigest(self) -> str:
        return self.digest().hex()

    def verify(self, received_mac_tag: BytesLike) -> None:
        """Check the tag in constant time (decryption only); raises
        qed.exceptions.InvalidTag (a ValueError) on mismatch."""
        if self._direction == "encrypt":
            raise TypeError("verify() cannot be called when encrypting")
        tag = exact(received_mac_tag, 16, "tag")
        if self._tag is not None:
            raise TypeError("verify() can only be called once")
        self._tag = tag
        self._direction = "decrypt"
        if lib.qed_aes_gcm_decrypt_final(self._st, tag) != 0:
            raise InvalidTag("MAC check failed")

    def hexverify(self, hex_mac_tag: str) -> None:
        self.verify(bytes.fromhex(hex_mac_tag))

    def encrypt_and_digest(self, plaintext: BytesLike) -> Tuple[bytes, bytes]:
        return self.encrypt(plaintext), self.digest()

    def decrypt_and_verify(self, ciphertext: BytesLike,
                           received_mac_tag: BytesLike) -> bytes:
        exact(received_mac_tag, 16, "tag")
        m = self.decrypt(ciphertext)
        self.verify(received_mac_tag)
        return m


def new(key: BytesLike, mode: int, *, iv: Optional[BytesLike] = None,
        nonce: Optional[BytesLike] = None, initial_value: int = 0,
        mac_len: int = 16, backend: Optional[str] = None):
    """A cipher object for key (16, 24 or 32 bytes) in mode MODE_ECB,
    MODE_CBC (iv: 16 bytes, random if omitted), MODE_CTR (nonce: 0..15
    bytes, 8 random if omitted; initial_value: the counter's start) or
    MODE_GCM (nonce: any non-empty length, 16 random if omitted; tags of 16
    bytes).  backend='portable' insists on the proven portable path."""
    _check_backend(backend)
    if isinstance(mode, bool) or not isinstance(mode, int):
        raise TypeError("mode must be one of the MODE_* constants")
    k = _Key(key)
    if mode == MODE_ECB:
        if iv is not None or nonce is not None:
            raise TypeError("ECB mode takes no iv or nonce")
        return EcbMode(k)
    if mode == MODE_CBC:
        if nonce is not None:
            raise TypeError("CBC mode takes iv=, not nonce=")
        v = random(16) if iv is None else exact(iv, 16, "iv")
        return CbcMode(k, v)
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
        return CtrMode(k, n, iv0)
    if mode == MODE_GCM:
        if iv is not None:
            raise TypeError("GCM mode takes nonce=")
        if length(mac_len, "mac_len") != 16:
            raise ValueError("only 16-byte GCM tags are supported")
        n = random(16) if nonce is None else as_bytes(nonce, "nonce")
        if len(n) == 0:
            raise ValueError("nonce cannot be empty in GCM mode")
        return GcmMode(k, n)
    raise ValueError(f"unsupported AES mode {mode}")
