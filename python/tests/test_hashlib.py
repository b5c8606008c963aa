"""qed.hashlib against hashlib, pycryptodome, pyskein, the official vectors
of tests/vectors/, and the C one-shot functions; hashlib protocol details
and every error path."""
import hashlib as std
import io

import pytest
from Crypto.Hash import (KMAC128, KMAC256, SHAKE128, TupleHash128,
                         TupleHash256, TurboSHAKE128, TurboSHAKE256,
                         KangarooTwelve, cSHAKE128, cSHAKE256, keccak)

from conftest import VECTORS, random_splits, rbytes
from qed import hashlib as q
from qed._qed import ffi, lib
from qed.exceptions import BadSignatureError

N = 150  # random cases per algorithm
LENGTHS = [0, 1, 71, 72, 135, 136, 143, 144, 167, 168, 169, 1000, 8191, 8192,
           8193, 20000]


def lengths(rng):
    return LENGTHS + [rng.randrange(0, 3000) for _ in range(N - len(LENGTHS))]


def streamed(obj, parts):
    for p in parts:
        obj.update(p)
    return obj


@pytest.mark.parametrize("name", ["sha3_224", "sha3_256", "sha3_384",
                                  "sha3_512"])
def test_sha3_vs_hashlib(name, rng):
    for n in lengths(rng):
        m = rbytes(rng, n)
        ref = std.new(name, m)
        ours = getattr(q, name)(m)
        assert ours.digest() == ref.digest()
        assert streamed(getattr(q, name)(), random_splits(rng, m)).hexdigest() \
            == ref.hexdigest()
        assert (ours.name, ours.digest_size, ours.block_size) == \
            (ref.name, ref.digest_size, ref.block_size)


@pytest.mark.parametrize("bits", [224, 256, 384, 512])
def test_keccak_vs_pycryptodome(bits, rng):
    for n in lengths(rng):
        m = rbytes(rng, n)
        ref = keccak.new(data=m, digest_bits=bits).digest()
        assert getattr(q, f"keccak_{bits}")(m).digest() == ref
        assert q.new(f"keccak_{bits}", m).digest() == ref


@pytest.mark.parametrize("name", ["shake_128", "shake_256"])
def test_shake_vs_hashlib(name, rng):
    for n in lengths(rng):
        m = rbytes(rng, n)
        k = rng.randrange(0, 600)
        ref = std.new(name, m)
        ours = streamed(getattr(q, name)(), random_splits(rng, m))
        assert ours.digest(k) == ref.digest(k)
        assert ours.hexdigest(k) == ref.hexdigest(k)
        # read(): streaming squeeze in random pieces
        got = b"".join(ours.read(len(p)) for p in random_splits(rng, bytes(k)))
        assert got == ref.digest(k)


def test_copy_is_independent(rng):
    for name in sorted(q.algorithms_available):
        a = q.new(name, b"abc")
        b = a.copy()
        b.update(b"def")
        fresh = q.new(name, b"abc")
        args = () if not hasattr(a, "read") else (32,)
        assert a.digest(*args) == fresh.digest(*args), name
        assert b.digest(*args) == q.new(name, b"abcdef").digest(*args), name
        # digest() does not finish the object
        a.update(b"def")
        assert a.digest(*args) == b.digest(*args), name


def test_file_digest(rng):
    data = rbytes(rng, 300000)
    for name in ("sha3_256", "sha3_512", "shake_128"):
        ours = std.file_digest(io.BytesIO(data), getattr(q, name)) \
            if hasattr(std, "file_digest") else getattr(q, name)(data)
        ref = std.new(name, data)
        if name.startswith("shake"):
            assert ours.digest(77) == ref.digest(77)
        else:
            assert ours.digest() == ref.digest()


def test_update_after_read_raises():
    x = q.shake_128(b"a")
    x.read(5)
    with pytest.raises(TypeError):
        x.update(b"b")
    x.read(5)  # still squeezing


