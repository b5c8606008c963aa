/* Poly1305 / crypto_onetimeauth (qed/nacl.h):
 *   - RFC 8439 section 2.5.2 and Appendix A.3 (tests/vectors/nacl/poly1305/
 *     rfc8439.txt), Crypto++'s poly1305_tls.txt (Verify and NotVerify),
 *     libsodium's onetimeauth.exp / onetimeauth2.exp;
 *   - an independent reference written here (radix 2^26, 32-bit limbs,
 *     branches allowed) on keys and messages that stress the reduction:
 *     all-0xff keys (clamping) and messages, accumulators at and above p,
 *     s that makes the final addition wrap past 2^128, random inputs;
 *   - streaming = one-shot at every split of every length 0 .. 3*16+1,
 *     byte by byte, and around large sizes;
 *   - refusals (update / final on a context init did not prepare or final
 *     wiped, a corrupted buffer length): -1, context unchanged, tag zeroed;
 *   - verify rejects every single-bit flip of tag, message and key.
 *   - the SIMD block functions (AVX2, AVX-512) against the portable loop on
 *     thousands of random accumulators (up to the top of their ranges),
 *     keys and lengths: the same value mod p and a result within the
 *     limb ranges their contract promises.
 * Run once per backend (QED_BACKEND), so the dispatched block function of
 * each backend is the one checked. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qed/qed.h"
#include "nacl/poly1305.h"
#include "testutil.h"

static test_tally t;

/* ---- reference: radix 2^26, written for clarity, not for speed ---- */

/* n bits of the little-endian byte string b starting at bit start */
static uint32_t ref_bits(const uint8_t *b, size_t blen, unsigned start,
                         unsigned n)
{
  uint32_t v = 0;
  unsigned i;
  for (i = 0; i < n; i++) {
    unsigned bit = start + i;
    if (bit / 8 < blen && (b[bit / 8] >> (bit % 8)) & 1u)
      v |= (uint32_t)1 << i;
  }
  return v;
}

static void ref_poly1305(uint8_t tag[16], const uint8_t *m, size_t len,
                         const uint8_t key[32])
{
  uint8_t rb[16], blk[17];
  uint32_t r[5], h[5] = { 0, 0, 0, 0, 0 }, g[5];
  uint64_t d[5], c, f;
  size_t off = 0, i, j;
  memcpy(rb, key, 16);
  rb[3] &= 15; rb[7] &= 15; rb[11] &= 15; rb[15] &= 15;
  rb[4] &= 252; rb[8] &= 252; rb[12] &= 252;
  for (i = 0; i < 5; i++)
    r[i] = ref_bits(rb, 16, 26 * (unsigned)i, 26);
  while (off < len) {
    size_t n = len - off < 16 ? len - off : 16;
    memset(blk, 0, sizeof blk);
    memcpy(blk, m + off, n);
    blk[n] = 1;
    for (i = 0; i < 5; i++)
      h[i] += ref_bits(blk, 17, 26 * (unsigned)i, 26);
    for (i = 0; i < 5; i++) {
      d[i] = 0;
      for (j = 0; j < 5; j++) {
        /* h_j r_k at 2^(26 (j + k)); 2^130 == 5 mod p */
        size_t k = (i + 5 - j) % 5;
        uint64_t p = (uint64_t)h[j] * r[k];
        d[i] += j + k >= 5 ? 5 * p : p;
      }
    }
    c = 0;
    for (i = 0; i < 5; i++) {
      d[i] += c;
      h[i] = (uint32_t)(d[i] & 0x3ffffff);
      c = d[i] >> 26;
    }
    h[0] += (uint32_t)(c * 5);
    off += n;
  }
  /* full carry, twice: h < 2^130 with limbs < 2^26 */
  for (j = 0; j < 2; j++) {
    c = 0;
    for (i = 0; i < 5; i++) {
      h[i] += (uint32_t)c;
      c = h[i] >> 26;
      h[i] &= 0x3ffffff;
    }
    h[0] += (uint32_t)(c * 5);
  }
  c = h[0] >> 26; h[0] &= 0x3ffffff; h[1] += (uint32_t)c;
  /* h >= p? then h - p = h + 5 - 2^130 */
  c = 5;
  for (i = 0; i < 5; i++) {
    g[i] = h[i] + (uint32_t)c;
    c = g[i] >> 26;
    g[i] &= 0x3ffffff;
  }
  if (c)
    memcpy(h, g, sizeof h);
  /* h + s mod 2^128, byte by byte */
  {
    uint8_t hb[17];
    memset(hb, 0, sizeof hb);
    for (i = 0; i < 130; i++)
      if ((h[i / 26] >> (i % 26)) & 1u)
        hb[i / 8] |= (uint8_t)(1u << (i % 8));
    f = 0;
    for (i = 0; i < 16; i++) {
      f += (uint64_t)hb[i] + key[16 + i];
      tag[i] = (uint8_t)f;
      f >>= 8;
    }
  }
}

