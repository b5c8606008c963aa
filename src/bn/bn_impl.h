/* Internal helpers of the qed_bn layer: results are built in local limb
 * arrays and written to the output object last, which is what lets every
 * output alias every input. */
#ifndef QED_BN_BN_IMPL_H
#define QED_BN_BN_IMPL_H

#include "qed/bn.h"
#include "bn/mpn_ops.h"

/* The number of limbs of a[0 .. n-1] without its zero top limbs. */
/*@ requires n <= 100000;
    requires \valid_read(a + (0 .. n - 1));
    assigns \nothing;
    ensures 0 <= \result <= n;
    ensures \result > 0 ==> a[\result - 1] != 0; */
size_t qed_bn_norm_len(const uint64_t *a, size_t n);

/* r = (-1)^neg * t[0 .. n-1] (n limbs, zero top limbs allowed); -1 with r
 * zeroed when the value needs more than QED_BN_LIMBS limbs. */
/*@ requires n <= 100000;
    requires \valid(r) && \valid_read(t + (0 .. n - 1));
    requires \separated(r, t + (0 .. n - 1));
    assigns *r;
    ensures qed_bn_ok(r);
    ensures \result == 0 || \result == -1; */
int qed_bn_set_limbs(qed_bn *r, const uint64_t *t, size_t n, int neg);

/* r = t[0 .. n-1] >= 0, n <= QED_BN_LIMBS, in constant time (the results
 * of the constant-time functions: their length is found with masks). */
/*@ requires n <= 256;
    requires \valid(r) && \valid_read(t + (0 .. n - 1));
    requires \separated(r, t + (0 .. n - 1));
    assigns *r;
    ensures qed_bn_ok(r); */
void qed_bn_set_limbs_ct(qed_bn *r, const uint64_t *t, size_t n);

#endif
