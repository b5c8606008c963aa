/* The hardware AES backends (src/aes/simd/, outside the proof) against the
 * proven portable code, in one process:
 *
 *   - every bulk operation of aes_impl.h (ECB both ways, CBC both ways,
 *     CTR with the 128-bit and the 32-bit counter, GHASH key set-up and
 *     blocks) of every backend the CPU has, against the _portable one, on
 *     thousands of random keys of 16, 24 and 32 bytes, every block count
 *     0 .. 40 and random ones up to 1100, misaligned buffers (offsets
 *     0 .. 15) and in place;
 *   - counters just below 2^32, 2^64, 2^96 and 2^128 (every carry of the
 *     128-bit counter, the 32-bit wrap of GCM's);
 *   - GCM assembled from each backend's bulk operations against the same
 *     on the portable ones, for IVs of 1..80 bytes (12 and the others),
 *     AD and message lengths 0..300 and longer, and the library's own
 *     dispatched GCM (one-shot and streaming in random pieces) against the
 *     portable assembly;
 *   - GCM's fused step (qed_aes_gcm_blocks: AES-NI's interleaved form and
 *     the dispatched one) against ctr32 + GHASH on the portable code, both
 *     directions, in place or not, counters near 2^32, every block count
 *     0 .. 40 and longer;
 *   - GCM's output mask (qed_aes_mask_bytes: AES-NI's and the dispatched)
 *     against the portable loop, every length 0 .. 300 and longer, masks
 *     0x00, 0xff and others, misaligned;
 *   - the dispatched bulk operations (whatever QED_BACKEND chose).
 *
 * A backend runs only when the CPU has its instructions
 * (__builtin_cpu_supports also checks that the OS saves the registers).
 * The Makefile runs this once per backend (QED_BACKEND).
 *
 * usage: test_aes_equiv [VECTOR_DIR]  (the argument is ignored) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qed/aes.h"
#include "qed/common.h"
#include "aes/aes_impl.h"
#include "testutil.h"

#if defined(__x86_64__)
#include <cpuid.h>
#include "aes/simd/aes_hw.h"
#define HAVE_X86 1
#else
#define HAVE_X86 0
#endif

static test_tally T;
static uint64_t rng = 0x243F6A8885A308D3u;

static size_t rnd(size_t n) { return (size_t)(test_rand(&rng) % n); }
static void rnd_bytes(uint8_t *p, size_t n)
{
  for (size_t i = 0; i < n; i++)
    p[i] = (uint8_t)test_rand(&rng);
}

typedef void (*ecb_fn)(const qed_aes_ctx *, uint8_t *, const uint8_t *, size_t);
typedef void (*chain_fn)(const qed_aes_ctx *, uint8_t *, uint8_t *,
                         const uint8_t *, size_t);
typedef void (*gkey_fn)(qed_ghash_key *, const uint8_t *);
typedef void (*ghash_fn)(const qed_ghash_key *, uint8_t *, const uint8_t *,
                         size_t);

typedef struct {
  const char *name;
  ecb_fn enc, dec;
  chain_fn cbc_enc, cbc_dec, ctr128, ctr32;
  gkey_fn gkey;
  ghash_fn ghash;
} backend;

static const backend PORTABLE = {
  "portable", qed_aes_encrypt_blocks_portable, qed_aes_decrypt_blocks_portable,
  qed_aes_cbc_encrypt_blocks_portable, qed_aes_cbc_decrypt_blocks_portable,
  qed_aes_ctr128_blocks_portable, qed_aes_ctr32_blocks_portable,
  qed_ghash_key_init_portable, qed_ghash_blocks_portable
};
static const backend DISPATCHED = {
  "dispatched", qed_aes_encrypt_blocks, qed_aes_decrypt_blocks,
  qed_aes_cbc_encrypt_blocks, qed_aes_cbc_decrypt_blocks,
  qed_aes_ctr128_blocks, qed_aes_ctr32_blocks,
  qed_ghash_key_init, qed_ghash_blocks
};
#if HAVE_X86
static const backend AESNI = {
  "aesni", qed_aes_encrypt_blocks_aesni, qed_aes_decrypt_blocks_aesni,
  qed_aes_cbc_encrypt_blocks_aesni, qed_aes_cbc_decrypt_blocks_aesni,
  qed_aes_ctr128_blocks_aesni, qed_aes_ctr32_blocks_aesni,
  qed_ghash_key_init_aesni, qed_ghash_blocks_aesni
};
static const backend VAES = {
  "vaes", qed_aes_encrypt_blocks_vaes, qed_aes_decrypt_blocks_vaes,
  qed_aes_cbc_encrypt_blocks_aesni, qed_aes_cbc_decrypt_blocks_vaes,
  qed_aes_ctr128_blocks_vaes, qed_aes_ctr32_blocks_vaes,
  qed_ghash_key_init_vaes, qed_ghash_blocks_vaes
};
#endif

static const backend *backends[4];
static size_t nbackends;

static void find_backends(void)
{
  backends[nbackends++] = &DISPATCHED;
#if HAVE_X86
  __builtin_cpu_init();
  if (__builtin_cpu_supports("aes") && __builtin_cpu_supports("pclmul") &&
      __builtin_cpu_supports("sse4.1"))
    backends[nbackends++] = &AESNI;
  /* VAES and VPCLMULQDQ from CPUID.7.0:ECX bits 9 and 10 (clang's
   * __builtin_cpu_supports does not know them); the AVX-512 names also
   * check that the OS saves the zmm registers */
  unsigned int a = 0, b = 0, c = 0, d = 0;
  int vaes = 0;
  if (__get_cpuid_max(0, NULL) >= 7) {
    __cpuid_count(7, 0, a, b, c, d);
    vaes = ((c >> 9) & 1) && ((c >> 10) & 1);
  }
  (void)a;
  (void)b;
  (void)d;
  if (vaes && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
      __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("aes") &&
      __builtin_cpu_supports("pclmul"))
    backends[nbackends++] = &VAES;
