/* crypto_secretbox and crypto_box (qed/nacl.h), NaCl's padded forms and
 * libsodium's easy forms:
 *   - libsodium's NaCl tests secretbox, secretbox2, box, box2 (.exp files;
 *     each prints its bytes twice: box and _afternm, open and
 *     open_afternm, ...), and the small-order public key libsodium adds
 *     (-1, zeroed key and output);
 *   - round trips of every length 0 .. 300 and around the 64-byte blocks
 *     up to 1100 in both forms, easy = NaCl's form without the 16 zero
 *     bytes, box = beforenm + afternm, in place and out of place;
 *   - rejection: every single-bit flip of tag and ciphertext (all of them
 *     for lengths 0, 1, 15, 16, 17, 63, 64, 65, 100; sampled above), of
 *     the nonce and of the key, truncated and too-short boxes: -1 and the
 *     whole output zeroed; in place too; NaCl's form with mlen < 32;
 *   - keypairs: pk = X25519(sk, 9); seed_keypair: sk = SHA-512(seed)[0..31];
 *   - a TweetNaCl-style program written against <qed/nacl_compat.h> (the
 *     bare NaCl names and size macros); `make test-nacl-compat-sodium`
 *     links this same program with libsodium too, to show that the names
 *     do not clash.
 *
 *   build/tests/test_nacl_box tests/vectors */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#include "testutil.h"
#include "qed/nacl.h"
#include "qed/sha2.h"
#include "qed/nacl_compat.h"

static test_tally t = { 0, 0 };

static char *read_file(const char *dir, const char *name)
{
  return test_read_text(dir, "nacl/box", name, NULL);
}

static void unhex(uint8_t *out, const char *h, size_t n)
{
  if (strlen(h) != 2 * n || test_unhex(out, h, n) != 0) {
    printf("bad hex %s\n", h);
    exit(2);
  }
}

/* The 0x.. bytes of an .exp file, in order; returns the count. */
static size_t exp_bytes(const char *s, uint8_t *out, size_t max)
{
  size_t n = 0;
  for (; *s; s++)
    if (s[0] == '0' && s[1] == 'x') {
      unsigned v;
      if (sscanf(s + 2, "%2x", &v) != 1) exit(2);
      if (n < max) out[n] = (uint8_t)v;
      n++;
    }
  return n;
}

/* The .exp file is `want` (n bytes) printed twice. */
static int exp_twice(const char *dir, const char *name, const uint8_t *want,
                     size_t n)
{
  uint8_t e[600];
  char *s = read_file(dir, name);
  size_t got = exp_bytes(s, e, sizeof e);
  free(s);
  return got == 2 * n && !memcmp(e, want, n) && !memcmp(e + n, want, n);
}

static int all_zero(const uint8_t *p, size_t n)
{
  uint8_t d = 0;
  for (size_t i = 0; i < n; i++) d |= p[i];
  return d == 0;
}

/* libsodium's test arrays (test/default/box.c, box2.c, secretbox.c) */
static const char *alicesk_hex =
    "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a";
static const char *alicepk_hex =
    "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a";
static const char *bobsk_hex =
    "5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb";
static const char *bobpk_hex =
    "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f";
static const char *small_order_hex =
    "e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800";
static const char *firstkey_hex =
    "1b27556473e985d462cd51197a9a46c76009549eac6474f206c4ee0844f68389";
static const char *nonce_hex = "69696ee955b62b73cd62bda875fc73d68219e0036b7a0b37";
static const char *m_hex =
    "0000000000000000000000000000000000000000000000000000000000000000be075fc5"
    "3c81f2d5cf141316ebeb0c7b5228c52a4c62cbd44b66849b64244ffce5ecbaaf33bd751a"
    "1ac728d45e6c61296cdc3c01233561f41db66cce314adb310e3be8250c46f06dceea3a7f"
    "a1348057e2f6556ad6b1318a024a838f21af1fde048977eb48f59ffd4924ca1c60902e52"
    "f0a089bc76897040e082f937763848645e0705";

