/* qed — the Gimli family.
 *
 *   - the Gimli permutation (Bernstein et al., "Gimli: a cross-platform
 *     permutation", CHES 2017): 24 rounds on a 3 x 4 matrix of 32-bit
 *     words, word 4i + j in row i, column j, exactly as the reference code
 *     holds it (state[0..3] the top row);
 *   - Gimli-Hash and its XOF as the designers' reference code of the paper
 *     defines them (gimli-20170627, test_hash.c): a sponge of rate 16 bytes
 *     and capacity 32 bytes over the permutation, state bytes = the words
 *     little-endian, message blocks XORed into bytes 0..15, padding 0x1F at
 *     the byte after the message and 0x80 into byte 15, output 16 bytes per
 *     permutation.  qed_gimli_hash is the 32-byte output of qed_gimli_xof.
 *     Checked against the designers' corrected vectors (the 2017 paper
 *     printed wrong ones) and libkeccak's: tests/vectors/gimli/README.md;
 *   - Gimli-Hash as submitted to the NIST lightweight-cryptography process
 *     ("gimli24v1", rounds 1 and 2): the same sponge with a different
 *     padding (0x01 at the byte after the message, 0x01 into byte 47, the
 *     top of the capacity), 32 bytes out.  A different function: the two
 *     never agree.
 *
 * The streaming forms take their input in pieces: init, update (any number
 * of times, any lengths), then final (the hashes) or squeeze (the XOF, any
 * number of times, any lengths: the pieces concatenate to the one-shot
 * output).  Contexts are plain structs owned by the caller; nothing is
 * allocated.  final wipes the context.  update after squeeze or final, or a
 * context no init prepared, returns -1 and changes nothing (final and
 * squeeze zero their output then).  No output may overlap an input. */
#ifndef QED_GIMLI_H
#define QED_GIMLI_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define QED_GIMLI_WORDS       12
#define QED_GIMLI_STATEBYTES  48
#define QED_GIMLI_RATEBYTES   16   /* bytes absorbed or squeezed per call */
#define QED_GIMLI_HASH_BYTES  32
#define QED_GIMLI24V1_HASH_BYTES 32

/* A sponge over Gimli.  The fields are described for the curious; use the
 * functions, never the fields. */
typedef struct {
  uint32_t s[12];     /* the state, words as in qed_gimli_permute         */
  uint32_t pos;       /* bytes absorbed into, or squeezed from, the rate  */
  uint8_t  phase;     /* QED_GIMLI_ABSORBING / _SQUEEZING / 0 = unusable  */
  uint8_t  pad;       /* QED_GIMLI_PAD_2017 or QED_GIMLI_PAD_LWC          */
  uint8_t  outlen;    /* 32 for the fixed-length hashes, 0 for the XOF    */
} qed_gimli_sponge;

#define QED_GIMLI_ABSORBING 1
#define QED_GIMLI_SQUEEZING 2
#define QED_GIMLI_PAD_2017  1   /* 0x1F after the message, 0x80 in byte 15 */
#define QED_GIMLI_PAD_LWC   2   /* 0x01 after the message, 0x01 in byte 47 */

typedef struct { qed_gimli_sponge sponge; } qed_gimli_hash_ctx;
typedef struct { qed_gimli_sponge sponge; } qed_gimli_xof_ctx;

/* ---- the permutation ---- */

/*@ requires \valid(state + (0 .. 11));
    assigns state[0 .. 11]; */
void qed_gimli_permute(uint32_t state[12]);

/* The same on 48 bytes: word i is bytes 4i..4i+3, little-endian (the byte
 * view of the state that Gimli-Hash and the reference code use). */
/*@ requires \valid(state + (0 .. 47));
    assigns state[0 .. 47]; */
void qed_gimli_permute_bytes(uint8_t state[48]);

/* ---- Gimli-Hash and its XOF (2017 reference code) ---- */

/*@ requires \valid(out + (0 .. 31)) && \valid_read(in + (0 .. inlen - 1));
    requires \separated(out + (0 .. 31), in + (0 .. inlen - 1));
    assigns out[0 .. 31]; */
void qed_gimli_hash(uint8_t out[32], const uint8_t *in, size_t inlen);

/*@ requires \valid(out + (0 .. outlen - 1));
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(out + (0 .. outlen - 1), in + (0 .. inlen - 1));
    assigns out[0 .. outlen - 1]; */
void qed_gimli_xof(uint8_t *out, size_t outlen, const uint8_t *in,
                   size_t inlen);

/* ---- Gimli-Hash of the NIST LWC submission (gimli24v1) ---- */

/*@ requires \valid(out + (0 .. 31)) && \valid_read(in + (0 .. inlen - 1));
    requires \separated(out + (0 .. 31), in + (0 .. inlen - 1));
    assigns out[0 .. 31]; */
void qed_gimli24v1_hash(uint8_t out[32], const uint8_t *in, size_t inlen);

/* ---- streaming ---- */

/* A context for qed_gimli_hash (qed_gimli_hash_init) or for
 * qed_gimli24v1_hash (qed_gimli24v1_hash_init); update and final serve
 * both. */
/*@ requires \valid(ctx);
    assigns *ctx; */
void qed_gimli_hash_init(qed_gimli_hash_ctx *ctx);
/*@ requires \valid(ctx);
    assigns *ctx; */
void qed_gimli24v1_hash_init(qed_gimli_hash_ctx *ctx);
/*@ requires \valid(ctx);
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(ctx, in + (0 .. inlen - 1));
    assigns *ctx;
    ensures \result == 0 || \result == -1; */
int qed_gimli_hash_update(qed_gimli_hash_ctx *ctx, const uint8_t *in,
                          size_t inlen);
/*@ requires \valid(ctx);
    requires \valid(out + (0 .. 31));
    requires \separated(ctx, out + (0 .. 31));
    assigns *ctx, out[0 .. 31];
    ensures \result == 0 || \result == -1; */
int qed_gimli_hash_final(qed_gimli_hash_ctx *ctx, uint8_t out[32]);

/*@ requires \valid(ctx);
    assigns *ctx; */
void qed_gimli_xof_init(qed_gimli_xof_ctx *ctx);
/*@ requires \valid(ctx);
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(ctx, in + (0 .. inlen - 1));
    assigns *ctx;
    ensures \result == 0 || \result == -1; */
int qed_gimli_xof_update(qed_gimli_xof_ctx *ctx, const uint8_t *in,
                         size_t inlen);
/*@ requires \valid(ctx);
    requires \valid(out + (0 .. outlen - 1));
    requires \separated(ctx, out + (0 .. outlen - 1));
    assigns *ctx, out[0 .. outlen - 1];
    ensures \result == 0 || \result == -1; */
int qed_gimli_xof_squeeze(qed_gimli_xof_ctx *ctx, uint8_t *out,
                          size_t outlen);
/* Wipe an XOF context (final does it for the hashes). */
/*@ requires \valid(ctx);
    assigns *ctx; */
void qed_gimli_xof_wipe(qed_gimli_xof_ctx *ctx);

#ifdef __cplusplus
}
#endif
#endif
