"""Curve25519-XSalsa20-Poly1305 public-key encryption with PyNaCl's API:
PrivateKey, PublicKey, Box."""
from typing import Optional

from ._nacl import EncryptedMessage, random
from ._qed import ffi, lib
from ._util import BytesLike, as_bytes, exact
from .encoding import RawEncoder
from .exceptions import CryptoError


class PublicKey:
    """An X25519 public key (32 bytes)."""

    SIZE = 32

    def __init__(self, public_key: BytesLike, encoder=RawEncoder):
        if not isinstance(public_key, (bytes, bytearray, memoryview)):
            raise TypeError("PublicKey must be created from 32 bytes")
        self._public_key = exact(encoder.decode(bytes(public_key)),
                                 self.SIZE, "public key")

    def __bytes__(self) -> bytes:
        return self._public_key

    def encode(self, encoder=RawEncoder) -> bytes:
        return encoder.encode(self._public_key)

    def __eq__(self, other) -> bool:
        return isinstance(other, PublicKey) and \
            lib.qed_verify_32(self._public_key, other._public_key) == 0

    def __hash__(self) -> int:
        return hash(self._public_key)


class PrivateKey:
    """An X25519 private key (32 bytes) and its public_key."""

    SIZE = 32
    SEED_SIZE = 32

    def __init__(self, private_key: BytesLike, encoder=RawEncoder):
        if not isinstance(private_key, (bytes, bytearray, memoryview)):
            raise TypeError("PrivateKey must be created from a 32 bytes "
                            "long raw secret key")
        self._private_key = exact(encoder.decode(bytes(private_key)),
                                  self.SIZE, "private key")
        pk = ffi.new("uint8_t[32]")
        if lib.qed_crypto_scalarmult_base(pk, self._private_key) != 0:
            raise CryptoError("scalar multiplication failed")
        self.public_key = PublicKey(bytes(pk))

    @classmethod
    def generate(cls) -> "PrivateKey":
        return cls(random(cls.SIZE))

    @classmethod
    def from_seed(cls, seed: BytesLike, encoder=RawEncoder) -> "PrivateKey":
        """The key libsodium's crypto_box_seed_keypair derives."""
        s = exact(encoder.decode(bytes(as_bytes(seed, "seed"))),
                  cls.SEED_SIZE, "seed")
        pk, sk = ffi.new("uint8_t[32]"), ffi.new("uint8_t[32]")
        if lib.qed_crypto_box_seed_keypair(pk, sk, s) != 0:
            raise CryptoError("key derivation failed")
        return cls(bytes(sk))

    def __bytes__(self) -> bytes:
        return self._private_key

    def encode(self, encoder=RawEncoder) -> bytes:
        return encoder.encode(self._private_key)


class Box:
    """crypto_box between a private key and a peer's public key (the shared
    key is computed once, as crypto_box_beforenm)."""

    NONCE_SIZE = 24
    MACBYTES = 16

    def __init__(self, private_key: PrivateKey, public_key: PublicKey):
        if not isinstance(private_key, PrivateKey) or \
                not isinstance(public_key, PublicKey):
            raise TypeError("Box must be created from a PrivateKey and a "
                            "PublicKey")
        k = ffi.new("uint8_t[32]")
        if lib.qed_crypto_box_beforenm(k, bytes(public_key),
                                       bytes(private_key)) != 0:
            raise CryptoError("the shared key is refused (low-order point)")
        self._shared_key = bytes(k)

    def shared_key(self) -> bytes:
        return self._shared_key

    def encrypt(self, plaintext: BytesLike, nonce: Optional[BytesLike] = None,
                encoder=RawEncoder) -> EncryptedMessage:
        m = as_bytes(plaintext, "plaintext")
        n = random(self.NONCE_SIZE) if nonce is None else \
            exact(nonce, self.NONCE_SIZE, "nonce")
        c = ffi.new("uint8_t[]", len(m) + self.MACBYTES)
        if lib.qed_crypto_box_easy_afternm(c, m, len(m), n,
                                           self._shared_key) != 0:
            raise CryptoError("encryption failed")
        ct = bytes(ffi.buffer(c, len(m) + self.MACBYTES))
        return EncryptedMessage._from_parts(
            encoder.encode(n), encoder.encode(ct), encoder.encode(n + ct))

    def decrypt(self, ciphertext: BytesLike, nonce: Optional[BytesLike] = None,
                encoder=RawEncoder) -> bytes:
        c = encoder.decode(as_bytes(ciphertext, "ciphertext"))
        if nonce is None:
            n, c = c[:self.NONCE_SIZE], c[self.NONCE_SIZE:]
        else:
            n = nonce
        n = exact(n, self.NONCE_SIZE, "nonce")
        if len(c) < self.MACBYTES:
            raise ValueError("ciphertext is shorter than the 16-byte tag")
        m = ffi.new("uint8_t[]", max(len(c) - self.MACBYTES, 1))
        if lib.qed_crypto_box_open_easy_afternm(m, c, len(c), n,
                                                self._shared_key) != 0:
            raise CryptoError("Decryption failed. Ciphertext failed "
                              "verification")
        return bytes(ffi.buffer(m, len(c) - self.MACBYTES))


__all__ = ["PrivateKey", "PublicKey", "Box", "EncryptedMessage"]
