/* Shared by the fuzz targets: reading parameters out of libFuzzer's input,
 * the split schedule of a stream, and the check that stops the fuzzer.
 *
 * An input is consumed front to back: fixed-size fields (an algorithm
 * byte, lengths) first, then byte strings.  When the input runs out every
 * read returns zeros and empty strings, so that every input, however
 * short, is a valid test case (libFuzzer explores by mutation; a target
 * that rejected short inputs would waste most of them). */
#ifndef QED_FUZZ_INPUT_H
#define QED_FUZZ_INPUT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* A failed check is a finding: say where, then trap (libFuzzer records the
 * input as a crash and `make fuzz` fails). */
#define FUZZ_CHECK(cond)                                                   \
  do {                                                                     \
    if (!(cond)) {                                                         \
      fprintf(stderr, "fuzz check failed: %s (%s:%d)\n", #cond, __FILE__, \
              __LINE__);                                                   \
      __builtin_trap();                                                    \
    }                                                                      \
  } while (0)

typedef struct {
  const uint8_t *p;
  size_t n;
} fuzz_in;

static inline uint8_t fuzz_u8(fuzz_in *in)
{
  if (in->n == 0)
    return 0;
  const uint8_t v = in->p[0];
  in->p++;
  in->n--;
  return v;
}

static inline size_t fuzz_u16(fuzz_in *in)
{
  const size_t hi = fuzz_u8(in);
  return (hi << 8) | fuzz_u8(in);
}

/* A byte string of at most max bytes: a length byte pair (reduced modulo
 * max + 1), then that many bytes, fewer if the input ends. */
static inline const uint8_t *fuzz_bytes(fuzz_in *in, size_t max, size_t *len)
{
  size_t want = max == 0 ? 0 : fuzz_u16(in) % (max + 1);
  if (want > in->n)
    want = in->n;
  const uint8_t *p = in->p;
  in->p += want;
  in->n -= want;
  *len = want;
  return p;
}

/* Exactly len bytes into out: from the input while it lasts, then zeros. */
static inline void fuzz_fill(fuzz_in *in, uint8_t *out, size_t len)
{
  size_t got = len < in->n ? len : in->n;
  memcpy(out, in->p, got);
  memset(out + got, 0, len - got);
  in->p += got;
  in->n -= got;
}

/* The next piece of a stream that has `left` bytes to go.  Mostly short
 * pieces (0 .. 199 bytes, so every offset inside a block is reached),
 * sometimes long ones (multiples of 137 up to ~7.5 KiB, to cross many
 * blocks at once); the rest of the stream in one piece once the input is
 * exhausted.  Zero-length pieces are allowed: they must change nothing. */
static inline size_t fuzz_piece(fuzz_in *in, size_t left)
{
  if (in->n == 0)
    return left;
  const size_t b = fuzz_u8(in);
  const size_t want = b < 200 ? b : (b - 199) * 137;
  return want < left ? want : left;
}

/* A message of up to max bytes that can be far longer than the input: a
 * length field, then a seed string repeated with a position counter mixed
 * in (so that long messages are not periodic with a short period, which
 * could hide a chunking bug). */
static inline size_t fuzz_message(fuzz_in *in, uint8_t *msg, size_t max)
{
  const size_t want = ((fuzz_u16(in) << 8) | fuzz_u8(in)) % (max + 1);
  size_t seedlen;
  const uint8_t *seed = fuzz_bytes(in, 512, &seedlen);
  for (size_t i = 0; i < want; i++)
    msg[i] = (uint8_t)((seedlen ? seed[i % seedlen] : 0) ^
                       (i / (seedlen ? seedlen : 1)) * 0x9D);
  return want;
}

/* All-zero test of an output that a refusal must have cleared. */
static inline int fuzz_is_zero(const uint8_t *p, size_t n)
{
  uint8_t acc = 0;
  for (size_t i = 0; i < n; i++)
    acc |= p[i];
  return acc == 0;
}

#endif
