/* qed — formal and fast cryptography.  One include for everything:
 *   #include <qed/qed.h>     and link with -lqed (pkg-config qed). */
#ifndef QED_QED_H
#define QED_QED_H

#define QED_VERSION_MAJOR 0
#define QED_VERSION_MINOR 1
#define QED_VERSION_PATCH 0
#define QED_VERSION_STRING "0.1.0"

#include "qed/common.h"
#include "qed/keccak.h"
#include "qed/keccak_xof.h"
#include "qed/keccak_p.h"
#include "qed/ascon.h"
#include "qed/gimli.h"
#include "qed/aes.h"
#include "qed/skein.h"
#include "qed/ketje.h"
#include "qed/nacl.h"
#include "qed/bn.h"
#include "qed/sha2.h"
#include "qed/rsa.h"

#endif
