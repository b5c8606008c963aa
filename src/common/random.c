/* The operating system's random generator.  Outside the proof (a system
 * call): see proof/outside.txt.  getrandom(2) blocks only until the kernel
 * pool is first seeded, never afterwards, and returns at most 32 MiB per
 * call, so it is called in a loop; EINTR is retried. */
#define _DEFAULT_SOURCE 1 /* getrandom, ssize_t */
#include <errno.h>
#include <sys/random.h>

#include "qed/common.h"

int qed_randombytes(uint8_t *buf, size_t len)
{
  size_t done = 0;
  while (done < len) {
    size_t chunk = len - done;
    if (chunk > 33554431u)
      chunk = 33554431u;
    ssize_t r = getrandom(buf + done, chunk, 0);
    if (r < 0) {
      if (errno == EINTR)
        continue;
      qed_zeroize(buf, len);
      return -1;
    }
    done += (size_t)r;
  }
  return 0;
}
