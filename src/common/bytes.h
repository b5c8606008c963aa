/* Bytes to words and back, and rotations: the only way qed turns memory
 * into integers.  Never a type-punned pointer or a union: those break the
 * proof (WP's typed memory model) and, under strict aliasing, the compiled
 * code (SPARKSkein is miscompiled at -O3 that way).  Written with shifts
 * and ORs, which gcc and clang merge into a single (byte-swapped where the
 * order differs) load or store, so the helpers cost nothing.
 *
 * The contracts here are run-time-error contracts (validity, assigns); the
 * byte order itself is checked by the known-answer tests on a little- and a
 * big-endian machine. */
#ifndef QED_COMMON_BYTES_H
#define QED_COMMON_BYTES_H

#include <stddef.h>
#include <stdint.h>

/*@ requires \valid_read(p + (0 .. 1));
    assigns \nothing; */
static inline uint16_t qed_load16_le(const uint8_t *p)
{
  return (uint16_t)((uint32_t)p[0] | ((uint32_t)p[1] << 8));
}

/*@ requires \valid_read(p + (0 .. 1));
    assigns \nothing; */
static inline uint16_t qed_load16_be(const uint8_t *p)
{
  return (uint16_t)((uint32_t)p[1] | ((uint32_t)p[0] << 8));
}

/*@ requires \valid_read(p + (0 .. 3));
    assigns \nothing; */
static inline uint32_t qed_load32_le(const uint8_t *p)
{
  return (uint32_t)p[0] | ((uint32_t)p[1] << 8) |
         ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

/*@ requires \valid_read(p + (0 .. 3));
    assigns \nothing; */
static inline uint32_t qed_load32_be(const uint8_t *p)
{
  return (uint32_t)p[3] | ((uint32_t)p[2] << 8) |
         ((uint32_t)p[1] << 16) | ((uint32_t)p[0] << 24);
}

/*@ requires \valid_read(p + (0 .. 7));
    assigns \nothing; */
static inline uint64_t qed_load64_le(const uint8_t *p)
{
  return (uint64_t)p[0] | ((uint64_t)p[1] << 8) |
         ((uint64_t)p[2] << 16) | ((uint64_t)p[3] << 24) |
         ((uint64_t)p[4] << 32) | ((uint64_t)p[5] << 40) |
         ((uint64_t)p[6] << 48) | ((uint64_t)p[7] << 56);
}

/*@ requires \valid_read(p + (0 .. 7));
    assigns \nothing; */
static inline uint64_t qed_load64_be(const uint8_t *p)
{
  return (uint64_t)p[7] | ((uint64_t)p[6] << 8) |
         ((uint64_t)p[5] << 16) | ((uint64_t)p[4] << 24) |
         ((uint64_t)p[3] << 32) | ((uint64_t)p[2] << 40) |
         ((uint64_t)p[1] << 48) | ((uint64_t)p[0] << 56);
}

/*@ requires \valid(p + (0 .. 1));
    assigns p[0 .. 1]; */
static inline void qed_store16_le(uint8_t *p, uint16_t v)
{
  p[0] = (uint8_t)v;
  p[1] = (uint8_t)(v >> 8);
}

/*@ requires \valid(p + (0 .. 1));
    assigns p[0 .. 1]; */
static inline void qed_store16_be(uint8_t *p, uint16_t v)
{
  p[1] = (uint8_t)v;
  p[0] = (uint8_t)(v >> 8);
}

/*@ requires \valid(p + (0 .. 3));
    assigns p[0 .. 3]; */
static inline void qed_store32_le(uint8_t *p, uint32_t v)
{
  p[0] = (uint8_t)v;
  p[1] = (uint8_t)(v >> 8);
  p[2] = (uint8_t)(v >> 16);
  p[3] = (uint8_t)(v >> 24);
}

/*@ requires \valid(p + (0 .. 3));
    assigns p[0 .. 3]; */
static inline void qed_store32_be(uint8_t *p, uint32_t v)
{
  p[3] = (uint8_t)v;
  p[2] = (uint8_t)(v >> 8);
  p[1] = (uint8_t)(v >> 16);
  p[0] = (uint8_t)(v >> 24);
}

/*@ requires \valid(p + (0 .. 7));
    assigns p[0 .. 7]; */
static inline void qed_store64_le(uint8_t *p, uint64_t v)
{
  p[0] = (uint8_t)v;
  p[1] = (uint8_t)(v >> 8);
  p[2] = (uint8_t)(v >> 16);
  p[3] = (uint8_t)(v >> 24);
  p[4] = (uint8_t)(v >> 32);
  p[5] = (uint8_t)(v >> 40);
  p[6] = (uint8_t)(v >> 48);
  p[7] = (uint8_t)(v >> 56);
}

/*@ requires \valid(p + (0 .. 7));
    assigns p[0 .. 7]; */
static inline void qed_store64_be(uint8_t *p, uint64_t v)
{
  p[7] = (uint8_t)v;
  p[6] = (uint8_t)(v >> 8);
  p[5] = (uint8_t)(v >> 16);
  p[4] = (uint8_t)(v >> 24);
  p[3] = (uint8_t)(v >> 32);
  p[2] = (uint8_t)(v >> 40);
  p[1] = (uint8_t)(v >> 48);
  p[0] = (uint8_t)(v >> 56);
}

/* Rotations by any count.  The count is reduced modulo the width and the
 * complementary shift is (width - n) modulo the width, so a count of 0 is
 * defined C (no shift by the full width); the remainders by powers of two
 * are what WP's provers reason about (a mask with & is not), and compilers
 * still recognise the pattern and emit one rotate instruction.           */
/*@ assigns \nothing; */
static inline uint32_t qed_rotl32(uint32_t x, unsigned n)
{
  return (x << (n % 32u)) | (x >> ((32u - n % 32u) % 32u));
}

/*@ assigns \nothing; */
static inline uint32_t qed_rotr32(uint32_t x, unsigned n)
{
  return (x >> (n % 32u)) | (x << ((32u - n % 32u) % 32u));
}

/*@ assigns \nothing; */
static inline uint64_t qed_rotl64(uint64_t x, unsigned n)
{
  return (x << (n % 64u)) | (x >> ((64u - n % 64u) % 64u));
}

/*@ assigns \nothing; */
static inline uint64_t qed_rotr64(uint64_t x, unsigned n)
{
  return (x >> (n % 64u)) | (x << ((64u - n % 64u) % 64u));
}

#endif
