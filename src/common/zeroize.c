/* Wiping secrets.  Every store goes through a volatile lvalue, which the
 * C standard forbids the compiler to remove (C11 5.1.2.3p6): a memset of a
 * buffer that is never read again is dead code to an optimiser.          */
#include "qed/common.h"
#include "common/zeroize.h"

void qed_zeroize(uint8_t *p, size_t len)
{
  volatile uint8_t *v = p;
  size_t i;
  /*@ loop invariant 0 <= i <= len;
      loop assigns i, p[0 .. len - 1];
      loop variant len - i;
  */
  for (i = 0; i < len; i++)
    v[i] = 0;
}

/*@ requires \valid(p + (0 .. len - 1));
    assigns p[0 .. len - 1];
*/
void qed_wipe_u64(uint64_t *p, size_t len)
{
  volatile uint64_t *v = p;
  size_t i;
  /*@ loop invariant 0 <= i <= len;
      loop assigns i, p[0 .. len - 1];
      loop variant len - i;
  */
  for (i = 0; i < len; i++)
    v[i] = 0;
}
