/* Constant-time checks of Ed25519 (see ct/ct.h and ct/ct_test.c): key
 * generation with a secret seed, signing with a secret key (so a secret
 * scalar and a secret nonce), and the fixed-base scalar multiplications
 * (the table form, and the size-first form of -Os builds,
 * nacl/curve25519_small.h, called directly in every build) and the scalar
 * arithmetic on secret scalars.  Built at -Os (mk/ct.mk, make ct-Os) the
 * signing tests run the size-first form.  The public key, the signature
 * and the return codes are outputs; verification works on public data
 * and is not checked here. */
#include <string.h>

#include "ct.h"
#include "qed/nacl.h"
#include "nacl/ge25519.h"
#include "nacl/curve25519_small.h"
#include "nacl/sc25519.h"

static int t_nacl_sign_keypair(void)
{
  uint8_t seed[32], pk[32], sk[64];
  for (uint32_t s = 0; s < 3; s++) {
    ct_fill(seed, sizeof seed, 200 + s);
    SECRET(seed, sizeof seed);
    int r = qed_crypto_sign_seed_keypair(pk, sk, seed);
    PUBLIC(&r, sizeof r);
    PUBLIC(pk, sizeof pk);
    PUBLIC(sk, sizeof sk);
    CHECK(r == 0);
  }
  return 0;
}

static int t_nacl_sign(void)
{
  uint8_t seed[32], pk[32], sk[64], m[100], sig[64], sm[164];
  size_t smlen;
  for (uint32_t s = 0; s < 3; s++) {
    ct_fill(seed, sizeof seed, 210 + s);
    ct_fill(m, sizeof m, 220 + s);
    qed_crypto_sign_seed_keypair(pk, sk, seed);
    SECRET(sk, 32);                    /* the seed half; pk is public */
    int r = qed_crypto_sign_detached(sig, m, sizeof m, sk);
    PUBLIC(&r, sizeof r);
    PUBLIC(sig, sizeof sig);
    CHECK(r == 0);
    SECRET(sk, 32);
    r = qed_crypto_sign(sm, &smlen, m, sizeof m, sk);
    PUBLIC(&r, sizeof r);
    PUBLIC(sm, sizeof sm);
    PUBLIC(sk, sizeof sk);
    CHECK(r == 0 && smlen == sizeof sm && memcmp(sm, sig, 64) == 0);
    CHECK(qed_crypto_sign_verify_detached(sig, m, sizeof m, pk) == 0);
  }
  return 0;
}

/* [a]B with a secret scalar (the nonce and the key's scalar are such),
 * and its encoding. */
static int t_nacl_sign_scalarmult_base(void)
{
  uint8_t a[32], out[32];
  qed_ge_p3 p;
  for (uint32_t s = 0; s < 3; s++) {
    ct_fill(a, sizeof a, 230 + s);
    a[31] &= 127;
    SECRET(a, sizeof a);
    qed_ge_scalarmult_base(&p, a);
    qed_ge_p3_tobytes(out, &p);
    PUBLIC(out, sizeof out);
  }
  return 0;
}

/* The same with the size-first form (radix-2^16 field, TweetNaCl's
 * ladder over all 256 bits). */
static int t_nacl_sign_scalarmult_base_small(void)
{
  uint8_t a[32], out[32];
  for (uint32_t s = 0; s < 3; s++) {
    ct_fill(a, sizeof a, 250 + s);
    SECRET(a, sizeof a);
    qed_ed25519_small_base(out, a);
    PUBLIC(out, sizeof out);
  }
  return 0;
}

/* The scalar arithmetic on secrets: reduction of a hash, S = r + k a. */
static int t_nacl_sign_sc25519(void)
{
  uint8_t h[64], a[32], k[32], r[32], s[32];
  ct_fill(h, sizeof h, 240);
  ct_fill(a, sizeof a, 241);
  ct_fill(k, sizeof k, 242);
  SECRET(h, sizeof h);
  SECRET(a, sizeof a);
  qed_sc25519_reduce(r, h);
  qed_sc25519_muladd(s, k, a, r);
  PUBLIC(s, sizeof s);
  return 0;
}

const ct_test ct_tests_nacl_sign[] = {
  { "nacl_sign_keypair", t_nacl_sign_keypair, 0 },
  { "nacl_sign", t_nacl_sign, 0 },
  { "nacl_sign_scalarmult_base", t_nacl_sign_scalarmult_base, 0 },
  { "nacl_sign_scalarmult_base_small", t_nacl_sign_scalarmult_base_small, 0 },
  { "nacl_sign_sc25519", t_nacl_sign_sc25519, 0 },
};
const size_t ct_tests_nacl_sign_count =
    sizeof ct_tests_nacl_sign / sizeof ct_tests_nacl_sign[0];
