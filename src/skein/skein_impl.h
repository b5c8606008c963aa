/* Skein internals: the tweak fields, and the UBI compression kernels of
 * threefish256.c, threefish512.c and threefish1024.c (one proof unit each;
 * the modes call them through these contracts).
 *
 * A kernel runs UBI on whole blocks: for each block, the position tw[0]
 * grows by the block's byte count, Threefish is keyed with the chaining
 * value h and the tweak, encrypts the block, and the block is XORed in
 * (h = E(h, tw, m) ^ m); the First flag is cleared after the first block. */
#ifndef QED_SKEIN_IMPL_H
#define QED_SKEIN_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "qed/skein.h"

/* Tweak word 1 (specification, 3.5.1 and table 6). */
#define SKEIN_T1_FIRST   0x4000000000000000ull
#define SKEIN_T1_FINAL   0x8000000000000000ull
#define SKEIN_T1_BITPAD  0x0080000000000000ull
#define SKEIN_T1_TYPE(t)  ((uint64_t)(t) << 56)
#define SKEIN_T1_LEVEL(l) ((uint64_t)(l) << 48)

#define SKEIN_TYPE_KEY  0u
#define SKEIN_TYPE_CFG  4u
#define SKEIN_TYPE_PRS  8u
#define SKEIN_TYPE_PK   12u
#define SKEIN_TYPE_NON  20u
#define SKEIN_TYPE_MSG  48u
#define SKEIN_TYPE_OUT  63u

/* Key-schedule parity constant of Skein 1.3 (1.2 had 0x5555555555555555). */
#define SKEIN_KS_PARITY 0x1BD11BDAA9FC1A22ull

/* Every whole block of in but the last (so that one to eight words of
 * input stay for the caller's final block): returns the bytes consumed, a
 * multiple of the block size, leaving 1 .. block size bytes (none if
 * inlen is 0). */
/*@ requires \valid(h + (0 .. 3)) && \valid(tw + (0 .. 1));
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(h + (0 .. 3), tw + (0 .. 1), in + (0 .. inlen - 1));
    requires \separated(h + (0 .. 3), tw + (0 .. 1));
    assigns h[0 .. 3], tw[0 .. 1];
    ensures \result <= inlen && inlen - \result <= 32;
    ensures inlen > 0 ==> \result < inlen; */
size_t qed_skein256_absorb(uint64_t h[4], uint64_t tw[2], const uint8_t *in,
                           size_t inlen);
/*@ requires \valid(h + (0 .. 7)) && \valid(tw + (0 .. 1));
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(h + (0 .. 7), tw + (0 .. 1), in + (0 .. inlen - 1));
    requires \separated(h + (0 .. 7), tw + (0 .. 1));
    assigns h[0 .. 7], tw[0 .. 1];
    ensures \result <= inlen && inlen - \result <= 64;
    ensures inlen > 0 ==> \result < inlen; */
size_t qed_skein512_absorb(uint64_t h[8], uint64_t tw[2], const uint8_t *in,
                           size_t inlen);
/*@ requires \valid(h + (0 .. 15)) && \valid(tw + (0 .. 1));
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(h + (0 .. 15), tw + (0 .. 1), in + (0 .. inlen - 1));
    requires \separated(h + (0 .. 15), tw + (0 .. 1));
    assigns h[0 .. 15], tw[0 .. 1];
    ensures \result <= inlen && inlen - \result <= 128;
    ensures inlen > 0 ==> \result < inlen; */
size_t qed_skein1024_absorb(uint64_t h[16], uint64_t tw[2],
                            const uint8_t *in, size_t inlen);

/* One block (a whole buffer, zero-padded by the caller) that counts for
 * `bytes` bytes of position. */
/*@ requires \valid(h + (0 .. 3)) && \valid(tw + (0 .. 1));
    requires \valid_read(block + (0 .. 31));
    requires \separated(h + (0 .. 3), tw + (0 .. 1), block + (0 .. 31));
    requires \separated(h + (0 .. 3), tw + (0 .. 1));
    assigns h[0 .. 3], tw[0 .. 1]; */
void qed_skein256_block(uint64_t h[4], uint64_t tw[2], const uint8_t *block,
                        uint32_t bytes);
/*@ requires \valid(h + (0 .. 7)) && \valid(tw + (0 .. 1));
    requires \valid_read(block + (0 .. 63));
    requires \separated(h + (0 .. 7), tw + (0 .. 1), block + (0 .. 63));
    requires \separated(h + (0 .. 7), tw + (0 .. 1));
    assigns h[0 .. 7], tw[0 .. 1]; */