/* ---- helpers ---- */

static void hex_to(uint8_t *out, const char *hex, size_t n)
{
  if (test_unhex(out, hex, n) != 0) {
    fprintf(stderr, "bad hex in a vector file\n");
    exit(2);
  }
}

static void show_fail(const char *what, size_t len)
{
  test_check(&t, 0, "%s (len %zu)", what, len);
}

/* one-shot, verify, the libsodium-named streaming functions, and the
 * streaming functions split at `split` must all give / accept want */
static void check_all(const uint8_t *m, size_t len, const uint8_t key[32],
                      const uint8_t want[16], const char *name)
{
  uint8_t tag[16];
  qed_poly1305_ctx ctx;
  qed_crypto_onetimeauth_state st;
  size_t split = len / 3;
  test_check(&t, qed_crypto_onetimeauth(tag, m, len, key) == 0 &&
                 memcmp(tag, want, 16) == 0, "%s: one-shot tag", name);
  test_check(&t, qed_crypto_onetimeauth_verify(want, m, len, key) == 0,
             "%s: verify", name);
  memset(tag, 0xaa, 16);
  test_check(&t, qed_crypto_onetimeauth_init(&st, key) == 0 &&
                 qed_crypto_onetimeauth_update(&st, m, split) == 0 &&
                 qed_crypto_onetimeauth_update(&st, m + split, len - split) == 0 &&
                 qed_crypto_onetimeauth_final(&st, tag) == 0 &&
                 memcmp(tag, want, 16) == 0, "%s: libsodium-named streaming", name);
  memset(tag, 0xaa, 16);
  qed_poly1305_init(&ctx, key);
  test_check(&t, qed_poly1305_update(&ctx, m, len) == 0 &&
                 qed_poly1305_final(&ctx, tag) == 0 &&
                 memcmp(tag, want, 16) == 0, "%s: streaming", name);
}

/* ---- the vector files ---- */

static void rfc8439(const char *dir)
{
  char path[512], line[4096], name[64], khex[80], mhex[2048], thex[40];
  uint8_t key[32], m[1024], want[16];
  FILE *f;
  int n = 0;
  snprintf(path, sizeof path, "%s/nacl/poly1305/rfc8439.txt", dir);
  f = fopen(path, "r");
  if (!f) { test_check(&t, 0, "cannot open %s", path); return; }
  while (fgets(line, sizeof line, f)) {
    size_t mlen;
    if (line[0] == '#' || line[0] == '\n') continue;
    if (sscanf(line, "%63s %79s %2047s %39s", name, khex, mhex, thex) != 4) {
      test_check(&t, 0, "rfc8439.txt: bad line"); continue;
    }
    mlen = strcmp(mhex, "-") == 0 ? 0 : strlen(mhex) / 2;
    hex_to(key, khex, 32);
    hex_to(m, mhex, mlen);
    hex_to(want, thex, 16);
    check_all(m, mlen, key, want, name);
    n++;
  }
  fclose(f);
  test_check(&t, n == 12, "rfc8439.txt: %d vectors, want 12", n);
}

/* Crypto++ test-vector syntax: hex words separated by blanks, "rN HH" is
 * HH repeated N times, "" is empty, a trailing backslash continues */
static size_t cpp_bytes(uint8_t *out, size_t cap, const char *s)
{
  size_t n = 0;
  while (*s) {
    while (*s == ' ' || *s == '\t' || *s == '"' || *s == '\\' || *s == '\n' || *s == '\r') s++;
    if (!*s) break;
    if (*s == 'r') {
      unsigned long rep = strtoul(s + 1, (char **)&s, 10);
      uint8_t b;
      while (*s == ' ') s++;
      hex_to(&b, s, 1);
      s += 2;
      while (rep-- && n < cap) out[n++] = b;
      continue;
    }
    while (((*s >= '0' && *s <= '9') || (*s >= 'a' && *s <= 'f') || (*s >= 'A' && *s <= 'F')) && n < cap) {
      hex_to(out + n, s, 1);
      n++;
      s += 2;
    }
  }
  return n;
}

