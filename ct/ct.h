/* Shared pieces of the constant-time check (ct/ct_test.c is the driver).
 *
 * A family adds ct/ct_<family>.c, which defines its tests and one table
 *   const ct_test ct_tests_<family>[]; const size_t ct_tests_<family>_count;
 * and one line CT_FAMILY(<family>) in ct/families.h.  mk/ct.mk links every
 * .c file under ct/.  Conventions: mark secrets with SECRET() before the call,
 * outputs that may depend on them with PUBLIC() before looking at them;
 * lengths, offsets and round counts are public.                           */
#ifndef QED_CT_H
#define QED_CT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <valgrind/memcheck.h>

#define SECRET(p, n) ((void)VALGRIND_MAKE_MEM_UNDEFINED((p), (n)))
#define PUBLIC(p, n) ((void)VALGRIND_MAKE_MEM_DEFINED((p), (n)))

/* Checks that failed in the running test (a wrong result, not a leak). */
extern int ct_failures;

#define CHECK(cond)                                                       \
  do {                                                                    \
    if (!(cond)) {                                                        \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__,    \
              #cond);                                                     \
      ct_failures++;                                                      \
    }                                                                     \
  } while (0)

/* Arbitrary fixed bytes (xorshift), different for every seed. */
void ct_fill(uint8_t *p, size_t n, uint32_t seed);

typedef struct {
  const char *name;   /* unique over all families: prefix it with the family */
  int (*fn)(void);    /* 0 when every CHECK held */
  int leaky;          /* 1: a self-test that memcheck MUST flag */
} ct_test;

#define CT_FAMILY(f)                      \
  extern const ct_test ct_tests_##f[];    \
  extern const size_t ct_tests_##f##_count;
#include "families.h"
#undef CT_FAMILY

#endif
