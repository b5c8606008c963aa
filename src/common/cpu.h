/* CPU features and the backend choice (src/common/cpu.c, outside the proof:
 * it executes CPUID and XGETBV). */
#ifndef QED_COMMON_CPU_H
#define QED_COMMON_CPU_H

/* Backend levels, in increasing order of what the CPU must have. */
#define QED_BACKEND_PORTABLE 0u  /* any CPU: the proven C as written          */
#define QED_BACKEND_AVX2     1u  /* x86-64-v3: AVX2, BMI1, BMI2, OS saves ymm  */
#define QED_BACKEND_AVX512   2u  /* + AVX-512 F/BW/DQ/VL, OS saves zmm         */

/* The level in use: the best the CPU and OS support, lowered (never raised)
 * by the environment variable QED_BACKEND.  Computed once, lazily, and
 * safely from several threads (every thread computes the same answer).   */
/*@ assigns \nothing;
    ensures \result <= 2; */
unsigned qed_backend_level(void);

#endif
