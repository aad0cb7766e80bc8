#define _GNU_SOURCE 1
#include "CPosixSpawn.h"
#include <spawn.h>

int cps_setsid_flag(void) {
#ifdef POSIX_SPAWN_SETSID
    return POSIX_SPAWN_SETSID;
#else
    return -1;
#endif
}
