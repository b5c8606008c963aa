/* src/aes/aes_modes.c (ECB, CBC, CBC-PKCS#7, CTR) over the portable-only
 * dispatchers: see aes_portable_names.h. */
#include "aes_portable_names.h"
#include "aes/aes_modes.c"
