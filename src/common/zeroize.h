/* Wiping typed arrays (internal).  qed_zeroize (qed/common.h) wipes bytes;
 * the typed forms wipe lanes and limbs without a cast that the proof's
 * typed memory model would reject. */
#ifndef QED_COMMON_ZEROIZE_H
#define QED_COMMON_ZEROIZE_H

#include <stddef.h>
#include <stdint.h>

/*@ requires \valid(p + (0 .. len - 1));
    assigns p[0 .. len - 1]; */
void qed_wipe_u64(uint64_t *p, size_t len);

#endif
