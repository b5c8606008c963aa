/* The hardware AES backends (this directory, outside the proof: listed in
 * proof/outside.txt) and the CPU query that picks them.
 *
 *   aes_ni.c    AES-NI + PCLMULQDQ on 128-bit registers: 8 blocks in
 *               flight for ECB, CTR and CBC decryption, GHASH over 8
 *               blocks with one reduction (H^8 .. H^1 in key->hw)
 *   aes_vaes.c  VAES + VPCLMULQDQ on 512-bit registers (AVX-512): 4 blocks
 *               per register, 16 per iteration, GHASH over 16 blocks
 *               (H^16 .. H^1 in key->hw)
 *   aes_cpu.c   qed_aes_backend(): which of the two the CPU has
 *
 * CBC encryption is serial (each block needs the previous one): the
 * AES-NI function serves the VAES level too.  GCM's fused step
 * (qed_aes_gcm_blocks) exists for AES-NI only: there, interleaving the
 * AES rounds with GHASH pays; VAES runs its CTR and GHASH separately (each
 * already far ahead of the target), through the dispatcher's two calls.
 *
 * Each provides the bulk operations of aes_impl.h with exactly the
 * contracts (and the bytes) of the portable ones; they are declared here,
 * with those contracts, for the proven dispatcher (aes_dispatch.c), which
 * is all the proof sees of them.  tests/test_aes_equiv.c checks them
 * against the portable functions.
 *
 * key->hw layout (256 bytes seen through QED_GHASH_HW: 16 slots of 16
 * bytes, powers of H with their bytes reversed, the form PCLMULQDQ
 * multiplies):
 *   VAES:    slot 16 - i holds H^i, i = 1 .. 16;
 *   AES-NI:  slot 16 - i holds H^i, i = 1 .. 8 (the same places), and
 *            slot 8 - i the Karatsuba operand of H^i (high half XOR low
 *            half, in both halves).
 * A process uses one backend for its whole life (qed_backend_level is
 * computed once), so a key made by one backend is read only by it. */
#ifndef QED_AES_SIMD_AES_HW_H
#define QED_AES_SIMD_AES_HW_H

#include "aes/aes_impl.h"

/* The bytes of key->hw (declared as 64-bit words so that wiping it is
 * cheap; the backends read and write it with 16- and 64-byte vector
 * loads and stores, through a character pointer). */
#define QED_GHASH_HW(key) ((uint8_t *)(void *)(key)->hw)
#define QED_GHASH_HW_RO(key) ((const uint8_t *)(const void *)(key)->hw)

/* Backends of the AES family, in increasing order. */
#define QED_AES_PORTABLE 0u
#define QED_AES_AESNI    1u   /* AES-NI, PCLMULQDQ, SSE4.1 (and the avx2
                                 backend level)                          */
#define QED_AES_VAES     2u   /* + VAES, VPCLMULQDQ (and the avx512 level) */

/* The AES backend: the backend level (qed_backend_level, which honours
 * QED_BACKEND) lowered to what the CPU has of the AES instructions.
 * QED_BACKEND=avx2 thus means AES-NI, avx512 means VAES. */
/*@ assigns \nothing;
    ensures \result <= 2; */
unsigned qed_aes_backend(void);

/* ---- AES-NI + PCLMULQDQ (aes_ni.c) ---- */
/*@ requires \valid_read(ctx) && qed_aes_ready(ctx);
    requires \valid(out + (0 .. 16 * nblocks - 1));
    requires \valid_read(in + (0 .. 16 * nblocks - 1));
    requires out == in || \separated(out + (0 .. 16 * nblocks - 1), in + (0 .. 16 * nblocks - 1));
    requires \separated(out + (0 .. 16 * nblocks - 1), ctx);
    assigns out[0 .. 16 * nblocks - 1]; */
void qed_aes_encrypt_blocks_aesni(const qed_aes_ctx *ctx, uint8_t *out,
                                  const uint8_t *in, size_t nblocks);
/*@ requires \valid_read(ctx) && qed_aes_ready(ctx);
    requires \valid(out + (0 .. 16 * nblocks - 1));
    requires \valid_read(in + (0 .. 16 * nblocks - 1));
    requires out == in || \separated(out + (0 .. 16 * nblocks - 1), in + (0 .. 16 * nblocks - 1));
    requires \separated(out + (0 .. 16 * nblocks - 1), ctx);
    assigns out[0 .. 16 * nblocks - 1]; */
void qed_aes_decrypt_blocks_aesni(const qed_aes_ctx *ctx, uint8_t *out,
                                  const uint8_t *in, size_t nblocks);
/*@ requires \valid_read(ctx) && qed_aes_ready(ctx);
    requires \valid(iv + (0 .. 15));
    requires \valid(out + (0 .. 16 * nblocks - 1));
    requires \valid_read(in + (0 .. 16 * nblocks - 1));
    requires out == in || \separated(out + (0 .. 16 * nblocks - 1), in + (0 .. 16 * nblocks - 1));
    requires \separated(out + (0 .. 16 * nblocks - 1), ctx, iv + (0 .. 15));
    requires \separated(iv + (0 .. 15), ctx, in + (0 .. 16 * nblocks - 1));
    assigns out[0 .. 16 * nblocks - 1], iv[0 .. 15]; */
