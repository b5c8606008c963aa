/* qed — common definitions: constant-time comparison, wiping, randomness,
 * and the name of the CPU backend in use.
 *
 * Conventions (all of qed):
 *   - functions that can fail return 0 on success and -1 on failure; on
 *     failure their outputs are zeroed, never left half-written;
 *   - pointers must be valid for the lengths given (the ACSL contracts,
 *     the comments starting with @, say exactly which bytes);
 *   - nothing allocates: every context is a plain struct the caller owns. */
#ifndef QED_COMMON_H
#define QED_COMMON_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Constant-time comparison of two byte strings: 0 when equal, -1 otherwise.
 * The time taken depends only on the length, never on the contents.      */
/*@ requires \valid_read(x + (0 .. 15)) && \valid_read(y + (0 .. 15));
    assigns \nothing;
    ensures \result == 0 || \result == -1;
    ensures \result == 0 <==> (\forall integer k; 0 <= k < 16 ==> x[k] == y[k]); */
int qed_verify_16(const uint8_t x[16], const uint8_t y[16]);
/*@ requires \valid_read(x + (0 .. 31)) && \valid_read(y + (0 .. 31));
    assigns \nothing;
    ensures \result == 0 || \result == -1;
    ensures \result == 0 <==> (\forall integer k; 0 <= k < 32 ==> x[k] == y[k]); */
int qed_verify_32(const uint8_t x[32], const uint8_t y[32]);
/*@ requires \valid_read(x + (0 .. len - 1)) && \valid_read(y + (0 .. len - 1));
    assigns \nothing;
    ensures \result == 0 || \result == -1;
    ensures \result == 0 <==> (\forall integer k; 0 <= k < len ==> x[k] == y[k]); */
int qed_verify(const uint8_t *x, const uint8_t *y, size_t len);

/* Constant-time select and swap on byte strings, driven by a secret bit.
 *   qed_ct_select: out = bit ? a : b          (bit must be 0 or 1)
 *   qed_ct_swap:   if bit, exchange a and b   (bit must be 0 or 1)
 * out may equal a or b; a and b must not overlap otherwise.              */
/*@ requires bit <= 1;
    requires \valid(out + (0 .. len - 1));
    requires \valid_read(a + (0 .. len - 1)) && \valid_read(b + (0 .. len - 1));
    requires out == a || \separated(out + (0 .. len - 1), a + (0 .. len - 1));
    requires out == b || \separated(out + (0 .. len - 1), b + (0 .. len - 1));
    assigns out[0 .. len - 1]; */
void qed_ct_select(uint8_t *out, const uint8_t *a, const uint8_t *b,
                   size_t len, uint32_t bit);
/*@ requires bit <= 1;
    requires \valid(a + (0 .. len - 1)) && \valid(b + (0 .. len - 1));
    requires \separated(a + (0 .. len - 1), b + (0 .. len - 1));
    assigns a[0 .. len - 1], b[0 .. len - 1]; */
void qed_ct_swap(uint8_t *a, uint8_t *b, size_t len, uint32_t bit);

/* Set len bytes at p to zero, in a way the compiler may not remove
 * (every store is volatile).                                             */
/*@ requires \valid(p + (0 .. len - 1));
    assigns p[0 .. len - 1]; */
void qed_zeroize(uint8_t *p, size_t len);

/* Fill buf with len bytes from the operating system's generator
 * (getrandom).  Returns 0, or -1 with buf zeroed if the OS refuses.       */
/*@ requires \valid(buf + (0 .. len - 1));
    assigns buf[0 .. len - 1];
    ensures \result == 0 || \result == -1; */
int qed_randombytes(uint8_t *buf, size_t len);

/* Name of the CPU backend in use: "portable", "avx2" or "avx512".
 * Chosen once, lazily, from CPUID and XCR0; the environment variable
 * QED_BACKEND (portable, avx2, avx512) forces a backend the CPU has.     */
/*@ assigns \nothing; */
const char *qed_backend_name(void);

#ifdef __cplusplus
}
#endif
#endif
