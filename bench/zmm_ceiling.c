/* What the AVX-512 unit of this CPU can do, beside what the 8-way Keccak
 * kernel does with it: the ceiling behind ParallelHash128's target
 * (issue 4).  `make bench-zmm` builds and runs it.
 *
 * Four figures, each the minimum over many runs (TSC ticks):
 *   1. the core clock over the TSC: a chain of dependent 1-cycle adds;
 *   2. the peak rate of vpternlogq and of vprolq on zmm registers: eight
 *      independent chains per loop body, so only the execution ports
 *      limit it (on Zen 4, which runs a 512-bit operation as two 256-bit
 *      halves, two logic operations or one rotation per cycle);
 *   3. one round of qed_keccak_p1600_times8_leaves_avx512 (8 states side
 *      by side, 49 blocks of 168 bytes per 8192-byte leaf, 24 rounds);
 *   4. from 2, the shortest a round could be: a Keccak round needs at
 *      least 90 vector operations at 8 states per register (theta 10
 *      ternary parities + 5 rotations + 25 ternary updates, rho 24
 *      rotations, chi 25 ternary, iota 1), 95 as generated today.
 * The x86-64 code is inline assembly, selected only when the CPU reports
 * AVX-512F; on any other CPU the program says so and exits 0. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "keccak/keccak_p1600_leaves.h"

#if defined(__x86_64__) && defined(__GNUC__)
#include <x86intrin.h>

#define ITERS 100000

static uint64_t min_of(uint64_t (*f)(void), int runs)
{
  uint64_t best = UINT64_MAX;
  for (int i = 0; i < runs; i++) {
    uint64_t t = f();
    if (t < best)
      best = t;
  }
  return best;
}

/* 8 dependent adds per iteration: one cycle each. */
static uint64_t chain_add(void)
{
  uint64_t x = 1, t0 = __rdtsc();
  for (int i = 0; i < ITERS; i++)
    __asm__ volatile("add $1,%0\n\tadd $1,%0\n\tadd $1,%0\n\tadd $1,%0\n\t"
                     "add $1,%0\n\tadd $1,%0\n\tadd $1,%0\n\tadd $1,%0"
                     : "+r"(x));
  return __rdtsc() - t0;
}

#define TERN(r) "vpternlogq $0x96, %%zmm8, %%zmm9, %%zmm" #r "\n\t"
#define ROL(r, s) "vprolq $" #s ", %%zmm" #r ", %%zmm" #r "\n\t"
#define CLOBBER "rcx", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", \
                "xmm6", "xmm7"

/* 8 independent ternary-logic chains per iteration. */
__attribute__((target("avx512f"))) static uint64_t peak_tern(void)
{
  uint64_t t0 = __rdtsc();
  __asm__ volatile("mov $100000, %%ecx\n1:\n\t"
                   TERN(0) TERN(1) TERN(2) TERN(3)
                   TERN(4) TERN(5) TERN(6) TERN(7)
                   "dec %%ecx\n\tjnz 1b" ::: CLOBBER);
  return __rdtsc() - t0;
}

/* 8 independent rotation chains per iteration. */
__attribute__((target("avx512f"))) static uint64_t peak_rol(void)
{
  uint64_t t0 = __rdtsc();
  __asm__ volatile("mov $100000, %%ecx\n1:\n\t"
                   ROL(0, 1) ROL(1, 3) ROL(2, 5) ROL(3, 7)
                   ROL(4, 11) ROL(5, 13) ROL(6, 17) ROL(7, 19)
                   "dec %%ecx\n\tjnz 1b" ::: CLOBBER);
  return __rdtsc() - t0;
}

/* 3 rotations and 5 ternary operations per 8: a Keccak round's mix. */
__attribute__((target("avx512f"))) static uint64_t peak_mix(void)
{
  uint64_t t0 = __rdtsc();
  __asm__ volatile("mov $100000, %%ecx\n1:\n\t"
                   ROL(0, 1) TERN(1) TERN(2) ROL(3, 7)
                   TERN(4) TERN(5) ROL(6, 17) TERN(7)
                   "dec %%ecx\n\tjnz 1b" ::: CLOBBER);
  return __rdtsc() - t0;
}

#define LEAF 8192
#define RATE 168
static uint8_t leaves_in[8 * LEAF];
static uint8_t leaves_cv[512];

static uint64_t x8_leaves(void)
{
  size_t used;
  uint64_t t0 = __rdtsc();
  qed_keccak_p1600_times8_leaves_avx512(leaves_cv, 32, leaves_in,
                                        sizeof leaves_in, LEAF, RATE, 24,
                                        0x1f, &used);
  return __rdtsc() - t0;
}

int main(void)
{
  const double blocks = LEAF / RATE + 1;      /* 49: 8192 + padding */
  double core, tern, rol, mix, round, best;
  size_t i;
  __builtin_cpu_init();
  if (!__builtin_cpu_supports("avx512f")) {
    printf("bench-zmm: this CPU has no AVX-512F; nothing to measure\n");
    return 0;
  }
  for (i = 0; i < sizeof leaves_in; i++)
    leaves_in[i] = (uint8_t)(i * 7u);
  core = 8.0 * ITERS / (double)min_of(chain_add, 200);
  tern = (double)min_of(peak_tern, 200) / (8.0 * ITERS);
  rol = (double)min_of(peak_rol, 200) / (8.0 * ITERS);
  mix = (double)min_of(peak_mix, 200) / (8.0 * ITERS);
  round = (double)min_of(x8_leaves, 300) / (blocks * 24);
  best = tern < mix ? tern : mix;
  printf("core clock / TSC                     %6.2f\n", core);
  printf("vpternlogq zmm, independent          %6.3f ticks  (%.2f per core cycle)\n",
         tern, 1.0 / (tern * core));
  printf("vprolq zmm, independent              %6.3f ticks  (%.2f per core cycle)\n",
         rol, 1.0 / (rol * core));
  printf("3 vprolq + 5 vpternlogq, independent %6.3f ticks  (%.2f per core cycle)\n",
         mix, 1.0 / (mix * core));
  printf("Keccak-p[1600,24] x8 round (leaves)  %6.2f ticks  (%.2f vector ops per core cycle at 95 a round)\n",
         round, 95.0 / (round * core));
  printf("a round at that peak rate: 95 ops %6.2f ticks, 90 ops %6.2f ticks\n",
         95.0 * best, 90.0 * best);
  return 0;
}
#else
int main(void)
{
  printf("bench-zmm: x86-64 with GCC or clang only\n");
  return 0;
}
#endif