#endif
  printf("backends:");
  for (size_t i = 0; i < nbackends; i++)
    printf(" %s", backends[i]->name);
  printf(" (against portable)\n");
}

#define MAXBLK 1100
#define BUFSZ (16 * MAXBLK + 64)
static uint8_t src[BUFSZ], want[BUFSZ], got[BUFSZ];

/* One random case of every chained/ECB operation: nblocks blocks at
 * offsets of the source and the output, out of place and in place. */
static void bulk_case(const qed_aes_ctx *ctx, size_t nblocks, const uint8_t ctr0[16],
                      unsigned long tag)
{
  const size_t len = 16 * nblocks;
  const size_t so = rnd(16), oo = rnd(16);
  uint8_t *in = src + so;
  uint8_t ivw[16], ivg[16];
  rnd_bytes(in, len);
  for (int op = 0; op < 6; op++) {
    for (size_t b = 0; b < nbackends; b++) {
      const backend *be = backends[b];
      const int inplace = (int)rnd(2);
      uint8_t *w = want + oo, *g = got + oo;
      memcpy(ivw, ctr0, 16);
      memcpy(ivg, ctr0, 16);
      memcpy(w, in, len);
      memcpy(g, in, len);
      switch (op) {
      case 0: PORTABLE.enc(ctx, w, in, nblocks);
              be->enc(ctx, g, inplace ? g : in, nblocks); break;
      case 1: PORTABLE.dec(ctx, w, in, nblocks);
              be->dec(ctx, g, inplace ? g : in, nblocks); break;
      case 2: PORTABLE.cbc_enc(ctx, ivw, w, in, nblocks);
              be->cbc_enc(ctx, ivg, g, inplace ? g : in, nblocks); break;
      case 3: PORTABLE.cbc_dec(ctx, ivw, w, in, nblocks);
              be->cbc_dec(ctx, ivg, g, inplace ? g : in, nblocks); break;
      case 4: PORTABLE.ctr128(ctx, ivw, w, in, nblocks);
              be->ctr128(ctx, ivg, g, inplace ? g : in, nblocks); break;
      default: PORTABLE.ctr32(ctx, ivw, w, in, nblocks);
               be->ctr32(ctx, ivg, g, inplace ? g : in, nblocks); break;
      }
      test_check(&T, memcmp(w, g, len) == 0 && memcmp(ivw, ivg, 16) == 0,
                 "%s op %d, %zu blocks, key %zu, inplace %d, case %lu", be->name,
                 op, nblocks, (size_t)ctx->rounds, inplace, tag);
    }
  }
}

