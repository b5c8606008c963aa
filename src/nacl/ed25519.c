/* Ed25519 (RFC 8032, pure), with NaCl's crypto_sign interface and the
 * verification rules of libsodium 1.0.18 (qed/nacl.h says which).
 *
 * The secret key is seed || public key, as in NaCl and libsodium.  The
 * secret scalar a is the clamped first half of SHA-512(seed); the nonce r
 * is SHA-512(second half || M) mod L; R = [r]B; k = SHA-512(R || A || M)
 * mod L; S = r + k a mod L.  The two scalar multiplications by B are the
 * constant-time fixed-base one (ge25519_base.c); verification, on public
 * data only, uses the variable-time double multiplication
 * (ge25519_vartime.c).  Builds optimizing for size (-Os: QED_NACL_SMALL
 * is 1, nacl/curve25519_small.h) compute both, encodings in and out, with
 * the size-first radix-2^16 field and TweetNaCl's ladder instead
 * (curve25519_small.c): no table and none of the radix-2^51 code, much
 * slower signing and verification.  The byte-level checks of verification
 * (canonical S and A, small-order R and A) are the same in both.  Every
 * secret (hash of the seed, nonce) is wiped. */
#include <stddef.h>
#include <stdint.h>

#include "qed/nacl.h"
#include "qed/common.h"
#include "qed/sha2.h"
#include "nacl/ge25519.h"
#include "nacl/curve25519_small.h"
#include "nacl/sc25519.h"

/* az = SHA-512(seed), its first half clamped: a multiple of 8 in
 * [2^254, 2^255). */
/*@ requires \valid(az + (0 .. 63)) && \valid_read(seed + (0 .. 31));
    requires \separated(az + (0 .. 63), seed + (0 .. 31));
    assigns az[0 .. 63];
    ensures az[31] <= 127; */
static void ed25519_expand(uint8_t az[64], const uint8_t seed[32])
{
  qed_sha512(az, seed, 32);
  az[0] = (uint8_t)(az[0] & 248u);
  az[31] = (uint8_t)(az[31] % 64u + 64u);      /* bit 255 clear, 254 set */
}

int qed_crypto_sign_seed_keypair(uint8_t pk[32], uint8_t sk[64],
                                 const uint8_t seed[32])
{
  uint8_t az[64];
  qed_ge_p3 A;
  int i;
  ed25519_expand(az, seed);
  if (QED_NACL_SMALL) {
    qed_ed25519_small_base(pk, az);
  } else {
    qed_ge_scalarmult_base(&A, az);
    qed_ge_p3_tobytes(pk, &A);
  }
  /*@ loop invariant 0 <= i <= 32;
      loop assigns i, sk[0 .. 63];
      loop variant 32 - i; */
  for (i = 0; i < 32; i++) {
    sk[i] = seed[i];
    sk[32 + i] = pk[i];
  }
  qed_zeroize(az, sizeof az);
  return 0;
}

int qed_crypto_sign_keypair(uint8_t pk[32], uint8_t sk[64])
{
  uint8_t seed[32];
  if (qed_randombytes(seed, sizeof seed) != 0) {
    qed_zeroize(pk, 32);
    qed_zeroize(sk, 64);
    return -1;
  }
  (void)qed_crypto_sign_seed_keypair(pk, sk, seed);
  qed_zeroize(seed, sizeof seed);
  return 0;
}

/* out = SHA-512(a[0 .. 31] || b[0 .. 31] || m) mod L; -1 (out zeroed) if
 * the hash refuses the length. */
/*@ requires \valid(out + (0 .. 31));
    requires \valid_read(a + (0 .. 31)) && \valid_read(b + (0 .. 31));
    requires \valid_read(m + (0 .. mlen - 1));
    requires \separated(out + (0 .. 31), a + (0 .. 31));
    requires \separated(out + (0 .. 31), b + (0 .. 31));
    requires \separated(out + (0 .. 31), m + (0 .. mlen - 1));
    assigns out[0 .. 31];
    ensures \result == 0 || \result == -1; */
static int ed25519_hash_mod_l(uint8_t out[32], const uint8_t *a,
                              const uint8_t *b, const uint8_t *m, size_t mlen)
{
  qed_sha512_ctx h;
  uint8_t d[64];
  int r;
  qed_sha512_init(&h);
  r = qed_sha512_update(&h, a, 32);
  r |= qed_sha512_update(&h, b, 32);
  r |= qed_sha512_update(&h, m, mlen);
  r |= qed_sha512_final(&h, d);
  qed_sc25519_reduce(out, d);
  qed_zeroize(d, sizeof d);
  if (r != 0) {
    qed_zeroize(out, 32);
    return -1;
  }
  return 0;
}

/* The same with only a before m (the nonce: SHA-512(prefix || M)). */
/*@ requires \valid(out + (0 .. 31));
    requires \valid_read(a + (0 .. 31));
    requires \valid_read(m + (0 .. mlen - 1));
    requires \separated(out + (0 .. 31), a + (0 .. 31));
    requires \separated(out + (0 .. 31), m + (0 .. mlen - 1));
    assigns out[0 .. 31];
    ensures \result == 0 || \result == -1; */
