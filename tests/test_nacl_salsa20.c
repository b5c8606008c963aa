/* Salsa20, HSalsa20, XSalsa20 (qed/nacl.h: crypto_core_*, crypto_stream*):
 *   - Crypto++'s salsa.txt: the ECRYPT verified vectors of Salsa20/20,
 *     /12 and /8 (the 128-bit-key ones through the core with the "expand
 *     16-byte k" constant, the 256-bit ones through the stream functions
 *     too), the 32-bit counter crossings (_xor_ic), and the 96 XSalsa20
 *     vectors generated with NaCl;
 *   - libsodium's NaCl tests core1..core6, stream (all 83 lines), stream2,
 *     stream3, stream4 (their .exp files; the inputs are libsodium's test
 *     arrays, copied below);
 *   - every length 0 .. 300 and around the multiples of 64 up to 1100:
 *     the stream against a keystream built block by block from the core,
 *     in place and out of place, nothing written past the end, _xor_ic at
 *     every block offset, the 64-bit counter across 2^32 and 2^64;
 *   - XSalsa20 = Salsa20 under the HSalsa20 subkey; crypto_stream is it;
 *   - 3,000 random lengths (0 .. 4 KiB), buffer offsets, counters (some
 *     next to 2^32 and 2^64) and in-place or not, against the keystream
 *     of the proven core: run once per backend, this checks the SIMD
 *     kernels (src/nacl/simd/) against the portable path.
 *
 *   build/tests/test_nacl_salsa20 tests/vectors */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#include "testutil.h"
#include "qed/nacl.h"

static test_tally t = { 0, 0 };

/* ---- a small SHA-256 (FIPS 180-4), for the libsodium tests that print
 * the hash of a 4 MiB output ---- */
typedef struct {
  uint32_t h[8];
  uint8_t buf[64];
  size_t fill;
  uint64_t total;
} sha256_ctx;

static const uint32_t sha256_k[64] = {
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1,
  0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
  0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
  0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
  0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
  0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2
};

static uint32_t ror(uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }

static void sha256_block(uint32_t h[8], const uint8_t *p)
{
  uint32_t w[64], a, b, c, d, e, f, g, hh;
  for (int i = 0; i < 16; i++)
    w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 |
           (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
  for (int i = 16; i < 64; i++) {
    uint32_t s0 = ror(w[i - 15], 7) ^ ror(w[i - 15], 18) ^ (w[i - 15] >> 3);
    uint32_t s1 = ror(w[i - 2], 17) ^ ror(w[i - 2], 19) ^ (w[i - 2] >> 10);
    w[i] = w[i - 16] + s0 + w[i - 7] + s1;
  }
  a = h[0]; b = h[1]; c = h[2]; d = h[3];
  e = h[4]; f = h[5]; g = h[6]; hh = h[7];
  for (int i = 0; i < 64; i++) {
    uint32_t t1 = hh + (ror(e, 6) ^ ror(e, 11) ^ ror(e, 25)) +
                  ((e & f) ^ (~e & g)) + sha256_k[i] + w[i];
    uint32_t t2 = (ror(a, 2) ^ ror(a, 13) ^ ror(a, 22)) +
                  ((a & b) ^ (a & c) ^ (b & c));
    hh = g; g = f; f = e; e = d + t1; d = c; c = b; b = a; a = t1 + t2;
  }
  h[0] += a; h[1] += b; h[2] += c; h[3] += d;
  h[4] += e; h[5] += f; h[6] += g; h[7] += hh;
}

static void sha256(uint8_t out[32], const uint8_t *in, size_t len)
{
  uint32_t h[8] = { 0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                    0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19 };
  uint8_t last[128];
  size_t full = len / 64 * 64, rest = len - full, lastlen;
  for (size_t i = 0; i < full; i += 64) sha256_block(h, in + i);
  memset(last, 0, sizeof last);
  memcpy(last, in + full, rest);
  last[rest] = 0x80;
  lastlen = rest + 9 <= 64 ? 64 : 128;
  for (int i = 0; i < 8; i++)
    last[lastlen - 1 - i] = (uint8_t)(((uint64_t)len * 8) >> (8 * i));
  for (size_t i = 0; i < lastlen; i += 64) sha256_block(h, last + i);
  for (int i = 0; i < 8; i++) {
    out[4 * i] = (uint8_t)(h[i] >> 24); out[4 * i + 1] = (uint8_t)(h[i] >> 16);
    out[4 * i + 2] = (uint8_t)(h[i] >> 8); out[4 * i + 3] = (uint8_t)h[i];
  }
}

/* ---- helpers ---- */
static char *read_file(const char *dir, const char *name)
{
  return test_read_text(dir, "nacl/salsa20", name, NULL);
}

static void unhex(uint8_t *out, const char *h, size_t n)
{
  if (strlen(h) != 2 * n || test_unhex(out, h, n) != 0) {
    printf("bad hex %s\n", h);
    exit(2);
  }
}

static void tohex(char *out, const uint8_t *in, size_t n)
{
  for (size_t i = 0; i < n; i++) sprintf(out + 2 * i, "%02x", in[i]);
}

/* The bytes of an .exp file written as C initialisers (",0x1b,0x27" or
 * "  69, 37"): every number, in order.  Returns the count. */
static size_t exp_bytes(const char *s, uint8_t *out, size_t max)
{
  size_t n = 0;
  while (*s) {
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
      unsigned v;
      if (sscanf(s + 2, "%2x", &v) != 1) exit(2);
      if (n < max) out[n] = (uint8_t)v;
      n++;
      s += 4;
    } else if (*s >= '0' && *s <= '9') {
      unsigned v = 0;
      while (*s >= '0' && *s <= '9') v = v * 10 + (unsigned)(*s++ - '0');
      if (n < max) out[n] = (uint8_t)v;
      n++;
    } else {
      s++;
    }
  }
  return n;
}

