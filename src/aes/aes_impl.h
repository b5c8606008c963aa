/* AES inside qed: the layers and the backend interface.
 *
 *   aes_ct64.c        the portable constant-time core: the bitsliced cipher
 *                     on four blocks at once (BearSSL's ct64 technique,
 *                     written afresh: Boyar-Peralta S-box circuit, 4 blocks
 *                     interleaved in eight 64-bit bit planes), and SubWord
 *                     for the key schedule
 *   aes_key.c         qed_aes_init: FIPS 197 key expansion (bytes), the
 *                     equivalent-inverse-cipher keys, the bitsliced keys
 *   aes_portable.c    the bulk operations below in portable C
 *   ghash_ct64.c      GHASH without tables: carry-less products from integer
 *                     multiplications with holes in the operands
 *   aes_dispatch.c    picks a backend for each bulk operation
 *   aes_modes.c       the public ECB / CBC / PKCS#7 / CTR functions
 *   gcm.c             the public GCM functions, one-shot and streaming
 *
 * ---- The backend interface ----
 * Every public function reaches the cipher only through the bulk
 * operations declared below (the "dispatch" names).  aes_dispatch.c maps
 * each to a backend's implementation: *_portable (proven), or a hardware
 * backend (AES-NI + PCLMULQDQ: *_aesni, VAES + VPCLMULQDQ: *_vaes) in
 * src/aes/simd/ (outside the proof: listed in proof/outside.txt; declared
 * with these contracts in simd/aes_hw.h; per-function target attributes),
 * which provides, with exactly the contracts and the bytes of the portable
 * functions (tests/test_aes_equiv.c compares every backend with the
 * portable one):
 *
 *   qed_aes_encrypt_blocks_<b>        ECB encryption of nblocks blocks
 *   qed_aes_decrypt_blocks_<b>        ECB decryption
 *   qed_aes_cbc_encrypt_blocks_<b>    CBC encryption, iv updated
 *   qed_aes_cbc_decrypt_blocks_<b>    CBC decryption, iv updated
 *   qed_aes_ctr128_blocks_<b>         CTR with a 128-bit counter (CTR mode)
 *   qed_aes_ctr32_blocks_<b>          CTR with a 32-bit counter in the last
 *                                     4 bytes (GCM's inc32)
 *   qed_ghash_key_init_<b>            H -> qed_ghash_key (the backend may
 *                                     fill key->hw with powers of H; h[]
 *                                     must hold H as the portable code does)
 *   qed_ghash_blocks_<b>              y = (y ^ X_i) * H over whole blocks
 *
 *   qed_aes_mask_bytes_<b>            p[i] &= mask over a buffer (GCM's
 *                                     one-shot decryption keeps or zeroes
 *                                     its plaintext with it, after the tag
 *                                     check, without a branch)
 *
 * and may provide
 *
 *   qed_aes_gcm_blocks_<b>            GCM over whole blocks: ctr32 and
 *                                     GHASH of the ciphertext in one pass
 *                                     (the AES rounds and the carry-less
 *                                     products interleaved); without it the
 *                                     dispatcher makes the two calls
 *
 * The key material comes from qed_aes_ctx: rk_enc (AESENC order) and
 * rk_dec (AESDEC order, already through InvMixColumns), rounds; the
 * bitsliced sk is the portable core's.  Every bulk operation takes whole
 * blocks and must work in place (out == in).  The choice must be the same
 * for qed_ghash_key_init and qed_ghash_blocks over the life of a process
 * (qed_backend_level is computed once), since key->hw is backend-specific.
 */
#ifndef QED_AES_IMPL_H
#define QED_AES_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "qed/aes.h"

/* ---- the portable core (aes_ct64.c) ---- */

/* Encrypt (decrypt) the four blocks in[0 .. 63] with the bitsliced round
 * keys sk[0 .. 8*rounds + 7]. */
