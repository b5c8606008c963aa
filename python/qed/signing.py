"""Ed25519 signatures with PyNaCl's API: SigningKey, VerifyKey,
SignedMessage."""
from typing import Optional

from ._nacl import random
from ._qed import ffi, lib
from ._util import BytesLike, as_bytes, exact
from .encoding import RawEncoder
from .exceptions import BadSignatureError, CryptoError

if not hasattr(lib, "qed_crypto_sign_detached"):  # pragma: no cover
    raise ImportError("this build of qed has no Ed25519 (qed_crypto_sign)")


class SignedMessage(bytes):
    """signature + message as bytes, with .signature and .message."""

    _signature: bytes
    _message: bytes

    @classmethod
    def _from_parts(cls, signature: bytes, message: bytes, combined: bytes):
        obj = cls(combined)
        obj._signature = signature
        obj._message = message
        return obj

    @property
    def signature(self) -> bytes:
        return self._signature

    @property
    def message(self) -> bytes:
        return self._message


class VerifyKey:
    """An Ed25519 public key (32 bytes)."""

    SIZE = 32
    SIGNATURE_SIZE = 64

    def __init__(self, key: BytesLike, encoder=RawEncoder):
        if not isinstance(key, (bytes, bytearray, memoryview)):
            raise TypeError("VerifyKey must be created from 32 bytes")
        self._key = exact(encoder.decode(bytes(key)), self.SIZE,
                          "verify key")

    def __bytes__(self) -> bytes:
        return self._key

    def encode(self, encoder=RawEncoder) -> bytes:
        return encoder.encode(self._key)

    def __eq__(self, other) -> bool:
        return isinstance(other, VerifyKey) and self._key == other._key

    def __hash__(self) -> int:
        return hash(self._key)

    def verify(self, smessage: BytesLike, signature: Optional[BytesLike] = None,
               encoder=RawEncoder) -> bytes:
        """The message if the signature is valid (libsodium's rules);
        raises qed.exceptions.BadSignatureError otherwise.  smessage is
        signature + message, or the message alone when signature is given."""
        if signature is not None:
            sig = encoder.decode(as_bytes(signature, "signature"))
            msg = encoder.decode(as_bytes(smessage, "message"))
        else:
            sm = encoder.decode(as_bytes(smessage, "signed message"))
            sig, msg = sm[:self.SIGNATURE_SIZE], sm[self.SIGNATURE_SIZE:]
        if len(sig) != self.SIGNATURE_SIZE:
            raise ValueError("The signature must be exactly 64 bytes long "
                             f"(got {len(sig)})")
        if lib.qed_crypto_sign_verify_detached(sig, msg, len(msg),
                                               self._key) != 0:
            raise BadSignatureError("Signature was forged or corrupt")
        return msg


class SigningKey:
    """An Ed25519 private key from its 32-byte seed; .verify_key is the
    public key."""

    SEED_SIZE = 32
    SIZE = 32

    def __init__(self, seed: BytesLike, encoder=RawEncoder):
        if not isinstance(seed, (bytes, bytearray, memoryview)):
            raise TypeError("SigningKey must be created from a 32 byte seed")
        self._seed = exact(encoder.decode(bytes(seed)), self.SEED_SIZE,
                           "seed")
        pk, sk = ffi.new("uint8_t[32]"), ffi.new("uint8_t[64]")
        if lib.qed_crypto_sign_seed_keypair(pk, sk, self._seed) != 0:
            raise CryptoError("key derivation failed")
        self._signing_key = bytes(sk)
        lib.qed_zeroize(sk, 64)
        self.verify_key = VerifyKey(bytes(pk))

    @classmethod
    def generate(cls) -> "SigningKey":
        return cls(random(cls.SEED_SIZE))

    @classmethod
    def from_secret_key(cls, secret_key: BytesLike,
                        encoder=RawEncoder) -> "SigningKey":
        """From libsodium's 64-byte secret key (seed + public key); the
        public half must match the seed."""
        sk = exact(encoder.decode(bytes(as_bytes(secret_key, "secret key"))),
                   64, "secret key")
        key = cls(sk[:32])
        if bytes(key.verify_key) != sk[32:]:
            raise ValueError("the public half of the secret key does not "
                             "belong to its seed")
        return key

    def __bytes__(self) -> bytes:
        return self._seed

    def encode(self, encoder=RawEncoder) -> bytes:
        return encoder.encode(self._seed)

    def sign(self, message: BytesLike, encoder=RawEncoder) -> SignedMessage:
        """signature + message (RFC 8032 pure Ed25519)."""
        m = as_bytes(message, "message")
        sig = ffi.new("uint8_t[64]")
        if lib.qed_crypto_sign_detached(sig, m, len(m),
                                        self._signing_key) != 0:
            raise CryptoError("signing failed")
        s = bytes(sig)
        return SignedMessage._from_parts(encoder.encode(s), encoder.encode(m),
                                         encoder.encode(s + m))


__all__ = ["SigningKey", "VerifyKey", "SignedMessage"]
