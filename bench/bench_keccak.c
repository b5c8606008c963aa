/* Bench rows of the Keccak family (bench/harness.h).
 *
 * Against OpenSSL: SHA3-256/512 and SHAKE128/256 (32 bytes of output) via
 * EVP_DigestInit_ex + Update + Final/FinalXOF on one EVP_MD_CTX with the
 * MD fetched once (OpenSSL 3.0 frees and re-allocates the provider context
 * at every init otherwise); KMAC128/256 via EVP_MAC (init with the key,
 * update, final); the permutation via SHA3_absorb of one 8-byte block from
 * libcrypto.a's keccak1600-x86_64.o (one lane XOR + the permutation; mk/
 * bench.mk extracts it when it can, else the row has no comparison).
 *
 * Against qed itself, for the targets of the Keccak-family issue: KT128 and
 * TurboSHAKE128 against SHAKE128 (half the rounds: target 0.55 of SHAKE128
 * on the portable path, so these rows are also run under
 * QED_BACKEND=portable), KT256, MarsupilamiFourteen and TurboSHAKE256
 * against SHAKE256.  OpenSSL 3.0 has no cSHAKE, TupleHash, ParallelHash nor
 * the RFC 9861 functions; for the speed issue's targets KT128, KT256 and
 * ParallelHash128 (B = 8192) are also timed against OpenSSL's SHA3-256 of
 * the same 1 MiB (targets 0.09, 0.12, 0.12), and SHA3-256 and SHAKE128 of
 * 1 MiB have the target 0.80 of OpenSSL. */
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include "harness.h"
#include "qed/qed.h"
#include "qed/keccak_xof.h"
#include "keccak/keccak_p1600.h"

/* OpenSSL's SHA3_absorb from its keccak1600-x86_64.o, linked in by
 * mk/bench.mk when it could be extracted; a null pointer otherwise. */
extern size_t SHA3_absorb(uint64_t *A, const unsigned char *inp, size_t len,
                          size_t r) __attribute__((weak));

#define XOF_OUT 32 /* bytes squeezed from the XOFs */

static EVP_MD *md_sha3_256, *md_sha3_512, *md_shake128, *md_shake256;
static EVP_MD_CTX *md_ctx;
static EVP_MAC *mac_kmac128, *mac_kmac256;
static EVP_MAC_CTX *kmac_ctx[2];
static uint64_t perm_state[25];
static const uint8_t zero_lane[8];
static const uint8_t kmac_key[32] = { 0x40, 0x41, 0x42, 0x43, 0x44, 0x45 };
static const uint8_t custom[] = "qed bench";

static void ossl_digest(EVP_MD *md, int xof, uint8_t *out, const uint8_t *in,
                        size_t n, unsigned long iters)
{
  int ok = 1;
  for (unsigned long i = 0; i < iters; i++) {
    ok &= EVP_DigestInit_ex(md_ctx, md, NULL);
    ok &= EVP_DigestUpdate(md_ctx, in, n);
    if (xof)
      ok &= EVP_DigestFinalXOF(md_ctx, out, XOF_OUT);
    else
      ok &= EVP_DigestFinal_ex(md_ctx, out, NULL);
  }
  if (!ok) memset(out, 0xee, XOF_OUT); /* fails the pre-timing check */
}

static void ossl_kmac(int which, uint8_t *out, const uint8_t *in, size_t n,
                      unsigned long iters)
{
  int ok = 1;
  size_t outl = 0;
  for (unsigned long i = 0; i < iters; i++) {
    ok &= EVP_MAC_init(kmac_ctx[which], kmac_key, sizeof kmac_key, NULL);
    ok &= EVP_MAC_update(kmac_ctx[which], in, n);
    ok &= EVP_MAC_final(kmac_ctx[which], out, &outl, XOF_OUT);
  }
  if (!ok || outl != XOF_OUT) memset(out, 0xee, XOF_OUT);
}