/* Line number `line` (from 1) of s, without its end of line, into out. */
static int exp_line(const char *s, int line, char *out, size_t max)
{
  for (int l = 1; l < line; l++) {
    s = strchr(s, '\n');
    if (s == NULL) return -1;
    s++;
  }
  size_t n = strcspn(s, "\r\n");
  if (n >= max) return -1;
  memcpy(out, s, n);
  out[n] = 0;
  return 0;
}

static const uint8_t sigma[16] = "expand 32-byte k";
static const uint8_t tau[16] = "expand 16-byte k";

/* The reference keystream: blocks of the core (rounds 20, 12 or 8) of key
 * k (32 bytes; c is the constant), nonce n and counter ic, ic + 1, ... */
static void ref_keystream(uint8_t *out, size_t len, const uint8_t n[8],
                          uint64_t ic, const uint8_t k[32],
                          const uint8_t c[16], int rounds)
{
  uint8_t in[16], blk[64];
  memcpy(in, n, 8);
  for (size_t off = 0; off < len; off += 64, ic++) {
    for (int i = 0; i < 8; i++) in[8 + i] = (uint8_t)(ic >> (8 * i));
    if (rounds == 20) qed_crypto_core_salsa20(blk, in, k, c);
    else if (rounds == 12) qed_crypto_core_salsa2012(blk, in, k, c);
    else qed_crypto_core_salsa208(blk, in, k, c);
    memcpy(out + off, blk, len - off < 64 ? len - off : 64);
  }
}

/* ---- Crypto++ salsa.txt ---- */

/* Decode a Crypto++ value: hex (spaces, '\' continuations allowed), or
 * "rN HH..." (HH... repeated N times).  Returns the length. */
static size_t cpp_value(const char *v, uint8_t *out, size_t max)
{
  while (*v == ' ') v++;
  if (v[0] == 'r' && v[1] >= '0' && v[1] <= '9') {
    unsigned long rep = strtoul(v + 1, (char **)&v, 10);
    uint8_t pat[64];
    size_t pn = cpp_value(v, pat, sizeof pat);
    if (rep * pn > max) exit(2);
    for (unsigned long i = 0; i < rep; i++) memcpy(out + i * pn, pat, pn);
    return rep * pn;
  }
  size_t n = 0;
  int half = -1;
  for (; *v; v++) {
    int d;
    if (*v >= '0' && *v <= '9') d = *v - '0';
    else if (*v >= 'a' && *v <= 'f') d = *v - 'a' + 10;
    else if (*v >= 'A' && *v <= 'F') d = *v - 'A' + 10;
    else continue;
    if (half < 0) half = d;
    else {
      if (n >= max) exit(2);
      out[n++] = (uint8_t)(half * 16 + d);
      half = -1;
    }
  }
  return n;
}