static void cryptopp(const char *dir)
{
  char path[512], line[1024];
  static char field[65536];
  char key_s[256] = "", mac_s[256] = "";
  static char msg_s[65536];
  char *cur = NULL;
  uint8_t key[32], mac[16], tag[16];
  static uint8_t m[16384];
  FILE *f;
  int verify = 0, notverify = 0;
  snprintf(path, sizeof path, "%s/nacl/poly1305/poly1305_tls.txt", dir);
  f = fopen(path, "r");
  if (!f) { test_check(&t, 0, "cannot open %s", path); return; }
  (void)field;
  while (fgets(line, sizeof line, f)) {
    if (strncmp(line, "Key:", 4) == 0) { strcpy(key_s, line + 4); cur = key_s; }
    else if (strncmp(line, "Message:", 8) == 0) { strcpy(msg_s, line + 8); cur = msg_s; }
    else if (strncmp(line, "MAC:", 4) == 0) { strcpy(mac_s, line + 4); cur = mac_s; }
    else if (strncmp(line, "Test:", 5) == 0) {
      size_t klen = cpp_bytes(key, 32, key_s);
      size_t mlen = cpp_bytes(m, sizeof m, msg_s);
      size_t tlen = cpp_bytes(mac, 16, mac_s);
      int ok = strstr(line, "NotVerify") == NULL;
      test_check(&t, klen == 32 && tlen == 16, "poly1305_tls.txt: key/MAC sizes");
      (void)qed_crypto_onetimeauth(tag, m, mlen, key);
      if (ok) {
        check_all(m, mlen, key, mac, "poly1305_tls.txt Verify");
        verify++;
      } else {
        test_check(&t, memcmp(tag, mac, 16) != 0 &&
                       qed_crypto_onetimeauth_verify(mac, m, mlen, key) == -1,
                   "poly1305_tls.txt NotVerify accepted (len %zu)", mlen);
        notverify++;
      }
      cur = NULL;
    } else if (cur && (line[0] == ' ' || line[0] == '\t')) {
      strcat(cur, line);
    } else {
      cur = NULL;
    }
  }
  fclose(f);
  test_check(&t, verify == 109 && notverify == 71,
             "poly1305_tls.txt: %d Verify + %d NotVerify, want 109 + 71",
             verify, notverify);
}

static void libsodium(const char *dir)
{
  char path[512], line[4096], name[16];
  static char hex[4096];
  uint8_t rs[32], c[131], a[16], exp[64], tag[16];
  size_t n = 0, clen = 0;
  FILE *f;
  int have = 0;
  snprintf(path, sizeof path, "%s/nacl/poly1305/onetimeauth_inputs.txt", dir);
  f = fopen(path, "r");
  if (!f) { test_check(&t, 0, "cannot open %s", path); return; }
  while (fgets(line, sizeof line, f)) {
    if (line[0] == '#') continue;
    if (sscanf(line, "%15s %4095s", name, hex) != 2) continue;
    if (strcmp(name, "rs") == 0) { hex_to(rs, hex, 32); have |= 1; }
    if (strcmp(name, "c") == 0) { clen = strlen(hex) / 2; hex_to(c, hex, clen); have |= 2; }
    if (strcmp(name, "a") == 0) { hex_to(a, hex, 16); have |= 4; }
  }
  fclose(f);
  test_check(&t, have == 7 && clen == 131, "onetimeauth_inputs.txt complete");
  /* onetimeauth.exp: the tag from the one-shot call, then from
   * init/update/final, each printed as ",0xNN" bytes */
  snprintf(path, sizeof path, "%s/nacl/poly1305/onetimeauth.exp", dir);
  f = fopen(path, "r");
  if (!f) { test_check(&t, 0, "cannot open %s", path); return; }
  while (fgets(line, sizeof line, f)) {
    char *p = line;
    while ((p = strstr(p, "0x")) != NULL && n < sizeof exp) {
      hex_to(exp + n++, p + 2, 1);
      p += 4;
    }
  }
  fclose(f);
  test_check(&t, n == 32, "onetimeauth.exp: %zu bytes, want 32", n);
  (void)qed_crypto_onetimeauth(tag, c, clen, rs);
  test_check(&t, memcmp(tag, exp, 16) == 0, "onetimeauth.exp one-shot");
  check_all(c, clen, rs, exp + 16, "onetimeauth.exp streaming");
  /* onetimeauth2.exp: "0", crypto_onetimeauth_verify(a, c, 131, rs) */
  snprintf(path, sizeof path, "%s/nacl/poly1305/onetimeauth2.exp", dir);
  f = fopen(path, "r");
  if (!f || !fgets(line, sizeof line, f)) {
    test_check(&t, 0, "cannot read %s", path);
    if (f) fclose(f);
    return;
  }
  fclose(f);
  test_check(&t, atoi(line) == qed_crypto_onetimeauth_verify(a, c, clen, rs),
             "onetimeauth2.exp verify");
}

