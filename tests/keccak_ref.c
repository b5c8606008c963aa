/* The reference sponge of keccak_ref.h, step by step as FIPS 202 writes
 * it (section 3.2), on a 5x5 array of lanes A[x][y]. */
#include "keccak_ref.h"

#include <string.h>

typedef uint64_t ref_state[5][5];

static uint64_t rotl(uint64_t v, unsigned n)
{
  n %= 64;
  return n == 0 ? v : (v << n) | (v >> (64 - n));
}

/* FIPS 202 algorithm 5: the bit rc(t) of an LFSR over GF(2)[x]/(x^8 +
 * x^6 + x^5 + x^4 + 1). */
static unsigned rc_bit(unsigned t)
{
  unsigned r = 1, i;

  for (i = 0; i < t % 255; i++) {
    r <<= 1;
    if (r & 0x100u) r ^= 0x171u;
  }
  return r & 1u;
}

static void theta(ref_state a)
{
  uint64_t c[5], d;
  unsigned x, y;

  for (x = 0; x < 5; x++)
    c[x] = a[x][0] ^ a[x][1] ^ a[x][2] ^ a[x][3] ^ a[x][4];
  for (x = 0; x < 5; x++) {
    d = c[(x + 4) % 5] ^ rotl(c[(x + 1) % 5], 1);
    for (y = 0; y < 5; y++) a[x][y] ^= d;
  }
}

/* Algorithm 2: walk (x, y) from (1, 0) through the 24 other lanes. */
static void rho(ref_state a)
{
  unsigned x = 1, y = 0, t, nx;

  for (t = 0; t < 24; t++) {
    a[x][y] = rotl(a[x][y], ((t + 1) * (t + 2) / 2) % 64);
    nx = y;
    y = (2 * x + 3 * y) % 5;
    x = nx;
  }
}

static void pi(ref_state a)
{
  ref_state b;
  unsigned x, y;

  for (x = 0; x < 5; x++)
    for (y = 0; y < 5; y++) b[x][y] = a[(x + 3 * y) % 5][x];
  memcpy(a, b, sizeof b);
}

static void chi(ref_state a)
{
  ref_state b;
  unsigned x, y;

  for (x = 0; x < 5; x++)
    for (y = 0; y < 5; y++)
      b[x][y] = a[x][y] ^ (~a[(x + 1) % 5][y] & a[(x + 2) % 5][y]);
  memcpy(a, b, sizeof b);
}

/* Algorithm 6: RC[2^j - 1] = rc(j + 7 ir).  Computed once (the LFSR walk
 * is slow), still from the algorithm rather than a table.               */
static uint64_t round_constant(unsigned ir)
{
  static uint64_t rc[24];
  static int ready;
  unsigned i, j;

  if (!ready) {
    for (i = 0; i < 24; i++)
      for (j = 0; j <= 6; j++)
        rc[i] |= (uint64_t)rc_bit(j + 7 * i) << ((1u << j) - 1);
    ready = 1;
  }
  return rc[ir];
}

static void iota(ref_state a, unsigned ir)
{
  a[0][0] ^= round_constant(ir);
}

/* Keccak-f[1600] on the 200-byte string s: byte 8(x + 5y) + k is byte k
 * of lane A[x][y], least significant first (FIPS 202 section 3.1.2). */
static void keccak_f(uint8_t s[200])
{
  ref_state a;
  unsigned x, y, k, ir;

  for (x = 0; x < 5; x++)
    for (y = 0; y < 5; y++) {
      a[x][y] = 0;
      for (k = 0; k < 8; k++)
        a[x][y] |= (uint64_t)s[8 * (x + 5 * y) + k] << (8 * k);
    }
  for (ir = 0; ir < 24; ir++) {
    theta(a);
    rho(a);
    pi(a);
    chi(a);
    iota(a, ir);
  }
  for (x = 0; x < 5; x++)
    for (y = 0; y < 5; y++)
      for (k = 0; k < 8; k++)
        s[8 * (x + 5 * y) + k] = (uint8_t)(a[x][y] >> (8 * k));
}

void ref_keccak(size_t rate, uint8_t suffix, const uint8_t *in, size_t inlen,
                uint8_t *out, size_t outlen)
{
  uint8_t s[200];
  size_t i, pos = 0;

  memset(s, 0, sizeof s);
  for (i = 0; i < inlen; i++) {
    s[pos++] ^= in[i];
    if (pos == rate) {
      keccak_f(s);
      pos = 0;
    }
  }
  s[pos] ^= suffix;        /* pad10*1: the suffix carries the first 1 */
  s[rate - 1] ^= 0x80;
  keccak_f(s);
  pos = 0;
  for (i = 0; i < outlen; i++) {
    if (pos == rate) {
      keccak_f(s);
      pos = 0;
    }
    out[i] = s[pos++];
  }
}
