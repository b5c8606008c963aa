"""Encoders of PyNaCl's API: encode(bytes) -> bytes, decode(bytes) -> bytes."""
import base64
import binascii


class RawEncoder:
    """The bytes as they are."""

    @staticmethod
    def encode(data: bytes) -> bytes:
        return bytes(data)

    @staticmethod
    def decode(data: bytes) -> bytes:
        return bytes(data)


class HexEncoder:
    """Lower-case hexadecimal."""

    @staticmethod
    def encode(data: bytes) -> bytes:
        return binascii.hexlify(data)

    @staticmethod
    def decode(data: bytes) -> bytes:
        try:
            return binascii.unhexlify(data)
        except (binascii.Error, TypeError) as e:
            raise ValueError(f"invalid hex: {e}") from None


class Base64Encoder:
    """Standard base64 (RFC 4648)."""

    @staticmethod
    def encode(data: bytes) -> bytes:
        return base64.b64encode(data)

    @staticmethod
    def decode(data: bytes) -> bytes:
        try:
            return base64.b64decode(data, validate=True)
        except (binascii.Error, TypeError) as e:
            raise ValueError(f"invalid base64: {e}") from None


__all__ = ["RawEncoder", "HexEncoder", "Base64Encoder"]