/* ---- reference comparisons on the edges ---- */

static void against_ref(const uint8_t *m, size_t len, const uint8_t key[32],
                        const char *what)
{
  uint8_t want[16];
  ref_poly1305(want, m, len, key);
  check_all(m, len, key, want, what);
}

static void edges(void)
{
  static uint8_t m[4200];
  uint8_t key[32];
  size_t len, i;
  int kind;
  /* the reference against the RFC first: a wrong reference proves nothing */
  {
    uint8_t k[32], want[16];
    const char *msg = "Cryptographic Forum Research Group";
    hex_to(k, "85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b", 32);
    ref_poly1305(want, (const uint8_t *)msg, strlen(msg), k);
    test_check(&t, memcmp(want, "\xa8\x06\x1d\xc1\x30\x51\x36\xc6\xc2\x2b\x8b\xaf\x0c\x01\x27\xa9", 16) == 0,
               "reference: RFC 8439 2.5.2");
  }
  /* kinds of key: all 0xff (every clamped bit of r set, s = 2^128 - 1 so
   * the final addition wraps), r all 0xff and s 0, r = 0, r = 1, the
   * largest clamped r, and random */
  for (kind = 0; kind < 6; kind++) {
    for (len = 0; len <= 200; len++) {
      switch (kind) {
      case 0: memset(key, 0xff, 32); break;
      case 1: memset(key, 0xff, 16); memset(key + 16, 0, 16); break;
      case 2: memset(key, 0, 16); memset(key + 16, 0xff, 16); break;
      case 3: memset(key, 0, 32); key[0] = 1; memset(key + 16, 0xff, 16); break;
      case 4: memset(key, 0xff, 32);  /* clamping done by qed */
              key[3] = key[7] = key[11] = key[15] = 0x0f;
              key[4] = key[8] = key[12] = 0xfc; break;
      default: test_fill(key, 32, 7000 + len); break;
      }
      /* messages: all 0xff (blocks just under 2^129: the accumulator
       * reaches the top of its range), all zero, random */
      memset(m, 0xff, len);
      against_ref(m, len, key, "edge: 0xff message");
      memset(m, 0, len);
      against_ref(m, len, key, "edge: zero message");
      test_fill(m, len, 9000 + len * 7 + (size_t)kind);
      against_ref(m, len, key, "edge: random message");
    }
  }
  /* accumulators at p and just above: a single block whose value is p - 1,
   * p, p + 1 ... with r = 1 leaves h = block (mod p) for the final step */
  for (i = 0; i < 16; i++) {
    /* block b with b + 2^128 = p + i - 5 .. : 16 bytes fb ff .. ff 03 is
     * what A.3 #8/#9 use; here b = 2^128 - 5 + i for i = 0..15 (wraps) */
    uint8_t blk[16];
    memset(blk, 0xff, 16);
    blk[0] = (uint8_t)(0xfb + i);
    memset(key, 0, 32);
    key[0] = 1;
    against_ref(blk, 16, key, "edge: h near p");
    memset(key + 16, 0xff, 16);
    against_ref(blk, 16, key, "edge: h near p, s = 2^128 - 1");
  }
  /* long messages of all 0xff with all-0xff keys */
  memset(key, 0xff, 32);
  for (len = 4096 - 17; len <= 4096 + 17; len++) {
    memset(m, 0xff, len);
    against_ref(m, len, key, "edge: long 0xff");
  }
  /* random keys and messages of random lengths */
  for (i = 0; i < 2000; i++) {
    uint64_t s = 12345 + i;
    size_t l = (size_t)(test_rand(&s) % 4200);
    test_fill(key, 32, 100000 + i);
    test_fill(m, l, 200000 + i);
    against_ref(m, l, key, "random vs reference");
  }
}

