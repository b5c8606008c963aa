"""Ascon-AEAD128 (NIST SP 800-232) in the shape of cryptography's AEAD
classes: AsconAEAD128(key).encrypt(nonce, data, associated_data)."""
from typing import Optional

from ._qed import ffi, lib
from ._util import BytesLike, as_bytes, exact
from .exceptions import InvalidTag


class AsconAEAD128:
    """Ascon-AEAD128: 16-byte key, 16-byte nonce, 16-byte tag appended."""

    KEY_SIZE = 16
    NONCE_SIZE = 16
    TAG_SIZE = 16

    def __init__(self, key: BytesLike):
        self._key = exact(key, self.KEY_SIZE, "key")

    def encrypt(self, nonce: BytesLike, data: BytesLike,
                associated_data: Optional[BytesLike] = None) -> bytes:
        """ciphertext || tag.  Never reuse a nonce under one key."""
        n = exact(nonce, self.NONCE_SIZE, "nonce")
        m = as_bytes(data, "data")
        ad = b"" if associated_data is None else \
            as_bytes(associated_data, "associated_data")
        c = ffi.new("uint8_t[]", len(m) + self.TAG_SIZE)
        tag = ffi.new("uint8_t[16]")
        if lib.qed_ascon_aead128_encrypt(c, tag, m, len(m), ad, len(ad), n,
                                         self._key) != 0:
            raise ValueError("Ascon-AEAD128 refused the input")
        return bytes(ffi.buffer(c, len(m))) + bytes(tag)

    def decrypt(self, nonce: BytesLike, data: BytesLike,
                associated_data: Optional[BytesLike] = None) -> bytes:
        """The plaintext, or qed.exceptions.InvalidTag."""
        n = exact(nonce, self.NONCE_SIZE, "nonce")
        ct = as_bytes(data, "data")
        ad = b"" if associated_data is None else \
            as_bytes(associated_data, "associated_data")
        if len(ct) < self.TAG_SIZE:
            raise InvalidTag("ciphertext shorter than the 16-byte tag")
        c, tag = ct[:-self.TAG_SIZE], ct[-self.TAG_SIZE:]
        m = ffi.new("uint8_t[]", max(len(c), 1))
        if lib.qed_ascon_aead128_decrypt(m, c, len(c), tag, ad, len(ad), n,
                                         self._key) != 0:
            raise InvalidTag("authentication failed")
        return bytes(ffi.buffer(m, len(c)))


__all__ = ["AsconAEAD128"]
