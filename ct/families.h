/* One line per ct/ct_<family>.c (see ct/ct.h); read twice by the driver. */
CT_FAMILY(keccak)
CT_FAMILY(keccak_p)
CT_FAMILY(ascon)
CT_FAMILY(gimli)
CT_FAMILY(ketje)
CT_FAMILY(nacl)
CT_FAMILY(simd)
CT_FAMILY(selftest)
