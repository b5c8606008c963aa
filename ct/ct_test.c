/* qed constant-time check: valgrind memcheck as a taint tracker ("ctgrind",
 * Langley 2010; the technique of SUPERCOP's TIMECOP).
 *
 * Each test marks its secrets *undefined* (VALGRIND_MAKE_MEM_UNDEFINED) and
 * calls the library.  Memcheck then reports every conditional branch and
 * every memory address computed from a secret ("Conditional jump or move
 * depends on uninitialised value(s)", "Use of uninitialised value of size
 * 8"), and `valgrind --error-exitcode=42` turns any report into exit status
 * 42.  Outputs that may depend on secrets (digests, the 0/-1 verdict of a
 * comparison, the selected bytes) are marked *defined* again before the test
 * looks at them.  Lengths, offsets and round counts are public.
 *
 * The tests live in ct/ct_<family>.c, one table per family (ct/ct.h,
 * ct/families.h); this file is the driver.
 *
 * Two deliberately leaky functions (an early-exit compare and a
 * secret-indexed table) must be flagged: mk/ct.mk fails when they are not,
 * so a harness that checks nothing cannot pass.
 *
 * Limits: memcheck sees branches, addresses and system-call arguments, not
 * variable-latency instructions (x86 DIV) nor the cache; it checks the code
 * as compiled (mk/ct.mk builds the library with the release flags, both the
 * portable and the x86-64-v3 objects, and runs every test once per backend).
 *
 * usage: ct_test TEST      run one test (exit 0; 1 = wrong result;
 *                          3 = not running on the backend the environment
 *                          variable QED_CT_EXPECT_BACKEND names)
 *        ct_test --list    the tests that must pass, one per line
 *        ct_test --leaky   the tests that must be flagged, one per line
 *        ct_test --backend the backend qed picks here (qed_backend_name)
 */
#include <stdlib.h>
#include <string.h>

#include "ct.h"
#include "qed/common.h"

int ct_failures;

void ct_fill(uint8_t *p, size_t n, uint32_t seed)
{
  uint32_t x = seed * 2654435761u + 1u;
  for (size_t i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    p[i] = (uint8_t)(x >> 24);
  }
}

/* Every family's table, in the order of ct/families.h. */
static const struct {
  const ct_test *tests;
  const size_t *count;
} families[] = {
#define CT_FAMILY(f) { ct_tests_##f, &ct_tests_##f##_count },
#include "families.h"
#undef CT_FAMILY
};
#define NFAMILIES (sizeof families / sizeof families[0])

int main(int argc, char **argv)
{
  if (argc != 2) {
    fprintf(stderr, "usage: %s TEST | --list | --leaky | --backend\n",
            argv[0]);
    return 2;
  }
  if (strcmp(argv[1], "--list") == 0 || strcmp(argv[1], "--leaky") == 0) {
    const int leaky = strcmp(argv[1], "--leaky") == 0;
    for (size_t f = 0; f < NFAMILIES; f++)
      for (size_t i = 0; i < *families[f].count; i++)
        if (families[f].tests[i].leaky == leaky)
          printf("%s\n", families[f].tests[i].name);
    return 0;
  }
  if (strcmp(argv[1], "--backend") == 0) {
    printf("%s\n", qed_backend_name());
    return 0;
  }
  const char *expect = getenv("QED_CT_EXPECT_BACKEND");
  if (expect != NULL && *expect != '\0' &&
      strcmp(expect, qed_backend_name()) != 0) {
    fprintf(stderr, "ct_test: backend is %s, expected %s\n",
            qed_backend_name(), expect);
    return 3;
  }
  for (size_t f = 0; f < NFAMILIES; f++)
    for (size_t i = 0; i < *families[f].count; i++) {
      const ct_test *t = &families[f].tests[i];
      if (strcmp(argv[1], t->name) == 0) {
        int r = t->fn();
        if (ct_failures)
          fprintf(stderr, "ct_test %s: %d check(s) failed\n", argv[1],
                  ct_failures);
        return r || ct_failures ? 1 : 0;
      }
    }
  fprintf(stderr, "ct_test: unknown test %s\n", argv[1]);
  return 2;
}