@pytest.mark.parametrize("size", [128, 256])
def test_cshake_vs_pycryptodome(size, rng):
    ref_mod = {128: cSHAKE128, 256: cSHAKE256}[size]
    ctor = getattr(q, f"cshake_{size}")
    oneshot = getattr(lib, f"qed_cshake{size}")
    for n in lengths(rng):
        m, s = rbytes(rng, n), rbytes(rng, rng.randrange(0, 300))
        k = rng.randrange(1, 300)
        ref = ref_mod.new(data=m, custom=s).read(k)
        assert streamed(ctor(customization=s), random_splits(rng, m)).digest(k) \
            == ref
        # with a function name: the C one-shot
        fn = rbytes(rng, rng.randrange(0, 40))
        out = ffi.new("uint8_t[]", k)
        oneshot(out, k, m, len(m), fn, len(fn), s, len(s))
        assert ctor(m, function_name=fn, customization=s).read(k) == bytes(out)


@pytest.mark.parametrize("size", [128, 256])
def test_kmac_vs_pycryptodome(size, rng):
    ref_mod = {128: KMAC128, 256: KMAC256}[size]
    ctor = getattr(q, f"kmac_{size}")
    for n in lengths(rng)[:80]:
        key = rbytes(rng, rng.randrange(32, 100))
        m, s = rbytes(rng, n), rbytes(rng, rng.randrange(0, 100))
        k = rng.randrange(8, 100)
        ref = ref_mod.new(key=key, data=m, custom=s, mac_len=k).digest()
        ours = streamed(ctor(key, customization=s, digest_size=k),
                        random_splits(rng, m))
        assert ours.digest() == ref
        ours.verify(ref)
        ours.hexverify(ref.hex())
        bad = bytearray(ref)
        bad[rng.randrange(k)] ^= 1 << rng.randrange(8)
        with pytest.raises(BadSignatureError):
            ours.verify(bytes(bad))
        with pytest.raises(BadSignatureError):
            ours.verify(ref[:-1])


@pytest.mark.parametrize("size", [128, 256])
def test_tuplehash_vs_pycryptodome(size, rng):
    ref_mod = {128: TupleHash128, 256: TupleHash256}[size]
    ctor = getattr(q, f"tuplehash_{size}")
    for _ in range(N):
        parts = [rbytes(rng, rng.randrange(0, 300))
                 for _ in range(rng.randrange(0, 6))]
        s, k = rbytes(rng, rng.randrange(0, 50)), rng.randrange(8, 100)
        ref = ref_mod.new(digest_bytes=k, custom=s)
        for p in parts:
            ref.update(p)
        ours = ctor(customization=s, digest_size=k)
        ours.update(*parts[:2])
        for p in parts[2:]:
            ours.update(p)
        assert ours.digest() == ref.digest()


@pytest.mark.parametrize("size", [128, 256])
def test_turboshake_vs_pycryptodome(size, rng):
    ref_mod = {128: TurboSHAKE128, 256: TurboSHAKE256}[size]
    ctor = getattr(q, f"turboshake_{size}")
    for n in lengths(rng):
        m, d, k = rbytes(rng, n), rng.randrange(1, 0x80), rng.randrange(1, 300)
        ref = ref_mod.new(data=m, domain=d).read(k)
        assert streamed(ctor(domain=d), random_splits(rng, m)).read(k) == ref


def test_kt128_vs_pycryptodome(rng):
    for n in lengths(rng):
        m, s = rbytes(rng, n), rbytes(rng, rng.randrange(0, 300))
        k = rng.randrange(1, 300)
        ref = KangarooTwelve.new(data=m, custom=s).read(k)
        assert streamed(q.kt128(customization=s),
                        random_splits(rng, m)).digest(k) == ref


