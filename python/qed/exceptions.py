"""Exceptions of the qed package (PyNaCl's and pycryptodome's names)."""


class CryptoError(Exception):
    """Base class of qed's errors."""


class BadSignatureError(CryptoError):
    """A signature (or MAC) did not verify."""


class InvalidTag(CryptoError, ValueError):
    """An authentication tag did not verify (AEAD decryption refused)."""