#define CPP_MAX 140000
static uint8_t cpp_key[32], cpp_iv[24], cpp_pt[CPP_MAX], cpp_ct[CPP_MAX];
static uint8_t cpp_out[CPP_MAX + 64], cpp_ks[CPP_MAX + 64];

static void test_cryptopp(const char *dir)
{
  char *s = read_file(dir, "salsa.txt");
  char *line = s, name[32] = "", *joined = malloc(CPP_MAX * 3);
  size_t keylen = 0, ivlen = 0, ptlen = 0, ctlen = 0;
  uint64_t seek = 0;
  int rounds = 20, digest = 0, tests = 0, xsalsa = 0, short_keys = 0;
  if (joined == NULL) exit(2);
  while (line && *line) {
    /* one logical line: physical lines ending in '\' are joined */
    char *end;
    joined[0] = 0;
    size_t jl = 0;
    for (;;) {
      end = strchr(line, '\n');
      size_t n = end ? (size_t)(end - line) : strlen(line);
      while (n && (line[n - 1] == '\r' || line[n - 1] == ' ')) n--;
      int cont = n && line[n - 1] == '\\';
      if (cont) n--;
      memcpy(joined + jl, line, n);
      jl += n;
      joined[jl] = 0;
      line = end ? end + 1 : NULL;
      if (!cont || line == NULL) break;
    }
    char *colon = strchr(joined, ':');
    if (joined[0] == '#' || colon == NULL) continue;
    *colon = 0;
    const char *key = joined, *val = colon + 1;
    while (*val == ' ') val++;
    if (!strcmp(key, "Name")) {
      snprintf(name, sizeof name, "%s", val);
      rounds = 20;
      seek = 0;
    } else if (!strcmp(key, "Rounds")) rounds = atoi(val);
    else if (!strcmp(key, "Key")) keylen = cpp_value(val, cpp_key, 32);
    else if (!strcmp(key, "IV")) ivlen = cpp_value(val, cpp_iv, 24);
    else if (!strcmp(key, "Plaintext")) ptlen = cpp_value(val, cpp_pt, CPP_MAX);
    else if (!strcmp(key, "Ciphertext")) {
      ctlen = cpp_value(val, cpp_ct, CPP_MAX);
      digest = 0;
    } else if (!strcmp(key, "CiphertextXorDigest")) {
      ctlen = cpp_value(val, cpp_ct, CPP_MAX);
      digest = 1;
    } else if (!strcmp(key, "Seek")) seek = strtoull(val, NULL, 10);
    else if (!strcmp(key, "Seek64")) seek = strtoull(val, NULL, 16);
    else if (!strcmp(key, "Test")) {
      int ok;
      tests++;
      if (!strcmp(name, "XSalsa20")) {
        xsalsa++;
        if (keylen != 32 || ivlen != 24 || ptlen != ctlen || seek != 0) exit(2);
        qed_crypto_stream_xsalsa20_xor(cpp_out, cpp_pt, ptlen, cpp_iv, cpp_key);
        ok = memcmp(cpp_out, cpp_ct, ctlen) == 0;
        test_check(&t, ok, "XSalsa20 vector %d", xsalsa);
        /* in place, and through crypto_stream_xor */
        memcpy(cpp_out, cpp_pt, ptlen);
        qed_crypto_stream_xor(cpp_out, cpp_out, ptlen, cpp_iv, cpp_key);
        test_check(&t, memcmp(cpp_out, cpp_ct, ctlen) == 0,
                   "XSalsa20 vector %d in place", xsalsa);
        continue;
      }
      /* Salsa20: the keystream from byte `seek` on, ptlen bytes */
      uint8_t k32[32];
      const uint8_t *c = sigma;
      if (keylen == 16) {
        memcpy(k32, cpp_key, 16);
        memcpy(k32 + 16, cpp_key, 16);
        c = tau;
        short_keys++;
      } else {
        memcpy(k32, cpp_key, 32);
      }
      if (ivlen != 8 || seek % 64 != 0 || ptlen > CPP_MAX) exit(2);
      ref_keystream(cpp_ks, ptlen, cpp_iv, seek / 64, k32, c, rounds);
      for (size_t i = 0; i < ptlen; i++) cpp_out[i] = cpp_pt[i] ^ cpp_ks[i];
      if (digest) {
        uint8_t d[64] = { 0 };
        for (size_t i = 0; i < ptlen; i++) d[i % 64] ^= cpp_out[i];
        ok = ctlen == 64 && memcmp(d, cpp_ct, 64) == 0;
      } else {
        ok = ctlen == ptlen && memcmp(cpp_out, cpp_ct, ctlen) == 0;
      }
      test_check(&t, ok, "Salsa20/%d test %d (core)", rounds, tests);
      if (keylen != 32 || digest) continue;
      /* the stream functions */
      if (rounds == 20) {
        qed_crypto_stream_salsa20_xor_ic(cpp_out, cpp_pt, ptlen, cpp_iv,
                                         seek / 64, cpp_key);
        ok = memcmp(cpp_out, cpp_ct, ctlen) == 0;
      } else if (seek + ptlen <= CPP_MAX) {
        memset(cpp_out, 0, seek);
        memcpy(cpp_out + seek, cpp_pt, ptlen);
        if (rounds == 12)
          qed_crypto_stream_salsa2012_xor(cpp_out, cpp_out, seek + ptlen,
                                          cpp_iv, cpp_key);
        else
          qed_crypto_stream_salsa208_xor(cpp_out, cpp_out, seek + ptlen,
                                         cpp_iv, cpp_key);
        ok = memcmp(cpp_out + seek, cpp_ct, ctlen) == 0;
      } else {
        ok = 0;
      }
      test_check(&t, ok, "Salsa20/%d test %d (stream)", rounds, tests);
    }
  }
  printf("salsa.txt: %d tests (%d XSalsa20, %d with 128-bit keys)\n", tests,
         xsalsa, short_keys);
  test_check(&t, xsalsa == 96, "96 XSalsa20 vectors (%d)", xsalsa);
  free(joined);
  free(s);
}

