"""XSalsa20-Poly1305 secret-key encryption with PyNaCl's API.

    box = SecretBox(key)              # 32-byte key
    msg = box.encrypt(b"hi")          # EncryptedMessage: nonce + ciphertext
    box.decrypt(msg) == b"hi"
"""
from typing import Optional

from ._nacl import EncryptedMessage, random
from ._qed import ffi, lib
from ._util import BytesLike, as_bytes, exact
from .encoding import RawEncoder
from .exceptions import CryptoError


class SecretBox:
    """NaCl crypto_secretbox (XSalsa20 + Poly1305) under one key."""

    KEY_SIZE = 32
    NONCE_SIZE = 24
    MACBYTES = 16
    MESSAGEBYTES_MAX = (1 << 63) - 1

    def __init__(self, key: BytesLike, encoder=RawEncoder):
        if not isinstance(key, (bytes, bytearray, memoryview)):
            raise TypeError("SecretBox must be created from 32 bytes")
        self._key = exact(encoder.decode(bytes(key)), self.KEY_SIZE, "key")

    def __bytes__(self) -> bytes:
        return self._key

    def encrypt(self, plaintext: BytesLike, nonce: Optional[BytesLike] = None,
                encoder=RawEncoder) -> EncryptedMessage:
        """Encrypt and authenticate; a random nonce when none is given."""
        m = as_bytes(plaintext, "plaintext")
        n = random(self.NONCE_SIZE) if nonce is None else \
            exact(nonce, self.NONCE_SIZE, "nonce")
        c = ffi.new("uint8_t[]", len(m) + self.MACBYTES)
        if lib.qed_crypto_secretbox_easy(c, m, len(m), n, self._key) != 0:
            raise CryptoError("encryption failed")
        ct = bytes(ffi.buffer(c, len(m) + self.MACBYTES))
        return EncryptedMessage._from_parts(
            encoder.encode(n), encoder.encode(ct), encoder.encode(n + ct))

    def decrypt(self, ciphertext: BytesLike, nonce: Optional[BytesLike] = None,
                encoder=RawEncoder) -> bytes:
        """Verify and decrypt; raises qed.exceptions.CryptoError on a
        forged or corrupted message.  Without nonce, the first 24 bytes of
        ciphertext are the nonce (as encrypt() returns them)."""
        c = encoder.decode(as_bytes(ciphertext, "ciphertext"))
        if nonce is None:
            n, c = c[:self.NONCE_SIZE], c[self.NONCE_SIZE:]
        else:
            n = nonce
        n = exact(n, self.NONCE_SIZE, "nonce")
        if len(c) < self.MACBYTES:
            raise ValueError("ciphertext is shorter than the 16-byte tag")
        m = ffi.new("uint8_t[]", max(len(c) - self.MACBYTES, 1))
        if lib.qed_crypto_secretbox_open_easy(m, c, len(c), n, self._key) != 0:
            raise CryptoError("Decryption failed. Ciphertext failed "
                              "verification")
        return bytes(ffi.buffer(m, len(c) - self.MACBYTES))


__all__ = ["SecretBox", "EncryptedMessage"]
