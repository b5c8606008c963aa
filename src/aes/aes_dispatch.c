/* Run-time choice of the AES and GHASH backend for each bulk operation of
 * aes_impl.h.  Today every operation has one implementation, the proven
 * portable one; a hardware backend (src/aes/simd/, outside the proof)
 * plugs in here, as in keccak_p1600_dispatch.c:
 *
 *   #if QED_HAVE_AESNI
 *     if (qed_aes_hw_level() >= QED_AES_HW_AESNI) {
 *       qed_aes_ctr128_blocks_aesni(ctx, ctr, out, in, nblocks);
 *       return;
 *     }
 *   #endif
 *
 * with the level derived once from CPUID (AES-NI + PCLMULQDQ, or VAES +
 * VPCLMULQDQ with AVX-512) and lowered by QED_BACKEND=portable, so that
 * the tests can run every backend against the same vectors.  This unit is
 * proved like the others: it relies only on the contracts of aes_impl.h. */
#include "aes/aes_impl.h"

void qed_aes_encrypt_blocks(const qed_aes_ctx *ctx, uint8_t *out,
                            const uint8_t *in, size_t nblocks)
{
  qed_aes_encrypt_blocks_portable(ctx, out, in, nblocks);
}

void qed_aes_decrypt_blocks(const qed_aes_ctx *ctx, uint8_t *out,
                            const uint8_t *in, size_t nblocks)
{
  qed_aes_decrypt_blocks_portable(ctx, out, in, nblocks);
}

void qed_aes_cbc_encrypt_blocks(const qed_aes_ctx *ctx, uint8_t *iv,
                                uint8_t *out, const uint8_t *in,
                                size_t nblocks)
{
  qed_aes_cbc_encrypt_blocks_portable(ctx, iv, out, in, nblocks);
}

void qed_aes_cbc_decrypt_blocks(const qed_aes_ctx *ctx, uint8_t *iv,
                                uint8_t *out, const uint8_t *in,
                                size_t nblocks)
{
  qed_aes_cbc_decrypt_blocks_portable(ctx, iv, out, in, nblocks);
}

void qed_aes_ctr128_blocks(const qed_aes_ctx *ctx, uint8_t *ctr, uint8_t *out,
                           const uint8_t *in, size_t nblocks)
{
  qed_aes_ctr128_blocks_portable(ctx, ctr, out, in, nblocks);
}

void qed_aes_ctr32_blocks(const qed_aes_ctx *ctx, uint8_t *ctr, uint8_t *out,
                          const uint8_t *in, size_t nblocks)
{
  qed_aes_ctr32_blocks_portable(ctx, ctr, out, in, nblocks);
}

void qed_ghash_key_init(qed_ghash_key *key, const uint8_t *h)
{
  qed_ghash_key_init_portable(key, h);
}

void qed_ghash_blocks(const qed_ghash_key *key, uint8_t *y, const uint8_t *in,
                      size_t nblocks)
{
  qed_ghash_blocks_portable(key, y, in, nblocks);
}
