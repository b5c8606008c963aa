/* Clears the parameters of keccak_times_impl.h, so that one file can
 * include it again for another vector width. */
#undef KT_V
#undef KT_W
#undef KT_NAME
#undef KT_XOR
#undef KT_XOR3
#undef KT_XOR5
#undef KT_ROL
#undef KT_CHI
#undef KT_SET1
#undef KT_ZERO
#undef KT_LOADU
#undef KT_STOREU
#undef KT_I
#undef KT_INDEX
#undef KT_GATHER
#undef KT_ADD_BLOCK
#undef KT_OWN_KERNEL
