"""qed.secret, qed.public, qed.signing against PyNaCl (libsodium) and
pyca/cryptography: identical outputs, keys and messages accepted both ways,
and every rejection path."""
import nacl.exceptions
import nacl.public
import nacl.secret
import nacl.signing
import pytest
from cryptography.hazmat.primitives.asymmetric import ed25519, x25519

from conftest import rbytes
from qed import encoding, public, secret
from qed.exceptions import BadSignatureError, CryptoError

try:
    from qed import signing
except ImportError:  # a build without Ed25519: its tests are skipped
    signing = None
needs_signing = pytest.mark.skipif(signing is None,
                                   reason="this build of qed has no Ed25519")

N = 200


def test_constants():
    assert (secret.SecretBox.KEY_SIZE, secret.SecretBox.NONCE_SIZE,
            secret.SecretBox.MACBYTES) == (nacl.secret.SecretBox.KEY_SIZE,
                                           nacl.secret.SecretBox.NONCE_SIZE,
                                           nacl.secret.SecretBox.MACBYTES)
    assert public.Box.NONCE_SIZE == nacl.public.Box.NONCE_SIZE
    assert public.PrivateKey.SIZE == nacl.public.PrivateKey.SIZE


def test_secretbox_vs_pynacl(rng):
    for _ in range(N):
        key, nonce = rbytes(rng, 32), rbytes(rng, 24)
        m = rbytes(rng, rng.choice([0, 1, 15, 16, 17, 63, 64, 65,
                                    rng.randrange(0, 5000)]))
        ours, ref = secret.SecretBox(key), nacl.secret.SecretBox(key)
        c = ours.encrypt(m, nonce)
        r = ref.encrypt(m, nonce)
        assert bytes(c) == bytes(r)
        assert c.nonce == r.nonce and c.ciphertext == r.ciphertext
        assert ref.decrypt(c) == m and ours.decrypt(r) == m
        assert ours.decrypt(c.ciphertext, c.nonce) == m
        bad = bytearray(c)
        bad[rng.randrange(len(bad))] ^= 1 << rng.randrange(8)
        with pytest.raises(CryptoError):
            ours.decrypt(bytes(bad))
    # random nonces differ; decrypt still works
    b = secret.SecretBox(bytes(32))
    assert b.encrypt(b"x").nonce != b.encrypt(b"x").nonce
    assert b.decrypt(b.encrypt(b"hello")) == b"hello"


