/* RSA primes (internal, src/rsa/prime.c): random primes for key generation
 * and the Miller-Rabin test behind them.  The numbers handled are secret;
 * what their timing may reveal is said in prime.c. */
#ifndef QED_RSA_PRIME_H
#define QED_RSA_PRIME_H

#include <stddef.h>
#include <stdint.h>

#include "qed/bn.h"
#include "qed/rsa.h"

/* The prime sizes key generation asks for: half of 1024 .. 8192 bits. */
#define QED_RSA_PRIME_MIN_BITS 512
#define QED_RSA_PRIME_MAX_BITS 4096

/* The public exponent every generated key uses. */
#define QED_RSA_E 65537u

/* x mod m for the big-endian x = be[0 .. len-1] and a public
 * 3 <= m <= 65537 (0 for another m), without a division instruction on x
 * (multiplication by a reciprocal and masked corrections): constant time
 * in x. */
/*@ requires len <= 2048;
    requires \valid_read(be + (0 .. len - 1));
    assigns \nothing; */
uint32_t qed_rsa_mod_small(const uint8_t *be, size_t len, uint32_t m);

/* be = be / e (the quotient in place, big-endian) and the remainder, and
 * a^-1 mod e (0 when e divides a), in constant time: what key generation
 * needs to invert e modulo secret numbers without a gcd (keygen.c). */
/*@ requires len <= 2048 && \valid(be + (0 .. len - 1));
    assigns be[0 .. len - 1]; */
uint32_t qed_rsa_div_e_bytes(uint8_t *be, size_t len);

/*@ assigns \nothing; */
uint32_t qed_rsa_inv_mod_e(uint32_t a);

/* The number of trailing zero bits of be[0 .. len-1] (8 len for zero),
 * and be = be >> sh (big-endian) for sh < 2^14: constant time in the
 * bytes and in sh (Miller-Rabin's split w - 1 = 2^s d of a secret w). */
/*@ requires len <= 2048 && \valid_read(be + (0 .. len - 1));
    assigns \nothing; */
size_t qed_rsa_ctz_bytes(const uint8_t *be, size_t len);

/*@ requires len <= 2048 && \valid(be + (0 .. len - 1));
    assigns be[0 .. len - 1]; */
void qed_rsa_shr_bytes(uint8_t *be, size_t len, size_t sh);

/* The Miller-Rabin rounds a random candidate of pbits bits gets
 * (FIPS 186-5 table B.1, see prime.c). */
/*@ assigns \nothing;
    ensures 4 <= \result <= 8; */
unsigned qed_rsa_mr_rounds(size_t pbits);

/* Miller-Rabin with `rounds` random bases (FIPS 186-5 B.3.1): 1 when w is
 * a probable prime (2 and 3 are primes), 0 when it is composite (or below
 * 2), -1 when w is negative, longer than QED_RSA_MAX_BITS bits, or the
 * OS gives no randomness. */
/*@ requires \valid_read(w) && qed_bn_ok(w);
    requires 1 <= rounds <= 64;
    assigns \nothing;
    ensures -1 <= \result <= 1; */
int qed_rsa_is_probable_prime(const qed_bn *w, unsigned rounds);

/* p = a random probable prime of exactly pbits bits, its top two bits set
 * (so a product of two of them has exactly 2 pbits bits), with p - 1 prime
 * to QED_RSA_E; at most 200 pbits candidates are looked at.  -1 (p zeroed)
 * when the OS gives no randomness or no prime was found in that many. */
/*@ requires \valid(p);
    requires QED_RSA_PRIME_MIN_BITS <= pbits <= QED_RSA_PRIME_MAX_BITS;
    assigns *p;
    ensures qed_bn_ok(p);
    ensures \result == 0 || \result == -1; */
int qed_rsa_random_prime(qed_bn *p, size_t pbits);

#endif