void qed_aes_cbc_encrypt_blocks_aesni(const qed_aes_ctx *ctx, uint8_t *iv,
                                      uint8_t *out, const uint8_t *in,
                                      size_t nblocks);
/*@ requires \valid_read(ctx) && qed_aes_ready(ctx);
    requires \valid(iv + (0 .. 15));
    requires \valid(out + (0 .. 16 * nblocks - 1));
    requires \valid_read(in + (0 .. 16 * nblocks - 1));
    requires out == in || \separated(out + (0 .. 16 * nblocks - 1), in + (0 .. 16 * nblocks - 1));
    requires \separated(out + (0 .. 16 * nblocks - 1), ctx, iv + (0 .. 15));
    requires \separated(iv + (0 .. 15), ctx, in + (0 .. 16 * nblocks - 1));
    assigns out[0 .. 16 * nblocks - 1], iv[0 .. 15]; */
void qed_aes_cbc_decrypt_blocks_aesni(const qed_aes_ctx *ctx, uint8_t *iv,
                                      uint8_t *out, const uint8_t *in,
                                      size_t nblocks);
/*@ requires \valid_read(ctx) && qed_aes_ready(ctx);
    requires \valid(ctr + (0 .. 15));
    requires \valid(out + (0 .. 16 * nblocks - 1));
    requires \valid_read(in + (0 .. 16 * nblocks - 1));
    requires out == in || \separated(out + (0 .. 16 * nblocks - 1), in + (0 .. 16 * nblocks - 1));
    requires \separated(out + (0 .. 16 * nblocks - 1), ctx, ctr + (0 .. 15));
    requires \separated(ctr + (0 .. 15), ctx, in + (0 .. 16 * nblocks - 1));
    assigns out[0 .. 16 * nblocks - 1], ctr[0 .. 15]; */
void qed_aes_ctr128_blocks_aesni(const qed_aes_ctx *ctx, uint8_t *ctr,
                                 uint8_t *out, const uint8_t *in,
                                 size_t nblocks);
/*@ requires \valid_read(ctx) && qed_aes_ready(ctx);
    requires \valid(ctr + (0 .. 15));
    requires \valid(out + (0 .. 16 * nblocks - 1));
    requires \valid_read(in + (0 .. 16 * nblocks - 1));
    requires out == in || \separated(out + (0 .. 16 * nblocks - 1), in + (0 .. 16 * nblocks - 1));
    requires \separated(out + (0 .. 16 * nblocks - 1), ctx, ctr + (0 .. 15));
    requires \separated(ctr + (0 .. 15), ctx, in + (0 .. 16 * nblocks - 1));
    assigns out[0 .. 16 * nblocks - 1], ctr[0 .. 15]; */
void qed_aes_ctr32_blocks_aesni(const qed_aes_ctx *ctx, uint8_t *ctr,
                                uint8_t *out, const uint8_t *in,
                                size_t nblocks);
/*@ requires \valid(key) && \valid_read(h + (0 .. 15));
    requires \separated(key, h + (0 .. 15));
    assigns *key; */
void qed_ghash_key_init_aesni(qed_ghash_key *key, const uint8_t *h);
/*@ requires \valid_read(key) && \valid(y + (0 .. 15));
    requires \valid_read(in + (0 .. 16 * nblocks - 1));
    requires \separated(y + (0 .. 15), key, in + (0 .. 16 * nblocks - 1));
    assigns y[0 .. 15]; */
void qed_ghash_blocks_aesni(const qed_ghash_key *key, uint8_t *y,
                            const uint8_t *in, size_t nblocks);

/*@ requires \valid_read(ctx) && qed_aes_ready(ctx) && \valid_read(key);
    requires \valid(y + (0 .. 15)) && \valid(ctr + (0 .. 15));
    requires \valid(out + (0 .. 16 * nblocks - 1));
    requires \valid_read(in + (0 .. 16 * nblocks - 1));
    requires out == in || \separated(out + (0 .. 16 * nblocks - 1), in + (0 .. 16 * nblocks - 1));
    requires \separated(out + (0 .. 16 * nblocks - 1), ctx, key, y + (0 .. 15), ctr + (0 .. 15));
    requires \separated(y + (0 .. 15), ctr + (0 .. 15), ctx, key, in + (0 .. 16 * nblocks - 1));
    requires \separated(ctr + (0 .. 15), ctx, key, in + (0 .. 16 * nblocks - 1));
    assigns out[0 .. 16 * nblocks - 1], y[0 .. 15], ctr[0 .. 15]; */
void qed_aes_gcm_blocks_aesni(const qed_aes_ctx *ctx,
                              const qed_ghash_key *key, uint8_t *y,
                              uint8_t *ctr, uint8_t *out, const uint8_t *in,
                              size_t nblocks, int decrypt);

