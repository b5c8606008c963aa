/* The backend cap of the fuzz build (fuzz/backend_switch.c). */
#ifndef QED_FUZZ_BACKEND_SWITCH_H
#define QED_FUZZ_BACKEND_SWITCH_H

#include <stddef.h>

/* 0 portable, 1 avx2, 2 avx512: the library runs min(cap, what the CPU
 * has); set it between calls, never while a context built under another
 * cap is in use (a GCM state keeps backend-specific key powers). */
extern unsigned qed_fuzz_backend_cap;
/* The best level this CPU (and QED_BACKEND) allows. */
unsigned qed_fuzz_backend_max(void);
unsigned qed_backend_level(void);
const char *qed_backend_name(void);
unsigned qed_aes_backend(void);
int qed_sha256_shani_usable(void);
int qed_bn_mont_ifma_supports(size_t n);

#endif