static void ghash_case(size_t nblocks, unsigned long tag)
{
  uint8_t h[16], y0[16], yw[16], yg[16];
  qed_ghash_key kw, kg;
  const size_t so = rnd(16);
  rnd_bytes(h, 16);
  if (tag % 7 == 0)
    memset(h, tag % 2 ? 0xff : 0, 16);
  rnd_bytes(y0, 16);
  rnd_bytes(src + so, 16 * nblocks);
  PORTABLE.gkey(&kw, h);
  memcpy(yw, y0, 16);
  PORTABLE.ghash(&kw, yw, src + so, nblocks);
  for (size_t b = 0; b < nbackends; b++) {
    const backend *be = backends[b];
    be->gkey(&kg, h);
    memcpy(yg, y0, 16);
    be->ghash(&kg, yg, src + so, nblocks);
    test_check(&T, memcmp(yw, yg, 16) == 0 && kg.h[0] == kw.h[0] &&
                   kg.h[1] == kw.h[1],
               "%s ghash %zu blocks, case %lu", be->name, nblocks, tag);
    /* the same data in two calls at a random split */
    if (nblocks > 0) {
      const size_t cut = rnd(nblocks + 1);
      memcpy(yg, y0, 16);
      be->ghash(&kg, yg, src + so, cut);
      be->ghash(&kg, yg, src + so + 16 * cut, nblocks - cut);
      test_check(&T, memcmp(yw, yg, 16) == 0, "%s ghash split %zu/%zu",
                 be->name, cut, nblocks);
    }
  }
}

static void bulk(void)
{
  static const size_t keylens[3] = { 16, 24, 32 };
  qed_aes_ctx ctx;
  uint8_t key[32], ctr[16];
  unsigned long c = 0;
  for (int k = 0; k < 3000; k++) {
    size_t nb;
    rnd_bytes(key, 32);
    qed_aes_init(&ctx, key, keylens[k % 3]);
    rnd_bytes(ctr, 16);
    if (k < 41 * 3)
      nb = (size_t)(k / 3);             /* every count 0 .. 40, each key size */
    else if (k % 50 == 0)
      nb = 200 + rnd(MAXBLK - 199);     /* long */
    else
      nb = rnd(70);
    bulk_case(&ctx, nb, ctr, c++);
    ghash_case(k < 41 * 3 ? (size_t)(k / 3) : (k % 50 == 0 ? 200 + rnd(MAXBLK - 199) : rnd(70)), c++);
  }
  qed_aes_wipe(&ctx);
}

/* Counters whose low words are all ones (or nearly): every carry. */
static void counters(void)
{
  static const size_t keylens[3] = { 16, 24, 32 };
  qed_aes_ctx ctx;
  uint8_t key[32], ctr[16];
  unsigned long c = 0;
  for (int k = 0; k < 600; k++) {
    rnd_bytes(key, 32);
    qed_aes_init(&ctx, key, keylens[k % 3]);
    rnd_bytes(ctr, 16);
    /* the low 4, 8, 12 or 16 bytes ff, then back off by 0..40 */
    const size_t ones = 4 * (1 + (size_t)(k % 4));
    memset(ctr + 16 - ones, 0xff, ones);
    ctr[15] = (uint8_t)(0xff - rnd(41));
    bulk_case(&ctx, 1 + rnd(60), ctr, c++);
  }
  qed_aes_wipe(&ctx);
}

