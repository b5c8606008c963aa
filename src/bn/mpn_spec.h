/* ACSL vocabulary of the limb layer (internal): the value of a limb array.
 *
 * A number is a little-endian array of 64-bit limbs: a[0] is the least
 * significant.  value(a, n) = a[0] + a[1]*2^64 + ... + a[n-1]*2^(64(n-1)),
 * W64(k) = 2^(64k).
 *
 * TRUSTED BASE.  value and W64 are given by the four axioms below, which are
 * their recursive definitions written so that the solvers cannot loop on
 * them.  Why not the recursive definition itself (`value(a, n) = n <= 0 ? 0
 * : value(a, n - 1) + ...`): WP sends it to z3/cvc4 as an axiom whose only
 * trigger is value(a, n), each instance creates value(a, n - 1), and the
 * solvers run into a matching loop; measured here on qed_mpn_add_n: 4 of 51
 * goals time out with it, 51/51 in 23 s with these axioms
 * (/work/shared/docs/PROOF.md section "Value of a limb array").  The
 * `n < n1 <= n + 1` form forces the multi-trigger {value(a, n1), value(a,
 * n)}: the solvers only combine value terms already in the goal.
 * That the axioms are consistent, i.e. exactly the recursive definition, is
 * proved in src/bn/mpn_spec_model.c: the recursive functions satisfy all
 * four of them.  Included only by the limb-layer units. */
#ifndef QED_BN_MPN_SPEC_H
#define QED_BN_MPN_SPEC_H

#include <stddef.h>
#include <stdint.h>

/*@ axiomatic QedMpnValue {
      logic integer W64(integer k);
      axiom W64_0: W64(0) == 1;
      axiom W64_S: \forall integer k, k1; k >= 0 ==> k < k1 <= k + 1 ==>
        W64(k1) == 18446744073709551616 * W64(k);

      logic integer value{L}(uint64_t *a, integer n) reads a[0 .. n - 1];
      axiom value_0{L}: \forall uint64_t *a; value(a, 0) == 0;
      axiom value_S{L}: \forall uint64_t *a, integer n, n1;
        n >= 0 ==> n < n1 <= n + 1 ==>
          value(a, n1) == value(a, n) + a[n] * W64(n);
    }

    logic integer P2(integer k) = 1 << k;
*/

#endif
