/* The SHA-2 compression loops (sha2_blocks.h), built for the baseline of
 * the target.  The bodies are sha2_impl.h; sha2_blocks_x86v3.c builds the
 * same bodies for x86-64-v3 and sha2_blocks_dispatch.c picks one at run
 * time. */
#include "sha2/sha2_blocks.h"
#include "sha2/sha2_impl.h"

size_t qed_sha256_blocks_portable(uint32_t state[8], const uint8_t *in,
                                  size_t inlen)
{
  return sha256_blocks_body(state, in, inlen);
}

size_t qed_sha512_blocks_portable(uint64_t state[8], const uint8_t *in,
                                  size_t inlen)
{
  return sha512_blocks_body(state, in, inlen);
}
