/* Force-included (gcc -include abi/export.h) into every object of libqed,
 * which is compiled with -fvisibility=hidden (mk/hardening.mk): the public
 * headers are read here first, under default visibility, so exactly the
 * functions they declare are exported from libqed.so and everything else
 * (the internal headers under src/, static helpers, the backends) stays
 * hidden.  GCC and clang keep the visibility of a function's first
 * declaration for its later definition; scripts/check_visibility.sh checks
 * that on every `make check-abi`.  The headers' own include guards make
 * the sources' later #include of them a no-op.
 *
 * Not in the proof build (mk/prove.mk has its own preprocessor flags): the
 * public headers are unchanged, so no proof key changes.  qed/nacl_compat.h
 * is left out: it holds only static inline functions (nothing to export)
 * with the bare NaCl names, which must not enter the library's objects. */
#ifndef QED_ABI_EXPORT_H
#define QED_ABI_EXPORT_H

#pragma GCC visibility push(default)
#include "qed/qed.h"
#pragma GCC visibility pop

#endif
