/* A model of the trusted value axiomatic of bn/mpn_spec.h (proof only).
 *
 * The limb-layer proofs use value() and W64() through four axioms.  Here
 * the same two functions are written as plain recursive definitions
 * (valuer, W64r), and WP proves that they satisfy each of the four axioms:
 * the axiomatic is consistent and says nothing beyond the recursive
 * definition.  (The recursive form itself cannot be used in the limb
 * proofs: the solvers loop on it, see bn/mpn_spec.h.)  This file does not
 * include mpn_spec.h, so the axioms are not hypotheses of these goals. */
#include <stdint.h>

/*@ logic integer W64r(integer k) =
      k <= 0 ? 1 : 18446744073709551616 * W64r(k - 1);
    logic integer valuer{L}(uint64_t *a, integer n) =
      n <= 0 ? 0 : valuer(a, n - 1) + a[n - 1] * W64r(n - 1);

    lemma W64r_0: W64r(0) == 1;
    lemma W64r_S: \forall integer k, k1; k >= 0 ==> k < k1 <= k + 1 ==>
      W64r(k1) == 18446744073709551616 * W64r(k);
    lemma valuer_0{L}: \forall uint64_t *a; valuer(a, 0) == 0;
    lemma valuer_S1{L}: \forall uint64_t *a, integer n; n >= 0 ==>
      valuer(a, n + 1) == valuer(a, n) + a[n] * W64r(n);
    lemma valuer_S{L}: \forall uint64_t *a, integer n, n1;
      n >= 0 ==> n < n1 <= n + 1 ==>
        valuer(a, n1) == valuer(a, n) + a[n] * W64r(n);
*/

/* C requires a translation unit to declare something: the limb width the
 * model is about. */
/*@ assigns \nothing;
    ensures \result == 64; */
unsigned qed_mpn_limb_bits(void);

unsigned qed_mpn_limb_bits(void)
{
  return 64;
}