static void test_libsodium(const char *dir)
{
  uint8_t alicesk[32], alicepk[32], bobsk[32], bobpk[32], small[32];
  uint8_t firstkey[32], nonce[24], m[163], c[163], c2[163], m2[163], k[32];
  uint8_t both[294];
  unhex(alicesk, alicesk_hex, 32);
  unhex(alicepk, alicepk_hex, 32);
  unhex(bobsk, bobsk_hex, 32);
  unhex(bobpk, bobpk_hex, 32);
  unhex(small, small_order_hex, 32);
  unhex(firstkey, firstkey_hex, 32);
  unhex(nonce, nonce_hex, 24);
  unhex(m, m_hex, 163);

  /* secretbox: c[16 ..] twice (libsodium also seals in place) */
  test_check(&t, qed_crypto_secretbox(c, m, 163, nonce, firstkey) == 0 &&
             all_zero(c, 16), "secretbox");
  memcpy(c2, m, 163);
  test_check(&t, qed_crypto_secretbox(c2, c2, 163, nonce, firstkey) == 0 &&
             !memcmp(c, c2, 163), "secretbox in place");
  test_check(&t, exp_twice(dir, "secretbox.exp", c + 16, 147), "secretbox.exp");
  /* secretbox2: open it */
  {
    char *s = read_file(dir, "secretbox2.exp");
    uint8_t e[200];
    size_t n = exp_bytes(s, e, sizeof e);
    free(s);
    test_check(&t, qed_crypto_secretbox_open(m2, c, 163, nonce, firstkey) == 0 &&
               all_zero(m2, 32) && n == 131 && !memcmp(m2 + 32, e, 131),
               "secretbox2.exp");
  }
  /* box: Alice to Bob, box and beforenm + afternm */
  test_check(&t, qed_crypto_box(c, m, 163, nonce, bobpk, alicesk) == 0 &&
             all_zero(c, 16), "box");
  test_check(&t, qed_crypto_box_beforenm(k, bobpk, alicesk) == 0 &&
             !memcmp(k, firstkey, 32), "box_beforenm = firstkey");
  test_check(&t, qed_crypto_box_afternm(c2, m, 163, nonce, k) == 0 &&
             !memcmp(c, c2, 163), "box_afternm");
  memcpy(both, c + 16, 147);
  test_check(&t, exp_twice(dir, "box.exp", both, 147), "box.exp");
  /* box2: Bob opens it */
  {
    char *s = read_file(dir, "box2.exp");
    uint8_t e[300];
    size_t n = exp_bytes(s, e, sizeof e);
    free(s);
    int ok = qed_crypto_box_open(m2, c, 163, nonce, alicepk, bobsk) == 0 &&
             all_zero(m2, 32) && n == 262 && !memcmp(m2 + 32, e, 131) &&
             !memcmp(m2 + 32, e + 131, 131);
    memset(m2, 0xee, sizeof m2);
    ok &= qed_crypto_box_beforenm(k, alicepk, bobsk) == 0 &&
          qed_crypto_box_open_afternm(m2, c, 163, nonce, k) == 0 &&
          !memcmp(m2, m, 163);
    test_check(&t, ok, "box2.exp");
  }
  /* the small-order point: -1, zeroed key and outputs */
  {
    int ok = qed_crypto_box_beforenm(k, small, alicesk) == -1 && all_zero(k, 32);
    memset(c2, 0xee, sizeof c2);
    ok &= qed_crypto_box(c2, m, 163, nonce, small, alicesk) == -1 &&
          all_zero(c2, 163);
    memset(m2, 0xee, sizeof m2);
    ok &= qed_crypto_box_open(m2, c, 163, nonce, small, bobsk) == -1 &&
          all_zero(m2, 163);
    memset(c2, 0xee, sizeof c2);
    ok &= qed_crypto_box_easy(c2, m, 100, nonce, small, alicesk) == -1 &&
          all_zero(c2, 116);
    /* a box sealed under the all-zero key (what an attacker can make for
     * a small-order pk) must not open either */
    memset(k, 0, 32);
    uint8_t z[32] = { 0 };
    qed_crypto_core_hsalsa20(k, z, z, NULL);
    qed_crypto_box_easy_afternm(c2, m, 100, nonce, k);
    memset(m2, 0xee, sizeof m2);
    ok &= qed_crypto_box_open_easy(m2, c2, 116, nonce, small, bobsk) == -1 &&
          all_zero(m2, 100);
    test_check(&t, ok, "small-order public key");
  }
}

