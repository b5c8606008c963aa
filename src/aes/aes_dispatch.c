/* Run-time choice of the AES and GHASH backend for each bulk operation of
 * aes_impl.h: VAES + VPCLMULQDQ (QED_BACKEND=avx512), AES-NI + PCLMULQDQ
 * (avx2), or the proven portable code, as qed_aes_backend() says (the
 * backend level, honouring QED_BACKEND, lowered to the AES instructions
 * the CPU has; computed once per process, so qed_ghash_key_init and
 * qed_ghash_blocks always agree on the layout of key->hw).
 *
 * This unit is proved like the others: it relies only on the contracts of
 * aes_impl.h and simd/aes_hw.h, where the hardware functions carry the
 * portable functions' contracts; their code (src/aes/simd/) is outside the
 * proof and tested byte for byte against the portable code. */
#include "aes/aes_impl.h"

#if defined(__x86_64__)
#include "aes/simd/aes_hw.h"
#define QED_HAVE_AES_HW 1
#else
#define QED_HAVE_AES_HW 0
#endif

void qed_aes_encrypt_blocks(const qed_aes_ctx *ctx, uint8_t *out,
                            const uint8_t *in, size_t nblocks)
{
#if QED_HAVE_AES_HW
  const unsigned hw = qed_aes_backend();
  if (hw >= QED_AES_VAES) {
    qed_aes_encrypt_blocks_vaes(ctx, out, in, nblocks);
    return;
  }
  if (hw >= QED_AES_AESNI) {
    qed_aes_encrypt_blocks_aesni(ctx, out, in, nblocks);
    return;
  }
#endif
  qed_aes_encrypt_blocks_portable(ctx, out, in, nblocks);
}

void qed_aes_decrypt_blocks(const qed_aes_ctx *ctx, uint8_t *out,
                            const uint8_t *in, size_t nblocks)
{
#if QED_HAVE_AES_HW
  const unsigned hw = qed_aes_backend();
  if (hw >= QED_AES_VAES) {
    qed_aes_decrypt_blocks_vaes(ctx, out, in, nblocks);
    return;
  }
  if (hw >= QED_AES_AESNI) {
    qed_aes_decrypt_blocks_aesni(ctx, out, in, nblocks);
    return;
  }
#endif
  qed_aes_decrypt_blocks_portable(ctx, out, in, nblocks);
}

/* Serial by nature: one AES-NI function for both hardware levels. */
void qed_aes_cbc_encrypt_blocks(const qed_aes_ctx *ctx, uint8_t *iv,
                                uint8_t *out, const uint8_t *in,
                                size_t nblocks)
{
#if QED_HAVE_AES_HW
  if (qed_aes_backend() >= QED_AES_AESNI) {
    qed_aes_cbc_encrypt_blocks_aesni(ctx, iv, out, in, nblocks);
    return;
  }
#endif
  qed_aes_cbc_encrypt_blocks_portable(ctx, iv, out, in, nblocks);
}

void qed_aes_cbc_decrypt_blocks(const qed_aes_ctx *ctx, uint8_t *iv,
                                uint8_t *out, const uint8_t *in,
                                size_t nblocks)
{
#if QED_HAVE_AES_HW
  const unsigned hw = qed_aes_backend();
  if (hw >= QED_AES_VAES) {
    qed_aes_cbc_decrypt_blocks_vaes(ctx, iv, out, in, nblocks);
    return;
  }
  if (hw >= QED_AES_AESNI) {
    qed_aes_cbc_decrypt_blocks_aesni(ctx, iv, out, in, nblocks);
    return;
  }
#endif
  qed_aes_cbc_decrypt_blocks_portable(ctx, iv, out, in, nblocks);
}

void qed_aes_ctr128_blocks(const qed_aes_ctx *ctx, uint8_t *ctr, uint8_t *out,
                           const uint8_t *in, size_t nblocks)
{
#if QED_HAVE_AES_HW
  const unsigned hw = qed_aes_backend();
  if (hw >= QED_AES_VAES) {
    qed_aes_ctr128_blocks_vaes(ctx, ctr, out, in, nblocks);
    return;
  }
  if (hw >= QED_AES_AESNI) {
    qed_aes_ctr128_blocks_aesni(ctx, ctr, out, in, nblocks);
    return;
  }
#endif
  qed_aes_ctr128_blocks_portable(ctx, ctr, out, in, nblocks);
}

void qed_aes_ctr32_blocks(const qed_aes_ctx *ctx, uint8_t *ctr, uint8_t *out,
                          const uint8_t *in, size_t nblocks)
{
#if QED_HAVE_AES_HW
  const unsigned hw = qed_aes_backend();
  if (hw >= QED_AES_VAES) {
    qed_aes_ctr32_blocks_vaes(ctx, ctr, out, in, nblocks);
    return;
  }
  if (hw >= QED_AES_AESNI) {
    qed_aes_ctr32_blocks_aesni(ctx, ctr, out, in, nblocks);
    return;
  }
#endif
  qed_aes_ctr32_blocks_portable(ctx, ctr, out, in, nblocks);
}

void qed_ghash_key_init(qed_ghash_key *key, const uint8_t *h)
{
#if QED_HAVE_AES_HW
  const unsigned hw = qed_aes_backend();
  if (hw >= QED_AES_VAES) {
    qed_ghash_key_init_vaes(key, h);
    return;
  }
  if (hw >= QED_AES_AESNI) {
    qed_ghash_key_init_aesni(key, h);
    return;
  }
#endif
  qed_ghash_key_init_portable(key, h);
}

void qed_ghash_blocks(const qed_ghash_key *key, uint8_t *y, const uint8_t *in,
                      size_t nblocks)
{
#if QED_HAVE_AES_HW
  const unsigned hw = qed_aes_backend();
  if (hw >= QED_AES_VAES) {
    qed_ghash_blocks_vaes(key, y, in, nblocks);
    return;
  }
  if (hw >= QED_AES_AESNI) {
    qed_ghash_blocks_aesni(key, y, in, nblocks);
    return;
  }
#endif
  qed_ghash_blocks_portable(key, y, in, nblocks);
}

/* Fused on AES-NI; elsewhere the two operations in the order of the
 * contract (decrypting, GHASH reads the ciphertext before CTR overwrites
 * it in place). */
void qed_aes_gcm_blocks(const qed_aes_ctx *ctx, const qed_ghash_key *key,
                        uint8_t *y, uint8_t *ctr, uint8_t *out,
                        const uint8_t *in, size_t nblocks, int decrypt)
{
#if QED_HAVE_AES_HW
  if (qed_aes_backend() == QED_AES_AESNI) {
    qed_aes_gcm_blocks_aesni(ctx, key, y, ctr, out, in, nblocks, decrypt);
    return;
  }
#endif
  if (decrypt) {
    qed_ghash_blocks(key, y, in, nblocks);
    qed_aes_ctr32_blocks(ctx, ctr, out, in, nblocks);
  } else {
    qed_aes_ctr32_blocks(ctx, ctr, out, in, nblocks);
    qed_ghash_blocks(key, y, out, nblocks);
  }
}

/* One 128-bit AND per 16 bytes on both hardware levels. */
void qed_aes_mask_bytes(uint8_t *p, size_t len, uint8_t mask)
{
#if QED_HAVE_AES_HW
  if (qed_aes_backend() >= QED_AES_AESNI) {
    qed_aes_mask_bytes_aesni(p, len, mask);
    return;
  }
#endif
  qed_aes_mask_bytes_portable(p, len, mask);
}
