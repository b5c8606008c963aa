"""qed: Python bindings of the formally proven qed C library.

Modules: qed.hashlib (hashlib protocol), qed.aead (Ascon-AEAD128),
qed.secret / qed.public / qed.signing (PyNaCl's API), qed.aes
(pycryptodome's shape), qed.rsa (PKCS #1 keys in DER and PEM, PKCS #1
v1.5 and PSS signatures, OAEP), qed.integers (constant-time modular
arithmetic), qed.encoding, qed.exceptions.
"""
from ._qed import ffi as _ffi, lib as _lib

__version__ = "0.1.0"


def backend_name() -> str:
    """The C backend in use: 'portable' (the proven C), 'avx2' or 'avx512'.
    Chosen once from the CPU; the environment variable QED_BACKEND, read
    before the first call, can only lower it."""
    return _ffi.string(_lib.qed_backend_name()).decode()


__all__ = ["backend_name", "__version__"]