def test_box_vs_pynacl(rng):
    for _ in range(N // 2):
        a_sk, b_seed = rbytes(rng, 32), rbytes(rng, 32)
        ours_a = public.PrivateKey(a_sk)
        ref_a = nacl.public.PrivateKey(a_sk)
        assert bytes(ours_a.public_key) == bytes(ref_a.public_key)
        ours_b = public.PrivateKey.from_seed(b_seed)
        ref_b = nacl.public.PrivateKey.from_seed(b_seed)
        assert bytes(ours_b) == bytes(ref_b)
        assert bytes(ours_b.public_key) == bytes(ref_b.public_key)
        # X25519 public key as pyca/cryptography computes it
        assert bytes(ours_a.public_key) == x25519.X25519PrivateKey \
            .from_private_bytes(a_sk).public_key().public_bytes_raw()
        nonce = rbytes(rng, 24)
        m = rbytes(rng, rng.randrange(0, 3000))
        ours = public.Box(ours_a, public.PublicKey(bytes(ours_b.public_key)))
        ref = nacl.public.Box(ref_b, ref_a.public_key)
        assert ours.shared_key() == ref.shared_key()
        c = ours.encrypt(m, nonce)
        assert bytes(c) == bytes(nacl.public.Box(ref_a, ref_b.public_key)
                                 .encrypt(m, nonce))
        assert ref.decrypt(c) == m
        assert ours.decrypt(ref.encrypt(m, nonce)) == m
        bad = bytearray(c)
        bad[rng.randrange(len(bad))] ^= 1
        with pytest.raises(CryptoError):
            ours.decrypt(bytes(bad))


def test_box_low_order_key_refused():
    sk = public.PrivateKey(bytes(range(32)))
    with pytest.raises(CryptoError):
        public.Box(sk, public.PublicKey(bytes(32)))


@needs_signing
def test_signing_vs_pynacl_and_cryptography(rng):
    for _ in range(N):
        seed = rbytes(rng, 32)
        m = rbytes(rng, rng.choice([0, 1, 64, rng.randrange(0, 3000)]))
        ours = signing.SigningKey(seed)
        ref = nacl.signing.SigningKey(seed)
        assert bytes(ours.verify_key) == bytes(ref.verify_key)
        sm = ours.sign(m)
        rsm = ref.sign(m)
        assert bytes(sm) == bytes(rsm)
        assert sm.signature == rsm.signature and sm.message == m
        # cross-verification both ways
        assert ref.verify_key.verify(sm) == m
        assert ours.verify_key.verify(rsm) == m
        assert ours.verify_key.verify(m, rsm.signature) == m
        cpk = ed25519.Ed25519PrivateKey.from_private_bytes(seed)
        assert cpk.sign(m) == sm.signature
        cpk.public_key().verify(sm.signature, m)
        assert signing.VerifyKey(cpk.public_key().public_bytes_raw()) \
            .verify(m, cpk.sign(m)) == m
        # libsodium's 64-byte secret key
        sk64 = ref._signing_key
        assert bytes(signing.SigningKey.from_secret_key(sk64)) == seed
        # a flipped bit anywhere is refused by both
        bad = bytearray(sm)
        bad[rng.randrange(len(bad))] ^= 1 << rng.randrange(8)
        with pytest.raises(BadSignatureError):
            ours.verify_key.verify(bytes(bad))
        with pytest.raises(nacl.exceptions.BadSignatureError):
            ref.verify_key.verify(bytes(bad))


@needs_signing
def test_generate_and_encoders():
    k = signing.SigningKey.generate()
    hexed = k.encode(encoding.HexEncoder)
    assert signing.SigningKey(hexed, encoder=encoding.HexEncoder).encode() \
        == bytes(k)
    sm = k.sign(b"msg", encoder=encoding.Base64Encoder)
    assert k.verify_key.verify(sm, encoder=encoding.Base64Encoder) == b"msg"
    vk = signing.VerifyKey(k.verify_key.encode(encoding.Base64Encoder),
                           encoder=encoding.Base64Encoder)
    assert vk == k.verify_key
    p = public.PrivateKey.generate()
    assert public.PrivateKey(p.encode(encoding.HexEncoder),
                             encoder=encoding.HexEncoder).encode() == bytes(p)
    box = secret.SecretBox(bytes(32))
    c = box.encrypt(b"data", encoder=encoding.HexEncoder)
    assert box.decrypt(c, encoder=encoding.HexEncoder) == b"data"
    with pytest.raises(ValueError):
        encoding.HexEncoder.decode(b"zz")
    with pytest.raises(ValueError):
        encoding.Base64Encoder.decode(b"!!!")


def test_error_paths():
    with pytest.raises(ValueError, match="exactly 32"):
        secret.SecretBox(bytes(31))
    with pytest.raises(TypeError):
        secret.SecretBox("k" * 32)
    box = secret.SecretBox(bytes(32))
    with pytest.raises(ValueError, match="exactly 24"):
        box.encrypt(b"m", bytes(23))
    with pytest.raises(TypeError):
        box.encrypt("m")
    with pytest.raises(ValueError, match="shorter"):
        box.decrypt(bytes(24 + 15))
    with pytest.raises(ValueError, match="exactly 24"):
        box.decrypt(bytes(10))
    with pytest.raises(ValueError):
        public.PrivateKey(bytes(33))
    with pytest.raises(TypeError):
        public.PrivateKey(12)
    with pytest.raises(ValueError):
        public.PublicKey(bytes(31))
    with pytest.raises(TypeError):
        public.Box(bytes(32), bytes(32))


@needs_signing
def test_signing_error_paths():
    with pytest.raises(ValueError):
        signing.SigningKey(bytes(31))
    with pytest.raises(TypeError):
        signing.SigningKey(None)
    with pytest.raises(ValueError):
        signing.VerifyKey(bytes(33))
    vk = signing.SigningKey(bytes(32)).verify_key
    with pytest.raises(ValueError, match="64 bytes"):
        vk.verify(b"m", bytes(63))
    with pytest.raises(ValueError, match="64 bytes"):
        vk.verify(bytes(10))
    with pytest.raises(BadSignatureError):
        vk.verify(b"m", bytes(64))
    with pytest.raises(ValueError):
        signing.SigningKey.from_secret_key(bytes(64))
    with pytest.raises(ValueError):
        signing.SigningKey.from_secret_key(bytes(63))
