"""qed.rsa on the official vectors of tests/vectors/rsa/ (their sources in
its README): Wycheproof RSASSA-PKCS1-v1_5 generation (keys read from
their PEM), pyca/cryptography's OAEP SHA-2 vectors (NIST layout) and
BoringSSL's labelled one, the NIST CAVP PSS SigVer (pass and fail cases)
and the odd-size keys of rsa_pad_odd.txt."""
import json
import re

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa as crsa

from conftest import VECTORS
from qed import rsa
from qed.exceptions import BadSignatureError, DecryptionError

DIR = VECTORS / "rsa"
HASHES = {"SHA-256": "sha256", "SHA-384": "sha384", "SHA-512": "sha512",
          "SHA256": "sha256", "SHA384": "sha384", "SHA512": "sha512"}


def _unhex(s: str) -> bytes:
    return b"" if s == "-" else bytes.fromhex(s)


@pytest.mark.parametrize("bits", [2048, 4096])
def test_wycheproof_pkcs1v15(bits):
    data = json.loads((DIR / f"rsa_pkcs1_{bits}_sig_gen_test.json")
                      .read_text())
    n = 0
    for g in data["testGroups"]:
        if g["sha"] not in HASHES:
            continue  # SHA-1 and SHA-224: not offered by qed's RSA
        h = HASHES[g["sha"]]
        key = rsa.import_key(g["privateKeyPem"])  # strict PEM reader
        pub = rsa.import_key(bytes.fromhex(g["keyAsn"]))
        assert key.public_key() == pub and key.size_in_bits() == bits
        assert key.export_key() == g["privateKeyPem"].encode() or \
            key.export_key().rstrip(b"\n") == \
            g["privateKeyPem"].encode().rstrip(b"\n")
        with pytest.raises(ValueError, match="PKCS #1"):
            rsa.import_key(g["keyPem"])  # SubjectPublicKeyInfo
        for t in g["tests"]:
            msg, sig = bytes.fromhex(t["msg"]), bytes.fromhex(t["sig"])
            assert t["result"] in ("valid", "acceptable")
            assert rsa.sign_pkcs1v15(key, msg, h) == sig, t["tcId"]
            rsa.verify_pkcs1v15(pub, msg, sig, h)
            n += 1
    assert n >= 20


def _pyca_oaep(path):
    """(private key DER, [(message, ciphertext)]) per key of a pyca OAEP
    file."""
    keys, cur, section, field = [], None, None, None
    for line in path.read_text().splitlines():
        if line.startswith("# ="):
            continue
        if line.startswith("#"):
            text = line[1:].strip()
            if text == "Example":
                cur = {"pub": {}, "priv": {}, "examples": []}
                keys.append(cur)
            elif text in ("Public key", "Private key"):
                section = "pub" if text == "Public key" else "priv"
            elif text.startswith("OAEP Example"):
                cur["examples"].append({})
                section = "ex"
            elif text.endswith(":") and cur is not None:
                field = text[:-1]
                target = cur["examples"][-1] if section == "ex" \
                    else cur[section]
                target[field] = ""
            continue
        if cur is not None and field and line.strip():
            target = cur["examples"][-1] if section == "ex" else cur[section]
            target[field] += line.strip()
    out = []
    for k in keys:
        p = k["priv"]
        nums = crsa.RSAPrivateNumbers(
            p=int(p["Prime 1"], 16), q=int(p["Prime 2"], 16),
            d=int(p["Exponent"], 16), dmp1=int(p["Prime exponent 1"], 16),
            dmq1=int(p["Prime exponent 2"], 16),
            iqmp=int(p["Coefficient"], 16),
            public_numbers=crsa.RSAPublicNumbers(
                int(p["Public exponent"], 16), int(p["Modulus"], 16)))
        der = nums.private_key().private_bytes(
            serialization.Encoding.DER,
            serialization.PrivateFormat.TraditionalOpenSSL,
            serialization.NoEncryption())
        out.append((der, [(bytes.fromhex(e["Message"]),
                           bytes.fromhex(e["Encryption"]))
                          for e in k["examples"]]))
    return out


