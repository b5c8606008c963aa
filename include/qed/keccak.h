/* qed — the Keccak family: FIPS 202 (SHA-3, SHAKE, RawSHAKE) and the
 * original Keccak padding (Keccak-224...512, as used by Ethereum).
 *
 * One-shot functions hash a whole message; the streaming forms take it in
 * pieces:  init, update (any number of times, any lengths), then final
 * (fixed-length hashes) or squeeze (XOFs, any number of times, any lengths:
 * the concatenation of the squeezed pieces is the same stream whatever the
 * split).  Contexts are plain structs owned by the caller; nothing is
 * allocated.  After final, the context is wiped.  Calling update after
 * squeeze or final, or using a context that no init prepared, returns -1
 * and changes nothing (final zeroes its output then). */
#ifndef QED_KECCAK_H
#define QED_KECCAK_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define QED_SHA3_224_BYTES 28
#define QED_SHA3_256_BYTES 32
#define QED_SHA3_384_BYTES 48
#define QED_SHA3_512_BYTES 64
#define QED_KECCAK_224_BYTES 28
#define QED_KECCAK_256_BYTES 32
#define QED_KECCAK_384_BYTES 48
#define QED_KECCAK_512_BYTES 64

/* Block sizes (the sponge rate, in bytes). */
#define QED_SHA3_224_BLOCKBYTES 144
#define QED_SHA3_256_BLOCKBYTES 136
#define QED_SHA3_384_BLOCKBYTES 104
#define QED_SHA3_512_BLOCKBYTES 72
#define QED_SHAKE128_BLOCKBYTES 168
#define QED_SHAKE256_BLOCKBYTES 136

/* A sponge over Keccak-p[1600, rounds].  The fields are described for the
 * curious; use the functions below, never the fields.  The state is kept
 * in lanes (64-bit words, lane i holding bytes 8i..8i+7 little-endian),
 * so the same code gives the same answers on any byte order.            */
typedef struct {
  uint64_t state[25];
  uint32_t rate;      /* bytes per block: 200 - 2 * capacity/8          */
  uint32_t pos;       /* bytes absorbed into, or squeezed from, the block */
  uint8_t  suffix;    /* domain-separation bits followed by the pad's 1  */
  uint8_t  phase;     /* QED_SPONGE_ABSORBING / _SQUEEZING / 0 = unusable */
  uint8_t  rounds;    /* 24 for FIPS 202; fewer for TurboSHAKE and kin    */
  uint8_t  outlen;    /* digest bytes of a fixed-length hash, 0 for XOFs  */
} qed_keccak_sponge;

#define QED_SPONGE_ABSORBING 1
#define QED_SPONGE_SQUEEZING 2

typedef struct { qed_keccak_sponge sponge; } qed_sha3_ctx;
typedef struct { qed_keccak_sponge sponge; } qed_shake_ctx;

/* ---- one-shot ---- */
void qed_sha3_224(uint8_t out[28], const uint8_t *in, size_t inlen);
void qed_sha3_256(uint8_t out[32], const uint8_t *in, size_t inlen);
void qed_sha3_384(uint8_t out[48], const uint8_t *in, size_t inlen);
void qed_sha3_512(uint8_t out[64], const uint8_t *in, size_t inlen);

void qed_keccak_224(uint8_t out[28], const uint8_t *in, size_t inlen);
void qed_keccak_256(uint8_t out[32], const uint8_t *in, size_t inlen);
void qed_keccak_384(uint8_t out[48], const uint8_t *in, size_t inlen);
void qed_keccak_512(uint8_t out[64], const uint8_t *in, size_t inlen);

void qed_shake128(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen);
void qed_shake256(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen);
void qed_rawshake128(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen);
void qed_rawshake256(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen);

/* ---- streaming, fixed-length: SHA3 and Keccak ---- */
void qed_sha3_224_init(qed_sha3_ctx *ctx);
void qed_sha3_256_init(qed_sha3_ctx *ctx);
void qed_sha3_384_init(qed_sha3_ctx *ctx);
void qed_sha3_512_init(qed_sha3_ctx *ctx);
void qed_keccak_224_init(qed_sha3_ctx *ctx);
void qed_keccak_256_init(qed_sha3_ctx *ctx);
void qed_keccak_384_init(qed_sha3_ctx *ctx);
void qed_keccak_512_init(qed_sha3_ctx *ctx);
/* 0, or -1 (nothing changed) if ctx is not absorbing. */
int qed_sha3_update(qed_sha3_ctx *ctx, const uint8_t *in, size_t inlen);
/* Writes the digest (as many bytes as the init chose: 28, 32, 48 or 64),
 * wipes the context and returns 0; -1 if ctx is not absorbing, with the
 * digest zeroed when its length is still known.                          */
int qed_sha3_final(qed_sha3_ctx *ctx, uint8_t *out);
/* Digest length of the hash ctx computes: 28, 32, 48 or 64 from init on
 * (final wipes the state but keeps this public length, so that a second
 * final can zero its output), 0 for a context no init prepared.          */
size_t qed_sha3_digest_bytes(const qed_sha3_ctx *ctx);

/* ---- streaming XOFs: SHAKE and RawSHAKE ---- */
void qed_shake128_init(qed_shake_ctx *ctx);
void qed_shake256_init(qed_shake_ctx *ctx);
void qed_rawshake128_init(qed_shake_ctx *ctx);
void qed_rawshake256_init(qed_shake_ctx *ctx);
/* 0, or -1 (nothing changed) once squeezing has started or ctx is unusable. */
int qed_shake_update(qed_shake_ctx *ctx, const uint8_t *in, size_t inlen);
/* The next outlen bytes of the output stream; 0, or -1 with out zeroed
 * when ctx is unusable.                                                  */
int qed_shake_squeeze(qed_shake_ctx *ctx, uint8_t *out, size_t outlen);
/* Wipe the context when done with it (XOFs have no final). */
void qed_shake_wipe(qed_shake_ctx *ctx);

#ifdef __cplusplus
}
#endif
#endif
