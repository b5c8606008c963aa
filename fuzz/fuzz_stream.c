/* fuzz_stream: every streaming API against its one-shot form.
 *
 * Input: an algorithm byte, a backend byte, the parameters (key,
 * customization, output length...), a message (fuzz_input.h: may be much
 * longer than the input), then the split schedule.  For the hashes, XOFs
 * and MACs two streams run interleaved, each with its own split points (a
 * schedule byte says which one moves next), squeezing in pieces where the
 * API allows; both must give the one-shot bytes.  A refused parameter
 * (TurboSHAKE domain 0 or >= 0x80, a cSHAKE/CXOF customization too long,
 * Skein output length 0, ParallelHash block 0) must be refused alike by
 * the one-shot and the streaming forms, every output zeroed.  After the
 * output, update must refuse (-1).  AES-CTR, AES-GCM (both directions),
 * Ketje (session wrap, pieces, CAESAR one-shot), TupleHash (items whole or
 * announced and given in pieces), Salsa20/XSalsa20 (block counter
 * chaining), the bit-granular Keccak-p sponge (any width, rate and round
 * count; pieces of any bit length in and out) and Skein with every
 * optional field, bit-granular input and tree hashing (two split schedules
 * against each other, and the plain one-shot when no field is set) have
 * their own drivers below. */
#include <stdint.h>
#include <string.h>

#include "qed/qed.h"
#include "backend_switch.h"
#include "fuzz_input.h"

#define MAX_MSG 40000   /* KT/M14 chunks are 8192 bytes: five chunks     */
#define MAX_OUT 700     /* several squeeze blocks at every rate           */

typedef struct {
  uint8_t key[160];
  size_t keylen;
  const uint8_t *custom;
  size_t customlen;
  const uint8_t *name;
  size_t namelen;
  size_t outlen;
  size_t block;
  uint8_t domain;
} sparams;

/* Every context type, each a member (no type punning): one set per stream. */
typedef struct {
  qed_sha3_ctx sha3;
  qed_shake_ctx shake;
  qed_cshake_ctx cshake;
  qed_kmac_ctx kmac;
  qed_parallelhash_ctx ph;
  qed_turboshake_ctx ts;
  qed_kt_ctx kt;
  qed_ascon_hash_ctx ah;
  qed_ascon_xof_ctx ax;
  qed_gimli_hash_ctx gh;
  qed_gimli_xof_ctx gx;
  qed_sha256_ctx s256;
  qed_sha512_ctx s512;
  qed_skein_ctx sk;
  qed_poly1305_ctx poly;
} ctx_set;

typedef struct {
  const char *name;
  int (*oneshot)(uint8_t *out, const uint8_t *m, size_t mlen, const sparams *p);
  int (*init)(ctx_set *c, const sparams *p);
  int (*update)(ctx_set *c, const uint8_t *m, size_t n);
  int (*end)(ctx_set *c, const sparams *p);   /* KT: final(C); else NULL */
  int (*out)(ctx_set *c, uint8_t *o, size_t n);
  size_t fixed;   /* digest bytes, 0: p->outlen */
  int xof;        /* out may be called in pieces */
} stream_alg;