@pytest.mark.parametrize("h", ["sha256", "sha384", "sha512"])
def test_pyca_oaep(h):
    n = 0
    for der, examples in _pyca_oaep(DIR / f"oaep-{h}-{h}.txt"):
        key = rsa.import_key(der)
        for msg, ct in examples:
            assert rsa.decrypt_oaep(key, ct, hash=h) == msg
            with pytest.raises(DecryptionError):
                rsa.decrypt_oaep(key, ct, hash=h, label=b"\0")
            n += 1
        # and back: our ciphertext of the last message decrypts
        assert rsa.decrypt_oaep(key, rsa.encrypt_oaep(
            key.public_key(), msg, hash=h), hash=h) == msg
    assert n == 60


def test_boringssl_oaep_label():
    kv = dict(ln.split(" = ", 1) for ln in
              (DIR / "oaep-label.txt").read_text().splitlines()
              if " = " in ln)
    pkcs8 = serialization.load_der_private_key(bytes.fromhex(kv["KEY"]),
                                               None)
    key = rsa.import_key(pkcs8.private_bytes(
        serialization.Encoding.DER,
        serialization.PrivateFormat.TraditionalOpenSSL,
        serialization.NoEncryption()))
    assert kv["OAEPDigest"] == "SHA512"
    label, ct = bytes.fromhex(kv["OAEPLabel"]), bytes.fromhex(kv["Input"])
    assert rsa.decrypt_oaep(key, ct, "sha512", label) == \
        kv["Output"].strip('"').encode()
    with pytest.raises(DecryptionError):
        rsa.decrypt_oaep(key, ct, "sha512", label[:-1])


def _der_public(n: int, e: int) -> bytes:
    return crsa.RSAPublicNumbers(e, n).public_key().public_bytes(
        serialization.Encoding.DER, serialization.PublicFormat.PKCS1)


def test_cavp_pss_sigver():
    """NIST CAVP SigVerPSS_186-3: every SHA-256/384/512 case, pass or
    fail as the file says (salt length 10 bytes)."""
    n = None
    h, fields, counts = None, {}, {"P": 0, "F": 0}
    for line in (DIR / "cavp_SigVerPSS_186-3.rsp").read_text().splitlines():
        line = line.strip()
        m = re.fullmatch(r"(\w+) = (.*)", line)
        if not m:
            continue
        k, v = m.group(1), m.group(2)
        if k == "n":
            n = int(v, 16)
        elif k == "SHAAlg":
            h = HASHES.get(v)
            fields = {}
        elif k in ("e", "Msg", "S", "SaltVal"):
            fields[k] = v
        elif k == "Result" and h is not None:
            want = v.split()[0]
            e = int(fields["e"], 16)
            msg, sig = bytes.fromhex(fields["Msg"]), bytes.fromhex(fields["S"])
            try:
                pub = rsa.import_key(_der_public(n, e))
            except ValueError:  # an e qed refuses (even): a refusal too
                assert want == "F"
                counts[want] += 1
                continue
            if want == "P":
                rsa.verify_pss(pub, msg, sig, h, 10)
            else:
                with pytest.raises(BadSignatureError):
                    rsa.verify_pss(pub, msg, sig, h, 10)
            counts[want] += 1
    assert counts == {"P": 45, "F": 225}, counts  # the 270 SHA-2 cases


def test_odd_size_keys():
    """1025- and 2049-bit keys (PSS's emLen = k - 1): signatures and
    ciphertexts made by cryptography."""
    key, n = None, 0
    for line in (DIR / "rsa_pad_odd.txt").read_text().splitlines():
        f = line.split()
        if not f:
            continue
        if f[0] == "key":
            key = rsa.import_key(bytes.fromhex(f[2]))
            assert key.size_in_bits() == int(f[1])
        elif f[0] == "pss":
            h, salt, msg, sig = HASHES[f[1]], int(f[2]), _unhex(f[3]), \
                bytes.fromhex(f[4])
            rsa.verify_pss(key.public_key(), msg, sig, h, salt)
            n += 1
        elif f[0] == "oaep":
            h, label, msg, ct = HASHES[f[1]], _unhex(f[2]), _unhex(f[3]), \
                bytes.fromhex(f[4])
            assert rsa.decrypt_oaep(key, ct, h, label) == msg
            n += 1
    assert n > 20