/* ---- round trips, forms, in place ---- */
#define LMAX 1100
static uint8_t msg[LMAX + 32], box1[LMAX + 48], box2[LMAX + 48];
static uint8_t pad[LMAX + 64], out[LMAX + 64], buf[LMAX + 64];

static void test_roundtrips(void)
{
  uint8_t k[32], n[24], ask[32], apk[32], bsk[32], bpk[32], shared[32];
  test_fill(k, 32, 11);
  test_fill(n, 24, 12);
  test_fill(msg, sizeof msg, 13);
  test_fill(ask, 32, 14);
  test_fill(bsk, 32, 15);
  qed_crypto_scalarmult_base(apk, ask);
  qed_crypto_scalarmult_base(bpk, bsk);
  test_check(&t, qed_crypto_box_beforenm(shared, bpk, ask) == 0, "beforenm");
  for (size_t len = 0; len <= LMAX; len++) {
    if (len > 300 && (len % 64 > 2 && len % 64 < 62)) continue;
    int ok = 1;
    /* easy */
    memset(box1, 0xa5, sizeof box1);
    ok &= qed_crypto_secretbox_easy(box1, msg, len, n, k) == 0;
    ok &= box1[len + 16] == 0xa5;
    memset(out, 0xa5, sizeof out);
    ok &= qed_crypto_secretbox_open_easy(out, box1, len + 16, n, k) == 0;
    ok &= !memcmp(out, msg, len) && out[len] == 0xa5;
    /* NaCl's form: the same tag and ciphertext after 16 zero bytes */
    memset(pad, 0, 32);
    memcpy(pad + 32, msg, len);
    ok &= qed_crypto_secretbox(box2, pad, len + 32, n, k) == 0;
    ok &= all_zero(box2, 16) && !memcmp(box2 + 16, box1, len + 16);
    memset(out, 0xa5, sizeof out);
    ok &= qed_crypto_secretbox_open(out, box2, len + 32, n, k) == 0;
    ok &= all_zero(out, 32) && !memcmp(out + 32, msg, len);
    /* in place, both forms */
    memcpy(buf, msg, len);
    ok &= qed_crypto_secretbox_easy(buf, buf, len, n, k) == 0;
    ok &= !memcmp(buf, box1, len + 16);
    ok &= qed_crypto_secretbox_open_easy(buf, buf, len + 16, n, k) == 0;
    ok &= !memcmp(buf, msg, len);
    memcpy(buf, pad, len + 32);
    ok &= qed_crypto_secretbox(buf, buf, len + 32, n, k) == 0;
    ok &= !memcmp(buf, box2, len + 32);
    ok &= qed_crypto_secretbox_open(buf, buf, len + 32, n, k) == 0;
    ok &= !memcmp(buf, pad, len + 32);
    test_check(&t, ok, "secretbox round trip, length %zu", len);
    if (len % 7 != 0 && len > 70) continue;
    /* box: all forms agree with the shared key's secretbox */
    ok = qed_crypto_box_easy(box2, msg, len, n, bpk, ask) == 0;
    ok &= qed_crypto_secretbox_easy(box1, msg, len, n, shared) == 0;
    ok &= !memcmp(box1, box2, len + 16);
    ok &= qed_crypto_box_easy_afternm(box2, msg, len, n, shared) == 0;
    ok &= !memcmp(box1, box2, len + 16);
    ok &= qed_crypto_box_open_easy(out, box1, len + 16, n, apk, bsk) == 0;
    ok &= !memcmp(out, msg, len);
    ok &= qed_crypto_box_open_easy_afternm(out, box1, len + 16, n, shared) == 0;
    ok &= !memcmp(out, msg, len);
    ok &= qed_crypto_box(box2, pad, len + 32, n, bpk, ask) == 0;
    ok &= !memcmp(box2 + 16, box1, len + 16);
    ok &= qed_crypto_box_open(out, box2, len + 32, n, apk, bsk) == 0;
    ok &= !memcmp(out, pad, len + 32);
    memcpy(buf, msg, len);
    ok &= qed_crypto_box_easy(buf, buf, len, n, bpk, ask) == 0;
    ok &= !memcmp(buf, box1, len + 16);
    ok &= qed_crypto_box_open_easy(buf, buf, len + 16, n, apk, bsk) == 0;
    ok &= !memcmp(buf, msg, len);
    test_check(&t, ok, "box round trip, length %zu", len);
  }
}