/* ---- libsodium's NaCl tests ---- */
static const char *firstkey_hex =
    "1b27556473e985d462cd51197a9a46c76009549eac6474f206c4ee0844f68389";
static const char *secondkey_hex =
    "dc908dda0b9344a953629b733820778880f3ceb421bb61b91cbd4c3e66256ce4";
static const char *nonce_hex = "69696ee955b62b73cd62bda875fc73d68219e0036b7a0b37";
static const char *m_hex =
    "0000000000000000000000000000000000000000000000000000000000000000be075fc5"
    "3c81f2d5cf141316ebeb0c7b5228c52a4c62cbd44b66849b64244ffce5ecbaaf33bd751a"
    "1ac728d45e6c61296cdc3c01233561f41db66cce314adb310e3be8250c46f06dceea3a7f"
    "a1348057e2f6556ad6b1318a024a838f21af1fde048977eb48f59ffd4924ca1c60902e52"
    "f0a089bc76897040e082f937763848645e0705";

#define BIG 4194304
static uint8_t big[BIG];

static void test_libsodium(const char *dir)
{
  uint8_t firstkey[32], secondkey[32], nonce[24], out[64], h[32];
  uint8_t k[32], in[16], c[16], exp[200];
  char line[4096], hex[200];
  char *s;
  unhex(firstkey, firstkey_hex, 32);
  unhex(secondkey, secondkey_hex, 32);
  unhex(nonce, nonce_hex, 24);

  /* core1: HSalsa20(shared secret, 0) = firstkey */
  unhex(k, "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742", 32);
  memset(in, 0, 16);
  memcpy(c, sigma, 16);
  s = read_file(dir, "core1.exp");
  qed_crypto_core_hsalsa20(out, in, k, c);
  test_check(&t, exp_bytes(s, exp, sizeof exp) == 32 && !memcmp(out, exp, 32),
             "core1");
  qed_crypto_core_hsalsa20(out, in, k, NULL);
  test_check(&t, !memcmp(out, exp, 32), "core1, NULL constant");
  free(s);

  /* core2: HSalsa20(firstkey, nonce[0..15]) = secondkey */
  s = read_file(dir, "core2.exp");
  qed_crypto_core_hsalsa20(out, nonce, firstkey, c);
  test_check(&t, exp_bytes(s, exp, sizeof exp) == 32 && !memcmp(out, exp, 32) &&
             !memcmp(out, secondkey, 32), "core2");
  free(s);

  /* core3: 2^16 core blocks, counter bytes in[8], in[9]; SHA-256 of all,
   * for 20, 12 and 8 rounds */
  s = read_file(dir, "core3.exp");
  for (int r = 0; r < 3; r++) {
    size_t pos = 0;
    memset(in, 0, 16);
    memcpy(in, nonce + 16, 8);
    for (unsigned i9 = 0; i9 < 256; i9++)
      for (unsigned i8 = 0; i8 < 256; i8++, pos += 64) {
        in[8] = (uint8_t)i8;
        in[9] = (uint8_t)i9;
        if (r == 0) qed_crypto_core_salsa20(big + pos, in, secondkey, c);
        else if (r == 1) qed_crypto_core_salsa2012(big + pos, in, secondkey, c);
        else qed_crypto_core_salsa208(big + pos, in, secondkey, c);
      }
    sha256(h, big, BIG);
    tohex(hex, h, 32);
    test_check(&t, exp_line(s, r + 1, line, sizeof line) == 0 && !strcmp(hex, line),
               "core3 line %d", r + 1);
  }
  free(s);

  /* core4: the core on (k, in, c), as bytes */
  unhex(k, "0102030405060708090a0b0c0d0e0f10c9cacbcccdcecfd0d1d2d3d4d5d6d7d8", 32);
  unhex(in, "65666768696a6b6c6d6e6f7071727374", 16);
  s = read_file(dir, "core4.exp");
  qed_crypto_core_salsa20(out, in, k, c);
  test_check(&t, exp_bytes(s, exp, sizeof exp) == 64 && !memcmp(out, exp, 64),
             "core4");
  free(s);

  /* core5: HSalsa20; core6: the same 32 bytes from the core, its input
   * words subtracted (words 0, 5, 10, 15 minus c; 6..9 minus in) */
  unhex(k, "ee304fca27008d8c126f90027901d80f7f1d8b8dc936cf3b9f819692827e5777", 32);
  unhex(in, "81918ef2a5e0da9b3e9060521e4bb352", 16);
  s = read_file(dir, "core5.exp");
  qed_crypto_core_hsalsa20(out, in, k, c);
  test_check(&t, exp_bytes(s, exp, sizeof exp) == 32 && !memcmp(out, exp, 32),
             "core5");
  free(s);
  s = read_file(dir, "core6.exp");
  {
    uint8_t o64[64], r32[32];
    const uint8_t *sub[8] = { c, c + 4, c + 8, c + 12, in, in + 4, in + 8, in + 12 };
    const int word[8] = { 0, 5, 10, 15, 6, 7, 8, 9 };
    qed_crypto_core_salsa20(o64, in, k, c);
    for (int i = 0; i < 8; i++) {
      uint32_t a = 0, b = 0;
      for (int j = 3; j >= 0; j--) {
        a = a << 8 | o64[4 * word[i] + j];
        b = b << 8 | sub[i][j];
      }
      a -= b;
      for (int j = 0; j < 4; j++) r32[4 * i + j] = (uint8_t)(a >> (8 * j));
    }
    test_check(&t, exp_bytes(s, exp, sizeof exp) == 32 && !memcmp(r32, exp, 32),
               "core6");
  }
  free(s);

  /* stream: SHA-256 of 4 MiB of XSalsa20; then _xor_ic from blocks 0 and
   * 1 over the first 4000 bytes; then lines 3..66: the first i bytes of
   * the keystream over 64 bytes of value i; line 67: 192 bytes from block
   * 2^32 - 1; lines 68..83: 17 blocks from block 2^32 - i, i = 16 .. 1
   * (the counter's carry into its high word, at every position of the
   * 8- and 16-block SIMD passes). */
  s = read_file(dir, "stream.exp");
  qed_crypto_stream(big, BIG, nonce, firstkey);
  sha256(h, big, BIG);
  tohex(hex, h, 32);
  test_check(&t, exp_line(s, 1, line, sizeof line) == 0 && !strcmp(hex, line),
             "stream line 1");
  {
    uint8_t ks64[64];
    memcpy(ks64, big, 64);
    qed_crypto_stream_xsalsa20_xor_ic(big, big, 4000, nonce, 0, firstkey);
    int zero = 1;
    for (int i = 0; i < 4000; i++) zero &= big[i] == 0;
    test_check(&t, zero, "stream: _xor_ic from block 0 undoes the stream");
    qed_crypto_stream_xsalsa20_xor_ic(big, big, 4000, nonce, 1, firstkey);
    sha256(h, big, BIG);
    tohex(hex, h, 32);
    test_check(&t, exp_line(s, 2, line, sizeof line) == 0 && !strcmp(hex, line),
               "stream line 2");
    for (int i = 0; i < 64; i++) {
      uint8_t buf[64];
      memset(buf, i, 64);
      qed_crypto_stream_xsalsa20(buf, (size_t)i, nonce, firstkey);
      tohex(hex, buf, 64);
      test_check(&t, exp_line(s, 3 + i, line, sizeof line) == 0 &&
                 !strcmp(hex, line) && !memcmp(buf, ks64, (size_t)i),
                 "stream line %d", 3 + i);
    }
    {
      static char hexl[2 * 17 * 64 + 1], linel[2 * 17 * 64 + 8];
      memset(big, 0, 192);
      qed_crypto_stream_xsalsa20_xor_ic(big, big, 192, nonce, 0xffffffffull,
                                        firstkey);
      tohex(hexl, big, 192);
      test_check(&t, exp_line(s, 67, linel, sizeof linel) == 0 &&
                 !strcmp(hexl, linel), "stream line 67");
      for (int i = 16; i > 0; i--) {
        memset(big, 0, 17 * 64);
        qed_crypto_stream_xsalsa20_xor_ic(big, big, 17 * 64, nonce,
                                          (1ull << 32) - (unsigned)i, firstkey);
        tohex(hexl, big, 17 * 64);
        test_check(&t, exp_line(s, 84 - i, linel, sizeof linel) == 0 &&
                   !strcmp(hexl, linel), "stream line %d", 84 - i);
      }
    }
  }
  free(s);

  /* stream2: the same two hashes with Salsa20 under secondkey */
  s = read_file(dir, "stream2.exp");
  qed_crypto_stream_salsa20(big, BIG, nonce + 16, secondkey);
  sha256(h, big, BIG);
  tohex(hex, h, 32);
  test_check(&t, exp_line(s, 1, line, sizeof line) == 0 && !strcmp(hex, line),
             "stream2 line 1");
  qed_crypto_stream_salsa20_xor_ic(big, big, 4000, nonce + 16, 0, secondkey);
  qed_crypto_stream_salsa20_xor_ic(big, big, 4000, nonce + 16, 1, secondkey);
  sha256(h, big, BIG);
  tohex(hex, h, 32);
  test_check(&t, exp_line(s, 2, line, sizeof line) == 0 && !strcmp(hex, line),
             "stream2 line 2");
  free(s);

  /* stream3: 32 bytes of crypto_stream */
  s = read_file(dir, "stream3.exp");
  qed_crypto_stream(out, 32, nonce, firstkey);
  test_check(&t, exp_bytes(s, exp, sizeof exp) == 32 && !memcmp(out, exp, 32),
             "stream3");
  free(s);

  /* stream4: crypto_stream_xor of m, bytes 32.. printed */
  s = read_file(dir, "stream4.exp");
  {
    uint8_t m[163], cc[163];
    unhex(m, m_hex, 163);
    qed_crypto_stream_xor(cc, m, 163, nonce, firstkey);
    test_check(&t, exp_bytes(s, exp, sizeof exp) == 131 &&
               !memcmp(cc + 32, exp, 131), "stream4");
  }
  free(s);
}

