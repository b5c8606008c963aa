#!/usr/bin/env python3
"""Tests of the `qed` command (cli/): every option of `qed sum`, `qed mac`,
`qed sign`, `qed bench` and `qed selftest`.

Digests are compared with independent implementations (hashlib,
pycryptodome, pyskein from the shared .venv) and with the official vectors
in tests/vectors; output formats with coreutils `cksum -a`; `qed sign` with
OpenBSD's signify (Debian's signify-openbsd) both ways when it is installed.

Environment: QED_CLI   the binary (default build/qed)
             QED_CLI_QUICK=1  skip the slow parts (fuzzing, big files)
Exit status 0 if every check passed.
"""
import ctypes
import hashlib
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
QED = os.path.abspath(os.environ.get("QED_CLI", os.path.join(ROOT, "build", "qed")))
QUICK = os.environ.get("QED_CLI_QUICK") == "1"
VEC = os.path.join(ROOT, "tests", "vectors")
SIGNIFY = shutil.which("signify-openbsd") or shutil.which("signify")

from Crypto.Hash import (KMAC128, KMAC256, KangarooTwelve, TurboSHAKE128,
                         TurboSHAKE256, cSHAKE128, cSHAKE256, keccak)
import skein

passed = 0
failed = 0
rng = random.Random(20261124)


def check(cond, what):
    global passed, failed
    if cond:
        passed += 1
    else:
        failed += 1
        print("FAIL:", what)


