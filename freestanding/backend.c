/* The backend choice of the freestanding build: src/common/cpu.c is left
 * out (it reads the environment with getenv and runs CPUID), and the
 * dispatchers, compiled as for a non-x86 target, know only the portable
 * code: so the level is always QED_BACKEND_PORTABLE. */
#include "qed/common.h"
#include "common/cpu.h"

unsigned qed_backend_level(void)
{
  return QED_BACKEND_PORTABLE;
}

const char *qed_backend_name(void)
{
  return "portable";
}