/* ---- GCM's fused step against the two portable operations ---- */
typedef void (*gcm_blocks_fn)(const qed_aes_ctx *, const qed_ghash_key *,
                              uint8_t *, uint8_t *, uint8_t *,
                              const uint8_t *, size_t, int);

static void gcm_blocks_one(const char *name, gcm_blocks_fn f, gkey_fn gkey,
                           const qed_aes_ctx *ctx, size_t nblocks, int decrypt)
{
  uint8_t h[16], y0[16], c0[16], yw[16], cw[16], yg[16], cg[16];
  qed_ghash_key kw, kg;
  const size_t len = 16 * nblocks, so = rnd(16), oo = rnd(16);
  const int inplace = (int)rnd(2);
  uint8_t *in = src + so, *w = want + oo, *g = got + oo;
  rnd_bytes(h, 16);
  rnd_bytes(y0, 16);
  rnd_bytes(c0, 16);
  if (rnd(3) == 0)
    c0[12] = c0[13] = c0[14] = 0xff;          /* the 32-bit counter wraps */
  rnd_bytes(in, len);
  PORTABLE.gkey(&kw, h);
  gkey(&kg, h);
  memcpy(yw, y0, 16);
  memcpy(cw, c0, 16);
  memcpy(yg, y0, 16);
  memcpy(cg, c0, 16);
  if (decrypt) {
    PORTABLE.ghash(&kw, yw, in, nblocks);
    PORTABLE.ctr32(ctx, cw, w, in, nblocks);
  } else {
    PORTABLE.ctr32(ctx, cw, w, in, nblocks);
    PORTABLE.ghash(&kw, yw, w, nblocks);
  }
  memcpy(g, in, len);
  f(ctx, &kg, yg, cg, g, inplace ? g : in, nblocks, decrypt);
  test_check(&T, memcmp(w, g, len) == 0 && memcmp(yw, yg, 16) == 0 &&
                 memcmp(cw, cg, 16) == 0,
             "%s gcm_blocks %zu blocks, decrypt %d, inplace %d", name, nblocks,
             decrypt, inplace);
}

static void gcm_blocks(void)
{
  static const size_t keylens[3] = { 16, 24, 32 };
  qed_aes_ctx ctx;
  uint8_t key[32];
  for (int k = 0; k < 1200; k++) {
    const size_t nb = k < 41 * 3 ? (size_t)(k / 3)
                    : (k % 25 == 0 ? 200 + rnd(MAXBLK - 199) : rnd(100));
    rnd_bytes(key, 32);
    qed_aes_init(&ctx, key, keylens[k % 3]);
    for (int d = 0; d < 2; d++) {
      gcm_blocks_one("dispatched", qed_aes_gcm_blocks, qed_ghash_key_init, &ctx,
                     nb, d);
#if HAVE_X86
      for (size_t b = 0; b < nbackends; b++)
        if (backends[b] == &AESNI)
          gcm_blocks_one("aesni", qed_aes_gcm_blocks_aesni,
                         qed_ghash_key_init_aesni, &ctx, nb, d);
#endif
    }
  }
  qed_aes_wipe(&ctx);
}

/* ---- GCM's output mask ---- */
typedef void (*mask_fn)(uint8_t *, size_t, uint8_t);

