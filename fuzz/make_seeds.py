#!/usr/bin/env python3
"""Seed corpora of the fuzz targets, and the RSA key of fuzz_open, made
from the test vectors (tests/vectors).  Standard library only.

  make_seeds.py --corpus DIR VECTORS      DIR/<target>/<name> seed files
  make_seeds.py --key-header FILE VECTORS the first 2048-bit key pair of
                                          rsa/wycheproof_pkcs1_sig.txt as
                                          C arrays (FUZZ_RSA_PRIV_DER,
                                          FUZZ_RSA_PUB_DER)

Each seed is laid out the way its target reads its input (fuzz/*.c: an
algorithm byte, a backend byte, fixed fields, length-prefixed strings),
with messages, keys and customization strings taken from the vectors, so
that fuzzing starts from inputs that already reach every algorithm with
realistic data.  The seeds are regenerated on every run (deterministic:
same vectors, same files); libFuzzer adds what it finds to the same
directories, which are not committed."""
import hashlib
import os
import sys

# Selector counts: must match the tables of the targets.
STREAM_ALGS = 46 + 4 + 2 + 4 + 2 + 3  # fuzz_stream.c: ALGS + tuple/aes/ketje/salsa/keccak-p/skein
OPEN_ALGS = 20                         # fuzz_open.c: A_COUNT
BACKEND_OPS = 27                       # fuzz_backend.c: O_COUNT
BN_OPS = 6


def u16(n):
    return bytes([(n >> 8) & 0xFF, n & 0xFF])


def lp(data, cap):
    """a length-prefixed string as fuzz_bytes reads it (length mod cap+1)"""
    data = data[:cap]
    return u16(len(data)) + data


def message(data, length=None):
    """fuzz_message: a 24-bit length, then the seed string"""
    n = len(data) if length is None else length
    return bytes([(n >> 16) & 0xFF, (n >> 8) & 0xFF, n & 0xFF]) + lp(data, 512)


def kat_fields(path, names):
    """records of 'Name = hex' lines, as dicts of bytes"""
    recs, cur = [], {}
    with open(path) as f:
        for line in f:
            if '=' not in line:
                continue
            k, _, v = line.partition('=')
            k, v = k.strip(), v.strip()
            if k in names:
                try:
                    cur[k] = bytes.fromhex(v)
                except ValueError:
                    continue
                if set(names) <= set(cur):
                    recs.append(cur)
                    cur = {}
    return recs