void qed_skein512_block(uint64_t h[8], uint64_t tw[2], const uint8_t *block,
                        uint32_t bytes);
/*@ requires \valid(h + (0 .. 15)) && \valid(tw + (0 .. 1));
    requires \valid_read(block + (0 .. 127));
    requires \separated(h + (0 .. 15), tw + (0 .. 1), block + (0 .. 127));
    requires \separated(h + (0 .. 15), tw + (0 .. 1));
    assigns h[0 .. 15], tw[0 .. 1]; */
void qed_skein1024_block(uint64_t h[16], uint64_t tw[2],
                         const uint8_t *block, uint32_t bytes);

/* ---- the generic UBI layer (ubi.c) ---- */

/*@ predicate qed_ubi_ok{L}(qed_skein_ubi *u) =
      (u->nb == 32 || u->nb == 64 || u->nb == 128) && u->nbuf <= u->nb;
*/

/* Start a UBI from the chaining value already in u->h: position 0, the
 * given type and tree level, First set. */
/*@ requires \valid(u);
    requires nb == 32 || nb == 64 || nb == 128;
    assigns u->tw[0 .. 1], u->nbuf, u->nb, u->buf[0 .. 127];
    ensures qed_ubi_ok(u) && u->nbuf == 0 && u->nb == nb && u->tw[0] == 0; */
void qed_skein_ubi_start(qed_skein_ubi *u, uint32_t nb, uint64_t t1);

/* Absorb len bytes; -1 (nothing absorbed) if the position would pass
 * 2^64 - 1 bytes. */
/*@ requires \valid(u) && qed_ubi_ok(u);
    requires \valid_read(in + (0 .. len - 1));
    requires \separated(u, in + (0 .. len - 1));
    assigns u->h[0 .. 15], u->tw[0 .. 1], u->buf[0 .. 127], u->nbuf;
    ensures qed_ubi_ok(u) && u->nb == \old(u->nb);
    ensures \result == 0 || \result == -1; */
int qed_skein_ubi_update(qed_skein_ubi *u, const uint8_t *in, size_t len);

/* The final block (the pending bytes, zero-padded, with Final set); the
 * result is in u->h. */
/*@ requires \valid(u) && qed_ubi_ok(u);
    assigns u->h[0 .. 15], u->tw[0 .. 1], u->buf[0 .. 127], u->nbuf;
    ensures qed_ubi_ok(u) && u->nb == \old(u->nb) && u->nbuf == 0; */
void qed_skein_ubi_final(qed_skein_ubi *u);

/* The chaining value before the message: key UBI (if any), configuration
 * (output bits, tree fields), personalization, public key, nonce.  On
 * return u->h holds it; the rest of *u is wiped. */
/*@ requires \valid(u);
    requires nb == 32 || nb == 64 || nb == 128;
    requires outlen <= 0x1FFFFFFFFFFFFFFF;
    requires params == \null || qed_skein_params_ok(params);
    requires params == \null || \separated(u, params);
    requires params != \null ==> \separated(u, params->key + (0 .. params->keylen - 1),
        params->pers + (0 .. params->perslen - 1),
        params->pubkey + (0 .. params->pubkeylen - 1),
        params->nonce + (0 .. params->noncelen - 1));
    assigns *u;
    ensures qed_ubi_ok(u) && u->nb == nb && u->nbuf == 0;
    ensures \result == 0 || \result == -1; */
int qed_skein_prelude(qed_skein_ubi *u, uint32_t nb, uint64_t outlen,
                      const qed_skein_params *params, uint8_t yl, uint8_t yf,
                      uint8_t ym);

/* The output stage: outlen bytes of UBI(G, counter i, Out) for i = 0, 1,
 * ...; g holds nb/8 words.  The counter is a 64-bit word: outlen <=
 * 2^61 - 1 bytes is fewer than 2^56 blocks, so it never wraps. */
/*@ requires \valid_read(g + (0 .. 15));
    requires nb == 32 || nb == 64 || nb == 128;
    requires outlen <= 0x1FFFFFFFFFFFFFFF;
    requires \valid(out + (0 .. outlen - 1));
    requires \separated(g + (0 .. 15), out + (0 .. outlen - 1));
    assigns out[0 .. outlen - 1]; */
void qed_skein_output(uint8_t *out, uint64_t outlen, const uint64_t g[16],
                      uint32_t nb);

#endif
