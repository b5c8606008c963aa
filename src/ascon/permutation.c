/* The Ascon permutation, exported (qed/ascon.h).  The body is
 * ascon_impl.h, which the modes include and inline. */
#include "qed/ascon.h"
#include "ascon/ascon_impl.h"

/*@ requires \valid(state + (0 .. 4));
    requires 1 <= rounds <= 12;
    assigns state[0 .. 4]; */
void qed_ascon_permute(uint64_t state[5], unsigned rounds)
{
  ascon_permute_body(state, rounds);
}