/*@ requires rounds == 10 || rounds == 12 || rounds == 14;
    requires \valid_read(sk + (0 .. 8 * rounds + 7));
    requires \valid(out + (0 .. 63)) && \valid_read(in + (0 .. 63));
    requires out == in || \separated(out + (0 .. 63), in + (0 .. 63));
    requires \separated(out + (0 .. 63), sk + (0 .. 8 * rounds + 7));
    assigns out[0 .. 63]; */
void qed_aes_ct64_encrypt4(const uint64_t *sk, unsigned rounds, uint8_t *out,
                           const uint8_t *in);
/*@ requires rounds == 10 || rounds == 12 || rounds == 14;
    requires \valid_read(sk + (0 .. 8 * rounds + 7));
    requires \valid(out + (0 .. 63)) && \valid_read(in + (0 .. 63));
    requires out == in || \separated(out + (0 .. 63), in + (0 .. 63));
    requires \separated(out + (0 .. 63), sk + (0 .. 8 * rounds + 7));
    assigns out[0 .. 63]; */
void qed_aes_ct64_decrypt4(const uint64_t *sk, unsigned rounds, uint8_t *out,
                           const uint8_t *in);

/* SubWord of FIPS 197 (the S-box on each byte of w), in constant time. */
/*@ assigns \nothing; */
uint32_t qed_aes_ct64_subword(uint32_t w);

/* The eight bit planes of one round key rk[0 .. 15], the same key in all
 * four block slots. */
/*@ requires \valid(sk + (0 .. 7)) && \valid_read(rk + (0 .. 15));
    requires \separated(sk + (0 .. 7), rk + (0 .. 15));
    assigns sk[0 .. 7]; */
void qed_aes_ct64_roundkey(uint64_t *sk, const uint8_t *rk);

/* ---- the bulk operations (aes_dispatch.c), one contract for every
 * backend ---- */
/*@ requires \valid_read(ctx) && qed_aes_ready(ctx);
    requires \valid(out + (0 .. 16 * nblocks - 1));
    requires \valid_read(in + (0 .. 16 * nblocks - 1));
    requires out == in || \separated(out + (0 .. 16 * nblocks - 1), in + (0 .. 16 * nblocks - 1));
    requires \separated(out + (0 .. 16 * nblocks - 1), ctx);
    assigns out[0 .. 16 * nblocks - 1]; */
void qed_aes_encrypt_blocks(const qed_aes_ctx *ctx, uint8_t *out,
                            const uint8_t *in, size_t nblocks);
/*@ requires \valid_read(ctx) && qed_aes_ready(ctx);
    requires \valid(out + (0 .. 16 * nblocks - 1));
    requires \valid_read(in + (0 .. 16 * nblocks - 1));
    requires out == in || \separated(out + (0 .. 16 * nblocks - 1), in + (0 .. 16 * nblocks - 1));
    requires \separated(out + (0 .. 16 * nblocks - 1), ctx);
    assigns out[0 .. 16 * nblocks - 1]; */
void qed_aes_decrypt_blocks(const qed_aes_ctx *ctx, uint8_t *out,
                            const uint8_t *in, size_t nblocks);
/*@ requires \valid_read(ctx) && qed_aes_ready(ctx);
    requires \valid(iv + (0 .. 15));
    requires \valid(out + (0 .. 16 * nblocks - 1));
    requires \valid_read(in + (0 .. 16 * nblocks - 1));
    requires out == in || \separated(out + (0 .. 16 * nblocks - 1), in + (0 .. 16 * nblocks - 1));
    requires \separated(out + (0 .. 16 * nblocks - 1), ctx, iv + (0 .. 15));
    requires \separated(iv + (0 .. 15), ctx, in + (0 .. 16 * nblocks - 1));
    assigns out[0 .. 16 * nblocks - 1], iv[0 .. 15]; */
