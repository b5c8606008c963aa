"""Exceptions of the qed package (PyNaCl's and pycryptodome's names).

The verdicts are ValueErrors too, as pycryptodome raises ValueError for a
bad tag, signature or ciphertext: code written for either library catches
them."""


class CryptoError(Exception):
    """Base class of qed's errors."""


class BadSignatureError(CryptoError, ValueError):
    """A signature (or MAC) did not verify."""


class InvalidTag(CryptoError, ValueError):
    """An authentication tag did not verify (AEAD decryption refused)."""


class DecryptionError(CryptoError, ValueError):
    """A ciphertext did not decrypt (qed.rsa.decrypt_oaep).  One message
    for every cause: the error says nothing about the padding."""
