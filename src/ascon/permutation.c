/* The Ascon permutation, exported (qed/ascon.h): the dispatched core
 * (ascon_core.h; body in ascon_impl.h). */
#include "qed/ascon.h"
#include "ascon/ascon_core.h"

/*@ requires \valid(state + (0 .. 4));
    requires 1 <= rounds <= 12;
    assigns state[0 .. 4]; */
void qed_ascon_permute(uint64_t state[5], unsigned rounds)
{
  qed_ascon_core_permute(state, rounds);
}
