#!/usr/bin/env python3
"""Turns the Wycheproof RSA PKCS #1 v1.5 signature-generation sets
(tests/vectors/rsa/rsa_pkcs1_*_sig_gen_test.json) into the line format
tests/test_rsa.c reads (tests/vectors/rsa/wycheproof_pkcs1_sig.txt):

  key <RSAPrivateKey DER hex> <RSAPublicKey DER hex>
  sig <SHA-256|SHA-384|SHA-512> <tcId> <valid|acceptable|invalid> <msg hex> <sig hex>

The private key is the PEM 'RSA PRIVATE KEY' of the group (PKCS #1 DER),
the public key its keyAsn.  Groups with SHA-1 and SHA-224 are left out
(qed signs with SHA-256/384/512 only).  Run from the repository root."""
import base64
import glob
import json

HASHES = ("SHA-256", "SHA-384", "SHA-512")
out = []
for path in sorted(glob.glob("tests/vectors/rsa/rsa_pkcs1_*_sig_gen_test.json")):
    d = json.load(open(path))
    for g in d["testGroups"]:
        if g["sha"] not in HASHES:
            continue
        pem = g["privateKeyPem"].strip().splitlines()
        der = base64.b64decode("".join(l for l in pem if not l.startswith("-----")))
        out.append("key %s %s" % (der.hex(), g["keyAsn"]))
        for t in g["tests"]:
            out.append("sig %s %d %s %s %s" % (g["sha"], t["tcId"], t["result"],
                                               t["msg"] or "-", t["sig"] or "-"))
with open("tests/vectors/rsa/wycheproof_pkcs1_sig.txt", "w") as f:
    f.write("\n".join(out) + "\n")