/* ---- qed ---- */
void bench_qed_sha3_256(uint8_t *o, const uint8_t *in, size_t n,
                        unsigned long it)
{ for (unsigned long i = 0; i < it; i++) qed_sha3_256(o, in, n); }
static void q_sha3_512(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{ for (unsigned long i = 0; i < it; i++) qed_sha3_512(o, in, n); }
void bench_qed_shake128(uint8_t *o, const uint8_t *in, size_t n,
                        unsigned long it)
{ for (unsigned long i = 0; i < it; i++) qed_shake128(o, XOF_OUT, in, n); }
static void q_shake256(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{ for (unsigned long i = 0; i < it; i++) qed_shake256(o, XOF_OUT, in, n); }
static void q_perm(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{
  (void)in; (void)n;
  for (unsigned long i = 0; i < it; i++) qed_keccak_p1600_permute(perm_state, 24);
  memcpy(o, perm_state, 8);
}
static void q_perm_portable(uint8_t *o, const uint8_t *in, size_t n,
                            unsigned long it)
{
  (void)in; (void)n;
  for (unsigned long i = 0; i < it; i++)
    qed_keccak_p1600_permute_portable(perm_state, 24);
  memcpy(o, perm_state, 8);
}
static void q_kmac128(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{
  for (unsigned long i = 0; i < it; i++)
    qed_kmac128(o, XOF_OUT, kmac_key, sizeof kmac_key, in, n, NULL, 0);
}
static void q_kmac256(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{
  for (unsigned long i = 0; i < it; i++)
    qed_kmac256(o, XOF_OUT, kmac_key, sizeof kmac_key, in, n, NULL, 0);
}
static void q_cshake128(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{
  for (unsigned long i = 0; i < it; i++)
    qed_cshake128(o, XOF_OUT, in, n, NULL, 0, custom, sizeof custom - 1);
}
static void q_tuplehash128(uint8_t *o, const uint8_t *in, size_t n,
                           unsigned long it)
{
  /* four items of a quarter each */
  qed_slice items[4];
  for (int k = 0; k < 4; k++) {
    items[k].ptr = in + (size_t)k * (n / 4);
    items[k].len = k < 3 ? n / 4 : n - 3 * (n / 4);
  }
  for (unsigned long i = 0; i < it; i++)
    qed_tuplehash128(o, XOF_OUT, items, 4, custom, sizeof custom - 1);
}
static void q_parallelhash128(uint8_t *o, const uint8_t *in, size_t n,
                              unsigned long it)
{
  for (unsigned long i = 0; i < it; i++)
    (void)qed_parallelhash128(o, XOF_OUT, in, n, 8192, NULL, 0);
}
static void q_turboshake128(uint8_t *o, const uint8_t *in, size_t n,
                            unsigned long it)
{
  for (unsigned long i = 0; i < it; i++)
    (void)qed_turboshake128(o, XOF_OUT, in, n, 0x1F);
}
static void q_turboshake256(uint8_t *o, const uint8_t *in, size_t n,
                            unsigned long it)
{
  for (unsigned long i = 0; i < it; i++)
    (void)qed_turboshake256(o, XOF_OUT, in, n, 0x1F);
}
static void q_kt128(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{ for (unsigned long i = 0; i < it; i++) qed_kt128(o, XOF_OUT, in, n, NULL, 0); }
static void q_kt256(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{ for (unsigned long i = 0; i < it; i++) qed_kt256(o, XOF_OUT, in, n, NULL, 0); }
static void q_m14(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{ for (unsigned long i = 0; i < it; i++) qed_m14(o, XOF_OUT, in, n, NULL, 0); }

/* ---- OpenSSL ---- */
static void o_sha3_256(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{ ossl_digest(md_sha3_256, 0, o, in, n, it); }
static void o_sha3_512(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{ ossl_digest(md_sha3_512, 0, o, in, n, it); }
static void o_shake128(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{ ossl_digest(md_shake128, 1, o, in, n, it); }
static void o_shake256(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{ ossl_digest(md_shake256, 1, o, in, n, it); }
static void o_kmac128(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{ ossl_kmac(0, o, in, n, it); }
static void o_kmac256(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{ ossl_kmac(1, o, in, n, it); }
static void o_perm(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{
  (void)in; (void)n;
  for (unsigned long i = 0; i < it; i++) SHA3_absorb(perm_state, zero_lane, 8, 8);
  memcpy(o, perm_state, 8);
}

#define KIB 1024
#define MIB 1048576
#define ROW_O(name, n, q, o, len) { name, n, q, o, "OpenSSL", len, 0, 0 }

static bench_row rows[] = {
  ROW_O("SHA3-256", 64, bench_qed_sha3_256, o_sha3_256, 32),
  ROW_O("SHA3-256", 1536, bench_qed_sha3_256, o_sha3_256, 32),
  ROW_O("SHA3-256", 64 * KIB, bench_qed_sha3_256, o_sha3_256, 32),
  { "SHA3-256", MIB, bench_qed_sha3_256, o_sha3_256, "OpenSSL", 32, 0.80, 0 },
  ROW_O("SHA3-512", 64, q_sha3_512, o_sha3_512, 64),
  ROW_O("SHA3-512", 1536, q_sha3_512, o_sha3_512, 64),
  ROW_O("SHA3-512", 64 * KIB, q_sha3_512, o_sha3_512, 64),
  ROW_O("SHA3-512", MIB, q_sha3_512, o_sha3_512, 64),
  ROW_O("SHAKE128", 64, bench_qed_shake128, o_shake128, XOF_OUT),
  ROW_O("SHAKE128", 1536, bench_qed_shake128, o_shake128, XOF_OUT),
  ROW_O("SHAKE128", 64 * KIB, bench_qed_shake128, o_shake128, XOF_OUT),
  { "SHAKE128", MIB, bench_qed_shake128, o_shake128, "OpenSSL", XOF_OUT, 0.80, 0 },
  ROW_O("SHAKE256", 64, q_shake256, o_shake256, XOF_OUT),
  ROW_O("SHAKE256", 1536, q_shake256, o_shake256, XOF_OUT),
  ROW_O("SHAKE256", 64 * KIB, q_shake256, o_shake256, XOF_OUT),
  ROW_O("SHAKE256", MIB, q_shake256, o_shake256, XOF_OUT),
  ROW_O("KMAC128", 64, q_kmac128, o_kmac128, XOF_OUT),
  ROW_O("KMAC128", 64 * KIB, q_kmac128, o_kmac128, XOF_OUT),
  ROW_O("KMAC256", 64, q_kmac256, o_kmac256, XOF_OUT),
  ROW_O("KMAC256", 64 * KIB, q_kmac256, o_kmac256, XOF_OUT),
  { "cSHAKE128", 64 * KIB, q_cshake128, NULL, NULL, 0, 0, 0 },
  { "TupleHash128 (4 items)", 64 * KIB, q_tuplehash128, NULL, NULL, 0, 0, 0 },
  { "ParallelHash128 (B=8192)", MIB, q_parallelhash128, NULL, NULL, 0, 0, 0 },
  { "TurboSHAKE128", 64, q_turboshake128, NULL, NULL, 0, 0, 0 },
  { "TurboSHAKE128", MIB, q_turboshake128, bench_qed_shake128, "qed SHAKE128", 0,
    0.55, 1 },
  { "TurboSHAKE256", MIB, q_turboshake256, q_shake256, "qed SHAKE256", 0, 0,
    1 },
  { "KT128", 64, q_kt128, NULL, NULL, 0, 0, 0 },
  { "KT128", 64 * KIB, q_kt128, NULL, NULL, 0, 0, 0 },
  { "KT128", MIB, q_kt128, bench_qed_shake128, "qed SHAKE128", 0, 0.55, 1 },
  { "KT256", MIB, q_kt256, q_shake256, "qed SHAKE256", 0, 0, 1 },
  { "MarsupilamiFourteen", MIB, q_m14, q_shake256, "qed SHAKE256", 0, 0, 1 },
  /* The speed issue's targets: the tree modes against OpenSSL's SHA3-256
   * on the same 1 MiB (different outputs: no check). */
  { "KT128", MIB, q_kt128, o_sha3_256, "OpenSSL SHA3-256", 0, 0.09, 0 },
  { "KT256", MIB, q_kt256, o_sha3_256, "OpenSSL SHA3-256", 0, 0.12, 0 },
  { "ParallelHash128 (B=8192)", MIB, q_parallelhash128, o_sha3_256,
    "OpenSSL SHA3-256", 0, 0.12, 0 },
  { "Keccak-p[1600,24] dispatched", 0, q_perm, o_perm, "OpenSSL asm", 0, 0, 0 },
  { "Keccak-p[1600,24] portable", 0, q_perm_portable, o_perm, "OpenSSL asm",
    0, 0, 0 },
  { NULL, 0, NULL, NULL, NULL, 0, 0, 0 } /* end, for keccak_setup */
};

static int keccak_setup(void)
{
  md_sha3_256 = EVP_MD_fetch(NULL, "SHA3-256", NULL);
  md_sha3_512 = EVP_MD_fetch(NULL, "SHA3-512", NULL);
  md_shake128 = EVP_MD_fetch(NULL, "SHAKE128", NULL);
  md_shake256 = EVP_MD_fetch(NULL, "SHAKE256", NULL);
  md_ctx = EVP_MD_CTX_new();
  mac_kmac128 = EVP_MAC_fetch(NULL, "KMAC-128", NULL);
  mac_kmac256 = EVP_MAC_fetch(NULL, "KMAC-256", NULL);
  if (!md_sha3_256 || !md_sha3_512 || !md_shake128 || !md_shake256 ||
      !md_ctx || !mac_kmac128 || !mac_kmac256) {
    fprintf(stderr, "bench keccak: OpenSSL lacks SHA-3 or KMAC\n");
    return -1;
  }
  kmac_ctx[0] = EVP_MAC_CTX_new(mac_kmac128);
  kmac_ctx[1] = EVP_MAC_CTX_new(mac_kmac256);
  size_t outlen = XOF_OUT;
  OSSL_PARAM params[2] = {
    OSSL_PARAM_construct_size_t(OSSL_MAC_PARAM_SIZE, &outlen),
    OSSL_PARAM_construct_end()
  };
  if (!kmac_ctx[0] || !kmac_ctx[1] ||
      !EVP_MAC_CTX_set_params(kmac_ctx[0], params) ||
      !EVP_MAC_CTX_set_params(kmac_ctx[1], params)) {
    fprintf(stderr, "bench keccak: cannot set up OpenSSL KMAC\n");
    return -1;
  }
  /* Keccak-f[1600] of the zero state starts with lane F1258F7940E1DDE7,
   * in every build and in OpenSSL's. */
  uint64_t s[3][25];
  memset(s, 0, sizeof s);
  qed_keccak_p1600_permute(s[0], 24);
  qed_keccak_p1600_permute_portable(s[1], 24);
  if (SHA3_absorb != NULL) {
    SHA3_absorb(s[2], zero_lane, 8, 8);
  } else { /* no OpenSSL permutation to compare with */
    memcpy(s[2], s[0], sizeof s[2]);
    for (size_t k = 0; rows[k].name != NULL; k++)
      if (rows[k].ref == o_perm) rows[k].ref = NULL;
  }
  if (s[0][0] != 0xF1258F7940E1DDE7u || memcmp(s[0], s[1], sizeof s[0]) ||
      memcmp(s[0], s[2], sizeof s[0])) {
    fprintf(stderr, "bench keccak: Keccak-p[1600,24] of the zero state is "
                    "wrong in one build (or OpenSSL's)\n");
    return -1;
  }
  return 0;
}

const bench_family bench_family_keccak = {
  "Keccak (SHA-3, SHAKE, SP 800-185, RFC 9861)", keccak_setup, rows,
  sizeof rows / sizeof rows[0] - 1
};