/*@ requires \valid(p + (0 .. len - 1));
    assigns p[0 .. len - 1]; */
void qed_aes_mask_bytes_aesni(uint8_t *p, size_t len, uint8_t mask);

/* ---- VAES + VPCLMULQDQ (aes_vaes.c) ---- */
/*@ requires \valid_read(ctx) && qed_aes_ready(ctx);
    requires \valid(out + (0 .. 16 * nblocks - 1));
    requires \valid_read(in + (0 .. 16 * nblocks - 1));
    requires out == in || \separated(out + (0 .. 16 * nblocks - 1), in + (0 .. 16 * nblocks - 1));
    requires \separated(out + (0 .. 16 * nblocks - 1), ctx);
    assigns out[0 .. 16 * nblocks - 1]; */
void qed_aes_encrypt_blocks_vaes(const qed_aes_ctx *ctx, uint8_t *out,
                                 const uint8_t *in, size_t nblocks);
/*@ requires \valid_read(ctx) && qed_aes_ready(ctx);
    requires \valid(out + (0 .. 16 * nblocks - 1));
    requires \valid_read(in + (0 .. 16 * nblocks - 1));
    requires out == in || \separated(out + (0 .. 16 * nblocks - 1), in + (0 .. 16 * nblocks - 1));
    requires \separated(out + (0 .. 16 * nblocks - 1), ctx);
    assigns out[0 .. 16 * nblocks - 1]; */
void qed_aes_decrypt_blocks_vaes(const qed_aes_ctx *ctx, uint8_t *out,
                                 const uint8_t *in, size_t nblocks);
/*@ requires \valid_read(ctx) && qed_aes_ready(ctx);
    requires \valid(iv + (0 .. 15));
    requires \valid(out + (0 .. 16 * nblocks - 1));
    requires \valid_read(in + (0 .. 16 * nblocks - 1));
    requires out == in || \separated(out + (0 .. 16 * nblocks - 1), in + (0 .. 16 * nblocks - 1));
    requires \separated(out + (0 .. 16 * nblocks - 1), ctx, iv + (0 .. 15));
    requires \separated(iv + (0 .. 15), ctx, in + (0 .. 16 * nblocks - 1));
    assigns out[0 .. 16 * nblocks - 1], iv[0 .. 15]; */
void qed_aes_cbc_decrypt_blocks_vaes(const qed_aes_ctx *ctx, uint8_t *iv,
                                     uint8_t *out, const uint8_t *in,
                                     size_t nblocks);
/*@ requires \valid_read(ctx) && qed_aes_ready(ctx);
    requires \valid(ctr + (0 .. 15));
    requires \valid(out + (0 .. 16 * nblocks - 1));
    requires \valid_read(in + (0 .. 16 * nblocks - 1));
    requires out == in || \separated(out + (0 .. 16 * nblocks - 1), in + (0 .. 16 * nblocks - 1));
    requires \separated(out + (0 .. 16 * nblocks - 1), ctx, ctr + (0 .. 15));
    requires \separated(ctr + (0 .. 15), ctx, in + (0 .. 16 * nblocks - 1));
    assigns out[0 .. 16 * nblocks - 1], ctr[0 .. 15]; */
void qed_aes_ctr128_blocks_vaes(const qed_aes_ctx *ctx, uint8_t *ctr,
                                uint8_t *out, const uint8_t *in,
                                size_t nblocks);
/*@ requires \valid_read(ctx) && qed_aes_ready(ctx);
    requires \valid(ctr + (0 .. 15));
    requires \valid(out + (0 .. 16 * nblocks - 1));
    requires \valid_read(in + (0 .. 16 * nblocks - 1));
    requires out == in || \separated(out + (0 .. 16 * nblocks - 1), in + (0 .. 16 * nblocks - 1));
    requires \separated(out + (0 .. 16 * nblocks - 1), ctx, ctr + (0 .. 15));
    requires \separated(ctr + (0 .. 15), ctx, in + (0 .. 16 * nblocks - 1));
    assigns out[0 .. 16 * nblocks - 1], ctr[0 .. 15]; */
void qed_aes_ctr32_blocks_vaes(const qed_aes_ctx *ctx, uint8_t *ctr,
                               uint8_t *out, const uint8_t *in,
                               size_t nblocks);
/*@ requires \valid(key) && \valid_read(h + (0 .. 15));
    requires \separated(key, h + (0 .. 15));
    assigns *key; */
void qed_ghash_key_init_vaes(qed_ghash_key *key, const uint8_t *h);
/*@ requires \valid_read(key) && \valid(y + (0 .. 15));
    requires \valid_read(in + (0 .. 16 * nblocks - 1));
    requires \separated(y + (0 .. 15), key, in + (0 .. 16 * nblocks - 1));
    assigns y[0 .. 15]; */
void qed_ghash_blocks_vaes(const qed_ghash_key *key, uint8_t *y,
                           const uint8_t *in, size_t nblocks);

#endif
