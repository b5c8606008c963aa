/* The pieces PSS and OAEP share (src/rsa/mgf1.c): the hash chosen by a
 * qed_hash_id, hashing of two concatenated parts, and MGF1 (RFC 8017
 * appendix B.2.1) with the same hash.  Internal to src/rsa/.
 *
 * Every length here is public; the bytes may be secret (OAEP's seed and
 * data block): no branch and no address depends on them.                 */
#ifndef QED_RSA_PAD_H
#define QED_RSA_PAD_H

#include <stddef.h>
#include <stdint.h>

#include "qed/rsa.h"

/*@ predicate qed_rsa_hash_ok(integer h) =
      h == QED_HASH_SHA256 || h == QED_HASH_SHA384 || h == QED_HASH_SHA512;
*/

/* The digest length of h: 32, 48 or 64; 0 for anything else. */
/*@ assigns \nothing;
    ensures qed_rsa_hash_ok(h) ==> (\result == 32 || \result == 48 || \result == 64);
    ensures !qed_rsa_hash_ok(h) ==> \result == 0; */
size_t qed_rsa_hash_bytes(qed_hash_id h);

/* out[0 .. hLen-1] = H(a || b); out must have room for 64 bytes. */
/*@ requires qed_rsa_hash_ok(h);
    requires \valid(out + (0 .. 63));
    requires \valid_read(a + (0 .. alen - 1)) && \valid_read(b + (0 .. blen - 1));
    requires \separated(out + (0 .. 63), a + (0 .. alen - 1), b + (0 .. blen - 1));
    assigns out[0 .. 63]; */
void qed_rsa_hash2(uint8_t *out, qed_hash_id h, const uint8_t *a, size_t alen,
                   const uint8_t *b, size_t blen);

/* out[0 .. outlen-1] ^= MGF1(seed[0 .. seedlen-1], outlen) with hash h.
 * outlen <= 1024 (a modulus of at most 8192 bits), seedlen <= 1024.       */
/*@ requires qed_rsa_hash_ok(h);
    requires outlen <= 1024 && seedlen <= 1024;
    requires \valid(out + (0 .. outlen - 1));
    requires \valid_read(seed + (0 .. seedlen - 1));
    requires \separated(out + (0 .. outlen - 1), seed + (0 .. seedlen - 1));
    assigns out[0 .. outlen - 1]; */
void qed_rsa_mgf1_xor(uint8_t *out, size_t outlen, qed_hash_id h,
                      const uint8_t *seed, size_t seedlen);


/* All ones when x == 0, else 0: x | -x has its top bit set exactly when
 * x != 0, so (that bit) - 1 is 0 or wraps to all ones.  No branch.       */
/*@ assigns \nothing; */
static inline uint32_t qed_rsa_ct_zero_mask(uint32_t x)
{
  return ((x | (0u - x)) >> 31) - 1u;
}

#endif
