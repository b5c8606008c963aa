"""Argument checks shared by the modules: every length and type is checked
here, in Python, with a clear message, before any C call."""
from typing import Any

from ._qed import ffi

BytesLike = Any  # bytes, bytearray, memoryview (any C-contiguous buffer)


def as_bytes(value: BytesLike, what: str) -> bytes:
    """The bytes of a bytes-like object; TypeError for anything else (str
    included, as in hashlib)."""
    if isinstance(value, bytes):
        return value
    if isinstance(value, str):
        raise TypeError(f"{what}: Strings must be encoded before hashing "
                        "or encrypting (got str, expected bytes)")
    try:
        return bytes(memoryview(value))
    except TypeError:
        raise TypeError(f"{what}: expected a bytes-like object, got "
                        f"{type(value).__name__}") from None


def exact(value: BytesLike, size: int, what: str) -> bytes:
    data = as_bytes(value, what)
    if len(data) != size:
        raise ValueError(f"{what} must be exactly {size} bytes long "
                         f"(got {len(data)})")
    return data


def length(n: Any, what: str, minimum: int = 0) -> int:
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"{what} must be an int, got {type(n).__name__}")
    if n < minimum:
        raise ValueError(f"{what} must be >= {minimum} (got {n})")
    return n


def out(n: int):
    return ffi.new("uint8_t[]", max(n, 1))


def take(buf, n: int) -> bytes:
    return bytes(ffi.buffer(buf, n))