void qed_aes_cbc_encrypt_blocks(const qed_aes_ctx *ctx, uint8_t *iv,
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
void qed_aes_cbc_decrypt_blocks(const qed_aes_ctx *ctx, uint8_t *iv,
                                uint8_t *out, const uint8_t *in,
                                size_t nblocks);
/* out = in XOR E(ctr), E(ctr+1), ...; ctr advanced by nblocks (mod 2^128,
 * or, for ctr32, mod 2^32 in its last four bytes, the first 12 fixed). */
/*@ requires \valid_read(ctx) && qed_aes_ready(ctx);
    requires \valid(ctr + (0 .. 15));
    requires \valid(out + (0 .. 16 * nblocks - 1));
    requires \valid_read(in + (0 .. 16 * nblocks - 1));
    requires out == in || \separated(out + (0 .. 16 * nblocks - 1), in + (0 .. 16 * nblocks - 1));
    requires \separated(out + (0 .. 16 * nblocks - 1), ctx, ctr + (0 .. 15));
    requires \separated(ctr + (0 .. 15), ctx, in + (0 .. 16 * nblocks - 1));
    assigns out[0 .. 16 * nblocks - 1], ctr[0 .. 15]; */
void qed_aes_ctr128_blocks(const qed_aes_ctx *ctx, uint8_t *ctr, uint8_t *out,
                           const uint8_t *in, size_t nblocks);
/*@ requires \valid_read(ctx) && qed_aes_ready(ctx);
    requires \valid(ctr + (0 .. 15));
    requires \valid(out + (0 .. 16 * nblocks - 1));
    requires \valid_read(in + (0 .. 16 * nblocks - 1));
    requires out == in || \separated(out + (0 .. 16 * nblocks - 1), in + (0 .. 16 * nblocks - 1));
    requires \separated(out + (0 .. 16 * nblocks - 1), ctx, ctr + (0 .. 15));
    requires \separated(ctr + (0 .. 15), ctx, in + (0 .. 16 * nblocks - 1));
    assigns out[0 .. 16 * nblocks - 1], ctr[0 .. 15]; */
void qed_aes_ctr32_blocks(const qed_aes_ctx *ctx, uint8_t *ctr, uint8_t *out,
                          const uint8_t *in, size_t nblocks);
/*@ requires \valid(key) && \valid_read(h + (0 .. 15));
    requires \separated(key, h + (0 .. 15));
    assigns *key; */
void qed_ghash_key_init(qed_ghash_key *key, const uint8_t *h);
/*@ requires \valid_read(key) && \valid(y + (0 .. 15));
    requires \valid_read(in + (0 .. 16 * nblocks - 1));
    requires \separated(y + (0 .. 15), key, in + (0 .. 16 * nblocks - 1));
    assigns y[0 .. 15]; */
void qed_ghash_blocks(const qed_ghash_key *key, uint8_t *y, const uint8_t *in,
                      size_t nblocks);

/* GCM's step over whole blocks, counter ctr32 (GCM's inc32): encrypting
 * (decrypt == 0), out = in XOR the keystream and then y = GHASH over out;
 * decrypting, y = GHASH over in and then out = in XOR the keystream.  The
 * same as qed_aes_ctr32_blocks and qed_ghash_blocks in that order, which
 * is what the dispatcher calls for backends without a fused form. */
/*@ requires \valid_read(ctx) && qed_aes_ready(ctx) && \valid_read(key);
    requires \valid(y + (0 .. 15)) && \valid(ctr + (0 .. 15));
    requires \valid(out + (0 .. 16 * nblocks - 1));
    requires \valid_read(in + (0 .. 16 * nblocks - 1));
    requires out == in || \separated(out + (0 .. 16 * nblocks - 1), in + (0 .. 16 * nblocks - 1));
    requires \separated(out + (0 .. 16 * nblocks - 1), ctx, key, y + (0 .. 15), ctr + (0 .. 15));
    requires \separated(y + (0 .. 15), ctr + (0 .. 15), ctx, key, in + (0 .. 16 * nblocks - 1));
    requires \separated(ctr + (0 .. 15), ctx, key, in + (0 .. 16 * nblocks - 1));
    assigns out[0 .. 16 * nblocks - 1], y[0 .. 15], ctr[0 .. 15]; */
void qed_aes_gcm_blocks(const qed_aes_ctx *ctx, const qed_ghash_key *key,
                        uint8_t *y, uint8_t *ctr, uint8_t *out,
                        const uint8_t *in, size_t nblocks, int decrypt);

/* p[i] &= mask for every i < len, in constant time (no branch on mask). */
/*@ requires \valid(p + (0 .. len - 1));
    assigns p[0 .. len - 1]; */
void qed_aes_mask_bytes(uint8_t *p, size_t len, uint8_t mask);

/* ---- the portable implementations (same contracts) ---- */
/*@ requires \valid(p + (0 .. len - 1));
    assigns p[0 .. len - 1]; */
void qed_aes_mask_bytes_portable(uint8_t *p, size_t len, uint8_t mask);
/*@ requires \valid_read(ctx) && qed_aes_ready(ctx);
    requires \valid(out + (0 .. 16 * nblocks - 1));
    requires \valid_read(in + (0 .. 16 * nblocks - 1));
    requires out == in || \separated(out + (0 .. 16 * nblocks - 1), in + (0 .. 16 * nblocks - 1));
    requires \separated(out + (0 .. 16 * nblocks - 1), ctx);
    assigns out[0 .. 16 * nblocks - 1]; */
void qed_aes_encrypt_blocks_portable(const qed_aes_ctx *ctx, uint8_t *out,
                                     const uint8_t *in, size_t nblocks);
/*@ requires \valid_read(ctx) && qed_aes_ready(ctx);
    requires \valid(out + (0 .. 16 * nblocks - 1));
    requires \valid_read(in + (0 .. 16 * nblocks - 1));
    requires out == in || \separated(out + (0 .. 16 * nblocks - 1), in + (0 .. 16 * nblocks - 1));
    requires \separated(out + (0 .. 16 * nblocks - 1), ctx);
    assigns out[0 .. 16 * nblocks - 1]; */
void qed_aes_decrypt_blocks_portable(const qed_aes_ctx *ctx, uint8_t *out,
                                     const uint8_t *in, size_t nblocks);
/*@ requires \valid_read(ctx) && qed_aes_ready(ctx);
    requires \valid(iv + (0 .. 15));
    requires \valid(out + (0 .. 16 * nblocks - 1));
    requires \valid_read(in + (0 .. 16 * nblocks - 1));
    requires out == in || \separated(out + (0 .. 16 * nblocks - 1), in + (0 .. 16 * nblocks - 1));
    requires \separated(out + (0 .. 16 * nblocks - 1), ctx, iv + (0 .. 15));
    requires \separated(iv + (0 .. 15), ctx, in + (0 .. 16 * nblocks - 1));
    assigns out[0 .. 16 * nblocks - 1], iv[0 .. 15]; */
void qed_aes_cbc_encrypt_blocks_portable(const qed_aes_ctx *ctx, uint8_t *iv,
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
void qed_aes_cbc_decrypt_blocks_portable(const qed_aes_ctx *ctx, uint8_t *iv,
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
void qed_aes_ctr128_blocks_portable(const qed_aes_ctx *ctx, uint8_t *ctr,
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
void qed_aes_ctr32_blocks_portable(const qed_aes_ctx *ctx, uint8_t *ctr,
                                   uint8_t *out, const uint8_t *in,
                                   size_t nblocks);
/*@ requires \valid(key) && \valid_read(h + (0 .. 15));
    requires \separated(key, h + (0 .. 15));
    assigns *key; */
void qed_ghash_key_init_portable(qed_ghash_key *key, const uint8_t *h);
/*@ requires \valid_read(key) && \valid(y + (0 .. 15));
    requires \valid_read(in + (0 .. 16 * nblocks - 1));
    requires \separated(y + (0 .. 15), key, in + (0 .. 16 * nblocks - 1));
    assigns y[0 .. 15]; */
void qed_ghash_blocks_portable(const qed_ghash_key *key, uint8_t *y,
                               const uint8_t *in, size_t nblocks);

#endif
