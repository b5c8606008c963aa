/* src/aes/gcm.c (GCM, streaming and one-shot) over the portable-only
 * dispatchers: see aes_portable_names.h. */
#include "aes_portable_names.h"
#include "aes/gcm.c"