/* ---- streaming ---- */

static void streaming(void)
{
  static uint8_t m[70000];
  uint8_t key[32], want[16], tag[16];
  qed_poly1305_ctx ctx;
  size_t len, a, b;
  static const size_t big[] = { 255, 256, 257, 1023, 1024, 1025, 4095, 4096,
                                4097, 65535, 65536, 65537 };
  test_fill(key, 32, 42);
  test_fill(m, sizeof m, 43);
  /* every split into two and into three pieces of every length 0 .. 49 */
  for (len = 0; len <= 3 * 16 + 1; len++) {
    (void)qed_crypto_onetimeauth(want, m, len, key);
    for (a = 0; a <= len; a++) {
      qed_poly1305_init(&ctx, key);
      if (qed_poly1305_update(&ctx, m, a) != 0 ||
          qed_poly1305_update(&ctx, m + a, len - a) != 0 ||
          qed_poly1305_final(&ctx, tag) != 0 || memcmp(tag, want, 16) != 0)
        show_fail("streaming: two pieces", len);
      else
        test_check(&t, 1, "ok");
      for (b = a; b <= len; b++) {
        qed_poly1305_init(&ctx, key);
        if (qed_poly1305_update(&ctx, m, a) != 0 ||
            qed_poly1305_update(&ctx, m + a, b - a) != 0 ||
            qed_poly1305_update(&ctx, m + b, len - b) != 0 ||
            qed_poly1305_final(&ctx, tag) != 0 || memcmp(tag, want, 16) != 0)
          show_fail("streaming: three pieces", len);
        else
          test_check(&t, 1, "ok");
      }
    }
    /* byte by byte, with empty updates in between */
    qed_poly1305_init(&ctx, key);
    for (a = 0; a < len; a++) {
      (void)qed_poly1305_update(&ctx, m + a, 1);
      (void)qed_poly1305_update(&ctx, m + a, 0);
    }
    test_check(&t, qed_poly1305_final(&ctx, tag) == 0 && memcmp(tag, want, 16) == 0,
               "streaming: byte by byte, len %zu", len);
  }
  /* large sizes: splits near the block boundaries and in the middle */
  for (a = 0; a < sizeof big / sizeof big[0]; a++) {
    size_t splits[] = { 0, 1, 15, 16, 17, 33, 63, 64, 65 };
    len = big[a];
    (void)qed_crypto_onetimeauth(want, m, len, key);
    ref_poly1305(tag, m, len, key);
    test_check(&t, memcmp(tag, want, 16) == 0, "large: one-shot vs reference, len %zu", len);
    for (b = 0; b < sizeof splits / sizeof splits[0] * 2; b++) {
      size_t s = b % 2 == 0 ? splits[b / 2] : len / 2 + splits[b / 2];
      if (s > len) continue;
      qed_poly1305_init(&ctx, key);
      test_check(&t, qed_poly1305_update(&ctx, m, s) == 0 &&
                     qed_poly1305_update(&ctx, m + s, len - s) == 0 &&
                     qed_poly1305_final(&ctx, tag) == 0 &&
                     memcmp(tag, want, 16) == 0,
                 "large: split %zu of %zu", s, len);
    }
  }
}

/* ---- refusals and rejections ---- */

