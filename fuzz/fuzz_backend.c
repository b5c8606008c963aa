/* fuzz_backend: every backend the CPU has gives the portable bytes.
 *
 * One input runs one operation (picked by the first byte) once per
 * backend level 0 .. qed_fuzz_backend_max() (fuzz/backend_switch.c caps
 * the library's choice in-process), the public API each time, and checks
 * that every level's output equals level 0's (the proven portable C):
 *   Keccak: SHA3-512, SHAKE128, KT128, KT256, M14 (messages around the
 *     8192-byte chunks: 1-, 2-, 4- and 8-wide leaves), ParallelHash128 and
 *     ParallelHashXOF256 (any block size), TurboSHAKE128;
 *   AES-128/192/256: ECB, CBC both ways, CTR (counters near 2^32, 2^64,
 *     2^128), GCM encrypt and decrypt (IV lengths 1 .. 64);
 *   SHA-224/256 (SHA-NI), SHA-384/512 (AVX2/AVX-512 schedules);
 *   Poly1305 (AVX2/AVX-512 blocks); Salsa20, Salsa20/12, XSalsa20 with
 *     any block counter (AVX2/AVX-512 kernels);
 *   Ascon-Hash256, Ascon-XOF128, Ascon-AEAD128 (x86-64-v3 build);
 *   qed_bn mul, sqr, divmod, powm (x86-64-v3 MULX builds), and the IFMA
 *     Montgomery exponentiation (qed_bn_mont_exp_ifma, not yet called by
 *     the library) against qed_bn_powm_sec for 8/16/32/64-limb odd moduli.
 */
#include <stdint.h>
#include <string.h>

#include "qed/qed.h"
#include "backend_switch.h"
#include "fuzz_input.h"
#if defined(__x86_64__)
#include "bn/simd/mont_ifma.h"
#endif

#define MAX_MSG 70000   /* eight KT chunks and a bit */
#define MAX_OUT (MAX_MSG + 64)

enum {
  O_SHA3_512, O_SHAKE128, O_KT128, O_KT256, O_M14, O_PH128, O_PHXOF256,
  O_TS128, O_AES_ECB, O_AES_CBC, O_AES_CTR, O_AES_GCM, O_SHA256, O_SHA224,
  O_SHA512, O_SHA384, O_POLY1305, O_SALSA20, O_SALSA2012, O_XSALSA20,
  O_ASCON_HASH, O_ASCON_XOF, O_ASCON_AEAD, O_BN_MUL, O_BN_DIV, O_BN_POWM,
  O_IFMA, O_COUNT
};

typedef struct {
  uint8_t key[64];
  const uint8_t *custom;
  size_t customlen;
  size_t outlen;
  size_t block;
  uint8_t ctr[16];
  uint64_t ic;
} bparams;

static uint8_t msg[MAX_MSG];
static uint8_t ref[MAX_OUT], got[MAX_OUT];

static void bn_of(qed_bn *x, const uint8_t *p, size_t len)
{
  FUZZ_CHECK(qed_bn_from_bytes(x, p, len) == 0);
}