/* ---- lengths, in place, offsets, counters ---- */
#define LMAX 1100
static void test_lengths(void)
{
  uint8_t k[32], n[24], m[LMAX + 64], ks[LMAX + 128], c[LMAX + 64];
  uint8_t sub[32], zero[16] = { 0 };
  test_fill(k, 32, 1);
  test_fill(n, 24, 2);
  test_fill(m, sizeof m, 3);
  ref_keystream(ks, LMAX + 128, n, 0, k, sigma, 20);
  for (size_t len = 0; len <= LMAX; len++) {
    if (len > 300 && (len % 64 > 2 && len % 64 < 62)) continue;
    int ok = 1;
    /* out of place, with guard bytes */
    memset(c, 0xa5, sizeof c);
    qed_crypto_stream_salsa20_xor(c, m, len, n, k);
    for (size_t i = 0; i < len; i++) ok &= c[i] == (uint8_t)(m[i] ^ ks[i]);
    for (size_t i = len; i < sizeof c; i++) ok &= c[i] == 0xa5;
    /* keystream */
    memset(c, 0xa5, sizeof c);
    qed_crypto_stream_salsa20(c, len, n, k);
    ok &= memcmp(c, ks, len) == 0;
    for (size_t i = len; i < sizeof c; i++) ok &= c[i] == 0xa5;
    /* in place */
    memcpy(c, m, len);
    qed_crypto_stream_salsa20_xor(c, c, len, n, k);
    for (size_t i = 0; i < len; i++) ok &= c[i] == (uint8_t)(m[i] ^ ks[i]);
    /* starting at block 1 */
    qed_crypto_stream_salsa20_xor_ic(c, m, len, n, 1, k);
    for (size_t i = 0; i < len; i++) ok &= c[i] == (uint8_t)(m[i] ^ ks[64 + i]);
    test_check(&t, ok, "Salsa20, length %zu", len);
  }
  /* every block offset within 4 KiB: the tail of one long stream */
  {
    static uint8_t longks[4096 + 192];
    qed_crypto_stream_salsa20(longks, sizeof longks, n, k);
    int ok = 1;
    for (uint64_t b = 0; b < 64; b++) {
      qed_crypto_stream_salsa20_xor_ic(c, m, 131, n, b, k);
      for (size_t i = 0; i < 131; i++)
        ok &= c[i] == (uint8_t)(m[i] ^ longks[64 * b + i]);
    }
    test_check(&t, ok, "Salsa20 _xor_ic at every block offset");
  }
  /* the 64-bit counter across 2^32 and across 2^64 (wraps to 0) */
  {
    const uint64_t ics[4] = { 0xffffffffu, 0xfffffffeu, 0x1ffffffffull,
                              0xffffffffffffffffull };
    for (int i = 0; i < 4; i++) {
      uint8_t ref[320];
      ref_keystream(ref, 320, n, ics[i], k, sigma, 20);
      qed_crypto_stream_salsa20_xor_ic(c, m, 300, n, ics[i], k);
      int ok = 1;
      for (size_t j = 0; j < 300; j++) ok &= c[j] == (uint8_t)(m[j] ^ ref[j]);
      test_check(&t, ok, "Salsa20 counter from %llx",
                 (unsigned long long)ics[i]);
    }
    uint8_t ref0[64];
    ref_keystream(ref0, 64, n, 0, k, sigma, 20);
    qed_crypto_stream_salsa20_xor_ic(c, m, 128, n, 0xffffffffffffffffull, k);
    int ok = 1;
    for (int j = 0; j < 64; j++) ok &= c[64 + j] == (uint8_t)(m[64 + j] ^ ref0[j]);
    test_check(&t, ok, "Salsa20 counter wraps from 2^64 - 1 to 0");
  }
  /* XSalsa20 = Salsa20 under HSalsa20(k, n[0..15]) with n[16..23] */
  qed_crypto_core_hsalsa20(sub, n, k, NULL);
  for (size_t len = 0; len <= 300; len += 7) {
    uint8_t a[300], b[300];
    qed_crypto_stream_xsalsa20_xor(a, m, len, n, k);
    qed_crypto_stream_salsa20_xor(b, m, len, n + 16, sub);
    int ok = memcmp(a, b, len) == 0;
    qed_crypto_stream_xsalsa20(a, len, n, k);
    qed_crypto_stream_salsa20(b, len, n + 16, sub);
    ok &= memcmp(a, b, len) == 0;
    qed_crypto_stream(b, len, n, k);
    ok &= memcmp(a, b, len) == 0;
    qed_crypto_stream_xor(b, m, len, n, k);
    qed_crypto_stream_xsalsa20_xor_ic(a, m, len, n, 0, k);
    ok &= memcmp(a, b, len) == 0;
    test_check(&t, ok, "XSalsa20 = Salsa20 under the HSalsa20 subkey, %zu", len);
  }
  /* the cores: NULL constant = sigma; output may overlap the inputs */
  {
    uint8_t o1[64], o2[64], buf[64];
    qed_crypto_core_salsa20(o1, zero, k, sigma);
    qed_crypto_core_salsa20(o2, zero, k, NULL);
    int ok = memcmp(o1, o2, 64) == 0;
    memcpy(buf, k, 32);
    qed_crypto_core_salsa20(buf, zero, buf, NULL);
    ok &= memcmp(buf, o1, 64) == 0;
    memcpy(buf, k, 32);
    qed_crypto_core_hsalsa20(buf, zero, buf, NULL);
    qed_crypto_core_hsalsa20(o1, zero, k, NULL);
    ok &= memcmp(buf, o1, 32) == 0;
    test_check(&t, ok, "core: NULL constant, output over the key");
  }
}

