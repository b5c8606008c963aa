/* qed — the Ascon family.
 *
 *   - the Ascon permutation p^r on five 64-bit lanes, any round count 1..12
 *     (the last r of the 12 round constants, as p^12, p^8, p^6 are);
 *   - NIST SP 800-232 (final): Ascon-AEAD128, Ascon-Hash256, Ascon-XOF128,
 *     Ascon-CXOF128 (little-endian lanes, the standard's IVs);
 *   - Ascon-Hash and Ascon-XOF v1.2, the pre-NIST versions (big-endian
 *     lanes, the v1.2 IVs), as libkeccak has them.
 *
 * The streaming forms take their input in pieces: init, update (any number
 * of times, any lengths), then final (Hash256) or squeeze (XOF128/CXOF128,
 * any number of times, any lengths: the pieces concatenate to the one-shot
 * output).  Contexts are plain structs owned by the caller; nothing is
 * allocated.  final wipes the context.  update after squeeze or final, or a
 * context that no init prepared, returns -1 and changes nothing (final and
 * squeeze zero their output then).
 *
 * Failures return -1 with the outputs zeroed: a bad tag in
 * qed_ascon_aead128_decrypt (the whole plaintext buffer is zeroed; the tag
 * is compared in constant time), a customization string longer than
 * QED_ASCON_CXOF128_MAX_CUSTOM bytes.  Encryption and decryption work in
 * place (c == m); otherwise no output may overlap an input.              */
#ifndef QED_ASCON_H
#define QED_ASCON_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define QED_ASCON_AEAD128_KEYBYTES   16
#define QED_ASCON_AEAD128_NONCEBYTES 16
#define QED_ASCON_AEAD128_TAGBYTES   16
#define QED_ASCON_HASH256_BYTES      32
#define QED_ASCON_HASH_V12_BYTES     32
#define QED_ASCON_CXOF128_MAX_CUSTOM 256   /* bytes (2048 bits) */

/* The permutation: lane i is the standard's word S_i (for SP 800-232, the
 * bytes 8i..8i+7 of the state read little-endian). */
void qed_ascon_permute(uint64_t state[5], unsigned rounds);

/* A sponge of rate 8 over Ascon-p[12].  The fields are described for the
 * curious; use the functions, never the fields. */
typedef struct {
  uint64_t x[5];      /* the state                                        */
  uint32_t pos;       /* bytes absorbed into, or squeezed from, lane 0    */
  uint8_t  phase;     /* QED_ASCON_ABSORBING / _SQUEEZING / 0 = unusable  */
  uint8_t  big;       /* 1: v1.2 big-endian lanes, 0: SP 800-232          */
  uint8_t  outlen;    /* 32 for a fixed-length hash, 0 for an XOF         */
} qed_ascon_sponge;

#define QED_ASCON_ABSORBING 1
#define QED_ASCON_SQUEEZING 2

typedef struct { qed_ascon_sponge sponge; } qed_ascon_hash_ctx;
typedef struct { qed_ascon_sponge sponge; } qed_ascon_xof_ctx;

/* ---- SP 800-232 ---- */
int qed_ascon_aead128_encrypt(uint8_t *c, uint8_t tag[16], const uint8_t *m,
                              size_t mlen, const uint8_t *ad, size_t adlen,
                              const uint8_t nonce[16], const uint8_t key[16]);
int qed_ascon_aead128_decrypt(uint8_t *m, const uint8_t *c, size_t clen,
                              const uint8_t tag[16], const uint8_t *ad,
                              size_t adlen, const uint8_t nonce[16],
                              const uint8_t key[16]);

void qed_ascon_hash256(uint8_t out[32], const uint8_t *in, size_t inlen);
void qed_ascon_xof128(uint8_t *out, size_t outlen, const uint8_t *in,
                      size_t inlen);
int qed_ascon_cxof128(uint8_t *out, size_t outlen, const uint8_t *in,
                      size_t inlen, const uint8_t *custom, size_t customlen);

void qed_ascon_hash256_init(qed_ascon_hash_ctx *ctx);
int qed_ascon_hash256_update(qed_ascon_hash_ctx *ctx, const uint8_t *in,
                             size_t inlen);
int qed_ascon_hash256_final(qed_ascon_hash_ctx *ctx, uint8_t out[32]);

void qed_ascon_xof128_init(qed_ascon_xof_ctx *ctx);
/* -1 (and a context every other call refuses) if customlen > 256. */
int qed_ascon_cxof128_init(qed_ascon_xof_ctx *ctx, const uint8_t *custom,
                           size_t customlen);
int qed_ascon_xof_update(qed_ascon_xof_ctx *ctx, const uint8_t *in,
                         size_t inlen);
int qed_ascon_xof_squeeze(qed_ascon_xof_ctx *ctx, uint8_t *out,
                          size_t outlen);
void qed_ascon_xof_wipe(qed_ascon_xof_ctx *ctx);

/* ---- v1.2 (pre-NIST) ---- */
void qed_ascon_hash_v12(uint8_t out[32], const uint8_t *in, size_t inlen);
void qed_ascon_xof_v12(uint8_t *out, size_t outlen, const uint8_t *in,
                       size_t inlen);

#ifdef __cplusplus
}
#endif
#endif