def run(args, stdin=b"", cwd=None):
    """(exit status, stdout bytes, stderr text) of qed ARGS."""
    p = subprocess.run([QED] + list(args), input=stdin, cwd=cwd,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    err = p.stderr.decode("utf-8", "replace")
    # a sanitizer report or a signal is a crash, whatever the test expects
    if p.returncode < 0 or p.returncode > 2 or "Sanitizer" in err or "runtime error" in err:
        global failed
        failed += 1
        print("CRASH:", args, p.returncode, err[:2000])
    return p.returncode, p.stdout, err


def hexof(args, data, cwd):
    """The hex digest qed sum --untagged prints for data on stdin."""
    rc, out, err = run(["sum", "--untagged"] + args, data, cwd)
    if rc != 0:
        return "rc=%d %s" % (rc, err)
    return out.decode().split("  ")[0]


# ---------------------------------------------------------------- references
def ref_digest(alg, data, bits=None, N=b"", S=b"", D=0x1F):
    n = (bits or 0) // 8
    if alg.startswith("sha3-"):
        return hashlib.new("sha3_" + alg[5:], data).hexdigest()
    if alg.startswith("keccak-"):
        return keccak.new(data=data, digest_bits=int(alg[7:])).hexdigest()
    if alg == "shake128":
        return hashlib.shake_128(data).hexdigest(n or 32)
    if alg == "shake256":
        return hashlib.shake_256(data).hexdigest(n or 64)
    if alg in ("cshake128", "cshake256"):
        mod = cSHAKE128 if alg == "cshake128" else cSHAKE256
        h = mod._new(data, S, N)
        return h.read(n or (32 if alg == "cshake128" else 64)).hex()
    if alg in ("turboshake128", "turboshake256"):
        mod = TurboSHAKE128 if alg == "turboshake128" else TurboSHAKE256
        return mod.new(data=data, domain=D).read(n or (32 if alg == "turboshake128" else 64)).hex()
    if alg == "kt128":
        return KangarooTwelve.new(data=data, custom=S).read(n or 32).hex()
    if alg.startswith("skein-"):
        st = int(alg[6:])
        f = {256: skein.skein256, 512: skein.skein512, 1024: skein.skein1024}[st]
        return f(data, digest_bits=bits or st).hexdigest()
    if alg in SHA2_ALGS:
        return hashlib.new(alg, data).hexdigest()
    return None


SHA2_ALGS = ["sha224", "sha256", "sha384", "sha512"]
ALL_ALGS = ("sha3-224 sha3-256 sha3-384 sha3-512 keccak-224 keccak-256 "
            "keccak-384 keccak-512 shake128 shake256 rawshake128 rawshake256 "
            "cshake128 cshake256 parallelhash128 parallelhash256 turboshake128 "
            "turboshake256 kt128 kt256 m14 ascon-hash256 ascon-xof128 "
            "ascon-cxof128 gimli-hash skein-256 skein-512 skein-1024").split()


def read_records(path, keys):
    """Records of a NIST-style 'Key = value' file, as dicts."""
    recs, cur = [], {}
    for line in open(path):
        line = line.strip()
        if not line or line.startswith("#"):
            if cur:
                recs.append(cur)
                cur = {}
            continue
        if " = " in line or line.endswith(" ="):
            k, _, v = line.partition(" =")
            cur[k.strip()] = v.strip()
    if cur:
        recs.append(cur)
    return [r for r in recs if all(k in r for k in keys)]


def ptn(n):
    return bytes(j % 251 for j in range(n))


# ---------------------------------------------------------------- qed sum
def test_sum_vectors(d):
    rc, out, _ = run(["sum", "--list"])
    check(rc == 0 and out.decode().split() == ALL_ALGS + (SHA2_ALGS if HAVE_SHA512 else []),
          "sum --list")
    lens = [0, 1, 135, 136, 1000, 65535, 65536, 65537]
    if not QUICK:
        lens += [200000]
    for n in lens:
        data = bytes(rng.getrandbits(8) for _ in range(n))
        with open(os.path.join(d, "m"), "wb") as f:
            f.write(data)
        for alg in ALL_ALGS + (SHA2_ALGS if HAVE_SHA512 else []):
            want = ref_digest(alg, data)
            got = hexof(["-a", alg], data, d)
            rc, out, _ = run(["sum", "--untagged", "-a", alg, "m"], cwd=d)
            check(rc == 0 and out.decode() == got + "  m\n",
                  "%s: file = stdin at %d bytes" % (alg, n))
            if want is not None:
                check(got == want, "%s of %d bytes: %s != %s" % (alg, n, got, want))
        if n not in (0, 136, 65537):
            continue
        # parameters and lengths against the references
        for bits in (8, 128, 264, 1344, 4096):
            for alg in ("shake128", "shake256", "cshake128", "turboshake256", "kt128", "skein-512", "skein-256"):
                check(hexof(["-a", alg, "-l", str(bits)], data, d) == ref_digest(alg, data, bits),
                      "%s -l %d at %d bytes" % (alg, bits, n))
        for N, S in ((b"", b"Email Signature"), (b"KMAC", b"x"), (b"fn", b"")):
            for alg in ("cshake128", "cshake256"):
                check(hexof(["-a", alg, "-N", N.decode(), "-S", S.decode()], data, d)
                      == ref_digest(alg, data, N=N, S=S), "%s -N -S" % alg)
        for D in (0x01, 0x06, 0x0B, 0x1F, 0x7F):
            for alg in ("turboshake128", "turboshake256"):
                check(hexof(["-a", alg, "-D", hex(D)], data, d) == ref_digest(alg, data, D=D),
                      "%s -D %#x" % (alg, D))
        check(hexof(["-a", "kt128", "-S", "custom"], data, d) == ref_digest("kt128", data, S=b"custom"),
              "kt128 -S")
    # official vectors
    for alg, path in (("parallelhash128", "sp800_185/ParallelHash128_samples.txt"),
                      ("parallelhash256", "sp800_185/ParallelHash256_samples.txt")):
        for r in read_records(os.path.join(VEC, path), ("B", "S", "Msg", "MD")):
            md = r["MD"].lower()
            got = hexof(["-a", alg, "-B", r["B"], "-S", r["S"].strip('"'), "-l", str(len(md) * 4)],
                        bytes.fromhex(r["Msg"]), d)
            check(got == md, "%s NIST sample B=%s" % (alg, r["B"]))
    for line in open(os.path.join(VEC, "rfc9861/rfc9861-kat.txt")):
        f = line.split()
        if len(f) == 6 and f[0] == "KT256" and f[2] == "hex:" and f[4] == "0" and f[3] == "64":
            if f[1] == "hex:":
                m = b""
            elif f[1].startswith("ptn:") and int(f[1][4:]) <= 83521:
                m = ptn(int(f[1][4:]))
            else:
                continue
            check(hexof(["-a", "kt256"], m, d) == f[5], "kt256 RFC 9861 %s" % f[1])
    for alg, path, n in (("ascon-hash256", "ascon/LWC_HASH_KAT_128_256.txt", 40),
                         ("ascon-xof128", "ascon/LWC_XOF_KAT_128_512.txt", 40),
                         ("gimli-hash", "gimli/gimli_hash.txt", 10)):
        for r in read_records(os.path.join(VEC, path), ("Msg", "MD"))[:n]:
            md = r["MD"].lower()
            args = ["-a", alg] + (["-l", str(len(md) * 4)] if "xof" in alg else [])
            check(hexof(args, bytes.fromhex(r["Msg"]), d) == md, "%s KAT %s" % (alg, r.get("Count")))
    k = 0
    for r in read_records(os.path.join(VEC, "ascon/LWC_CXOF_KAT_128_512.txt"), ("Msg", "Z", "MD")):
        z = bytes.fromhex(r["Z"])
        if b"\0" in z or k >= 40:
            continue
        k += 1
        md = r["MD"].lower()
        p = subprocess.run([QED.encode(), b"sum", b"--untagged", b"-a", b"ascon-cxof128",
                            b"-l", str(len(md) * 4).encode()] + ([b"-S", z] if z else []),
                           input=bytes.fromhex(r["Msg"]), stdout=subprocess.PIPE)
        check(p.stdout.decode().split("  ")[0] == md, "ascon-cxof128 KAT %s" % r["Count"])


def test_sum_formats(d):
    names = ["a", "b\nc", "d\\e", "sp ace", "x) = y"]
    for i, nm in enumerate(names):
        with open(os.path.join(d, nm), "wb") as f:
            f.write(b"abc" * (i + 1))
    sha = hashlib.sha3_256
    want_tag = b""
    want_untag = b""
    for i, nm in enumerate(names):
        h = sha(b"abc" * (i + 1)).hexdigest()
        esc = "\n" in nm or "\\" in nm
        shown = nm.replace("\\", "\\\\").replace("\n", "\\n") if esc else nm
        want_tag += (("\\" if esc else "") + "SHA3-256 (%s) = %s\n" % (shown, h)).encode()
        want_untag += (("\\" if esc else "") + "%s  %s\n" % (h, shown)).encode()
    rc, out, _ = run(["sum", "-a", "sha3-256"] + names, cwd=d)
    check(rc == 0 and out == want_tag, "tagged lines with escaped names")
    rc, out, _ = run(["sum", "-a", "sha3-256", "--tag"] + names, cwd=d)
    check(rc == 0 and out == want_tag, "--tag")
    rc, out, _ = run(["sum", "-a", "sha3-256", "--untagged"] + names, cwd=d)
    check(rc == 0 and out == want_untag, "--untagged lines with escaped names")
    rc, out, _ = run(["sum", "-a", "sha3-256", "--untagged", "--tag", "a"], cwd=d)
    check(out.startswith(b"SHA3-256 (a)"), "the last of --tag / --untagged wins")
    rc, out, _ = run(["sum", "-a", "sha3-256", "-z"] + names, cwd=d)
    want = b"".join(b"SHA3-256 (" + nm.encode() + b") = " + sha(b"abc" * (i + 1)).hexdigest().encode() + b"\0"
                    for i, nm in enumerate(names))
    check(rc == 0 and out == want, "-z: NUL ends, no escaping")
    import base64
    rc, out, _ = run(["sum", "-a", "sha3-256", "--base64", "a"], cwd=d)
    check(out == b"SHA3-256 (a) = " + base64.b64encode(sha(b"abc").digest()) + b"\n", "--base64")
    rc, out, _ = run(["sum", "-a", "shake128", "a"], cwd=d)
    check(out.startswith(b"SHAKE128-256 (a) = "), "XOF tag carries the length")
    rc, out, _ = run(["sum", "-a", "skein-512", "-l", "256", "a"], cwd=d)
    check(out.startswith(b"SKEIN-512-256 (a) = "), "Skein tag carries the length")
    rc, out, _ = run(["sum", "-a", "sha3-256", "-"], b"abc", d)
    check(out == b"SHA3-256 (-) = " + sha(b"abc").hexdigest().encode() + b"\n", "'-' is stdin")
    rc, out, _ = run(["sum", "-a", "sha3-256"], b"abc", d)
    check(out == b"SHA3-256 (-) = " + sha(b"abc").hexdigest().encode() + b"\n", "no file is stdin")
    # the same bytes as coreutils for an algorithm it has
    if HAVE_SHA512 and shutil.which("cksum"):
        for alg in SHA2_ALGS:
            for opts in ([], ["--untagged"], ["-z"], ["--tag"]):
                ck = subprocess.run(["cksum", "-a", alg] + opts + names, cwd=d, stdout=subprocess.PIPE).stdout
                rc, out, _ = run(["sum", "-a", alg] + opts + names, cwd=d)
                check(rc == 0 and out == ck, "same output as cksum -a %s %s" % (alg, opts))
            # qed checks coreutils' lists and coreutils checks qed's, same report
            ck = subprocess.run(["cksum", "-a", alg] + names, cwd=d, stdout=subprocess.PIPE).stdout
            rc, out, _ = run(["sum", "-c"], ck, d)
            ck2 = subprocess.run(["cksum", "-c"], input=run(["sum", "-a", alg] + names, cwd=d)[1], cwd=d,
                                 stdout=subprocess.PIPE)
            check(rc == 0 and ck2.returncode == 0 and out == ck2.stdout, "%s lists: qed -c = cksum -c" % alg)
    # errors on reading
    rc, out, err = run(["sum", "-a", "sha3-256", "a", "nonexistent", "."], cwd=d)
    check(rc == 1 and out.startswith(b"SHA3-256 (a)") and "nonexistent: No such file" in err
          and ".: Is a directory" in err, "unreadable files: status 1, the others printed")
    # progress and debug
    big = os.path.join(d, "big")
    with open(big, "wb") as f:
        f.write(b"\x5a" * (3 << 20))
    rc, out, err = run(["sum", "-a", "kt128", "--progress", "big"], cwd=d)
    check(rc == 0 and "100%" in err and "[####" in err and out.decode().split(" = ")[1].strip()
          == KangarooTwelve.new(data=b"\x5a" * (3 << 20)).read(32).hex(), "--progress")
    rc, out, err = run(["sum", "-a", "kt128", "--progress"], b"\x5a" * (3 << 20), d)
    check(rc == 0 and "3 MiB" in err and out.decode().split(" = ")[1].strip()
          == KangarooTwelve.new(data=b"\x5a" * (3 << 20)).read(32).hex(), "--progress on a pipe: MiB so far")
    rc, out, err = run(["sum", "-a", "kt128", "--progress"], b"short", d)
    check(rc == 0 and err == "", "--progress: nothing for a short pipe")
    rc, out, err = run(["sum", "-a", "kt128", "--progress", "a"], cwd=d)
    check(rc == 0 and err == "", "--progress: nothing for a short input")
    rc, out, err = run(["sum", "-a", "kt128", "--debug", "a"], cwd=d)
    check(rc == 0 and "backend: " in err and any(b in err for b in ("portable", "avx2", "avx512")),
          "--debug names the backend")


def test_sum_check(d):
    files = {"f1": b"one", "f2": b"two" * 5000, "n\nl": b"newline", "b\\s": b"backslash"}
    for nm, data in files.items():
        with open(os.path.join(d, nm), "wb") as f:
            f.write(data)
    names = list(files)
    for alg in ALL_ALGS + (SHA2_ALGS if HAVE_SHA512 else []):
        for form in ([], ["--untagged"], ["--base64"]):
            extra = ["-a", alg] if form == ["--untagged"] else []
            params = []
            if alg.startswith("cshake"):
                params = ["-N", "n", "-S", "s"]
            elif alg.startswith("parallelhash"):
                params = ["-B", "3", "-S", "s"]
            elif alg.startswith("turboshake"):
                params = ["-D", "0x0b"]
            rc, lst, _ = run(["sum", "-a", alg] + params + form + names, cwd=d)
            with open(os.path.join(d, "list"), "wb") as f:
                f.write(lst)
            rc, out, err = run(["sum", "-c", "list"] + extra + params, cwd=d)
            want = b"f1: OK\nf2: OK\n\\n\\nl: OK\nb\\s: OK\n"
            check(rc == 0 and out == want and err == "", "round trip %s %s: %r %r" % (alg, form, out, err))
            if form == []:
                rc, out, err = run(["sum", "-c"] + params, lst, d)
                check(rc == 0 and out == want, "round trip %s, list on stdin" % alg)
    # XOF with a length: the tag gives it
    rc, lst, _ = run(["sum", "-a", "shake256", "-l", "1024", "f1"], cwd=d)
    rc, out, _ = run(["sum", "-c"], lst, d)
    check(rc == 0 and out == b"f1: OK\n", "check: the length comes from the tag")
    rc, out, _ = run(["sum", "-c"], lst.replace(b"SHAKE256-1024", b"SHAKE256-512"), d)
    check(rc == 1, "check: a tag length that does not match the digest is improper")

    good = run(["sum", "-a", "sha3-512", "f1", "f2"], cwd=d)[1]
    # tampered file
    with open(os.path.join(d, "f2"), "ab") as f:
        f.write(b"!")
    rc, out, err = run(["sum", "-c"], good, d)
    check(rc == 1 and out == b"f1: OK\nf2: FAILED\n" and "WARNING: 1 computed checksum did NOT match" in err,
          "tampered file: %r %r" % (out, err))
    rc, out, err = run(["sum", "-c", "--quiet"], good, d)
    check(rc == 1 and out == b"f2: FAILED\n", "--quiet prints failures only")
    rc, out, err = run(["sum", "-c", "--status"], good, d)
    check(rc == 1 and out == b"" and err == "", "--status prints nothing")
    with open(os.path.join(d, "f2"), "wb") as f:
        f.write(b"two" * 5000)
    rc, out, err = run(["sum", "-c", "--status"], good, d)
    check(rc == 0 and out == b"" and err == "", "--status, all good")
    rc, out, err = run(["sum", "-c", "--quiet"], good, d)
    check(rc == 0 and out == b"", "--quiet, all good")
    # tampered checksum list: a flipped digit, a cut line, garbage
    lines = good.split(b"\n")
    flipped = lines[0][:-1] + (b"0" if lines[0][-1:] != b"0" else b"1")
    rc, out, err = run(["sum", "-c"], flipped + b"\n" + lines[1] + b"\n", d)
    check(rc == 1 and out == b"f1: FAILED\nf2: OK\n", "flipped digest digit")
    bad = lines[0][:-2] + b"\n" + lines[1] + b"\ngarbage line\n\nSHA3-512 (x) = zz\n"
    rc, out, err = run(["sum", "-c"], bad, d)
    check(rc == 0 and out == b"f2: OK\n" and "WARNING: 4 lines are improperly formatted" in err,
          "improper lines: warning, status 0 (%r)" % err)
    rc, out, err = run(["sum", "-c", "--strict"], bad, d)
    check(rc == 1, "--strict: improper lines fail")
    rc, out, err = run(["sum", "-c", "-w"], bad, d)
    check("standard input: 1: improperly formatted checksum line" in err and
          "standard input: 3: improperly formatted" in err, "-w: one warning per line")
    rc, out, err = run(["sum", "-c"], b"garbage\n", d)
    check(rc == 1 and "'standard input': no properly formatted checksum lines found" in err,
          "no proper line")
    rc, out, err = run(["sum", "-c"], b"", d)
    check(rc == 1 and "no properly formatted" in err, "empty list")
    rc, out, err = run(["sum", "-c", "nolist"], cwd=d)
    check(rc == 1 and "nolist: No such file or directory" in err, "missing checksum list")
    # untagged lines need -a
    unt = run(["sum", "-a", "sha3-256", "--untagged", "f1"], cwd=d)[1]
    rc, out, err = run(["sum", "-c"], unt, d)
    check(rc == 1 and "no properly formatted" in err, "untagged without -a")
    rc, out, err = run(["sum", "-c", "-a", "sha3-256"], unt, d)
    check(rc == 0 and out == b"f1: OK\n", "untagged with -a")
    rc, out, err = run(["sum", "-c", "-a", "sha3-256"], unt.replace(b"  ", b" *"), d)
    check(rc == 0 and out == b"f1: OK\n", "untagged binary-mode marker")
    # -a restricts tagged lines to that algorithm
    rc, out, err = run(["sum", "-c", "-a", "sha3-256"], good, d)
    check(rc == 1 and "no properly formatted" in err, "-a restricts tagged lines")
    # mixed algorithms in one list
    mixed = run(["sum", "-a", "sha3-256", "f1"], cwd=d)[1] + run(["sum", "-a", "kt128", "f2"], cwd=d)[1]
    rc, out, err = run(["sum", "-c"], mixed, d)
    check(rc == 0 and out == b"f1: OK\nf2: OK\n", "mixed algorithms")
    # missing files
    miss = good + good.replace(b"(f1)", b"(gone)")
    rc, out, err = run(["sum", "-c"], miss, d)
    check(rc == 1 and b"gone: FAILED open or read\n" in out and "gone: No such file or directory" in err
          and "WARNING: 1 listed file could not be read" in err, "missing file")
    rc, out, err = run(["sum", "-c", "--ignore-missing"], miss, d)
    check(rc == 0 and out == b"f1: OK\nf2: OK\nf2: OK\n" and err == "", "--ignore-missing")
    only = good.replace(b"(f1)", b"(gone)").split(b"\n")[0] + b"\n"
    rc, out, err = run(["sum", "-c", "--ignore-missing"], only, d)
    check(rc == 1 and "standard input: no file was verified" in err, "--ignore-missing, nothing verified")
    # names with newlines and backslashes in a list
    rc, lst, _ = run(["sum", "-a", "kt256", "n\nl", "b\\s"], cwd=d)
    rc, out, err = run(["sum", "-c"], lst, d)
    check(rc == 0 and out == b"\\n\\nl: OK\nb\\s: OK\n", "escaped names")
    rc, out, err = run(["sum", "-c"], lst.replace(b"\\n", b"\\q"), d)
    check(rc == 0 and out == b"b\\s: OK\n" and "1 line is improperly" in err, "bad escape is improper")
    # a NUL byte in a line
    rc, out, err = run(["sum", "-c"], good.replace(b"(f1)", b"(f\x001)"), d)
    check(rc == 0 and out == b"f2: OK\n" and "1 line is improperly formatted" in err, "NUL in a line")


def test_usage():
    cases = [
        (["sum", "-a", "md5"], "unknown algorithm 'md5'"),
        (["sum", "-a"], "requires an argument"),
        (["sum", "-a", "shake128", "-l", "12"], "not a multiple of 8"),
        (["sum", "-a", "shake128", "-l", "0"], "invalid length"),
        (["sum", "-a", "shake128", "-l", "abc"], "invalid length: 'abc'"),
        (["sum", "-a", "shake128", "-l", "-8"], "invalid length"),
        (["sum", "-a", "shake128", "-l", "99999999999999999999"], "invalid length"),
        (["sum", "-a", "shake128", "-l", "65544"], "at most"),
        (["sum", "-a", "sha3-256", "-l", "256"], "only supported with XOFs"),
        (["sum", "-a", "sha3-256", "-N", "x"], "takes none of the options -N"),
        (["sum", "-a", "kt128", "-D", "1"], "takes none of the options -D"),
        (["sum", "-a", "sha3-256", "-S", "x"], "-S"),
        (["sum", "-a", "turboshake128", "-D", "0x80"], "invalid domain byte"),
        (["sum", "-a", "turboshake128", "-D", "0"], "invalid domain byte"),
        (["sum", "-a", "turboshake128", "-D", "zz"], "invalid domain byte"),
        (["sum", "-a", "parallelhash128", "-B", "0"], "invalid block size"),
        (["sum", "-a", "parallelhash128", "-B", "-1"], "invalid block size"),
        (["sum", "-a", "ascon-cxof128", "-S", "x" * 257], "at most 256"),
        (["sum", "--frobnicate"], "unrecognized option '--frobnicate'"),
        (["sum", "-Q"], "invalid option -- 'Q'"),
        (["sum", "f"], "no algorithm given"),
        (["sum", "-c", "-z"], "--zero option is not supported"),
        (["sum", "-c", "--tag"], "meaningless"),
        (["sum", "-a", "sha3-256", "--quiet"], "only when verifying"),
        (["sum", "-a", "sha3-256", "--strict"], "only when verifying"),
        (["sum", "-a", "sha3-256", "--ignore-missing"], "only when verifying"),
        (["mac"], "no algorithm"),
        (["mac", "-a", "hmac"], "unknown MAC algorithm"),
        (["mac", "-a", "kmac128", "-l", "7", "f"], "multiple of 8"),
        (["mac", "-a", "kmac128", "--check", "xyz", "f"], "hex"),
        (["mac", "-a", "kmac128", "--check", "00", "-l", "16", "f"], "--length says"),
        (["mac", "-a", "kmac128"], "give the message as a FILE"),
        (["mac", "-a", "kmac128", "-"], "cannot both be standard input"),
        (["mac", "-a", "kmac128", "--secret", "k"], "unrecognized option"),
        (["frob"], "unknown command 'frob'"),
        ([], "Usage"),
    ]
    for args, msg in cases:
        rc, out, err = run(args)
        check(rc == 2 and msg.lower() in err.lower(), "usage error %s: rc=%d %r" % (args, rc, err))
    for args in (["--help"], ["sum", "--help"], ["mac", "--help"], ["--version"], ["sign", "--help"],
                 ["sign", "-h"], ["selftest", "--help"], ["bench", "--help"]):
        rc, out, err = run(args)
        check(rc == 0 and len(out) > 5, "%s" % args)


def test_mac(d):
    key = bytes(rng.getrandbits(8) for _ in range(32))
    with open(os.path.join(d, "key"), "wb") as f:
        f.write(key)
    for n in (0, 1, 167, 168, 65536, 70000):
        msg = bytes(rng.getrandbits(8) for _ in range(n))
        with open(os.path.join(d, "msg"), "wb") as f:
            f.write(msg)
        for alg, mod, dflt in (("kmac128", KMAC128, 32), ("kmac256", KMAC256, 64)):
            for S in (b"", b"My Tagged Application"):
                for bits in (None, 128, 520):
                    L = bits // 8 if bits else dflt
                    want = mod.new(key=key, data=msg, mac_len=L, custom=S).hexdigest()
                    args = ["mac", "-a", alg, "--key-file", "key", "msg"] + (["-S", S.decode()] if S else []) \
                        + (["-l", str(bits)] if bits else [])
                    rc, out, err = run(args, cwd=d)
                    check(rc == 0 and out == (want + "  msg\n").encode(), "%s %d S=%r L=%s" % (alg, n, S, bits))
            # key from stdin, message from the file
            rc, out, err = run(["mac", "-a", alg, "msg"], key, d)
            check(rc == 0 and out.decode().split()[0] ==
                  mod.new(key=key, data=msg, mac_len=dflt).hexdigest(), "%s key on stdin" % alg)
            # message from stdin, key from the file
            rc, out, err = run(["mac", "-a", alg, "-k", "key"], msg, d)
            check(rc == 0 and out.decode() == mod.new(key=key, data=msg, mac_len=dflt).hexdigest() + "  -\n",
                  "%s message on stdin" % alg)
        for st, f in ((256, skein.skein256), (512, skein.skein512), (1024, skein.skein1024)):
            for pers in (b"", b"20261124 me@example.org qed/test"):
                for bits in (None, 256, 2048):
                    want = f(msg, key=key, pers=pers, digest_bits=bits or st).hexdigest()
                    args = ["mac", "-a", "skein-%d" % st, "-k", "key", "msg"] + (["-S", pers.decode()] if pers else []) \
                        + (["-l", str(bits)] if bits else [])
                    rc, out, err = run(args, cwd=d)
                    check(rc == 0 and out == (want + "  msg\n").encode(), "skein-%d mac %d pers=%r %s" % (st, n, pers, bits))
    # --check, constant-time comparison; the tag length sets the output length
    msg = b"attack at dawn"
    with open(os.path.join(d, "msg"), "wb") as f:
        f.write(msg)
    for L in (16, 32, 64):
        t = KMAC256.new(key=key, data=msg, mac_len=L).hexdigest()
        rc, out, err = run(["mac", "-a", "kmac256", "-k", "key", "--check", t, "msg"], cwd=d)
        check(rc == 0 and out == b"msg: OK\n", "mac --check OK (%d bytes)" % L)
        for pos in (0, len(t) // 2, len(t) - 1):
            bad = t[:pos] + ("0" if t[pos] != "0" else "1") + t[pos + 1:]
            rc, out, err = run(["mac", "-a", "kmac256", "-k", "key", "--check", bad, "msg"], cwd=d)
            check(rc == 1 and out == b"msg: FAILED\n", "mac --check FAILED at %d" % pos)
        rc, out, err = run(["mac", "-a", "kmac256", "-k", "key", "--check", t[:-2], "msg"], cwd=d)
        check(rc == 1, "mac --check: truncated tag fails")
    t = skein.skein512(msg, key=key, digest_bits=512).hexdigest()
    rc, out, err = run(["mac", "-a", "skein-512", "-k", "key", "--check", t.upper(), "msg"], cwd=d)
    check(rc == 0 and out == b"msg: OK\n", "skein mac --check, upper-case hex")
    # key problems
    open(os.path.join(d, "empty"), "wb").close()
    rc, out, err = run(["mac", "-a", "kmac128", "-k", "empty", "msg"], cwd=d)
    check(rc == 1 and "empty key" in err, "empty key refused")
    rc, out, err = run(["mac", "-a", "kmac128", "-k", "nokey", "msg"], cwd=d)
    check(rc == 1 and "nokey: No such file" in err, "missing key file")
    with open(os.path.join(d, "bigkey"), "wb") as f:
        f.write(b"k" * 5000)
    rc, out, err = run(["mac", "-a", "kmac128", "-k", "bigkey", "msg"], cwd=d)
    check(rc == 1 and "longer than" in err, "too long key refused")
    rc, out, err = run(["mac", "-a", "kmac128", "-k", "key", "msg", "nomsg"], cwd=d)
    check(rc == 1 and out.endswith(b"  msg\n") and "nomsg: No such file" in err, "missing message file")


def test_fuzz_lists(d):
    """Random and mutated checksum lists never crash the parser."""
    with open(os.path.join(d, "f"), "wb") as f:
        f.write(b"fuzz")
    base = run(["sum", "-a", "shake128", "-l", "64", "f"], cwd=d)[1] + \
        run(["sum", "-a", "sha3-256", "--base64", "f"], cwd=d)[1] + \
        run(["sum", "-a", "skein-1024", "f"], cwd=d)[1]
    alphabet = b"()= \\\n-*0123456789abcdefABCDEF+/SHAKE" + bytes(range(256))
    for i in range(60 if QUICK else 200):
        b = bytearray(base)
        for _ in range(rng.randrange(1, 8)):
            op = rng.randrange(3)
            pos = rng.randrange(len(b) + 1)
            if op == 0 and len(b) > 0:
                del b[pos % len(b)]
            elif op == 1:
                b.insert(pos, rng.choice(alphabet))
            elif len(b) > 0:
                b[pos % len(b)] = rng.choice(alphabet)
        rc, out, err = run(["sum", "-c", "-w"], bytes(b), d)
        check(rc in (0, 1), "fuzzed list %d: rc %d" % (i, rc))


HAVE_SHA512 = False


def main():
    global HAVE_SHA512
    if not os.path.exists(QED):
        print("test_cli: no %s" % QED)
        return 1
    HAVE_SHA512 = b"sha512" in run(["sum", "--list"])[1].split()
    d = tempfile.mkdtemp(prefix="qed-cli-")
    try:
        for name, fn in (("usage", lambda: test_usage()),
                         ("sum vectors", lambda: test_sum_vectors(d)),
                         ("sum formats", lambda: test_sum_formats(d)),
                         ("sum --check", lambda: test_sum_check(d)),
                         ("mac", lambda: test_mac(d)),
                         ("fuzzed lists", lambda: test_fuzz_lists(d))) + EXTRA_TESTS(d):
            before = failed
            fn()
            print("test_cli: %-14s %s" % (name, "ok" if failed == before else "FAILED"))
    finally:
        shutil.rmtree(d)
    print("test_cli (%s): %d checks passed, %d failed" % (os.path.basename(QED), passed, failed))
    return 1 if failed else 0


def sign(args, stdin=b"", cwd=None):
    return run(["sign"] + args, stdin, cwd)


def test_sign(d):
    import base64
    import stat
    w = os.path.join(d, "sign")
    os.mkdir(w)
    rc, out, err = sign(["-G", "-n", "-p", "q.pub", "-s", "q.sec"], cwd=w)
    check(rc == 0 and err == "", "sign -G: %s" % err)
    pub = open(os.path.join(w, "q.pub"), "rb").read().split(b"\n")
    sec = open(os.path.join(w, "q.sec"), "rb").read().split(b"\n")
    check(pub[0] == b"untrusted comment: qed public key" and len(base64.b64decode(pub[1])) == 42
          and base64.b64decode(pub[1])[:2] == b"Ed" and pub[2] == b"", "public key file format")
    sk = base64.b64decode(sec[1])
    check(sec[0] == b"untrusted comment: qed secret key" and len(sk) == 104 and sk[:4] == b"EdBK"
          and sk[4:8] == b"\0\0\0\0" and hashlib.sha512(sk[40:]).digest()[:8] == sk[24:32]
          and sk[32:40] == base64.b64decode(pub[1])[2:10] and sk[72:] == base64.b64decode(pub[1])[10:],
          "secret key file format (unencrypted, checksum, key number, seed | pk)")
    check(stat.S_IMODE(os.stat(os.path.join(w, "q.sec")).st_mode) == 0o600, "secret key mode 0600")
    rc, out, err = sign(["-G", "-n", "-c", "my key", "-p", "c.pub", "-s", "c.sec"], cwd=w)
    check(rc == 0 and open(os.path.join(w, "c.pub")).readline() == "untrusted comment: my key public key\n", "-c comment")
    rc, out, err = sign(["-G", "-n", "-p", "q.pub", "-s", "q.sec"], cwd=w)
    check(rc == 1 and "File exists" in err, "-G does not overwrite keys")
    rc, out, err = sign(["-G", "-p", "e.pub", "-s", "e.sec"], cwd=w)
    check(rc == 1 and "encrypted secret keys are not supported" in err and not os.path.exists(os.path.join(w, "e.sec")),
          "-G without -n refused")
    rc, out, err = sign(["-G", "-n", "-p", "a.pub", "-s", "b.sec"], cwd=w)
    check(rc == 1 and "naming scheme" in err, "-G key names")
    # sign and verify
    msgs = {"empty": b"", "msg": b"hello\n", "big": bytes(rng.getrandbits(8) for _ in range(300000))}
    for nm, data in msgs.items():
        open(os.path.join(w, nm), "wb").write(data)
        rc, out, err = sign(["-S", "-s", "q.sec", "-m", nm], cwd=w)
        sig = open(os.path.join(w, nm + ".sig"), "rb").read().split(b"\n")
        check(rc == 0 and sig[0] == b"untrusted comment: verify with q.pub" and len(base64.b64decode(sig[1])) == 74,
              "-S %s: signature file" % nm)
        rc, out, err = sign(["-V", "-p", "q.pub", "-m", nm], cwd=w)
        check(rc == 0 and out == b"Signature Verified\n", "-V %s" % nm)
        rc, out, err = sign(["-V", "-q", "-p", "q.pub", "-m", nm], cwd=w)
        check(rc == 0 and out == b"", "-V -q %s" % nm)
        open(os.path.join(w, "t"), "wb").write(data + b"x")
        rc, out, err = sign(["-V", "-p", "q.pub", "-m", "t", "-x", nm + ".sig"], cwd=w)
        check(rc == 1 and "signature verification failed" in err, "-V tampered %s" % nm)
        rc, out, err = sign(["-V", "-p", "c.pub", "-m", nm], cwd=w)
        check(rc == 1 and "checked against wrong key" in err, "-V wrong key %s" % nm)
    # embedded
    rc, out, err = sign(["-S", "-e", "-s", "q.sec", "-m", "msg", "-x", "e.sig"], cwd=w)
    check(rc == 0 and open(os.path.join(w, "e.sig"), "rb").read().endswith(b"\nhello\n"), "-S -e")
    rc, out, err = sign(["-V", "-e", "-p", "q.pub", "-x", "e.sig", "-m", "e.out"], cwd=w)
    check(rc == 0 and open(os.path.join(w, "e.out"), "rb").read() == b"hello\n", "-V -e extracts the message")
    esig = open(os.path.join(w, "e.sig"), "rb").read()
    open(os.path.join(w, "e2.sig"), "wb").write(esig[:-2] + b"X\n")
    rc, out, err = sign(["-V", "-e", "-p", "q.pub", "-x", "e2.sig", "-m", "e2.out"], cwd=w)
    check(rc == 1 and not os.path.exists(os.path.join(w, "e2.out")), "-V -e tampered: nothing written")
    # the signed checksum list
    for nm, data in (("f1", b"one"), ("f2", b"two"), ("f 3", b"three")):
        open(os.path.join(w, nm), "wb").write(data)
    for alg in (SHA2_ALGS if HAVE_SHA512 else []) + ["sha3-256", "kt128"]:
        lst = run(["sum", "-a", alg, "f1", "f2", "f 3"], cwd=w)[1]
        open(os.path.join(w, "SUMS"), "wb").write(lst)
        sign(["-S", "-e", "-s", "q.sec", "-m", "SUMS", "-x", "SUMS.sig"], cwd=w)
        rc, out, err = sign(["-C", "-p", "q.pub", "-x", "SUMS.sig"], cwd=w)
        check(rc == 0 and out == b"Signature Verified\nf1: OK\nf2: OK\nf 3: OK\n", "-C %s: %r %r" % (alg, out, err))
        rc, out, err = sign(["-C", "-q", "-p", "q.pub", "-x", "SUMS.sig"], cwd=w)
        check(rc == 0 and out == b"", "-C -q %s" % alg)
        rc, out, err = sign(["-C", "-p", "q.pub", "-x", "SUMS.sig", "f2", "nothere"], cwd=w)
        check(rc == 1 and out == b"Signature Verified\nf2: OK\n" and "nothere: FAIL" in err, "-C with files %s" % alg)
        open(os.path.join(w, "f2"), "wb").write(b"TWO")
        rc, out, err = sign(["-C", "-p", "q.pub", "-x", "SUMS.sig"], cwd=w)
        check(rc == 1 and b"f1: OK" in out and "f2: FAIL" in err, "-C tampered file %s" % alg)
        open(os.path.join(w, "f2"), "wb").write(b"two")
        os.rename(os.path.join(w, "f1"), os.path.join(w, "f1.away"))
        rc, out, err = sign(["-C", "-p", "q.pub", "-x", "SUMS.sig"], cwd=w)
        check(rc == 1 and "f1: FAIL" in err, "-C missing file %s" % alg)
        os.rename(os.path.join(w, "f1.away"), os.path.join(w, "f1"))
        sg = open(os.path.join(w, "SUMS.sig"), "rb").read()
        open(os.path.join(w, "T.sig"), "wb").write(sg.replace(b"(f2)", b"(f1)"))
        rc, out, err = sign(["-C", "-p", "q.pub", "-x", "T.sig"], cwd=w)
        check(rc == 1 and "signature verification failed" in err and out == b"", "-C tampered list %s" % alg)
    # malformed and truncated key and signature files: refused, status 1
    files = {"q.pub": open(os.path.join(w, "q.pub"), "rb").read(),
             "q.sec": open(os.path.join(w, "q.sec"), "rb").read(),
             "msg.sig": open(os.path.join(w, "msg.sig"), "rb").read()}
    def try_file(kind, content, what):
        open(os.path.join(w, "bad"), "wb").write(content)
        if kind == "q.pub":
            a = ["-V", "-p", "bad", "-m", "msg"]
        elif kind == "q.sec":
            a = ["-S", "-s", "bad", "-m", "msg", "-x", "bad.out"]
        else:
            a = ["-V", "-p", "q.pub", "-m", "msg", "-x", "bad"]
        rc, out, err = sign(a, cwd=w)
        check(rc == 1 and err.startswith("qed sign: ") and out == b"", "%s %s refused: %d %r" % (kind, what, rc, err))
        return err
    for kind, content in files.items():
        step = 3 if not QUICK else 11
        for n in range(0, len(content) - 1, step):
            try_file(kind, content[:n], "truncated to %d" % n)
        lines = content.split(b"\n")
        try_file(kind, b"trusted comment: x\n" + lines[1] + b"\n", "bad comment")
        try_file(kind, lines[0] + b"\n" + lines[1], "no final newline")
        try_file(kind, lines[0] + b"\n" + lines[1][:-4] + b"\n", "short base64")
        try_file(kind, lines[0] + b"\n" + lines[1] + b"AAAA\n", "long base64")
        try_file(kind, lines[0] + b"\n" + lines[1].replace(b"R", b"*", 1) + b"\n", "bad base64 digit")
        raw = bytearray(base64.b64decode(lines[1]))
        raw[0] ^= 1
        try_file(kind, lines[0] + b"\n" + base64.b64encode(bytes(raw)) + b"\n", "not Ed")
        try_file(kind, b"untrusted comment: " + b"x" * 5000 + b"\n" + lines[1] + b"\n", "long comment")
        try_file(kind, bytes(rng.getrandbits(8) for _ in range(200)), "random bytes")
    raw = bytearray(base64.b64decode(files["q.sec"].split(b"\n")[1]))
    enc = bytes(raw[:4]) + b"\0\0\0\x2a" + bytes(raw[8:])
    err = try_file("q.sec", b"untrusted comment: x\n" + base64.b64encode(enc) + b"\n", "encrypted")
    check("encrypted secret keys are not supported" in err, "encrypted key: clear message")
    for pos in (2, 30, 50, 100):
        bad = bytearray(raw)
        bad[pos] ^= 4
        err = try_file("q.sec", b"untrusted comment: x\n" + base64.b64encode(bytes(bad)) + b"\n", "byte %d flipped" % pos)
    # without -p: the key the signature's comment names, in /etc/signify
    sg = open(os.path.join(w, "msg.sig"), "rb").read().split(b"\n")[1]
    open(os.path.join(w, "x.sig"), "wb").write(b"untrusted comment: verify with a/b.pub\n" + sg + b"\n")
    rc, out, err = sign(["-V", "-m", "msg", "-x", "x.sig"], cwd=w)
    check(rc == 1 and "invalid keyname a/b.pub" in err, "-V without -p: a key name with a slash")
    open(os.path.join(w, "y.sig"), "wb").write(b"untrusted comment: hello\n" + sg + b"\n")
    rc, out, err = sign(["-V", "-m", "msg", "-x", "y.sig"], cwd=w)
    check(rc == 1 and "must specify pubkey" in err, "-V without -p: no key named")
    rc, out, err = sign(["-C", "-x", "SUMS.sig"], cwd=w)
    check(rc == 1 and "/etc/signify/q.pub" in err, "-C without -p")
    # usage
    for a, msg in ((["-S", "-m", "msg"], "seckey"), (["-V", "-m", "msg"], "can't open /etc/signify/q.pub"), ([], "usage"),
                   (["-C", "-p", "q.pub"], "sigfile"), (["-V", "-t", "base", "-m", "msg"], "-t"),
                   (["-S", "-z", "-s", "q.sec", "-m", "msg"], "gzip"), (["-S", "-V"], "only one"),
                   (["-Y"], "invalid option"), (["-S", "-s"], "requires an argument"),
                   (["-V", "-p", "q.pub", "-m", "nomsg"], "nomsg")):
        rc, out, err = sign(a, cwd=w)
        check(rc == 1 and msg in err, "sign usage %s: %d %r" % (a, rc, err))
    if SIGNIFY is None:
        print("test_cli: signify-openbsd not installed: interoperability NOT tested")
        return
    S = SIGNIFY
    def sy(args):
        p = subprocess.run([S] + args, cwd=w, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        return p.returncode, p.stdout, p.stderr.decode()
    # signify verifies what qed signs
    for nm in msgs:
        rc, out, err = sy(["-V", "-p", "q.pub", "-m", nm])
        check(rc == 0 and out == b"Signature Verified\n", "signify verifies qed's signature of %s" % nm)
    rc, out, err = sy(["-V", "-e", "-p", "q.pub", "-x", "e.sig", "-m", "e3.out"])
    check(rc == 0 and open(os.path.join(w, "e3.out"), "rb").read() == b"hello\n", "signify -V -e on qed -S -e")
    lst = run(["sum", "-a", "sha512" if HAVE_SHA512 else "sha3-256", "f1", "f2"], cwd=w)[1]
    if HAVE_SHA512:
        open(os.path.join(w, "SUMS"), "wb").write(lst)
        sign(["-S", "-e", "-s", "q.sec", "-m", "SUMS", "-x", "SUMS.sig"], cwd=w)
        rc, out, err = sy(["-C", "-p", "q.pub", "-x", "SUMS.sig"])
        check(rc == 0 and out == b"Signature Verified\nf1: OK\nf2: OK\n", "signify -C on qed's signed list")
    # qed verifies what signify signs, with signify's keys, and the reverse
    rc, out, err = sy(["-G", "-n", "-p", "s.pub", "-s", "s.sec"])
    check(rc == 0, "signify -G")
    for nm in msgs:
        sy(["-S", "-s", "s.sec", "-m", nm, "-x", nm + ".ssig"])
        rc, out, err = sign(["-V", "-p", "s.pub", "-m", nm, "-x", nm + ".ssig"], cwd=w)
        check(rc == 0 and out == b"Signature Verified\n", "qed verifies signify's signature of %s" % nm)
        rc, out, err = sign(["-S", "-s", "s.sec", "-m", nm, "-x", nm + ".qsig"], cwd=w)
        check(rc == 0 and open(os.path.join(w, nm + ".qsig"), "rb").read() ==
              open(os.path.join(w, nm + ".ssig"), "rb").read(), "qed with signify's key: the same signature file (%s)" % nm)
        sy(["-S", "-s", "q.sec", "-m", nm, "-x", nm + ".s2sig"])
        check(open(os.path.join(w, nm + ".s2sig"), "rb").read() == open(os.path.join(w, nm + ".sig"), "rb").read(),
              "signify with qed's key: the same signature file (%s)" % nm)
        open(os.path.join(w, "t"), "wb").write(msgs[nm] + b"!")
        rc, out, err = sign(["-V", "-p", "s.pub", "-m", "t", "-x", nm + ".ssig"], cwd=w)
        check(rc == 1, "qed rejects signify's signature of another message (%s)" % nm)
    sy(["-S", "-e", "-s", "s.sec", "-m", "msg", "-x", "se.sig"])
    rc, out, err = sign(["-V", "-e", "-p", "s.pub", "-x", "se.sig", "-m", "se.out"], cwd=w)
    check(rc == 0 and open(os.path.join(w, "se.out"), "rb").read() == b"hello\n", "qed -V -e on signify -S -e")
    if HAVE_SHA512:
        subprocess.run("sha512sum --tag f1 f2 > SUMS2", shell=True, cwd=w)
        sy(["-S", "-e", "-s", "s.sec", "-m", "SUMS2", "-x", "SUMS2.sig"])
        rc, out, err = sign(["-C", "-p", "s.pub", "-x", "SUMS2.sig"], cwd=w)
        check(rc == 0 and out == b"Signature Verified\nf1: OK\nf2: OK\n", "qed -C on signify's signed sha512sum list")
        rc, out, err = sy(["-C", "-p", "s.pub", "-x", "SUMS2.sig", "f1"])
        check(rc == 0, "signify -C")


def test_selftest_bench():
    rc, out, err = run(["selftest"])
    check(rc == 0 and out.endswith(b" passed, 0 failed\n") and out.count(b" ok\n") >= 25, "selftest: %r" % out[-300:])
    rc, out, err = run(["selftest", "x"])
    check(rc == 2, "selftest with an argument")
    for backend in ("portable", "avx2"):
        p = subprocess.run([QED, "selftest"], env=dict(os.environ, QED_BACKEND=backend), stdout=subprocess.PIPE)
        check(p.returncode == 0, "selftest with QED_BACKEND=%s" % backend)
    # qed bench: the peers (OpenSSL, libsodium: scripts/install-deps.sh)
    # are loaded at run time; every line's figures and ratios are numbers.
    rc, out, err = run(["bench", "--peers"])
    peers = out.decode()
    check(rc == 0 and "libcrypto.so.3" in peers and "libsodium.so.23" in peers, "bench --peers: %r" % peers)
    have = [name for name in ("OpenSSL", "libsodium") if re.search(r"^%s +\S+ +loaded" % name, peers, re.M)]
    rc, out, err = run(["bench", "--quick"])
    rows = out.decode().splitlines()
    lines = [r.split() for r in rows[2:]]

    def num(x):
        try:
            return float(x) >= 0
        except ValueError:
            return False
    check(rc == 0 and rows[1].split()[:2] == ["function", "bytes"] and len(lines) >= 39 and
          not any("error" in r for r in rows), "bench --quick: %r" % out)
    peered = [ln for ln in lines if ln[-3] in ("OpenSSL", "libsodium")]
    check(all(num(ln[-4]) and num(ln[-2]) and num(ln[-1]) and float(ln[-1]) > 0 for ln in peered),
          "bench --quick: figures and ratios are numbers: %r" % out)
    names = set((ln[-3], " ".join(ln[:-5])) for ln in peered)
    if "OpenSSL" in have:
        check({("OpenSSL", f) for f in ("SHA3-256", "SHAKE128", "SHA-256", "SHA-512", "AES-128-CTR", "AES-128-GCM")} <= names,
              "bench --quick: the OpenSSL rows: %r" % sorted(names))
    if "libsodium" in have:
        check({("libsodium", f) for f in ("SHA-512", "X25519", "Ed25519 sign", "Ed25519 verify", "secretbox", "Poly1305")} <= names,
              "bench --quick: the libsodium rows: %r" % sorted(names))
    # where Python can load a peer (CI: scripts/install-deps.sh), qed must too
    for name, so in (("OpenSSL", "libcrypto.so.3"), ("libsodium", "libsodium.so.23")):
        try:
            ctypes.CDLL(so)
        except OSError:
            print("bench: %s absent, its rows are qed alone" % so)
            continue
        check(name in have, "bench: %s is present but qed did not load it: %r" % (so, peers))
    rc, out, err = run(["bench", "--quick", "--no-peers"])
    rows = out.decode().splitlines()
    check(rc == 0 and len(rows) == 2 + 12 * 3 + 3 and
          all(r.split()[-3:] == ["-", "-", "-"] and num(r.split()[-4]) for r in rows[2:]) and
          "Ed25519 verify" in rows[-1], "bench --quick --no-peers: %r" % out)
    rc, out, err = run(["bench", "--peers", "--no-peers"])
    check(rc == 2 and "exclude" in err, "bench --peers --no-peers")
    test_bench_fake_peers()


# Stand-ins found first through LD_LIBRARY_PATH (dlopen by soname searches
# it): a libcrypto.so.3 without any EVP function, a libsodium.so.23 whose
# crypto_onetimeauth gives a wrong tag and crypto_hash_sha512 fails.
FAKE_SODIUM = r"""
#include <string.h>
int sodium_init(void) { return 0; }
const char *sodium_version_string(void) { return "fake"; }
int crypto_onetimeauth(unsigned char *out, const unsigned char *in,
                       unsigned long long n, const unsigned char *k)
{ (void)in; (void)n; (void)k; memset(out, 0, 16); return 0; }
int crypto_hash_sha512(unsigned char *out, const unsigned char *in,
                       unsigned long long n) { (void)out; (void)in; (void)n; return -1; }
"""


def test_bench_fake_peers():
    """Missing symbols leave qed alone, a wrong output or a failing peer is an
    error line without a ratio and exit status 1."""
    cc = os.environ.get("CC", "cc")
    with tempfile.TemporaryDirectory() as d:
        with open(os.path.join(d, "sodium.c"), "w") as f:
            f.write(FAKE_SODIUM)
        with open(os.path.join(d, "crypto.c"), "w") as f:
            f.write("int not_openssl(void);\nint not_openssl(void) { return 0; }\n")
        try:
            for src, so in (("sodium.c", "libsodium.so.23"), ("crypto.c", "libcrypto.so.3")):
                subprocess.run([cc, "-shared", "-fPIC", "-o", os.path.join(d, so), os.path.join(d, src)],
                               check=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        except (OSError, subprocess.CalledProcessError):
            print("bench: no C compiler (%s), the stand-in peer libraries are not tested" % cc)
            return
        env = dict(os.environ, LD_LIBRARY_PATH=d)
        p = subprocess.run([QED, "bench", "--peers"], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        out = p.stdout.decode()
        check(p.returncode == 0 and re.search(r"^OpenSSL .* loaded, version unknown; missing: .*EVP_MD_fetch", out, re.M) and
              re.search(r"^libsodium .* loaded, fake; missing: crypto_hash_sha256 crypto_scalarmult", out, re.M),
              "bench --peers with stand-in libraries: %r" % out)
        p = subprocess.run([QED, "bench", "--quick"], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        rows = p.stdout.decode().splitlines()
        errs = [r for r in rows if "error:" in r]
        check(p.returncode == 1 and len(errs) == 6 and
              sum(r.startswith("Poly1305") and "libsodium's output differs from qed's" in r for r in errs) == 3 and
              sum(r.startswith("SHA-512") and "libsodium or qed failed" in r for r in errs) == 3 and
              not any("OpenSSL" in r or "libsodium" in r for r in rows[2:] if r not in errs) and
              len(rows) == 2 + 12 * 3 + 3 + 6 and "Sanitizer" not in p.stderr.decode(),
              "bench --quick with stand-in libraries: %r" % p.stdout)
    rc, out, err = run(["bench", "--slow"])
    check(rc == 2 and "unexpected argument" in err, "bench with a bad argument")


def EXTRA_TESTS(d):
    has_sign = run(["sign", "-h"])[0] == 0
    return ((("sign", lambda: test_sign(d)), ("selftest/bench", test_selftest_bench))
            if has_sign else ())


if __name__ == "__main__":
    sys.exit(main())