def messages(vec):
    """a few messages of various lengths from the SHA-3 short-message KAT"""
    out = []
    with open(os.path.join(vec, 'keccak', 'ShortMsgKAT_256.txt')) as f:
        bits = None
        for line in f:
            if line.startswith('Len = '):
                bits = int(line.split('=')[1])
            elif line.startswith('Msg = ') and bits is not None and bits % 8 == 0:
                m = bytes.fromhex(line.split('=')[1].strip())[:bits // 8]
                if bits // 8 in (0, 1, 3, 16, 17, 64, 135, 136, 137, 168, 200, 255):
                    out.append(m)
    return out


def rsa_keys(vec):
    keys = []
    with open(os.path.join(vec, 'rsa', 'wycheproof_pkcs1_sig.txt')) as f:
        for line in f:
            t = line.split()
            if len(t) == 3 and t[0] == 'key':
                keys.append((bytes.fromhex(t[1]), bytes.fromhex(t[2])))
    return keys


def stream_seeds(vec):
    msgs = messages(vec)
    customs = [b'', b'Email Signature', b'My Tagged Application', b'\x00' * 41]
    seeds = []
    for alg in range(STREAM_ALGS):
        for i, m in enumerate(msgs[:4]):
            key = hashlib.sha512(bytes([alg, i])).digest() * 3
            custom = customs[i % len(customs)]
            body = (bytes([alg, i % 3]) + key[:160] + bytes([32 + 16 * i]) +
                    lp(custom, 300) + lp(b'KMAC' if i % 2 else b'', 300) +
                    u16(32 + 100 * i) + u16(1 + 37 * i) + bytes([0x1F]) +
                    message(m, len(m) + (8192 * i if alg in (24, 25, 26) else 0)) +
                    bytes([(7 * i + j) % 256 for j in range(24)]))
            seeds.append(('%02d-%d' % (alg, i), body))
    return seeds


def open_seeds(vec):
    recs = kat_fields(os.path.join(vec, 'ascon', 'LWC_AEAD_KAT_128_128.txt'),
                      ['Key', 'Nonce', 'PT', 'AD', 'CT'])
    picks = [r for r in recs if len(r['PT']) in (0, 1, 15, 16, 17, 32)][:6]
    seeds = []
    for alg in range(OPEN_ALGS):
        for i, r in enumerate(picks[:3]):
            key = (r['Key'] * 4)[:64]
            nonce = (r['Nonce'] * 13)[:200]
            head = bytes([alg, i % 3])
            fields = key + nonce + lp(r['AD'], 256)
            # mutated mode, no edit, then one bit flip
            seeds.append(('%02d-m%d' % (alg, i), head + b'\x01' + fields +
                          message(r['PT']) + b'\x00'))
            seeds.append(('%02d-f%d' % (alg, i), head + b'\x01' + fields +
                          message(r['PT']) + b'\x01\x00\x00\x05\x03'))
            # the edits aimed at malleability: Ed25519 S + 3L and R made
            # non-canonical (y = p + 5); an RSA value + n
            if alg in (8, 9):
                for tag, ed in (('s', b'\x01\x06\x00\x00\x02'),
                                ('R', b'\x01\x06\x00\x00\x85')):
                    seeds.append(('%02d-%s%d' % (alg, tag, i), head + b'\x01' +
                                  fields + message(r['PT']) + ed))
            if alg in (16, 17, 18):
                seeds.append(('%02d-n%d' % (alg, i), head + b'\x01' + fields +
                              message(r['PT']) + b'\x01\x07\x00\x00\x00'))
            # random mode: the KAT ciphertext (an honest Ascon-AEAD128
            # ciphertext for alg 2, which must reseal to itself; a forgery
            # for the other algorithms) and the same with its last byte
            # flipped (a forgery everywhere)
            ct = r['CT']
            seeds.append(('%02d-r%d' % (alg, i), head + b'\x00' + fields +
                          lp(ct, 5184)))
            seeds.append(('%02d-x%d' % (alg, i), head + b'\x00' + fields +
                          lp(ct[:-1] + bytes([ct[-1] ^ 1]), 5184)))
    return seeds


def backend_seeds(vec):
    msgs = messages(vec)
    seeds = []
    for op in range(BACKEND_OPS):
        for i, m in enumerate(msgs[:3]):
            key = hashlib.sha512(bytes([op, i, 1])).digest()
            body = (bytes([op]) + key + key[:16] + bytes([i * 3]) +
                    lp(b'Email Signature'[:5 * i], 256) + u16(64 + 200 * i) +
                    u16(8191 + i))
            if op in (2, 3, 4):
                body += bytes([i + 1, 128 + i])
            body += message(m, len(m) + 300 * i)
            seeds.append(('%02d-%d' % (op, i), body))
    return seeds


def bn_seeds(vec):
    nums = []
    with open(os.path.join(vec, 'rsa', 'oaep-sha256-sha256.txt')) as f:
        lines = [l.strip() for l in f]
    for k, l in enumerate(lines):
        if l in ('# Modulus:', '# Prime 1:', '# Prime 2:', '# Exponent:'):
            try:
                nums.append(bytes.fromhex(lines[k + 1]))
            except (ValueError, IndexError):
                pass
        if len(nums) >= 8:
            break
    with open(os.path.join(vec, 'rsa_keygen', 'primality.txt')) as f:
        for l in f:
            t = l.split()
            if len(t) >= 2 and not t[0].startswith('#'):
                try:
                    nums.append(bytes.fromhex(t[1] if len(t[1]) % 2 == 0 else '0' + t[1]))
                except ValueError:
                    pass
    seeds = []
    for op in range(BN_OPS):
        for i in range(min(6, len(nums) - 2)):
            a, b, m = nums[i], nums[i + 1], nums[(i + 2) % len(nums)]
            body = (bytes([op, i % 3]) + lp(a, 512) + bytes([i & 1]) +
                    lp(b, 512) + b'\x00' + lp(m, 256) + b'\x00' + lp(b[:32], 32) + b'\x00')
            seeds.append(('%d-%d' % (op, i), body))
    return seeds


def der_seeds(vec):
    seeds = []
    for i, (priv, pub) in enumerate(rsa_keys(vec)):
        seeds.append(('priv%d' % i, b'\x01' + priv))
        seeds.append(('pub%d' % i, b'\x00' + pub))
    return seeds


def write_corpus(root, vec):
    for target, make in (('fuzz_stream', stream_seeds), ('fuzz_open', open_seeds),
                         ('fuzz_der', der_seeds), ('fuzz_backend', backend_seeds),
                         ('fuzz_bn', bn_seeds)):
        d = os.path.join(root, target)
        os.makedirs(d, exist_ok=True)
        seeds = make(vec)
        for name, body in seeds:
            with open(os.path.join(d, 'seed-' + name), 'wb') as f:
                f.write(body)
        print('%s: %d seeds in %s' % (target, len(seeds), d))


def write_key_header(path, vec):
    for priv, pub in rsa_keys(vec):
        if len(pub) < 300:              # the first 2048-bit key
            break
    def arr(name, data):
        rows = [', '.join('0x%02x' % b for b in data[i:i + 12])
                for i in range(0, len(data), 12)]
        return 'static const uint8_t %s[%d] = {\n  %s\n};\n' % (
            name, len(data), ',\n  '.join(rows))
    with open(path, 'w') as f:
        f.write('/* generated by fuzz/make_seeds.py from '
                'tests/vectors/rsa/wycheproof_pkcs1_sig.txt */\n'
                '#include <stdint.h>\n')
        f.write(arr('FUZZ_RSA_PRIV_DER', priv))
        f.write(arr('FUZZ_RSA_PUB_DER', pub))


def main(argv):
    if len(argv) != 4 or argv[1] not in ('--corpus', '--key-header'):
        sys.stderr.write(__doc__)
        return 2
    if argv[1] == '--corpus':
        write_corpus(argv[2], argv[3])
    else:
        write_key_header(argv[2], argv[3])
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