static void mask_bytes(void)
{
  for (int k = 0; k < 2000; k++) {
    const size_t len = k < 301 * 3 ? (size_t)(k / 3)
                     : (k % 20 == 0 ? 1000 + rnd(16 * MAXBLK - 1000) : rnd(400));
    const uint8_t mask = k % 3 == 0 ? 0x00 : (k % 3 == 1 ? 0xff : (uint8_t)rnd(256));
    const size_t so = rnd(16);
    mask_fn fns[2] = { qed_aes_mask_bytes, NULL };
    const char *names[2] = { "dispatched", "aesni" };
#if HAVE_X86
    for (size_t b = 0; b < nbackends; b++)
      if (backends[b] == &AESNI)
        fns[1] = qed_aes_mask_bytes_aesni;
#endif
    rnd_bytes(src + so, len);
    memcpy(want, src + so, len);
    qed_aes_mask_bytes_portable(want, len, mask);
    for (int f = 0; f < 2; f++) {
      if (fns[f] == NULL)
        continue;
      memcpy(got + so, src + so, len);
      got[so + len] = 0x5a;                     /* must stay */
      fns[f](got + so, len, mask);
      test_check(&T, memcmp(want, got + so, len) == 0 && got[so + len] == 0x5a,
                 "%s mask_bytes len %zu mask %02x", names[f], len, mask);
    }
  }
}

/* ---- GCM assembled from one backend's bulk operations ---- */
static void gcm_on(const backend *be, const qed_aes_ctx *ctx, uint8_t *c,
                   uint8_t tag[16], const uint8_t *m, size_t mlen,
                   const uint8_t *ad, size_t adlen, const uint8_t *iv,
                   size_t ivlen)
{
  uint8_t h[16] = { 0 }, j0[16] = { 0 }, y[16] = { 0 }, blk[16], ek0[16];
  qed_ghash_key key;
  size_t full;
  be->enc(ctx, h, h, 1);
  be->gkey(&key, h);
  if (ivlen == 12) {
    memcpy(j0, iv, 12);
    j0[15] = 1;
  } else {
    full = ivlen / 16;
    be->ghash(&key, j0, iv, full);
    if (ivlen % 16) {
      memset(blk, 0, 16);
      memcpy(blk, iv + 16 * full, ivlen % 16);
      be->ghash(&key, j0, blk, 1);
    }
    memset(blk, 0, 16);
    for (int i = 0; i < 8; i++)
      blk[15 - i] = (uint8_t)(((uint64_t)ivlen * 8) >> (8 * i));
    be->ghash(&key, j0, blk, 1);
  }
  be->enc(ctx, ek0, j0, 1);
  {
    uint32_t w = ((uint32_t)j0[12] << 24 | (uint32_t)j0[13] << 16 |
                  (uint32_t)j0[14] << 8 | j0[15]) + 1u;
    j0[12] = (uint8_t)(w >> 24); j0[13] = (uint8_t)(w >> 16);
    j0[14] = (uint8_t)(w >> 8); j0[15] = (uint8_t)w;
  }
  full = mlen / 16;
  be->ctr32(ctx, j0, c, m, full);
  if (mlen % 16) {
    memset(blk, 0, 16);
    be->ctr32(ctx, j0, blk, blk, 1);
    for (size_t i = 0; i < mlen % 16; i++)
      c[16 * full + i] = (uint8_t)(m[16 * full + i] ^ blk[i]);
  }
  be->ghash(&key, y, ad, adlen / 16);
  if (adlen % 16) {
    memset(blk, 0, 16);
    memcpy(blk, ad + 16 * (adlen / 16), adlen % 16);
    be->ghash(&key, y, blk, 1);
  }
  be->ghash(&key, y, c, full);
  if (mlen % 16) {
    memset(blk, 0, 16);
    memcpy(blk, c + 16 * full, mlen % 16);
    be->ghash(&key, y, blk, 1);
  }
  for (int i = 0; i < 8; i++) {
    blk[7 - i] = (uint8_t)(((uint64_t)adlen * 8) >> (8 * i));
    blk[15 - i] = (uint8_t)(((uint64_t)mlen * 8) >> (8 * i));
  }
  be->ghash(&key, y, blk, 1);
  for (int i = 0; i < 16; i++)
    tag[i] = (uint8_t)(y[i] ^ ek0[i]);
}

