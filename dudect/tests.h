/* The tests, one dudect_test each (defined in dudect/leaky.c and
 * dudect/test_*.c, run in this order by dudect/main.c). */
#ifndef QED_DUDECT_TESTS_H
#define QED_DUDECT_TESTS_H

#include "dudect.h"

extern const dudect_test dudect_leaky_compare;
extern const dudect_test dudect_ed25519_sign, dudect_x25519;
extern const dudect_test dudect_aes128_key, dudect_aes256_key, dudect_aes128_pt;
extern const dudect_test dudect_aes128_key_fixrnd;
extern const dudect_test dudect_powm_exp_portable, dudect_powm_base_portable;
extern const dudect_test dudect_powm_exp_default, dudect_powm_base_default;
extern const dudect_test dudect_powm_base_fixrnd;
extern const dudect_test dudect_kmac128, dudect_kmac256;

#endif