static int ed25519_nonce(uint8_t out[32], const uint8_t *a, const uint8_t *m,
                         size_t mlen)
{
  qed_sha512_ctx h;
  uint8_t d[64];
  int r;
  qed_sha512_init(&h);
  r = qed_sha512_update(&h, a, 32);
  r |= qed_sha512_update(&h, m, mlen);
  r |= qed_sha512_final(&h, d);
  qed_sc25519_reduce(out, d);
  qed_zeroize(d, sizeof d);
  if (r != 0) {
    qed_zeroize(out, 32);
    return -1;
  }
  return 0;
}

int qed_crypto_sign_detached(uint8_t sig[64], const uint8_t *m, size_t mlen,
                             const uint8_t sk[64])
{
  uint8_t az[64], r[32], k[32];
  qed_ge_p3 R;
  int st;
  ed25519_expand(az, sk);
  st = ed25519_nonce(r, az + 32, m, mlen);
  /* r < L < 2^253: the mask changes nothing; it states what
     qed_ge_scalarmult_base requires of its top byte */
  r[31] = (uint8_t)(r[31] & 127u);
  if (QED_NACL_SMALL) {
    qed_ed25519_small_base(sig, r);
  } else {
    qed_ge_scalarmult_base(&R, r);
    qed_ge_p3_tobytes(sig, &R);
  }
  st |= ed25519_hash_mod_l(k, sig, sk + 32, m, mlen);
  qed_sc25519_muladd(sig + 32, k, az, r);
  qed_zeroize(az, sizeof az);
  qed_zeroize(r, sizeof r);
  if (st != 0) {
    qed_zeroize(sig, 64);
    return -1;
  }
  return 0;
}

int qed_crypto_sign(uint8_t *sm, size_t *smlen, const uint8_t *m, size_t mlen,
                    const uint8_t sk[64])
{
  size_t i;
  /* sm = signature || m; m may be sm itself (then it moves up 64 bytes):
     copy from the end */
  /*@ loop invariant 0 <= i <= mlen;
      loop invariant \forall integer j; 0 <= j < mlen - i ==> m[j] == \at(m[j], Pre);
      loop assigns i, sm[64 .. mlen + 63];
      loop variant mlen - i; */
  for (i = 0; i < mlen; i++)
    sm[64 + (mlen - 1 - i)] = m[mlen - 1 - i];
  if (qed_crypto_sign_detached(sm, sm + 64, mlen, sk) != 0) {
    qed_zeroize(sm, mlen + 64);
    if (smlen != NULL)
      *smlen = 0;
    return -1;
  }
  if (smlen != NULL)
    *smlen = mlen + 64;
  return 0;
}

int qed_crypto_sign_verify_detached(const uint8_t sig[64], const uint8_t *m,
                                    size_t mlen, const uint8_t pk[32])
{
  uint8_t k[32], rcheck[32];
  qed_ge_p3 A;
  qed_ge_p2 R;
  if (qed_sc25519_is_canonical(sig + 32) == 0 ||
      qed_ge_has_small_order(sig) != 0)
    return -1;
  if (qed_ge_is_canonical(pk) == 0 || qed_ge_has_small_order(pk) != 0)
    return -1;
  if (QED_NACL_SMALL) {
    /* A is decoded by the check itself, after the hash: the same answer */
    if (ed25519_hash_mod_l(k, sig, pk, m, mlen) != 0 ||
        qed_ed25519_small_check(rcheck, k, pk, sig + 32) != 0)
      return -1;
  } else {
    if (qed_ge_frombytes_negate_vartime(&A, pk) != 0)
      return -1;
    if (ed25519_hash_mod_l(k, sig, pk, m, mlen) != 0)
      return -1;
    /* [k](-A) + [S]B, compared with R by its encoding */
    qed_ge_double_scalarmult_vartime(&R, k, &A, sig + 32);
    qed_ge_p2_tobytes(rcheck, &R);
  }
  return qed_verify_32(rcheck, sig);
}

int qed_crypto_sign_open(uint8_t *m, size_t *mlen, const uint8_t *sm,
                         size_t smlen, const uint8_t pk[32])
{
  size_t i;
  if (smlen < 64) {
    if (mlen != NULL)
      *mlen = 0;
    return -1;
  }
  if (qed_crypto_sign_verify_detached(sm, sm + 64, smlen - 64, pk) != 0) {
    qed_zeroize(m, smlen - 64);
    if (mlen != NULL)
      *mlen = 0;
    return -1;
  }
  /* m may be sm itself (then the message moves down 64 bytes): copy from
     the start */
  /*@ loop invariant 0 <= i <= smlen - 64;
      loop assigns i, m[0 .. smlen - 65];
      loop variant smlen - 64 - i; */
  for (i = 0; i < smlen - 64; i++)
    m[i] = sm[64 + i];
  if (mlen != NULL)
    *mlen = smlen - 64;
  return 0;
}
