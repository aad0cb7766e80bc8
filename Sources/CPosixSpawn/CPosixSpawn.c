#define _GNU_SOURCE 1
#include "CPosixSpawn.h"
#include <errno.h>
#include <spawn.h>
#include <sys/resource.h>

int cps_setsid_flag(void) {
#ifdef POSIX_SPAWN_SETSID
    return POSIX_SPAWN_SETSID;
#else
    return -1;
#endif
}

int cps_add_closefrom(posix_spawn_file_actions_t *actions, int lowest) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
    return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
#else
    (void)actions;
    (void)lowest;
    return ENOSYS;
#endif
}

int cps_prlimit(pid_t pid, int resource, unsigned long long soft, unsigned long long hard) {
#ifdef __linux__
    struct rlimit limit = {.rlim_cur = (rlim_t)soft, .rlim_max = (rlim_t)hard};
    return prlimit(pid, (__rlimit_resource_t)resource, &limit, NULL) == 0 ? 0 : errno;
#else
    (void)pid;
    (void)resource;
    (void)soft;
    (void)hard;
    return ENOSYS;
#endif
}

int cps_setrlimit(int resource, unsigned long long soft, unsigned long long hard) {
    struct rlimit limit = {.rlim_cur = (rlim_t)soft, .rlim_max = (rlim_t)hard};
    return setrlimit((__rlimit_resource_t)resource, &limit) == 0 ? 0 : errno;
}

int cps_rlimit_data(void) { return RLIMIT_DATA; }
int cps_rlimit_cpu(void) { return RLIMIT_CPU; }
int cps_rlimit_nofile(void) { return RLIMIT_NOFILE; }
int cps_rlimit_fsize(void) { return RLIMIT_FSIZE; }
int cps_rlimit_core(void) { return RLIMIT_CORE; }