/* Output length written into o (at most MAX_OUT). */
static size_t run(unsigned op, const bparams *p, size_t mlen, uint8_t *o)
{
  memset(o, 0, MAX_OUT);
  qed_aes_ctx aes;
  switch (op) {
  case O_SHA3_512: qed_sha3_512(o, msg, mlen); return 64;
  case O_SHAKE128: qed_shake128(o, p->outlen, msg, mlen); return p->outlen;
  case O_KT128: qed_kt128(o, p->outlen, msg, mlen, p->custom, p->customlen); return p->outlen;
  case O_KT256: qed_kt256(o, p->outlen, msg, mlen, p->custom, p->customlen); return p->outlen;
  case O_M14: qed_m14(o, p->outlen, msg, mlen, p->custom, p->customlen); return p->outlen;
  case O_PH128:
    FUZZ_CHECK(qed_parallelhash128(o, p->outlen, msg, mlen, p->block, p->custom, p->customlen) == 0);
    return p->outlen;
  case O_PHXOF256:
    FUZZ_CHECK(qed_parallelhashxof256(o, p->outlen, msg, mlen, p->block, p->custom, p->customlen) == 0);
    return p->outlen;
  case O_TS128:
    FUZZ_CHECK(qed_turboshake128(o, p->outlen, msg, mlen, 0x1F) == 0);
    return p->outlen;
  case O_AES_ECB:
  case O_AES_CBC:
  case O_AES_CTR:
  case O_AES_GCM: {
    FUZZ_CHECK(qed_aes_init(&aes, p->key, 16 + 8 * (p->key[63] % 3)) == 0);
    const size_t whole = mlen & ~(size_t)15;
    uint8_t iv[16];
    size_t n = 0;
    if (op == O_AES_ECB) {
      qed_aes_ecb_encrypt(&aes, o, msg, whole / 16);
      qed_aes_ecb_decrypt(&aes, o + whole, msg, whole / 16);
      n = 2 * whole;
    } else if (op == O_AES_CBC) {
      memcpy(iv, p->ctr, 16);
      FUZZ_CHECK(qed_aes_cbc_encrypt(&aes, iv, o, msg, whole) == 0);
      memcpy(o + whole, iv, 16);
      memcpy(iv, p->ctr, 16);
      FUZZ_CHECK(qed_aes_cbc_decrypt(&aes, iv, o + whole + 16, msg, whole) == 0);
      n = 2 * whole + 16;
    } else if (op == O_AES_CTR) {
      memcpy(iv, p->ctr, 16);
      qed_aes_ctr_xor(&aes, iv, o, msg, mlen);
      memcpy(o + mlen, iv, 16);
      n = mlen + 16;
    } else {
      const size_t ivlen = 1 + p->key[62] % 64;
      const size_t adlen = p->customlen;
      FUZZ_CHECK(qed_aes_gcm_encrypt(&aes, o, o + mlen, msg, mlen, p->custom,
                                     adlen, p->key, ivlen) == 0);
      /* and decryption of the message as if it were a ciphertext (tag
       * wrong: refused, zeroed — on every backend alike) */
      const int rc = qed_aes_gcm_decrypt(&aes, o + mlen + 16, msg, mlen,
                                         p->ctr, p->custom, adlen, p->key, ivlen);
      FUZZ_CHECK(rc == -1);
      /* right tag: the message back */
      FUZZ_CHECK(qed_aes_gcm_decrypt(&aes, o + mlen + 16, o, mlen, o + mlen,
                                     p->custom, adlen, p->key, ivlen) == 0);
      n = 2 * mlen + 16;
    }
    qed_aes_wipe(&aes);
    return n;
  }
  case O_SHA256: qed_sha256(o, msg, mlen); return 32;
  case O_SHA224: qed_sha224(o, msg, mlen); return 28;
  case O_SHA512: qed_sha512(o, msg, mlen); return 64;
  case O_SHA384: qed_sha384(o, msg, mlen); return 48;
  case O_POLY1305: FUZZ_CHECK(qed_crypto_onetimeauth(o, msg, mlen, p->key) == 0); return 16;
  case O_SALSA20: FUZZ_CHECK(qed_crypto_stream_salsa20_xor_ic(o, msg, mlen, p->key + 32, p->ic, p->key) == 0); return mlen;
  case O_SALSA2012: FUZZ_CHECK(qed_crypto_stream_salsa2012_xor(o, msg, mlen, p->key + 32, p->key) == 0); return mlen;
  case O_XSALSA20: FUZZ_CHECK(qed_crypto_stream_xsalsa20_xor_ic(o, msg, mlen, p->key + 32, p->ic, p->key) == 0); return mlen;
  case O_ASCON_HASH: qed_ascon_hash256(o, msg, mlen); return 32;
  case O_ASCON_XOF: qed_ascon_xof128(o, p->outlen, msg, mlen); return p->outlen;
  case O_ASCON_AEAD:
    FUZZ_CHECK(qed_ascon_aead128_encrypt(o, o + mlen, msg, mlen, p->custom, p->customlen, p->key + 16, p->key) == 0);
    FUZZ_CHECK(qed_ascon_aead128_decrypt(o + mlen + 16, o, mlen, o + mlen, p->custom, p->customlen, p->key + 16, p->key) == 0);
    return 2 * mlen + 16;
  default: {
    /* numbers from the message: a, b of up to 1024 bytes each, signs from
     * the key */
    static qed_bn a, b, r, s;
    const size_t la = mlen / 2 > 1024 ? 1024 : mlen / 2;
    const size_t lb = mlen - mlen / 2 > 1024 ? 1024 : mlen - mlen / 2;
    qed_bn_zero(&r);
    qed_bn_zero(&s);
    bn_of(&a, msg, la);
    bn_of(&b, msg + mlen / 2, lb);
    if (p->key[0] & 1) qed_bn_negate(&a);
    if (p->key[0] & 2) qed_bn_negate(&b);
    size_t n = 0;
    if (op == O_BN_MUL) {
      FUZZ_CHECK(qed_bn_mul(&r, &a, &b) == 0);
      FUZZ_CHECK(qed_bn_sqr(&s, &a) == 0);
    } else if (op == O_BN_DIV) {
      const int rc = qed_bn_divmod(&r, &s, &a, &b);
      FUZZ_CHECK(rc == (b.n == 0 ? -1 : 0));
    } else if (op == O_BN_POWM) {
      /* a small public exponent from the key, modulus b (>= 1) */
      qed_bn e;
      bn_of(&e, p->key + 1, 1 + p->key[2] % 8);
      if (b.neg) qed_bn_negate(&b);
      const int rc = qed_bn_powm(&r, &a, &e, &b);
      FUZZ_CHECK(rc == (b.n == 0 ? -1 : 0));
      qed_bn_zero(&s);
    } else {
#if defined(__x86_64__)
      /* IFMA: an odd modulus of exactly n limbs, b < m, e of ebits bits */
      static const size_t sizes[4] = { 8, 16, 32, 64 };
      const size_t nl = sizes[p->key[3] % 4];
      static uint64_t m[64], bb[64], e[4], rr[64];
      static uint64_t scratch[QED_MONT_IFMA_EXP_SCRATCH_MAX];
      uint8_t be[512];
      memset(be, 0, sizeof be);
      for (size_t i = 0; i < 8 * nl; i++)
        be[i] = msg[mlen ? i % mlen : 0] ^ (uint8_t)(i * 0x3B);
      be[0] |= 0x80;
      be[8 * nl - 1] |= 1;
      bn_of(&a, be, 8 * nl);                       /* the modulus */
      for (size_t i = 0; i < 8 * nl; i++)
        be[i] = p->key[i % 64] ^ (uint8_t)(i * 0x61);
      be[0] &= 0x7F;                               /* below m */
      bn_of(&b, be, 8 * nl);
      const size_t ebits = 1 + p->key[4] % 255;
      qed_bn ee;
      bn_of(&ee, p->key + 8, 32);
      for (size_t i = 0; i < 4; i++)
        e[i] = ee.n > i ? ee.limb[i] : 0;
      if (ebits < 256)                              /* the same value */
        e[ebits / 64] &= ((uint64_t)1 << (ebits % 64)) - 1;
      for (size_t i = ebits / 64 + 1; i < 4; i++)
        e[i] = 0;
      for (size_t i = 0; i < 4; i++)
        ee.limb[i] = e[i];
      ee.n = 4;
      while (ee.n && ee.limb[ee.n - 1] == 0)
        ee.n--;
      ee.neg = 0;
      FUZZ_CHECK(qed_bn_powm_sec(&r, &b, &ee, &a) == 0);
      qed_bn_zero(&s);
      if (qed_bn_mont_ifma_supports(nl)) {
        for (size_t i = 0; i < nl; i++) {
          m[i] = a.limb[i];
          bb[i] = i < b.n ? b.limb[i] : 0;
        }
        qed_bn_mont_exp_ifma(rr, bb, e, ebits, m, nl, scratch);
        for (size_t i = 0; i < nl; i++)
          FUZZ_CHECK(rr[i] == (i < r.n ? r.limb[i] : 0));
      }
#endif
    }
    /* the results as bytes, signs included */
    const size_t rb = 4096;
    FUZZ_CHECK(qed_bn_to_bytes(o, rb, &r) == 0 && qed_bn_to_bytes(o + rb, rb, &s) == 0);
    o[2 * rb] = (uint8_t)(r.neg | (s.neg << 1));
    n = 2 * rb + 1;
    return n;
  }
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  fuzz_in in = { data, size };
  const unsigned op = fuzz_u8(&in) % O_COUNT;
  bparams p;
  fuzz_fill(&in, p.key, sizeof p.key);
  fuzz_fill(&in, p.ctr, sizeof p.ctr);
  /* counters next to a carry: the low word at 2^32 - k, 2^64 - k ... */
  const uint8_t wrap = fuzz_u8(&in);
  if (wrap & 1)
    memset(p.ctr + 12, 0xFF, 4);
  if (wrap & 2)
    memset(p.ctr + 8, 0xFF, 4);
  if (wrap & 4)
    memset(p.ctr, 0xFF, 8);
  p.ic = 0;
  for (int i = 0; i < 8; i++)
    p.ic = (p.ic << 8) | p.ctr[i];
  p.custom = fuzz_bytes(&in, 256, &p.customlen);
  p.outlen = fuzz_u16(&in) % 1025;
  p.block = 1 + fuzz_u16(&in) % 9000;
  size_t mlen;
  if (op >= O_KT128 && op <= O_M14) {
    /* around a multiple of the chunk: k * 8192 + small offset */
    const size_t k = fuzz_u8(&in) % 9;
    const size_t off = fuzz_u8(&in);
    mlen = fuzz_message(&in, msg, MAX_MSG);
    const size_t want = k * 8192 + off - 128;
    if (k && want < MAX_MSG && mlen < want) {
      for (size_t i = mlen; i < want; i++)
        msg[i] = (uint8_t)(i * 131 + (i >> 8));
      mlen = want;
    }
  } else {
    mlen = fuzz_message(&in, msg, op >= O_BN_MUL ? 4096 : 20000);
  }

  qed_fuzz_backend_cap = 0;
  const size_t n = run(op, &p, mlen, ref);
  FUZZ_CHECK(n <= MAX_OUT);
  for (unsigned level = 1; level <= qed_fuzz_backend_max(); level++) {
    qed_fuzz_backend_cap = level;
    FUZZ_CHECK(qed_backend_level() == level);
    FUZZ_CHECK(run(op, &p, mlen, got) == n);
    FUZZ_CHECK(memcmp(ref, got, n) == 0);
  }
  qed_fuzz_backend_cap = 2;
  return 0;
}
