/* CPU feature detection and the backend choice.  Outside the proof (it runs
 * CPUID and XGETBV, which Frama-C cannot model): see proof/outside.txt.
 *
 * A backend is usable only when the CPU has the instructions AND the
 * operating system saves the registers they use across context switches:
 * CPUID says the first, XCR0 (read with XGETBV, allowed once CPUID reports
 * OSXSAVE) says the second.  AVX needs XCR0 bits 1-2 (SSE, AVX state);
 * AVX-512 also needs bits 5-7 (opmask, ZMM0-15 upper halves, ZMM16-31). */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "qed/common.h"
#include "common/cpu.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>

static unsigned long long read_xcr0(void)
{
  unsigned int lo, hi;
  __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
  return ((unsigned long long)hi << 32) | lo;
}

static unsigned detect_level(void)
{
  unsigned int a, b, c, d;
  unsigned level = QED_BACKEND_PORTABLE;

  if (!__get_cpuid(1, &a, &b, &c, &d))
    return level;
  const int osxsave = (c >> 27) & 1, avx = (c >> 28) & 1;
  const int fma = (c >> 12) & 1, movbe = (c >> 22) & 1;
  if (!osxsave || !avx)
    return level;
  const unsigned long long xcr0 = read_xcr0();
  if ((xcr0 & 0x6) != 0x6)
    return level;
  if (__get_cpuid_max(0, NULL) < 7)
    return level;
  __cpuid_count(7, 0, a, b, c, d);
  const int bmi1 = (b >> 3) & 1, avx2 = (b >> 5) & 1, bmi2 = (b >> 8) & 1;
  const int avx512f = (b >> 16) & 1, avx512dq = (b >> 17) & 1;
  const int avx512bw = (b >> 30) & 1, avx512vl = (b >> 31) & 1;
  unsigned int ea = 0, eb = 0, ec = 0, ed = 0;
  /* LZCNT (ABM) is part of x86-64-v3 too. */
  if (!__get_cpuid(0x80000001, &ea, &eb, &ec, &ed))
    return level;
  const int lzcnt = (ec >> 5) & 1;
  if (!(bmi1 && bmi2 && avx2 && fma && movbe && lzcnt))
    return level;
  level = QED_BACKEND_AVX2;
  if (avx512f && avx512dq && avx512bw && avx512vl && (xcr0 & 0xe6) == 0xe6)
    level = QED_BACKEND_AVX512;
  return level;
}
#else
static unsigned detect_level(void) { return QED_BACKEND_PORTABLE; }
#endif

/* The environment may lower the level (for tests and valgrind), never raise
 * it above what the CPU and OS support. */
static unsigned apply_env(unsigned level)
{
  const char *want = getenv("QED_BACKEND");
  if (want == NULL || *want == '\0')
    return level;
  unsigned cap = level;
  if (strcmp(want, "portable") == 0)
    cap = QED_BACKEND_PORTABLE;
  else if (strcmp(want, "avx2") == 0)
    cap = QED_BACKEND_AVX2;
  else if (strcmp(want, "avx512") == 0)
    cap = QED_BACKEND_AVX512;
  return cap < level ? cap : level;
}

/* Highest level for which qed has code (Keccak: src/keccak/simd/ has the
 * AVX-512 kernels), so the name never claims more than is used.  The
 * kernels need AVX512F and AVX512VL only; DQ and BW are asked for too so
 * that "avx512" means the same feature set for every family.             */
#define QED_BACKEND_IMPLEMENTED QED_BACKEND_AVX512

/* 0 = not computed yet; otherwise level + 1.  Threads racing here all
 * compute and store the same value, so a relaxed atomic is enough. */
static atomic_uint cached_level;

unsigned qed_backend_level(void)
{
  unsigned v = atomic_load_explicit(&cached_level, memory_order_relaxed);
  if (v == 0) {
    unsigned level = apply_env(detect_level());
    if (level > QED_BACKEND_IMPLEMENTED)
      level = QED_BACKEND_IMPLEMENTED;
    v = level + 1;
    atomic_store_explicit(&cached_level, v, memory_order_relaxed);
  }
  return v - 1;
}

const char *qed_backend_name(void)
{
  static const char *const names[] = { "portable", "avx2", "avx512" };
  return names[qed_backend_level()];
}
