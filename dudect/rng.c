/* xoshiro256** (Blackman and Vigna): the inputs of the random class and
 * the coin that picks the class.  Statistical quality is what matters
 * here, not unpredictability; the seed comes from the OS so two runs
 * never measure the same sequence. */
#include <string.h>

#include <qed/qed.h>

#include "dudect.h"

static uint64_t rotl(uint64_t x, unsigned k)
{
  return (x << k) | (x >> (64u - k));
}

void dudect_rng_seed(dudect_rng *g)
{
  uint8_t seed[32];
  if (qed_randombytes(seed, sizeof seed) != 0)
    memset(seed, 0x5a, sizeof seed);   /* still a valid, non-zero state */
  for (int i = 0; i < 4; i++) {
    g->s[i] = 0;
    for (int j = 0; j < 8; j++)
      g->s[i] |= (uint64_t)seed[8 * i + j] << (8 * j);
  }
  if ((g->s[0] | g->s[1] | g->s[2] | g->s[3]) == 0)
    g->s[0] = 1;                      /* the all-zero state is a fixed point */
}

uint64_t dudect_rng_next(dudect_rng *g)
{
  uint64_t *s = g->s;
  const uint64_t out = rotl(s[1] * 5u, 7) * 9u;
  const uint64_t t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl(s[3], 45);
  return out;
}

void dudect_rng_fill(dudect_rng *g, uint8_t *p, size_t n)
{
  while (n > 0) {
    uint64_t v = dudect_rng_next(g);
    for (int j = 0; j < 8 && n > 0; j++, n--) {
      *p++ = (uint8_t)v;
      v >>= 8;
    }
  }
}