/* ---- rejection ---- */
static void test_rejection(void)
{
  uint8_t k[32], n[24], k2[32], n2[24];
  const size_t all_lens[] = { 0, 1, 15, 16, 17, 63, 64, 65, 100 };
  const size_t some_lens[] = { 255, 256, 1000 };
  test_fill(k, 32, 21);
  test_fill(n, 24, 22);
  test_fill(msg, sizeof msg, 23);
  for (size_t li = 0; li < 12; li++) {
    const size_t len = li < 9 ? all_lens[li] : some_lens[li - 9];
    const size_t bits = 8 * (len + 16), step = li < 9 ? 1 : 13;
    int ok = 1;
    qed_crypto_secretbox_easy(box1, msg, len, n, k);
    memset(pad, 0, 32);
    memcpy(pad + 32, msg, len);
    qed_crypto_secretbox(box2, pad, len + 32, n, k);
    for (size_t b = 0; b < bits; b += step) {
      box1[b / 8] ^= (uint8_t)(1u << (b % 8));
      memset(out, 0xa5, sizeof out);
      ok &= qed_crypto_secretbox_open_easy(out, box1, len + 16, n, k) == -1;
      ok &= all_zero(out, len) && out[len] == 0xa5;
      /* in place: the whole buffer is zeroed */
      memcpy(buf, box1, len + 16);
      ok &= qed_crypto_secretbox_open_easy(buf, buf, len + 16, n, k) == -1;
      ok &= all_zero(buf, len + 16);
      box1[b / 8] ^= (uint8_t)(1u << (b % 8));
      box2[16 + b / 8] ^= (uint8_t)(1u << (b % 8));
      memset(out, 0xa5, sizeof out);
      ok &= qed_crypto_secretbox_open(out, box2, len + 32, n, k) == -1;
      ok &= all_zero(out, len + 32) && out[len + 32] == 0xa5;
      memcpy(buf, box2, len + 32);
      ok &= qed_crypto_secretbox_open(buf, buf, len + 32, n, k) == -1;
      ok &= all_zero(buf, len + 32);
      box2[16 + b / 8] ^= (uint8_t)(1u << (b % 8));
    }
    /* the first 16 bytes of NaCl's box are not part of it */
    box2[3] ^= 0x40;
    ok &= qed_crypto_secretbox_open(out, box2, len + 32, n, k) == 0;
    box2[3] ^= 0x40;
    /* every bit of the nonce and of the key */
    for (int b = 0; b < 8 * 24; b++) {
      memcpy(n2, n, 24);
      n2[b / 8] ^= (uint8_t)(1u << (b % 8));
      memset(out, 0xa5, sizeof out);
      ok &= qed_crypto_secretbox_open_easy(out, box1, len + 16, n2, k) == -1;
      ok &= all_zero(out, len);
    }
    for (int b = 0; b < 8 * 32; b++) {
      memcpy(k2, k, 32);
      k2[b / 8] ^= (uint8_t)(1u << (b % 8));
      memset(out, 0xa5, sizeof out);
      ok &= qed_crypto_secretbox_open_easy(out, box1, len + 16, n, k2) == -1;
      ok &= all_zero(out, len);
    }
    /* truncated boxes, and one byte too many */
    for (size_t cut = 1; cut <= len + 16 && cut <= 40; cut++) {
      memset(out, 0xa5, sizeof out);
      int r = qed_crypto_secretbox_open_easy(out, box1, len + 16 - cut, n, k);
      ok &= r == -1;
      if (len + 16 - cut >= 16) ok &= all_zero(out, len - cut);
    }
    box1[len + 16] = 0;
    memset(out, 0xa5, sizeof out);
    ok &= qed_crypto_secretbox_open_easy(out, box1, len + 17, n, k) == -1 &&
          all_zero(out, len + 1);
    test_check(&t, ok, "secretbox rejection, length %zu", len);
  }
  /* too short: NaCl's form needs 32 bytes, the easy form 16 */
  {
    int ok = 1;
    for (size_t len = 0; len < 32; len++) {
      memset(buf, 0xa5, sizeof buf);
      ok &= qed_crypto_secretbox(buf, msg, len, n, k) == -1;
      ok &= all_zero(buf, len) && buf[len] == 0xa5;
      memset(buf, 0xa5, sizeof buf);
      ok &= qed_crypto_secretbox_open(buf, msg, len, n, k) == -1;
      ok &= all_zero(buf, len) && buf[len] == 0xa5;
      memset(buf, 0xa5, sizeof buf);
      ok &= qed_crypto_box_open(buf, msg, len, n, msg + 64, msg + 96) == -1;
      ok &= all_zero(buf, len) && buf[len] == 0xa5;
    }
    for (size_t len = 0; len < 16; len++) {
      memset(buf, 0xa5, sizeof buf);
      ok &= qed_crypto_secretbox_open_easy(buf, msg, len, n, k) == -1;
      ok &= buf[0] == 0xa5;
      ok &= qed_crypto_box_open_easy(buf, msg, len, n, msg + 64, msg + 96) == -1;
      ok &= buf[0] == 0xa5;
    }
    test_check(&t, ok, "too-short boxes");
  }
  /* box: the wrong keys */
  {
    uint8_t ask[32], apk[32], bsk[32], bpk[32], esk[32], epk[32];
    int ok = 1;
    test_fill(ask, 32, 31);
    test_fill(bsk, 32, 32);
    test_fill(esk, 32, 33);
    qed_crypto_scalarmult_base(apk, ask);
    qed_crypto_scalarmult_base(bpk, bsk);
    qed_crypto_scalarmult_base(epk, esk);
    qed_crypto_box_easy(box1, msg, 100, n, bpk, ask);
    memset(out, 0xa5, sizeof out);
    ok &= qed_crypto_box_open_easy(out, box1, 116, n, epk, bsk) == -1 &&
          all_zero(out, 100);
    memset(out, 0xa5, sizeof out);
    ok &= qed_crypto_box_open_easy(out, box1, 116, n, apk, esk) == -1 &&
          all_zero(out, 100);
    ok &= qed_crypto_box_open_easy(out, box1, 116, n, apk, bsk) == 0 &&
          !memcmp(out, msg, 100);
    test_check(&t, ok, "box with the wrong keys");
  }
}