def test_rfc9861_vectors():
    """TurboSHAKE, KT128 and KT256 lines of the RFC 9861 KAT file."""
    def message(spec):
        kind, _, arg = spec.partition(":")
        if kind == "ptn":
            return bytes(i % 251 for i in range(int(arg)))
        return bytes.fromhex(arg)
    checked = 0
    for line in (VECTORS / "rfc9861" / "rfc9861-kat.txt").read_text().splitlines():
        if not line or line.startswith("#"):
            continue
        f = line.split()
        alg, msg, third, outlen, skip, expect = f[0], message(f[1]), f[2], \
            int(f[3]), int(f[4]), f[5]
        if int(f[1].split(":")[1]) > 100000 if f[1].startswith("ptn") else False:
            continue  # the longest patterns belong to the C tests
        if alg.startswith("TurboSHAKE"):
            ctor = q.turboshake_128 if alg.endswith("128") else q.turboshake_256
            x = ctor(msg, domain=int(third, 16))
        elif alg in ("KT128", "KT256"):
            ctor = q.kt128 if alg == "KT128" else q.kt256
            x = ctor(msg, customization=message(third))
        else:
            continue
        x.read(skip)
        assert x.read(outlen - skip).hex() == expect, line
        checked += 1
    assert checked >= 20


def test_kt256_m14_vs_c_one_shot(rng):
    for ctor, fn in ((q.kt256, lib.qed_kt256), (q.m14, lib.qed_m14),
                     (q.kt128, lib.qed_kt128)):
        for n in [0, 1, 8191, 8192, 8193, 17000] + \
                [rng.randrange(0, 30000) for _ in range(20)]:
            m, s = rbytes(rng, n), rbytes(rng, rng.randrange(0, 50))
            k = rng.randrange(1, 200)
            out = ffi.new("uint8_t[]", k)
            fn(out, k, m, len(m), s, len(s))
            assert streamed(ctor(customization=s),
                            random_splits(rng, m)).digest(k) == bytes(out)


def _sp800_185_samples(name):
    recs, rec = [], {}
    for line in (VECTORS / "sp800_185" / name).read_text().splitlines():
        if "=" in line and not line.startswith("#"):
            k, v = (t.strip() for t in line.split("=", 1))
            rec[k] = v
            if k == "MD":
                recs.append(rec)
                rec = {}
    return recs


@pytest.mark.parametrize("size", [128, 256])
def test_parallelhash_vectors_and_c(size, rng):
    ctor = getattr(q, f"parallelhash_{size}")
    recs = _sp800_185_samples(f"ParallelHash{size}_samples.txt")
    assert recs
    for r in recs:
        s = r["S"].strip('"').encode()
        md = bytes.fromhex(r["MD"])
        x = ctor(bytes.fromhex(r["Msg"]), block_size=int(r["B"]),
                 customization=s, digest_size=len(md))
        assert x.digest() == md
    fn = getattr(lib, f"qed_parallelhash{size}")
    for _ in range(60):
        m = rbytes(rng, rng.randrange(0, 5000))
        b, s, k = rng.choice([1, 8, 100, 168, 8192]), \
            rbytes(rng, rng.randrange(0, 30)), rng.randrange(1, 100)
        out = ffi.new("uint8_t[]", k)
        assert fn(out, k, m, len(m), b, s, len(s)) == 0
        assert streamed(ctor(block_size=b, customization=s, digest_size=k),
                        random_splits(rng, m)).digest() == bytes(out)


def _kat(path):
    recs, rec = [], {}
    for line in path.read_text().splitlines():
        if " = " in line or line.endswith(" ="):
            k, _, v = line.partition("=")
            rec[k.strip()] = v.strip()
        elif not line.strip() and rec:
            recs.append(rec)
            rec = {}
    if rec:
        recs.append(rec)
    return recs


def test_ascon_hash_xof_cxof_kats(rng):
    d = VECTORS / "ascon"
    for r in _kat(d / "LWC_HASH_KAT_128_256.txt"):
        m = bytes.fromhex(r["Msg"])
        assert q.ascon_hash256(m).hexdigest() == r["MD"].lower()
        assert streamed(q.ascon_hash256(), random_splits(rng, m)).digest() \
            == bytes.fromhex(r["MD"])
    for r in _kat(d / "LWC_XOF_KAT_128_512.txt"):
        m, md = bytes.fromhex(r["Msg"]), bytes.fromhex(r["MD"])
        assert q.ascon_xof128(m).digest(len(md)) == md
    for r in _kat(d / "LWC_CXOF_KAT_128_512.txt"):
        m, md = bytes.fromhex(r["Msg"]), bytes.fromhex(r["MD"])
        z = bytes.fromhex(r["Z"])
        assert q.ascon_cxof128(m, customization=z).read(len(md)) == md