static void refusals(void)
{
  uint8_t key[32], tag[16], m[40];
  qed_poly1305_ctx ctx, saved;
  test_fill(key, 32, 1);
  test_fill(m, sizeof m, 2);
  /* a context no init prepared (all zero) */
  memset(&ctx, 0, sizeof ctx);
  saved = ctx;
  test_check(&t, qed_poly1305_update(&ctx, m, 5) == -1 &&
                 memcmp(&ctx, &saved, sizeof ctx) == 0, "refusal: update before init");
  memset(tag, 0xaa, 16);
  test_check(&t, qed_poly1305_final(&ctx, tag) == -1 &&
                 memcmp(tag, "\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0", 16) == 0,
             "refusal: final before init, tag zeroed");
  /* garbage that is not the active phase */
  memset(&ctx, 0x5c, sizeof ctx);
  saved = ctx;
  test_check(&t, qed_poly1305_update(&ctx, m, 40) == -1 &&
                 memcmp(&ctx, &saved, sizeof ctx) == 0, "refusal: update on garbage");
  /* after final: wiped, and refused */
  qed_poly1305_init(&ctx, key);
  (void)qed_poly1305_update(&ctx, m, 21);
  test_check(&t, qed_poly1305_final(&ctx, tag) == 0, "final");
  {
    qed_poly1305_ctx zero;
    memset(&zero, 0, sizeof zero);
    test_check(&t, memcmp(&ctx, &zero, sizeof ctx) == 0, "final wipes the context");
  }
  saved = ctx;
  test_check(&t, qed_poly1305_update(&ctx, m, 3) == -1 &&
                 memcmp(&ctx, &saved, sizeof ctx) == 0, "refusal: update after final");
  memset(tag, 0xaa, 16);
  test_check(&t, qed_poly1305_final(&ctx, tag) == -1 &&
                 memcmp(tag, "\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0", 16) == 0,
             "refusal: second final, tag zeroed");
  test_check(&t, qed_crypto_onetimeauth_update(&ctx, m, 3) == -1 &&
                 qed_crypto_onetimeauth_final(&ctx, tag) == -1,
             "refusal: libsodium names after final");
  /* a corrupted buffer length */
  qed_poly1305_init(&ctx, key);
  (void)qed_poly1305_update(&ctx, m, 7);
  ctx.buflen = 16;
  saved = ctx;
  test_check(&t, qed_poly1305_update(&ctx, m, 3) == -1 &&
                 memcmp(&ctx, &saved, sizeof ctx) == 0, "refusal: buffer length 16");
  memset(tag, 0xaa, 16);
  test_check(&t, qed_poly1305_final(&ctx, tag) == -1 &&
                 memcmp(tag, "\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0", 16) == 0,
             "refusal: final with buffer length 16");
  /* limbs out of range (an active context with garbage limbs) are masked,
   * not trusted: no crash, a tag comes out */
  qed_poly1305_init(&ctx, key);
  memset(ctx.h, 0xff, sizeof ctx.h);
  memset(ctx.r, 0xff, sizeof ctx.r);
  test_check(&t, qed_poly1305_update(&ctx, m, 40) == 0 &&
                 qed_poly1305_final(&ctx, tag) == 0, "garbage limbs are masked");
}

static void bitflips(void)
{
  uint8_t key[32], tag[16], m[100];
  size_t i, len;
  static const size_t lens[] = { 0, 1, 15, 16, 17, 64, 100 };
  for (len = 0; len < sizeof lens / sizeof lens[0]; len++) {
    size_t l = lens[len];
    unsigned long bad = 0;
    test_fill(key, 32, 300 + l);
    test_fill(m, l, 400 + l);
    (void)qed_crypto_onetimeauth(tag, m, l, key);
    test_check(&t, qed_crypto_onetimeauth_verify(tag, m, l, key) == 0, "verify, len %zu", l);
    for (i = 0; i < 128; i++) {
      tag[i / 8] ^= (uint8_t)(1u << (i % 8));
      bad += qed_crypto_onetimeauth_verify(tag, m, l, key) != -1;
      tag[i / 8] ^= (uint8_t)(1u << (i % 8));
    }
    test_check(&t, bad == 0, "verify accepted %lu flipped tags, len %zu", bad, l);
    for (i = 0; i < 8 * l; i++) {
      m[i / 8] ^= (uint8_t)(1u << (i % 8));
      bad += qed_crypto_onetimeauth_verify(tag, m, l, key) != -1;
      m[i / 8] ^= (uint8_t)(1u << (i % 8));
    }
    test_check(&t, bad == 0, "verify accepted %lu flipped messages, len %zu", bad, l);
    /* key bits: the clamped bits of r do not matter (the same key); s's
     * and r's other bits do, unless r is 0 for the empty message */
    for (i = 0; i < 256; i++) {
      const uint8_t cl[16] = { 0, 0, 0, 0xf0, 3, 0, 0, 0xf0, 3, 0, 0, 0xf0, 3, 0, 0, 0xf0 };
      int clamped = i < 128 && (cl[i / 8] >> (i % 8)) & 1;
      int no_r = l == 0 && i < 128;
      key[i / 8] ^= (uint8_t)(1u << (i % 8));
      if (clamped || no_r)
        bad += qed_crypto_onetimeauth_verify(tag, m, l, key) != 0;
      else
        bad += qed_crypto_onetimeauth_verify(tag, m, l, key) != -1;
      key[i / 8] ^= (uint8_t)(1u << (i % 8));
    }
    test_check(&t, bad == 0, "%lu wrong verdicts on flipped key bits, len %zu", bad, l);
  }
}

