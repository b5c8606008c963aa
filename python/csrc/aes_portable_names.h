/* Names of the second, portable-only build of the AES modes inside the
 * Python extension (qed.aes.new(..., backend="portable")).
 *
 * The C library chooses its AES backend once per process
 * (qed_aes_backend(), from qed_backend_level(), cached), so a process that
 * runs VAES cannot reach the portable code through the public functions.
 * The extension therefore compiles the proven sources src/aes/aes_modes.c,
 * src/aes/gcm.c and src/aes/aes_dispatch.c a second time, unchanged, with
 * every external name they define renamed below (so they link beside the
 * ordinary build) and aes_dispatch.c built as on a CPU without AES
 * instructions (see aes_dispatch_portable.c): its dispatchers then call
 * the *_portable bulk operations and nothing else.  The proofs of these
 * units rest on the contracts of the bulk operations only, which are the
 * portable functions' own, so the renamed build is the proven code.
 *
 * python/qed_build.py derives the Python-visible declarations from the
 * same list (PORTABLE_AES there): keep the two in step.                 */
#ifndef QEDPY_AES_PORTABLE_NAMES_H
#define QEDPY_AES_PORTABLE_NAMES_H

/* the public mode functions (aes_modes.c, gcm.c) */
#define qed_aes_ecb_encrypt        qedpy_portable_aes_ecb_encrypt
#define qed_aes_ecb_decrypt        qedpy_portable_aes_ecb_decrypt
#define qed_aes_cbc_encrypt        qedpy_portable_aes_cbc_encrypt
#define qed_aes_cbc_decrypt        qedpy_portable_aes_cbc_decrypt
#define qed_aes_cbc_pkcs7_encrypt  qedpy_portable_aes_cbc_pkcs7_encrypt
#define qed_aes_cbc_pkcs7_decrypt  qedpy_portable_aes_cbc_pkcs7_decrypt
#define qed_aes_ctr_xor            qedpy_portable_aes_ctr_xor
#define qed_aes_ctr_init           qedpy_portable_aes_ctr_init
#define qed_aes_ctr_update         qedpy_portable_aes_ctr_update
#define qed_aes_ctr_wipe           qedpy_portable_aes_ctr_wipe
#define qed_aes_gcm_init           qedpy_portable_aes_gcm_init
#define qed_aes_gcm_update_ad      qedpy_portable_aes_gcm_update_ad
#define qed_aes_gcm_encrypt_update qedpy_portable_aes_gcm_encrypt_update
#define qed_aes_gcm_decrypt_update qedpy_portable_aes_gcm_decrypt_update
#define qed_aes_gcm_encrypt_final  qedpy_portable_aes_gcm_encrypt_final
#define qed_aes_gcm_decrypt_final  qedpy_portable_aes_gcm_decrypt_final
#define qed_aes_gcm_encrypt        qedpy_portable_aes_gcm_encrypt
#define qed_aes_gcm_decrypt        qedpy_portable_aes_gcm_decrypt

/* the dispatchers (aes_dispatch.c) the modes call */
#define qed_aes_encrypt_blocks     qedpy_portable_aes_encrypt_blocks
#define qed_aes_decrypt_blocks     qedpy_portable_aes_decrypt_blocks
#define qed_aes_cbc_encrypt_blocks qedpy_portable_aes_cbc_encrypt_blocks
#define qed_aes_cbc_decrypt_blocks qedpy_portable_aes_cbc_decrypt_blocks
#define qed_aes_ctr128_blocks      qedpy_portable_aes_ctr128_blocks
#define qed_aes_ctr32_blocks       qedpy_portable_aes_ctr32_blocks
#define qed_ghash_key_init         qedpy_portable_ghash_key_init
#define qed_ghash_blocks           qedpy_portable_ghash_blocks
#define qed_aes_gcm_blocks         qedpy_portable_aes_gcm_blocks
#define qed_aes_mask_bytes         qedpy_portable_aes_mask_bytes

#endif
