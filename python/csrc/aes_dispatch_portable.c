/* src/aes/aes_dispatch.c built as on a CPU architecture without AES
 * instructions: with __x86_64__ undefined its QED_HAVE_AES_HW is 0 and
 * every dispatcher is a direct call of the *_portable bulk operation (the
 * build the library has on s390x or aarch64).  The C library headers are
 * read first, with the real architecture; the undefinition only reaches
 * aes_dispatch.c's own #if.  See aes_portable_names.h. */
#include <stddef.h>
#include <stdint.h>

#undef __x86_64__
#include "aes_portable_names.h"
#include "aes/aes_dispatch.c"