/* ---- random lengths, offsets, counters: the SIMD path against the core */
static void test_random(void)
{
  static uint8_t m[4096 + 64], c[4096 + 64], ks[4096 + 64];
  uint64_t st = 0x5a17a20u;
  int bad = 0;
  for (int it = 0; it < 3000; it++) {
    uint8_t k[32], n[8];
    const size_t len = (size_t)(test_rand(&st) % 4097);
    const size_t mo = (size_t)(test_rand(&st) % 32), co = (size_t)(test_rand(&st) % 32);
    const int inplace = (int)(test_rand(&st) % 3 == 0);
    const int rounds = it % 5 == 1 ? 12 : it % 5 == 3 ? 8 : 20;
    uint64_t ic = test_rand(&st);
    switch (it % 4) {
    case 0: ic = 0; break;
    case 1: ic = 0xffffffffu - (ic % 80); break;
    case 2: ic = 0xffffffffffffffffull - (ic % 80); break;
    default: break;
    }
    if (rounds != 20) ic = 0;
    test_fill(k, 32, st);
    test_fill(n, 8, st + 1);
    test_fill(m + mo, len, st + 2);
    ref_keystream(ks, len, n, ic, k, sigma, rounds);
    uint8_t *dst = inplace ? m + mo : c + co;
    uint8_t keep[4096];
    memcpy(keep, m + mo, len);
    if (rounds == 20)
      qed_crypto_stream_salsa20_xor_ic(dst, m + mo, len, n, ic, k);
    else if (rounds == 12)
      qed_crypto_stream_salsa2012_xor(dst, m + mo, len, n, k);
    else
      qed_crypto_stream_salsa208_xor(dst, m + mo, len, n, k);
    for (size_t i = 0; i < len; i++)
      if (dst[i] != (uint8_t)(keep[i] ^ ks[i])) {
        bad++;
        break;
      }
  }
  test_check(&t, bad == 0, "3000 random lengths/offsets/counters: %d bad", bad);
}

int main(int argc, char **argv)
{
  const char *dir = argc > 1 ? argv[1] : "tests/vectors";
  test_print_backend();
  test_cryptopp(dir);
  test_libsodium(dir);
  test_lengths();
  test_random();
  return test_finish(&t);
}
