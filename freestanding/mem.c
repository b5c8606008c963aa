/* memcpy and memset for the freestanding build: the only functions the
 * portable library takes from outside.  qed's sources never call them by
 * name (they copy and clear with their own loops, which carry contracts);
 * the compiler emits these calls for struct assignments and zero
 * initialisation, which the C standard lets it do even under
 * -ffreestanding.  This file is compiled with
 * -fno-tree-loop-distribute-patterns so that GCC does not turn the loops
 * below back into calls to themselves. */
#include <stddef.h>

void *memcpy(void *restrict dst, const void *restrict src, size_t n);
void *memset(void *dst, int c, size_t n);

void *memcpy(void *restrict dst, const void *restrict src, size_t n)
{
  unsigned char *d = dst;
  const unsigned char *s = src;
  for (size_t i = 0; i < n; i++)
    d[i] = s[i];
  return dst;
}

void *memset(void *dst, int c, size_t n)
{
  unsigned char *d = dst;
  for (size_t i = 0; i < n; i++)
    d[i] = (unsigned char)c;
  return dst;
}
