"""Pieces shared by qed.secret, qed.public and qed.signing."""
from ._qed import ffi, lib
from .exceptions import CryptoError


def random(size: int) -> bytes:
    """size bytes from the operating system's generator (getrandom)."""
    buf = ffi.new("uint8_t[]", max(size, 1))
    if lib.qed_randombytes(buf, size) != 0:
        raise CryptoError("the operating system's generator failed")
    return bytes(ffi.buffer(buf, size))


class EncryptedMessage(bytes):
    """nonce + ciphertext as bytes, with .nonce and .ciphertext (PyNaCl)."""

    _nonce: bytes
    _ciphertext: bytes

    @classmethod
    def _from_parts(cls, nonce: bytes, ciphertext: bytes, combined: bytes):
        obj = cls(combined)
        obj._nonce = nonce
        obj._ciphertext = ciphertext
        return obj

    @property
    def nonce(self) -> bytes:
        return self._nonce

    @property
    def ciphertext(self) -> bytes:
        return self._ciphertext
