/* Small copies and fills for the SHA-2 padding and buffering (internal).
 * Plain loops rather than memcpy/memset: they carry their own contracts,
 * and the lengths are short (under two blocks).  Not for wiping: stores to
 * memory that is not read again may be removed: the wipers are qed_zeroize,
 * qed_wipe_u64 and sha2_wipe_u32 below. */
#ifndef QED_SHA2_BYTES_H
#define QED_SHA2_BYTES_H

#include <stddef.h>
#include <stdint.h>

/*@ requires \valid(dst + (0 .. n - 1));
    requires \valid_read(src + (0 .. n - 1));
    requires \separated(dst + (0 .. n - 1), src + (0 .. n - 1));
    assigns dst[0 .. n - 1]; */
static inline void sha2_copy_bytes(uint8_t *dst, const uint8_t *src, size_t n)
{
  size_t i;
  /*@ loop invariant 0 <= i <= n;
      loop assigns i, dst[0 .. n - 1];
      loop variant n - i; */
  for (i = 0; i < n; i++)
    dst[i] = src[i];
}

/*@ requires \valid(dst + (0 .. n - 1));
    assigns dst[0 .. n - 1]; */
static inline void sha2_zero_bytes(uint8_t *dst, size_t n)
{
  size_t i;
  /*@ loop invariant 0 <= i <= n;
      loop assigns i, dst[0 .. n - 1];
      loop variant n - i; */
  for (i = 0; i < n; i++)
    dst[i] = 0;
}

/*@ requires \valid(dst + (0 .. n - 1));
    requires \valid_read(src + (0 .. n - 1));
    assigns dst[0 .. n - 1]; */
static inline void sha2_copy_u64(uint64_t *dst, const uint64_t *src, size_t n)
{
  size_t i;
  /*@ loop invariant 0 <= i <= n;
      loop assigns i, dst[0 .. n - 1];
      loop variant n - i; */
  for (i = 0; i < n; i++)
    dst[i] = src[i];
}

/*@ requires \valid(dst + (0 .. n - 1));
    requires \valid_read(src + (0 .. n - 1));
    assigns dst[0 .. n - 1]; */
static inline void sha2_copy_u32(uint32_t *dst, const uint32_t *src, size_t n)
{
  size_t i;
  /*@ loop invariant 0 <= i <= n;
      loop assigns i, dst[0 .. n - 1];
      loop variant n - i; */
  for (i = 0; i < n; i++)
    dst[i] = src[i];
}

/* Wipe 32-bit words through a volatile lvalue (C11 5.1.2.3p6: the stores
 * cannot be removed as dead). */
/*@ requires \valid(p + (0 .. len - 1));
    assigns p[0 .. len - 1]; */
static inline void sha2_wipe_u32(uint32_t *p, size_t len)
{
  volatile uint32_t *v = p;
  size_t i;
  /*@ loop invariant 0 <= i <= len;
      loop assigns i, p[0 .. len - 1];
      loop variant len - i; */
  for (i = 0; i < len; i++)
    v[i] = 0;
}

#endif