static uint8_t gm[4200], gad[700], gw[4200], gg[4200];

static void gcm(void)
{
  static const size_t keylens[3] = { 16, 24, 32 };
  static const size_t ivlens[] = { 12, 12, 12, 1, 8, 11, 13, 16, 17, 32, 33, 64, 80 };
  qed_aes_ctx ctx;
  uint8_t key[32], iv[80], tw[16], tg[16];
  for (int k = 0; k < 1500; k++) {
    const size_t ivlen = ivlens[k % (sizeof ivlens / sizeof ivlens[0])];
    size_t mlen = k < 301 ? (size_t)k : (k % 40 == 0 ? 1000 + rnd(3200) : rnd(301));
    size_t adlen = k % 5 == 0 ? 0 : (k % 17 == 0 ? 300 + rnd(400) : rnd(301));
    rnd_bytes(key, 32);
    qed_aes_init(&ctx, key, keylens[k % 3]);
    rnd_bytes(iv, ivlen);
    rnd_bytes(gm, mlen);
    rnd_bytes(gad, adlen);
    gcm_on(&PORTABLE, &ctx, gw, tw, gm, mlen, gad, adlen, iv, ivlen);
    for (size_t b = 0; b < nbackends; b++) {
      gcm_on(backends[b], &ctx, gg, tg, gm, mlen, gad, adlen, iv, ivlen);
      test_check(&T, memcmp(gw, gg, mlen) == 0 && memcmp(tw, tg, 16) == 0,
                 "%s gcm iv %zu ad %zu m %zu", backends[b]->name, ivlen, adlen,
                 mlen);
    }
    /* the library's GCM, one-shot, and streaming in random pieces */
    memset(gg, 0, mlen);
    test_check(&T, qed_aes_gcm_encrypt(&ctx, gg, tg, gm, mlen, gad, adlen, iv,
                                       ivlen) == 0 &&
                   memcmp(gw, gg, mlen) == 0 && memcmp(tw, tg, 16) == 0,
               "qed_aes_gcm_encrypt iv %zu ad %zu m %zu", ivlen, adlen, mlen);
    test_check(&T, qed_aes_gcm_decrypt(&ctx, gg, gw, mlen, tw, gad, adlen, iv,
                                       ivlen) == 0 && memcmp(gg, gm, mlen) == 0,
               "qed_aes_gcm_decrypt iv %zu ad %zu m %zu", ivlen, adlen, mlen);
    {
      qed_aes_gcm_state st;
      size_t done = 0;
      int ok = qed_aes_gcm_init(&st, &ctx, iv, ivlen) == 0;
      while (done < adlen) {
        size_t n = 1 + rnd(adlen - done < 70 ? adlen - done : 70);
        ok &= qed_aes_gcm_update_ad(&st, gad + done, n) == 0;
        done += n;
      }
      done = 0;
      while (done < mlen) {
        size_t n = 1 + rnd(mlen - done < 700 ? mlen - done : 700);
        ok &= qed_aes_gcm_encrypt_update(&st, &ctx, gg + done, gm + done, n) == 0;
        done += n;
      }
      ok &= qed_aes_gcm_encrypt_final(&st, tg) == 0;
      test_check(&T, ok && memcmp(gw, gg, mlen) == 0 && memcmp(tw, tg, 16) == 0,
                 "streaming gcm iv %zu ad %zu m %zu", ivlen, adlen, mlen);
    }
  }
  qed_aes_wipe(&ctx);
}

int main(int argc, char **argv)
{
  (void)argc;
  (void)argv;
  test_print_backend();
  find_backends();
  bulk();
  counters();
  gcm_blocks();
  mask_bytes();
  gcm();
  return test_finish(&T);
}