@pytest.mark.parametrize("bits", [256, 512, 1024])
def test_skein_vs_pyskein(bits, rng):
    skein = pytest.importorskip("skein")
    ref_ctor = getattr(skein, f"skein{bits}")
    ctor = getattr(q, f"skein_{bits}")
    for n in lengths(rng)[:60]:
        m = rbytes(rng, n)
        k = rng.choice([1, 20, bits // 8, 100])
        key = rbytes(rng, rng.choice([0, 0, 32, 70]))
        pers = rbytes(rng, rng.choice([0, 0, 16]))
        ref = ref_ctor(m, digest_bits=8 * k, key=key, pers=pers).digest()
        ours = streamed(ctor(digest_size=k, key=key, personalization=pers),
                        random_splits(rng, m))
        assert ours.digest() == ref
    assert ctor().digest_size == bits // 8


def test_new_and_names():
    assert q.new("SHA3-256", b"x").digest() == std.sha3_256(b"x").digest()
    assert q.new("shake128", b"x").digest(5) == std.shake_128(b"x").digest(5)
    assert q.new("turboshake_128", b"x", domain=7).read(4) == \
        TurboSHAKE128.new(data=b"x", domain=7).read(4)
    assert {"sha3_256", "shake_128", "kt128", "ascon_hash256",
            "skein_512"} <= q.algorithms_available
    with pytest.raises(ValueError, match="unsupported hash type"):
        q.new("md5")
    with pytest.raises(TypeError):
        q.new(b"sha3_256")


def test_error_paths():
    with pytest.raises(TypeError, match="Strings must be encoded"):
        q.sha3_256("text")
    with pytest.raises(TypeError):
        q.sha3_256().update(12)
    with pytest.raises(TypeError):
        q.shake_128(b"").digest("5")
    with pytest.raises(ValueError):
        q.shake_128(b"").digest(-1)
    with pytest.raises(ValueError):
        q.shake_128(b"").read(-1)
    with pytest.raises(ValueError, match="domain"):
        q.turboshake_128(domain=0)
    with pytest.raises(ValueError, match="domain"):
        q.turboshake_256(domain=0x80)
    with pytest.raises(ValueError, match="digest_size"):
        q.kmac_128(b"k" * 16, digest_size=0)
    with pytest.raises(TypeError):
        q.kmac_128("key")
    with pytest.raises(ValueError, match="digest_size"):
        q.skein_512(digest_size=0)
    with pytest.raises(ValueError, match="block_size"):
        q.parallelhash_128(block_size=0)
    with pytest.raises(ValueError, match="customization"):
        q.ascon_cxof128(customization=bytes(257))
    with pytest.raises(TypeError):
        q.tuplehash_128().update("a")
    with pytest.raises(TypeError):
        q.cshake_128(function_name="N")
    # bytearray and memoryview are accepted
    assert q.sha3_256(bytearray(b"ab")).digest() == \
        q.sha3_256(memoryview(b"ab")).digest() == std.sha3_256(b"ab").digest()


@pytest.mark.parametrize("name", ["sha224", "sha256", "sha384", "sha512",
                                  "sha512_256"])
def test_sha2_vs_hashlib(name, rng):
    for n in lengths(rng):
        m = rbytes(rng, n)
        ref = std.new(name, m)
        ours = streamed(getattr(q, name)(), random_splits(rng, m))
        assert ours.digest() == ref.digest()
        assert (ours.name, ours.digest_size, ours.block_size) == \
            (ref.name, ref.digest_size, ref.block_size)
    assert q.new("SHA-512/256", b"a").digest() == \
        std.new("sha512_256", b"a").digest()


@pytest.mark.parametrize("size", [128, 256])
def test_rawshake_vs_c_one_shot(size, rng):
    fn = getattr(lib, f"qed_rawshake{size}")
    for n in lengths(rng)[:60]:
        m, k = rbytes(rng, n), rng.randrange(1, 300)
        out = ffi.new("uint8_t[]", k)
        fn(out, k, m, len(m))
        assert streamed(getattr(q, f"rawshake_{size}")(),
                        random_splits(rng, m)).read(k) == bytes(out)


def _records(name, repeat=()):
    recs, rec = [], {}
    for line in (VECTORS / "sp800_185" / name).read_text().splitlines():
        if "=" in line and not line.startswith("#"):
            k, v = (t.strip() for t in line.split("=", 1))
            if k in repeat:
                rec.setdefault(k, []).append(v)
            else:
                rec[k] = v
            if k in ("Out", "MD"):
                recs.append(rec)
                rec = {}
    assert recs
    return recs


@pytest.mark.parametrize("size", [128, 256])
def test_xof_forms_vectors_and_c(size, rng):
    for r in _records(f"KMACXOF_{size}_samples.txt"):
        x = getattr(q, f"kmacxof_{size}")(bytes.fromhex(r["Key"]),
                                          bytes.fromhex(r["In"]),
                                          customization=r["S"].strip('"').encode())
        assert x.digest(int(r["OutLen"]) // 8).hex().upper() == r["Out"]
    for r in _records(f"Tuple_Hash_XOF_{size}_samples.txt", ("Tuple",)):
        x = getattr(q, f"tuplehashxof_{size}")(
            customization=r["S"].strip('"').encode())
        x.update(*[bytes.fromhex(t) for t in r.get("Tuple", [])])
        assert x.read(int(r["OutLen"]) // 8).hex().upper() == r["Out"]
    for r in _records(f"ParallelHashXOF{size}_samples.txt"):
        md = bytes.fromhex(r["MD"])
        x = getattr(q, f"parallelhashxof_{size}")(
            bytes.fromhex(r["Msg"]), block_size=int(r["B"]),
            customization=r["S"].strip('"').encode())
        assert x.digest(len(md)) == md
    # random cases against the C one-shots
    kfn = getattr(lib, f"qed_kmacxof{size}")
    pfn = getattr(lib, f"qed_parallelhashxof{size}")
    for _ in range(60):
        key, m = rbytes(rng, rng.randrange(0, 80)), rbytes(rng, rng.randrange(0, 3000))
        s, k = rbytes(rng, rng.randrange(0, 40)), rng.randrange(1, 300)
        out = ffi.new("uint8_t[]", k)
        kfn(out, k, key, len(key), m, len(m), s, len(s))
        x = streamed(getattr(q, f"kmacxof_{size}")(key, customization=s),
                     random_splits(rng, m))
        assert x.read(k // 2) + x.read(k - k // 2) == bytes(out)
        b = rng.choice([1, 8, 168, 1000])
        assert pfn(out, k, m, len(m), b, s, len(s)) == 0
        assert streamed(getattr(q, f"parallelhashxof_{size}")(
            block_size=b, customization=s), random_splits(rng, m)).digest(k) \
            == bytes(out)
    t = getattr(q, f"tuplehashxof_{size}")()
    t.read(1)
    with pytest.raises(TypeError):
        t.update(b"x")


def test_ascon_v12_kats():
    d = VECTORS / "ascon"
    for r in _kat(d / "Ascon_HASH_KAT_256.txt"):
        if "MD" in r:
            assert q.ascon_hash_v12(bytes.fromhex(r["Msg"])).hex().upper() \
                == r["MD"]
    n = 0
    for r in _kat(d / "Ascon_XOF_KAT_256.txt"):
        if "Output" in r:
            o = bytes.fromhex(r["Output"])
            assert q.ascon_xof_v12(bytes.fromhex(r["Msg"]), len(o)) == o
            n += 1
    assert n > 100
    with pytest.raises(ValueError):
        q.ascon_xof_v12(b"", -1)
    with pytest.raises(TypeError):
        q.ascon_hash_v12("x")