static void test_keypairs(void)
{
  uint8_t pk[32], sk[32], pk2[32], seed[32], h[64];
  int ok = 1;
  for (int i = 0; i < 4; i++) {
    ok &= qed_crypto_box_keypair(pk, sk) == 0;
    ok &= qed_crypto_scalarmult_base(pk2, sk) == 0 && !memcmp(pk, pk2, 32);
  }
  test_check(&t, ok, "box_keypair: pk = X25519(sk, 9)");
  /* libsodium's box_seed test: seed = alicesk */
  unhex(seed, alicesk_hex, 32);
  ok = qed_crypto_box_seed_keypair(pk, sk, seed) == 0;
  qed_crypto_hash_sha512(h, seed, 32);
  ok &= !memcmp(sk, h, 32);
  ok &= qed_crypto_scalarmult_base(pk2, sk) == 0 && !memcmp(pk, pk2, 32);
  test_check(&t, ok, "box_seed_keypair: sk = SHA-512(seed)[0..31]");
}

/* ---- TweetNaCl style, through qed/nacl_compat.h ---- */
static void test_compat(void)
{
  unsigned char apk[crypto_box_PUBLICKEYBYTES], ask[crypto_box_SECRETKEYBYTES];
  unsigned char bpk[crypto_box_PUBLICKEYBYTES], bsk[crypto_box_SECRETKEYBYTES];
  unsigned char n[crypto_box_NONCEBYTES], k[crypto_secretbox_KEYBYTES];
  unsigned char m[crypto_box_ZEROBYTES + 100], c[crypto_box_ZEROBYTES + 100];
  unsigned char m2[crypto_box_ZEROBYTES + 100], h[crypto_hash_BYTES];
  unsigned char a[crypto_onetimeauth_BYTES], s[crypto_scalarmult_BYTES];
  unsigned char spk[crypto_sign_PUBLICKEYBYTES], ssk[crypto_sign_SECRETKEYBYTES];
  unsigned char sm[crypto_sign_BYTES + 100], om[crypto_sign_BYTES + 100];
  unsigned long long mlen = sizeof m, smlen = 0, omlen = 0;
  int ok = 1;
  ok &= crypto_box_keypair(apk, ask) == 0 && crypto_box_keypair(bpk, bsk) == 0;
  randombytes(n, sizeof n);
  memset(m, 0, crypto_box_ZEROBYTES);
  test_fill(m + crypto_box_ZEROBYTES, 100, 41);
  ok &= crypto_box(c, m, mlen, n, bpk, ask) == 0;
  ok &= crypto_box_open(m2, c, mlen, n, apk, bsk) == 0 && !memcmp(m, m2, mlen);
  c[40] ^= 1;
  ok &= crypto_box_open(m2, c, mlen, n, apk, bsk) == -1;
  ok &= crypto_box_beforenm(k, bpk, ask) == 0;
  ok &= crypto_secretbox(c, m, mlen, n, k) == 0;
  ok &= crypto_box_open_afternm(m2, c, mlen, n, k) == 0 && !memcmp(m, m2, mlen);
  ok &= crypto_secretbox_open(m2, c, mlen, n, k) == 0;
  ok &= crypto_stream(c, 64, n, k) == 0 && crypto_stream_xor(c, c, 64, n, k) == 0;
  ok &= all_zero(c, 64);
  ok &= crypto_onetimeauth(a, m, mlen, k) == 0;
  ok &= crypto_onetimeauth_verify(a, m, mlen, k) == 0;
  ok &= crypto_verify_16(a, a) == 0 && crypto_verify_32(k, k) == 0;
  ok &= crypto_scalarmult(s, ask, bpk) == 0 && crypto_scalarmult_base(s, ask) == 0;
  ok &= !memcmp(s, apk, 32);
  ok &= crypto_hash(h, m, mlen) == 0;
  ok &= crypto_sign_keypair(spk, ssk) == 0;
  ok &= crypto_sign(sm, &smlen, m + 32, 100, ssk) == 0 && smlen == 164;
  ok &= crypto_sign_open(om, &omlen, sm, smlen, spk) == 0 && omlen == 100;
  ok &= !memcmp(om, m + 32, 100);
  /* the names are qed's */
  ok &= qed_crypto_box_beforenm(k, bpk, ask) == 0;
  test_check(&t, ok, "TweetNaCl-style program through qed/nacl_compat.h");
}

int main(int argc, char **argv)
{
  const char *dir = argc > 1 ? argv[1] : "tests/vectors";
  test_print_backend();
  test_libsodium(dir);
  test_roundtrips();
  test_rejection();
  test_keypairs();
  test_compat();
  return test_finish(&t);
}