/* ---- the SIMD block functions against the portable loop ---- */

#if defined(__x86_64__)
static int acc_ok(qed_poly1305_acc h)
{
  return h.h0 < ((uint64_t)1 << 44) && h.h1 < ((uint64_t)1 << 45) &&
         h.h2 < ((uint64_t)1 << 42);
}

/* equal mod p: the tags with s = 0 are the reduced values mod 2^128 (a
 * collision of two different values would need them 2^128 apart) */
static int acc_same(qed_poly1305_acc a, qed_poly1305_acc b)
{
  uint8_t ta[16], tb[16];
  qed_poly1305_emit(ta, a, 0, 0);
  qed_poly1305_emit(tb, b, 0, 0);
  return memcmp(ta, tb, 16) == 0;
}

#endif

static void simd_equiv(void)
{
#if defined(__x86_64__)
  static uint8_t m[5000];
  const char *be = qed_backend_name();
  const int avx2 = strcmp(be, "avx2") == 0 || strcmp(be, "avx512") == 0;
  const int avx512 = strcmp(be, "avx512") == 0;
  uint64_t st = 99;
  unsigned long n2 = 0, n5 = 0, bad2 = 0, bad5 = 0;
  int i;
  if (!avx2) {
    test_check(&t, 1, "no SIMD block function on this backend");
    return;
  }
  for (i = 0; i < 4000; i++) {
    qed_poly1305_acc h, want, got;
    qed_poly1305_key r;
    size_t len = (size_t)(test_rand(&st) % sizeof m);
    int k = i % 4;
    /* accumulators at the top of their ranges, zero, or random */
    h.h0 = k == 0 ? ((uint64_t)1 << 44) - 1 : k == 1 ? 0 : test_rand(&st) % ((uint64_t)1 << 44);
    h.h1 = k == 0 ? ((uint64_t)1 << 45) - 1 : k == 1 ? 0 : test_rand(&st) % ((uint64_t)1 << 45);
    h.h2 = k == 0 ? ((uint64_t)1 << 42) - 1 : k == 1 ? 0 : test_rand(&st) % ((uint64_t)1 << 42);
    /* any r in range (not only clamped ones: the contract allows them) */
    r.r0 = i % 7 == 0 ? ((uint64_t)1 << 44) - 1 : test_rand(&st) % ((uint64_t)1 << 44);
    r.r1 = i % 7 == 0 ? ((uint64_t)1 << 44) - 1 : test_rand(&st) % ((uint64_t)1 << 44);
    r.r2 = i % 7 == 0 ? ((uint64_t)1 << 42) - 1 : test_rand(&st) % ((uint64_t)1 << 42);
    if (i % 5 == 0)
      memset(m, 0xff, len);
    else
      test_fill(m, len, 5000 + (uint64_t)i);
    {
      const size_t w4 = len - len % 64;
      want = qed_poly1305_blocks_portable(h, r, m, w4, (uint64_t)1 << 40);
      got = qed_poly1305_blocks_avx2(h, r, m, len);
      bad2 += !(acc_ok(got) && acc_same(got, want));
      n2++;
    }
    if (avx512) {
      const size_t w8 = len - len % 128;
      want = qed_poly1305_blocks_portable(h, r, m, w8, (uint64_t)1 << 40);
      got = qed_poly1305_blocks_avx512(h, r, m, len);
      bad5 += !(acc_ok(got) && acc_same(got, want));
      n5++;
    }
  }
  test_check(&t, bad2 == 0, "AVX2 blocks differ from the portable loop in %lu of %lu cases", bad2, n2);
  if (avx512)
    test_check(&t, bad5 == 0, "AVX-512 blocks differ from the portable loop in %lu of %lu cases", bad5, n5);
  printf("SIMD block functions vs portable: %lu AVX2, %lu AVX-512 cases\n", n2, n5);
#else
  test_check(&t, 1, "no SIMD block function on this target");
#endif
}

int main(int argc, char **argv)
{
  const char *dir = argc > 1 ? argv[1] : "tests/vectors";
  test_print_backend();
  rfc8439(dir);
  cryptopp(dir);
  libsodium(dir);
  edges();
  streaming();
  refusals();
  bitflips();
  simd_equiv();
  return test_finish(&t);
}