/* ---- SHA-3 and Keccak ---- */
#define SHA3(NAME, N)                                                         \
  static int os_##NAME(uint8_t *o, const uint8_t *m, size_t l, const sparams *p) \
  { (void)p; qed_##NAME(o, m, l); return 0; }                                 \
  static int in_##NAME(ctx_set *c, const sparams *p)                          \
  { (void)p; qed_##NAME##_init(&c->sha3); return 0; }
SHA3(sha3_224, 28) SHA3(sha3_256, 32) SHA3(sha3_384, 48) SHA3(sha3_512, 64)
SHA3(keccak_224, 28) SHA3(keccak_256, 32) SHA3(keccak_384, 48)
SHA3(keccak_512, 64)
static int up_sha3(ctx_set *c, const uint8_t *m, size_t n) { return qed_sha3_update(&c->sha3, m, n); }
static int out_sha3(ctx_set *c, uint8_t *o, size_t n)
{
  FUZZ_CHECK(qed_sha3_digest_bytes(&c->sha3) == n);
  return qed_sha3_final(&c->sha3, o);
}

/* ---- SHAKE, RawSHAKE ---- */
#define SHAKE(NAME)                                                           \
  static int os_##NAME(uint8_t *o, const uint8_t *m, size_t l, const sparams *p) \
  { qed_##NAME(o, p->outlen, m, l); return 0; }                               \
  static int in_##NAME(ctx_set *c, const sparams *p)                          \
  { (void)p; qed_##NAME##_init(&c->shake); return 0; }
SHAKE(shake128) SHAKE(shake256) SHAKE(rawshake128) SHAKE(rawshake256)
static int up_shake(ctx_set *c, const uint8_t *m, size_t n) { return qed_shake_update(&c->shake, m, n); }
static int out_shake(ctx_set *c, uint8_t *o, size_t n) { return qed_shake_squeeze(&c->shake, o, n); }

/* ---- cSHAKE ---- */
#define CSHAKE(B)                                                             \
  static int os_cshake##B(uint8_t *o, const uint8_t *m, size_t l, const sparams *p) \
  { qed_cshake##B(o, p->outlen, m, l, p->name, p->namelen, p->custom, p->customlen); return 0; } \
  static int in_cshake##B(ctx_set *c, const sparams *p)                       \
  { qed_cshake##B##_init(&c->cshake, p->name, p->namelen, p->custom, p->customlen); return 0; }
CSHAKE(128) CSHAKE(256)
static int up_cshake(ctx_set *c, const uint8_t *m, size_t n) { return qed_cshake_update(&c->cshake, m, n); }
static int out_cshake(ctx_set *c, uint8_t *o, size_t n) { return qed_cshake_squeeze(&c->cshake, o, n); }

/* ---- KMAC, KMACXOF ---- */
#define KMAC(NAME)                                                            \
  static int os_##NAME(uint8_t *o, const uint8_t *m, size_t l, const sparams *p) \
  { qed_##NAME(o, p->outlen, p->key, p->keylen, m, l, p->custom, p->customlen); return 0; } \
  static int in_##NAME(ctx_set *c, const sparams *p)                          \
  { qed_##NAME##_init(&c->kmac, p->key, p->keylen, p->custom, p->customlen); return 0; }
KMAC(kmac128) KMAC(kmac256) KMAC(kmacxof128) KMAC(kmacxof256)
static int up_kmac(ctx_set *c, const uint8_t *m, size_t n) { return qed_kmac_update(&c->kmac, m, n); }
static int fin_kmac(ctx_set *c, uint8_t *o, size_t n) { return qed_kmac_final(&c->kmac, o, n); }
static int sq_kmac(ctx_set *c, uint8_t *o, size_t n) { return qed_kmac_squeeze(&c->kmac, o, n); }

/* ---- ParallelHash ---- */
#define PH(NAME)                                                              \
  static int os_##NAME(uint8_t *o, const uint8_t *m, size_t l, const sparams *p) \
  { return qed_##NAME(o, p->outlen, m, l, p->block, p->custom, p->customlen); } \
  static int in_##NAME(ctx_set *c, const sparams *p)                          \
  { return qed_##NAME##_init(&c->ph, p->block, p->custom, p->customlen); }
PH(parallelhash128) PH(parallelhash256) PH(parallelhashxof128)
PH(parallelhashxof256)
static int up_ph(ctx_set *c, const uint8_t *m, size_t n) { return qed_parallelhash_update(&c->ph, m, n); }
static int fin_ph(ctx_set *c, uint8_t *o, size_t n) { return qed_parallelhash_final(&c->ph, o, n); }
static int sq_ph(ctx_set *c, uint8_t *o, size_t n) { return qed_parallelhash_squeeze(&c->ph, o, n); }

/* ---- TurboSHAKE ---- */
#define TS(B)                                                                 \
  static int os_ts##B(uint8_t *o, const uint8_t *m, size_t l, const sparams *p) \
  { return qed_turboshake##B(o, p->outlen, m, l, p->domain); }                \
  static int in_ts##B(ctx_set *c, const sparams *p)                           \
  { return qed_turboshake##B##_init(&c->ts, p->domain); }
TS(128) TS(256)
static int up_ts(ctx_set *c, const uint8_t *m, size_t n) { return qed_turboshake_update(&c->ts, m, n); }
static int sq_ts(ctx_set *c, uint8_t *o, size_t n) { return qed_turboshake_squeeze(&c->ts, o, n); }

/* ---- KT128, KT256, MarsupilamiFourteen ---- */
#define KT(NAME)                                                              \
  static int os_##NAME(uint8_t *o, const uint8_t *m, size_t l, const sparams *p) \
  { qed_##NAME(o, p->outlen, m, l, p->custom, p->customlen); return 0; }      \
  static int in_##NAME(ctx_set *c, const sparams *p)                          \
  { (void)p; qed_##NAME##_init(&c->kt); return 0; }
KT(kt128) KT(kt256) KT(m14)
static int up_kt(ctx_set *c, const uint8_t *m, size_t n) { return qed_kt_update(&c->kt, m, n); }
static int end_kt(ctx_set *c, const sparams *p) { return qed_kt_final(&c->kt, p->custom, p->customlen); }
static int sq_kt(ctx_set *c, uint8_t *o, size_t n) { return qed_kt_squeeze(&c->kt, o, n); }

/* ---- Ascon ---- */
static int os_ahash(uint8_t *o, const uint8_t *m, size_t l, const sparams *p) { (void)p; qed_ascon_hash256(o, m, l); return 0; }
static int in_ahash(ctx_set *c, const sparams *p) { (void)p; qed_ascon_hash256_init(&c->ah); return 0; }
static int up_ahash(ctx_set *c, const uint8_t *m, size_t n) { return qed_ascon_hash256_update(&c->ah, m, n); }
static int fin_ahash(ctx_set *c, uint8_t *o, size_t n) { (void)n; return qed_ascon_hash256_final(&c->ah, o); }
static int os_axof(uint8_t *o, const uint8_t *m, size_t l, const sparams *p) { qed_ascon_xof128(o, p->outlen, m, l); return 0; }
static int in_axof(ctx_set *c, const sparams *p) { (void)p; qed_ascon_xof128_init(&c->ax); return 0; }
static int os_acxof(uint8_t *o, const uint8_t *m, size_t l, const sparams *p) { return qed_ascon_cxof128(o, p->outlen, m, l, p->custom, p->customlen); }
static int in_acxof(ctx_set *c, const sparams *p) { return qed_ascon_cxof128_init(&c->ax, p->custom, p->customlen); }
static int up_axof(ctx_set *c, const uint8_t *m, size_t n) { return qed_ascon_xof_update(&c->ax, m, n); }
static int sq_axof(ctx_set *c, uint8_t *o, size_t n) { return qed_ascon_xof_squeeze(&c->ax, o, n); }

/* ---- Gimli ---- */
static int os_ghash(uint8_t *o, const uint8_t *m, size_t l, const sparams *p) { (void)p; qed_gimli_hash(o, m, l); return 0; }
static int in_ghash(ctx_set *c, const sparams *p) { (void)p; qed_gimli_hash_init(&c->gh); return 0; }
static int os_g24(uint8_t *o, const uint8_t *m, size_t l, const sparams *p) { (void)p; qed_gimli24v1_hash(o, m, l); return 0; }
static int in_g24(ctx_set *c, const sparams *p) { (void)p; qed_gimli24v1_hash_init(&c->gh); return 0; }
static int up_ghash(ctx_set *c, const uint8_t *m, size_t n) { return qed_gimli_hash_update(&c->gh, m, n); }
static int fin_ghash(ctx_set *c, uint8_t *o, size_t n) { (void)n; return qed_gimli_hash_final(&c->gh, o); }
static int os_gxof(uint8_t *o, const uint8_t *m, size_t l, const sparams *p) { qed_gimli_xof(o, p->outlen, m, l); return 0; }
static int in_gxof(ctx_set *c, const sparams *p) { (void)p; qed_gimli_xof_init(&c->gx); return 0; }
static int up_gxof(ctx_set *c, const uint8_t *m, size_t n) { return qed_gimli_xof_update(&c->gx, m, n); }
static int sq_gxof(ctx_set *c, uint8_t *o, size_t n) { return qed_gimli_xof_squeeze(&c->gx, o, n); }

/* ---- SHA-2 ---- */
#define SHA2(NAME, CTX)                                                       \
  static int os_##NAME(uint8_t *o, const uint8_t *m, size_t l, const sparams *p) \
  { (void)p; qed_##NAME(o, m, l); return 0; }                                 \
  static int in_##NAME(ctx_set *c, const sparams *p)                          \
  { (void)p; qed_##NAME##_init(&c->CTX); return 0; }
SHA2(sha224, s256) SHA2(sha256, s256) SHA2(sha384, s512) SHA2(sha512, s512)
SHA2(sha512_256, s512)
static int up_s256(ctx_set *c, const uint8_t *m, size_t n) { return qed_sha256_update(&c->s256, m, n); }
static int fin_s256(ctx_set *c, uint8_t *o, size_t n) { (void)n; return qed_sha256_final(&c->s256, o); }
static int up_s512(ctx_set *c, const uint8_t *m, size_t n) { return qed_sha512_update(&c->s512, m, n); }
static int fin_s512(ctx_set *c, uint8_t *o, size_t n) { (void)n; return qed_sha512_final(&c->s512, o); }

/* ---- Skein and Skein-MAC: any output length (0 is refused) ---- */
#define SKEIN(B)                                                              \
  static int os_skein##B(uint8_t *o, const uint8_t *m, size_t l, const sparams *p) \
  { return qed_skein##B(o, p->outlen, m, l); }                                \
  static int in_skein##B(ctx_set *c, const sparams *p)                        \
  { return qed_skein##B##_init(&c->sk, p->outlen); }                          \
  static int os_skeinmac##B(uint8_t *o, const uint8_t *m, size_t l, const sparams *p) \
  { return qed_skein##B##_mac(o, p->outlen, p->key, p->keylen, m, l); }       \
  static int in_skeinmac##B(ctx_set *c, const sparams *p)                     \
  {                                                                           \
    qed_skein_params sp;                                                      \
    memset(&sp, 0, sizeof sp);                                                \
    sp.key = p->key;                                                          \
    sp.keylen = p->keylen;                                                    \
    return qed_skein_init(&c->sk, B, p->outlen, &sp);                         \
  }
SKEIN(256) SKEIN(512) SKEIN(1024)
static int up_skein(ctx_set *c, const uint8_t *m, size_t n) { return qed_skein_update(&c->sk, m, n); }
static int fin_skein(ctx_set *c, uint8_t *o, size_t n) { (void)n; return qed_skein_final(&c->sk, o); }

/* ---- Poly1305 under both names ---- */
static int os_poly(uint8_t *o, const uint8_t *m, size_t l, const sparams *p) { return qed_crypto_onetimeauth(o, m, l, p->key); }
static int in_poly(ctx_set *c, const sparams *p) { qed_poly1305_init(&c->poly, p->key); return 0; }
static int up_poly(ctx_set *c, const uint8_t *m, size_t n) { return qed_poly1305_update(&c->poly, m, n); }
static int fin_poly(ctx_set *c, uint8_t *o, size_t n) { (void)n; return qed_poly1305_final(&c->poly, o); }
static int in_ota(ctx_set *c, const sparams *p) { return qed_crypto_onetimeauth_init(&c->poly, p->key); }
static int up_ota(ctx_set *c, const uint8_t *m, size_t n) { return qed_crypto_onetimeauth_update(&c->poly, m, n); }
static int fin_ota(ctx_set *c, uint8_t *o, size_t n) { (void)n; return qed_crypto_onetimeauth_final(&c->poly, o); }

static const stream_alg ALGS[] = {
  { "sha3-224", os_sha3_224, in_sha3_224, up_sha3, NULL, out_sha3, 28, 0 },
  { "sha3-256", os_sha3_256, in_sha3_256, up_sha3, NULL, out_sha3, 32, 0 },
  { "sha3-384", os_sha3_384, in_sha3_384, up_sha3, NULL, out_sha3, 48, 0 },
  { "sha3-512", os_sha3_512, in_sha3_512, up_sha3, NULL, out_sha3, 64, 0 },
  { "keccak-224", os_keccak_224, in_keccak_224, up_sha3, NULL, out_sha3, 28, 0 },
  { "keccak-256", os_keccak_256, in_keccak_256, up_sha3, NULL, out_sha3, 32, 0 },
  { "keccak-384", os_keccak_384, in_keccak_384, up_sha3, NULL, out_sha3, 48, 0 },
  { "keccak-512", os_keccak_512, in_keccak_512, up_sha3, NULL, out_sha3, 64, 0 },
  { "shake128", os_shake128, in_shake128, up_shake, NULL, out_shake, 0, 1 },
  { "shake256", os_shake256, in_shake256, up_shake, NULL, out_shake, 0, 1 },
  { "rawshake128", os_rawshake128, in_rawshake128, up_shake, NULL, out_shake, 0, 1 },
  { "rawshake256", os_rawshake256, in_rawshake256, up_shake, NULL, out_shake, 0, 1 },
  { "cshake128", os_cshake128, in_cshake128, up_cshake, NULL, out_cshake, 0, 1 },
  { "cshake256", os_cshake256, in_cshake256, up_cshake, NULL, out_cshake, 0, 1 },
  { "kmac128", os_kmac128, in_kmac128, up_kmac, NULL, fin_kmac, 0, 0 },
  { "kmac256", os_kmac256, in_kmac256, up_kmac, NULL, fin_kmac, 0, 0 },
  { "kmacxof128", os_kmacxof128, in_kmacxof128, up_kmac, NULL, sq_kmac, 0, 1 },
  { "kmacxof256", os_kmacxof256, in_kmacxof256, up_kmac, NULL, sq_kmac, 0, 1 },
  { "parallelhash128", os_parallelhash128, in_parallelhash128, up_ph, NULL, fin_ph, 0, 0 },
  { "parallelhash256", os_parallelhash256, in_parallelhash256, up_ph, NULL, fin_ph, 0, 0 },
  { "parallelhashxof128", os_parallelhashxof128, in_parallelhashxof128, up_ph, NULL, sq_ph, 0, 1 },
  { "parallelhashxof256", os_parallelhashxof256, in_parallelhashxof256, up_ph, NULL, sq_ph, 0, 1 },
  { "turboshake128", os_ts128, in_ts128, up_ts, NULL, sq_ts, 0, 1 },
  { "turboshake256", os_ts256, in_ts256, up_ts, NULL, sq_ts, 0, 1 },
  { "kt128", os_kt128, in_kt128, up_kt, end_kt, sq_kt, 0, 1 },
  { "kt256", os_kt256, in_kt256, up_kt, end_kt, sq_kt, 0, 1 },
  { "m14", os_m14, in_m14, up_kt, end_kt, sq_kt, 0, 1 },
  { "ascon-hash256", os_ahash, in_ahash, up_ahash, NULL, fin_ahash, 32, 0 },
  { "ascon-xof128", os_axof, in_axof, up_axof, NULL, sq_axof, 0, 1 },
  { "ascon-cxof128", os_acxof, in_acxof, up_axof, NULL, sq_axof, 0, 1 },
  { "gimli-hash", os_ghash, in_ghash, up_ghash, NULL, fin_ghash, 32, 0 },
  { "gimli24v1-hash", os_g24, in_g24, up_ghash, NULL, fin_ghash, 32, 0 },
  { "gimli-xof", os_gxof, in_gxof, up_gxof, NULL, sq_gxof, 0, 1 },
  { "sha224", os_sha224, in_sha224, up_s256, NULL, fin_s256, 28, 0 },
  { "sha256", os_sha256, in_sha256, up_s256, NULL, fin_s256, 32, 0 },
  { "sha384", os_sha384, in_sha384, up_s512, NULL, fin_s512, 48, 0 },
  { "sha512", os_sha512, in_sha512, up_s512, NULL, fin_s512, 64, 0 },
  { "sha512-256", os_sha512_256, in_sha512_256, up_s512, NULL, fin_s512, 32, 0 },
  { "skein256", os_skein256, in_skein256, up_skein, NULL, fin_skein, 0, 0 },
  { "skein512", os_skein512, in_skein512, up_skein, NULL, fin_skein, 0, 0 },
  { "skein1024", os_skein1024, in_skein1024, up_skein, NULL, fin_skein, 0, 0 },
  { "skein256-mac", os_skeinmac256, in_skeinmac256, up_skein, NULL, fin_skein, 0, 0 },
  { "skein512-mac", os_skeinmac512, in_skeinmac512, up_skein, NULL, fin_skein, 0, 0 },
  { "skein1024-mac", os_skeinmac1024, in_skeinmac1024, up_skein, NULL, fin_skein, 0, 0 },
  { "poly1305", os_poly, in_poly, up_poly, NULL, fin_poly, 16, 0 },
  { "onetimeauth", os_poly, in_ota, up_ota, NULL, fin_ota, 16, 0 },
};
#define NALGS (sizeof ALGS / sizeof ALGS[0])

static uint8_t msg[MAX_MSG];
static ctx_set ctxs[2];

/* Two streams of one algorithm, interleaved, against the one-shot form. */
static void run_hash(const stream_alg *a, fuzz_in *in, const sparams *p,
                     size_t mlen)
{
  const size_t outlen = a->fixed ? a->fixed : p->outlen;
  uint8_t want[MAX_OUT], got[2][MAX_OUT];
  memset(want, 0xA5, sizeof want);
  memset(got, 0x5A, sizeof got);
  const int rc = a->oneshot(want, msg, mlen, p);
  FUZZ_CHECK(rc == 0 || rc == -1);
  if (rc != 0)
    FUZZ_CHECK(fuzz_is_zero(want, outlen));

  /* per stream: message bytes given, output bytes taken, and the stage:
   * 0 absorbing, 1 giving output, 2 done */
  size_t pos[2] = { 0, 0 }, opos[2] = { 0, 0 };
  int stage[2] = { 0, 0 };
  for (int s = 0; s < 2; s++)
    FUZZ_CHECK(a->init(&ctxs[s], p) == rc);
  for (unsigned turn = 0; stage[0] != 2 || stage[1] != 2; turn++) {
    /* which stream moves: from the input, alternating once it is spent */
    int s = in->n ? fuzz_u8(in) & 1 : (int)(turn & 1);
    if (stage[s] == 2)
      s ^= 1;
    ctx_set *c = &ctxs[s];
    if (stage[s] == 0 && pos[s] < mlen) {
      const size_t k = fuzz_piece(in, mlen - pos[s]);
      FUZZ_CHECK(a->update(c, msg + pos[s], k) == rc);
      pos[s] += k;
    } else if (stage[s] == 0) {
      if (a->end != NULL)
        FUZZ_CHECK(a->end(c, p) == rc);
      stage[s] = 1;
    } else if (a->xof) {
      /* pieces, zero-length ones included; a squeeze of nothing still
       * answers */
      const size_t k = fuzz_piece(in, outlen - opos[s]);
      FUZZ_CHECK(a->out(c, got[s] + opos[s], k) == rc);
      opos[s] += k;
      if (opos[s] == outlen)
        stage[s] = 2;
    } else {
      FUZZ_CHECK(a->out(c, got[s], outlen) == rc);
      opos[s] = outlen;
      stage[s] = 2;
    }
  }
  for (int s = 0; s < 2; s++) {
    FUZZ_CHECK(memcmp(got[s], want, outlen) == 0);
    /* no message after the output has started */
    FUZZ_CHECK(a->update(&ctxs[s], msg, mlen ? 1 : 0) == -1);
  }
}

/* ---- TupleHash: items whole (add) or announced and given in pieces ---- */
static void run_tuplehash(unsigned which, fuzz_in *in, const sparams *p,
                          size_t mlen)
{
  qed_slice items[64];
  size_t count = 0, pos = 0;
  while (count < 64 && pos < mlen && in->n) {
    const size_t k = fuzz_piece(in, mlen - pos);
    items[count].ptr = msg + pos;
    items[count].len = k;
    count++;
    pos += k;
  }
  const size_t outlen = p->outlen;
  uint8_t want[MAX_OUT], got[MAX_OUT];
  const int xof = which >= 2;
  typedef void (*oneshot)(uint8_t *, size_t, const qed_slice *, size_t,
                          const uint8_t *, size_t);
  typedef void (*init)(qed_tuplehash_ctx *, const uint8_t *, size_t);
  static const oneshot os[4] = { qed_tuplehash128, qed_tuplehash256,
                                 qed_tuplehashxof128, qed_tuplehashxof256 };
  static const init ini[4] = { qed_tuplehash128_init, qed_tuplehash256_init,
                               qed_tuplehashxof128_init,
                               qed_tuplehashxof256_init };
  os[which](want, outlen, items, count, p->custom, p->customlen);
  qed_tuplehash_ctx c;
  ini[which](&c, p->custom, p->customlen);
  for (size_t i = 0; i < count; i++) {
    if (fuzz_u8(in) & 1) {
      FUZZ_CHECK(qed_tuplehash_add(&c, items[i].ptr, items[i].len) == 0);
      continue;
    }
    FUZZ_CHECK(qed_tuplehash_begin_item(&c, items[i].len) == 0);
    size_t done = 0;
    while (done < items[i].len) {
      const size_t k = fuzz_piece(in, items[i].len - done);
      if (k == 0 && done < items[i].len) {
        /* an incomplete item: output refused, outputs zeroed */
        uint8_t z[8];
        memset(z, 0x77, sizeof z);
        FUZZ_CHECK((xof ? qed_tuplehash_squeeze(&c, z, 8)
                        : qed_tuplehash_final(&c, z, 8)) == -1);
        FUZZ_CHECK(fuzz_is_zero(z, 8));
      }
      FUZZ_CHECK(qed_tuplehash_item_update(&c, items[i].ptr + done, k) == 0);
      done += k;
    }
    /* one byte more than announced is refused */
    FUZZ_CHECK(qed_tuplehash_item_update(&c, msg, 1) == -1);
  }
  if (!xof) {
    FUZZ_CHECK(qed_tuplehash_final(&c, got, outlen) == 0);
  } else {
    size_t o = 0;
    do {
      const size_t k = fuzz_piece(in, outlen - o);
      FUZZ_CHECK(qed_tuplehash_squeeze(&c, got + o, k) == 0);
      o += k;
    } while (o < outlen);
    FUZZ_CHECK(qed_tuplehash_add(&c, msg, 0) == -1);
    qed_tuplehash_wipe(&c);
  }
  FUZZ_CHECK(memcmp(got, want, outlen) == 0);
}

/* ---- AES-CTR streaming, AES-GCM streaming in both directions ---- */
static uint8_t buf1[MAX_MSG], buf2[MAX_MSG], buf3[MAX_MSG];

static void run_aes(unsigned which, fuzz_in *in, const sparams *p,
                    size_t mlen)
{
  qed_aes_ctx k;
  const size_t keylen = 16 + 8 * (p->keylen % 3);
  FUZZ_CHECK(qed_aes_init(&k, p->key, keylen) == 0);
  if (which == 0) {                               /* CTR */
    uint8_t ctr[16], ctr1[16];
    memcpy(ctr, p->key + 32, 16);
    memcpy(ctr1, ctr, 16);
    qed_aes_ctr_xor(&k, ctr1, buf1, msg, mlen);
    qed_aes_ctr_state st;
    qed_aes_ctr_init(&st, ctr);
    size_t pos = 0;
    do {
      const size_t n = fuzz_piece(in, mlen - pos);
      qed_aes_ctr_update(&st, &k, buf2 + pos, msg + pos, n);
      pos += n;
    } while (pos < mlen);
    FUZZ_CHECK(memcmp(buf1, buf2, mlen) == 0);
    /* the one-shot form chains over whole blocks */
    memcpy(ctr1, ctr, 16);
    const size_t half = (mlen / 2) & ~(size_t)15;
    qed_aes_ctr_xor(&k, ctr1, buf3, msg, half);
    qed_aes_ctr_xor(&k, ctr1, buf3 + half, msg + half, mlen - half);
    FUZZ_CHECK(memcmp(buf1, buf3, mlen) == 0);
    qed_aes_ctr_wipe(&st);
    qed_aes_wipe(&k);
    return;
  }
  /* GCM: the IV is the customization string (any length; 0 is refused) */
  const uint8_t *iv = p->custom, *ad = p->name;
  const size_t ivlen = p->customlen, adlen = p->namelen;
  uint8_t tag[16], tag2[16];
  const int rc = qed_aes_gcm_encrypt(&k, buf1, tag, msg, mlen, ad, adlen, iv, ivlen);
  FUZZ_CHECK(rc == (ivlen == 0 ? -1 : 0));
  qed_aes_gcm_state st;
  FUZZ_CHECK(qed_aes_gcm_init(&st, &k, iv, ivlen) == rc);
  size_t pos = 0;
  do {
    const size_t n = fuzz_piece(in, adlen - pos);
    FUZZ_CHECK(qed_aes_gcm_update_ad(&st, ad + pos, n) == rc);
    pos += n;
  } while (pos < adlen);
  pos = 0;
  do {
    const size_t n = fuzz_piece(in, mlen - pos);
    FUZZ_CHECK(qed_aes_gcm_encrypt_update(&st, &k, buf2 + pos, msg + pos, n) == rc);
    pos += n;
  } while (pos < mlen);
  FUZZ_CHECK(qed_aes_gcm_encrypt_final(&st, tag2) == rc);
  FUZZ_CHECK(memcmp(buf1, buf2, mlen) == 0 && memcmp(tag, tag2, 16) == 0);
  if (rc != 0) {
    FUZZ_CHECK(fuzz_is_zero(buf1, mlen) && fuzz_is_zero(tag, 16));
    qed_aes_wipe(&k);
    return;
  }
  /* decryption in pieces gives the message back and accepts the tag */
  FUZZ_CHECK(qed_aes_gcm_init(&st, &k, iv, ivlen) == 0);
  pos = 0;
  do {
    const size_t n = fuzz_piece(in, adlen - pos);
    FUZZ_CHECK(qed_aes_gcm_update_ad(&st, ad + pos, n) == 0);
    pos += n;
  } while (pos < adlen);
  pos = 0;
  do {
    const size_t n = fuzz_piece(in, mlen - pos);
    FUZZ_CHECK(qed_aes_gcm_decrypt_update(&st, &k, buf3 + pos, buf1 + pos, n) == 0);
    pos += n;
  } while (pos < mlen);
  FUZZ_CHECK(qed_aes_gcm_decrypt_final(&st, tag) == 0);
  FUZZ_CHECK(memcmp(buf3, msg, mlen) == 0);
  /* and the state is closed */
  FUZZ_CHECK(qed_aes_gcm_update_ad(&st, ad, 0) == -1);
  qed_aes_wipe(&k);
}

/* ---- Ketje: CAESAR one-shot == session wrap == pieces; unwrap ---- */
static void run_ketje(unsigned v, fuzz_in *in, const sparams *p, size_t mlen)
{
  static const size_t keyb[4] = { 12, 16, 16, 16 };
  static const size_t nonceb[4] = { 10, 31, 81, 181 };
  static const size_t tagb[4] = { 12, 16, 16, 16 };
  const uint8_t *key = p->key;
  uint8_t nonce[181];
  for (size_t i = 0; i < sizeof nonce; i++)
    nonce[i] = (uint8_t)(p->key[i % sizeof p->key] + i);
  const uint8_t *ad = p->name;
  const size_t adlen = p->namelen, taglen = tagb[v];
  uint8_t tag1[16], tag2[16], tag3[16];
  int rc;
  switch (v) {
  case 0: rc = qed_ketje_jr_encrypt(buf1, tag1, msg, mlen, ad, adlen, nonce, key); break;
  case 1: rc = qed_ketje_sr_encrypt(buf1, tag1, msg, mlen, ad, adlen, nonce, key); break;
  case 2: rc = qed_ketje_minor_encrypt(buf1, tag1, msg, mlen, ad, adlen, nonce, key); break;
  default: rc = qed_ketje_major_encrypt(buf1, tag1, msg, mlen, ad, adlen, nonce, key); break;
  }
  FUZZ_CHECK(rc == 0);
  qed_ketje_ctx a, b;
  FUZZ_CHECK(qed_ketje_init(&a, (qed_ketje_variant)v, key, keyb[v], nonce, nonceb[v]) == 0);
  FUZZ_CHECK(qed_ketje_wrap(&a, buf2, tag2, taglen, ad, adlen, msg, mlen) == 0);
  FUZZ_CHECK(memcmp(buf1, buf2, mlen) == 0 && memcmp(tag1, tag2, taglen) == 0);
  FUZZ_CHECK(qed_ketje_init(&b, (qed_ketje_variant)v, key, keyb[v], nonce, nonceb[v]) == 0);
  size_t pos = 0;
  do {
    const size_t n = fuzz_piece(in, adlen - pos);
    FUZZ_CHECK(qed_ketje_ad_update(&b, ad + pos, n) == 0);
    pos += n;
  } while (pos < adlen);
  pos = 0;
  do {
    const size_t n = fuzz_piece(in, mlen - pos);
    FUZZ_CHECK(qed_ketje_encrypt_update(&b, buf3 + pos, msg + pos, n) == 0);
    pos += n;
  } while (pos < mlen);
  FUZZ_CHECK(qed_ketje_encrypt_final(&b, tag3, taglen) == 0);
  FUZZ_CHECK(memcmp(buf1, buf3, mlen) == 0 && memcmp(tag1, tag3, taglen) == 0);
  /* a second message of the session: one call == pieces (tag of any
   * length >= 8 from the input) */
  const size_t tl2 = 8 + fuzz_u8(in) % 9;
  const size_t m2 = mlen / 2;
  FUZZ_CHECK(qed_ketje_wrap(&a, buf2, tag2, tl2, msg, m2, msg + m2, mlen - m2) == 0);
  FUZZ_CHECK(qed_ketje_ad_update(&b, msg, m2) == 0);
  pos = m2;
  do {
    const size_t n = fuzz_piece(in, mlen - pos);
    FUZZ_CHECK(qed_ketje_encrypt_update(&b, buf3 + pos - m2, msg + pos, n) == 0);
    pos += n;
  } while (pos < mlen);
  FUZZ_CHECK(qed_ketje_encrypt_final(&b, tag3, tl2) == 0);
  FUZZ_CHECK(memcmp(buf2, buf3, mlen - m2) == 0 && memcmp(tag2, tag3, tl2) == 0);
  /* the receiver, in pieces: the first message back, its tag accepted */
  FUZZ_CHECK(qed_ketje_init(&b, (qed_ketje_variant)v, key, keyb[v], nonce, nonceb[v]) == 0);
  FUZZ_CHECK(qed_ketje_ad_update(&b, ad, adlen) == 0);
  pos = 0;
  do {
    const size_t n = fuzz_piece(in, mlen - pos);
    FUZZ_CHECK(qed_ketje_decrypt_update(&b, buf3 + pos, buf1 + pos, n) == 0);
    pos += n;
  } while (pos < mlen);
  FUZZ_CHECK(qed_ketje_decrypt_final(&b, tag1, taglen) == 0);
  FUZZ_CHECK(memcmp(buf3, msg, mlen) == 0);
  qed_ketje_wipe(&a);
  qed_ketje_wipe(&b);
}

/* ---- Salsa20/XSalsa20: whole blocks chain through the counter ---- */
static void run_salsa(unsigned x, fuzz_in *in, const sparams *p, size_t mlen)
{
  const uint8_t *key = p->key, *nonce = p->key + 32;
  uint64_t ic = 0;
  for (int i = 0; i < 8; i++)
    ic = (ic << 8) | p->key[80 + i];
  if (fuzz_u8(in) & 1)
    ic = UINT64_MAX - (ic & 7);   /* the 64-bit counter wraps */
  if (x)
    qed_crypto_stream_xsalsa20_xor_ic(buf1, msg, mlen, nonce, ic, key);
  else
    qed_crypto_stream_salsa20_xor_ic(buf1, msg, mlen, nonce, ic, key);
  size_t pos = 0;
  uint64_t c = ic;
  do {
    size_t n = fuzz_piece(in, mlen - pos);
    if (pos + n < mlen)
      n &= ~(size_t)63;            /* all pieces but the last whole blocks */
    if (x)
      qed_crypto_stream_xsalsa20_xor_ic(buf2 + pos, msg + pos, n, nonce, c, key);
    else
      qed_crypto_stream_salsa20_xor_ic(buf2 + pos, msg + pos, n, nonce, c, key);
    c += n / 64;
    pos += n;
    if (n == 0 && in->n == 0)
      break;
  } while (pos < mlen);
  if (pos < mlen) {
    if (x)
      qed_crypto_stream_xsalsa20_xor_ic(buf2 + pos, msg + pos, mlen - pos, nonce, c, key);
    else
      qed_crypto_stream_salsa20_xor_ic(buf2 + pos, msg + pos, mlen - pos, nonce, c, key);
  }
  FUZZ_CHECK(memcmp(buf1, buf2, mlen) == 0);
}

/* ---- Keccak-p sponge, bit-granular: any width, rate, rounds ---- */

/* k bits of src from bit offset off, to the low bits of dst (LSB first) */
static void take_bits(uint8_t *dst, const uint8_t *src, size_t off, size_t k)
{
  memset(dst, 0, (k + 7) / 8);
  for (size_t i = 0; i < k; i++) {
    const size_t j = off + i;
    dst[i / 8] |= (uint8_t)(((src[j / 8] >> (j % 8)) & 1) << (i % 8));
  }
}

static void put_bits(uint8_t *dst, size_t off, const uint8_t *src, size_t k)
{
  for (size_t i = 0; i < k; i++) {
    const size_t j = off + i;
    const unsigned bit = (src[i / 8] >> (i % 8)) & 1;
    dst[j / 8] = (uint8_t)((dst[j / 8] & ~(1u << (j % 8))) | (bit << (j % 8)));
  }
}

static void run_keccak_p(fuzz_in *in, const sparams *p, size_t mlen)
{
  static const size_t widths[7] = { 25, 50, 100, 200, 400, 800, 1600 };
  const size_t width = widths[p->key[0] % 7];
  const size_t rate = 1 + (p->key[1] | (size_t)p->key[2] << 8) % width;
  const unsigned rounds = 1 + p->key[3] % 25;       /* > 12 + 2l refused */
  /* inbits: the message plus 0..7 bits, outbits: bit-granular */
  const size_t inbits = mlen > 4000 ? 4000 * 8 : mlen * 8 - (mlen ? p->key[4] % 8 : 0);
  const size_t outbits = p->outlen * 8 - (p->outlen ? p->key[5] % 8 : 0);
  static uint8_t piece[4096];   /* an input piece: up to 4000 bytes */
  uint8_t want[MAX_OUT], got[MAX_OUT];
  memset(want, 0x33, sizeof want);
  const int rc = qed_keccak_p_sponge(want, outbits, msg, inbits, width, rate, rounds);
  FUZZ_CHECK(rc == 0 || rc == -1);
  qed_keccak_p_sponge_ctx c;
  FUZZ_CHECK(qed_keccak_p_sponge_init(&c, width, rate, rounds) == rc);
  size_t pos = 0;
  do {
    size_t k = fuzz_piece(in, (inbits - pos + 7) / 8) * 8;
    if (fuzz_u8(in) & 1)
      k = k ? k - fuzz_u8(in) % 8 : fuzz_u8(in) % 8;  /* not whole bytes */
    if (k > inbits - pos)
      k = inbits - pos;
    take_bits(piece, msg, pos, k);
    if (k % 8 == 0 && (fuzz_u8(in) & 1))
      FUZZ_CHECK(qed_keccak_p_sponge_absorb(&c, piece, k / 8) == rc);
    else
      FUZZ_CHECK(qed_keccak_p_sponge_absorb_bits(&c, piece, k) == rc);
    pos += k;
  } while (pos < inbits);
  memset(got, 0, sizeof got);
  size_t opos = 0;
  do {
    size_t k = fuzz_piece(in, (outbits - opos + 7) / 8) * 8;
    if (fuzz_u8(in) & 1)
      k = k ? k - fuzz_u8(in) % 8 : fuzz_u8(in) % 8;
    if (k > outbits - opos)
      k = outbits - opos;
    memset(piece, 0x44, MAX_OUT);
    if (k % 8 == 0 && (fuzz_u8(in) & 1)) {
      FUZZ_CHECK(qed_keccak_p_sponge_squeeze(&c, piece, k / 8) == rc);
    } else {
      FUZZ_CHECK(qed_keccak_p_sponge_squeeze_bits(&c, piece, k) == rc);
    }
    if (rc != 0)
      FUZZ_CHECK(fuzz_is_zero(piece, (k + 7) / 8));
    else if (k % 8)
      FUZZ_CHECK((piece[k / 8] >> (k % 8)) == 0);  /* high bits are 0 */
    put_bits(got, opos, piece, k);
    opos += k;
  } while (opos < outbits);
  if (rc == 0)
    FUZZ_CHECK(memcmp(got, want, (outbits + 7) / 8) == 0);
  else
    FUZZ_CHECK(fuzz_is_zero(want, (outbits + 7) / 8));
  /* absorbing after squeezing is refused, even when every squeeze was of
   * 0 bytes or bits */
  FUZZ_CHECK(qed_keccak_p_sponge_absorb(&c, msg, 0) == -1);
  qed_keccak_p_sponge_wipe(&c);
}

/* ---- Skein with every optional field, bit-granular input, and tree
 * hashing: no one-shot form, so two split schedules must agree ---- */
static qed_skein_tree_ctx trees[2];

static void run_skein_full(unsigned tree, fuzz_in *in, const sparams *p,
                           size_t mlen)
{
  static const unsigned bits[3] = { 256, 512, 1024 };
  const unsigned sb = bits[p->key[0] % 3];
  qed_skein_params sp;
  memset(&sp, 0, sizeof sp);
  sp.key = p->key;
  sp.keylen = p->key[1] % 2 ? p->keylen : 0;
  sp.pers = p->custom;
  sp.perslen = p->customlen;
  sp.nonce = p->name;
  sp.noncelen = p->namelen;
  sp.pubkey = p->key + 100;
  sp.pubkeylen = p->key[2] % 61;
  uint8_t out[2][MAX_OUT];
  const size_t outlen = p->outlen;
  int rc = 0;
  if (tree) {
    sp.tree_leaf = (uint8_t)(p->key[3] % 58);      /* 0 and 57 refused */
    sp.tree_fan = (uint8_t)(p->key[4] % 58);
    sp.tree_max = (uint8_t)(p->key[5]);            /* 0 and 1 refused */
    const int ok = sp.tree_leaf >= 1 && sp.tree_leaf <= 56 &&
                   sp.tree_fan >= 1 && sp.tree_fan <= 56 &&
                   sp.tree_max >= 2 && outlen >= 1;
    for (int s = 0; s < 2; s++) {
      rc = qed_skein_tree_init(&trees[s], sb, outlen, &sp);
      FUZZ_CHECK(rc == (ok ? 0 : -1));
      size_t pos = 0;
      do {
        const size_t k = fuzz_piece(in, mlen - pos);
        FUZZ_CHECK(qed_skein_tree_update(&trees[s], msg + pos, k) == rc);
        pos += k;
      } while (pos < mlen);
      memset(out[s], 0x55, outlen);
      FUZZ_CHECK(qed_skein_tree_final(&trees[s], out[s]) == rc);
    }
  } else {
    /* the last byte partial for both streams: nbits % 8 from the key */
    const size_t tail = mlen ? p->key[6] % 8 : 0;
    const size_t whole = tail ? mlen - 1 : mlen;
    qed_skein_ctx c[2];
    for (int s = 0; s < 2; s++) {
      rc = qed_skein_init(&c[s], sb, outlen, &sp);
      FUZZ_CHECK(rc == (outlen >= 1 ? 0 : -1));
      size_t pos = 0;
      do {
        const size_t k = fuzz_piece(in, whole - pos);
        if (s == 1 && (fuzz_u8(in) & 1))
          FUZZ_CHECK(qed_skein_update_bits(&c[s], msg + pos, 8 * k) == rc);
        else
          FUZZ_CHECK(qed_skein_update(&c[s], msg + pos, k) == rc);
        pos += k;
      } while (pos < whole);
      if (tail) {
        FUZZ_CHECK(qed_skein_update_bits(&c[s], msg + whole, tail) == rc);
        /* a partial byte ends the input */
        FUZZ_CHECK(qed_skein_update(&c[s], msg, 1) == -1);
      }
      memset(out[s], 0x55, outlen);
      FUZZ_CHECK(qed_skein_final(&c[s], out[s]) == rc);
    }
    if (sp.keylen + sp.perslen + sp.noncelen + sp.pubkeylen == 0 && !tail &&
        rc == 0) {
      uint8_t want[MAX_OUT];
      const int r2 = sb == 256 ? qed_skein256(want, outlen, msg, mlen)
                   : sb == 512 ? qed_skein512(want, outlen, msg, mlen)
                               : qed_skein1024(want, outlen, msg, mlen);
      FUZZ_CHECK(r2 == 0 && memcmp(want, out[0], outlen) == 0);
    }
  }
  /* (a refused init leaves a context whose output length is 0: final
   * then has no byte to zero, so out is only compared) */
  FUZZ_CHECK(memcmp(out[0], out[1], outlen) == 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  fuzz_in in = { data, size };
  const unsigned sel = fuzz_u8(&in);
  const unsigned nsel = (unsigned)NALGS + 4 + 2 + 4 + 2 + 1 + 2;
  const unsigned alg = sel % nsel;
  const unsigned level = fuzz_u8(&in) % (qed_fuzz_backend_max() + 1);
  qed_fuzz_backend_cap = level;

  sparams p;
  fuzz_fill(&in, p.key, sizeof p.key);
  p.keylen = fuzz_u8(&in) % (sizeof p.key + 1);
  p.custom = fuzz_bytes(&in, 300, &p.customlen);
  p.name = fuzz_bytes(&in, 300, &p.namelen);
  p.outlen = fuzz_u16(&in) % (MAX_OUT + 1);
  p.block = fuzz_u16(&in) % 9000;     /* ParallelHash B: 0 is refused */
  p.domain = fuzz_u8(&in);            /* TurboSHAKE: 0, >= 0x80 refused */
  /* the tree modes and ParallelHash need long messages; the rest do not */
  const size_t mlen = fuzz_message(&in, msg, MAX_MSG);

  if (alg < NALGS)
    run_hash(&ALGS[alg], &in, &p, mlen);
  else if (alg < NALGS + 4)
    run_tuplehash(alg - NALGS, &in, &p, mlen);
  else if (alg < NALGS + 6)
    run_aes(alg - NALGS - 4, &in, &p, mlen);
  else if (alg < NALGS + 10)
    run_ketje(alg - NALGS - 6, &in, &p, mlen);
  else if (alg < NALGS + 12)
    run_salsa(alg - NALGS - 10, &in, &p, mlen);
  else if (alg == NALGS + 12)
    run_keccak_p(&in, &p, mlen);
  else
    run_skein_full(alg - NALGS - 13, &in, &p, mlen);
  qed_fuzz_backend_cap = 2;
  return 0;
}
