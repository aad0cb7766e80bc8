#ifndef CPOSIXSPAWN_H
#define CPOSIXSPAWN_H

#include <spawn.h>
#include <sys/types.h>

/// posix_spawn's flag that makes the child a session leader (POSIX_SPAWN_SETSID, a GNU extension whose
/// value Swift cannot see without _GNU_SOURCE), or -1 where the C library has none.
int cps_setsid_flag(void);

/// Adds "close every descriptor from `lowest` up" to `actions` (glibc's
/// posix_spawn_file_actions_addclosefrom_np, 2.34 and later, which Swift cannot see without _GNU_SOURCE):
/// the child then holds nothing of its parent's but what the earlier actions gave it. 0, or an error number
/// (ENOSYS where the C library has none).
int cps_add_closefrom(posix_spawn_file_actions_t *actions, int lowest);

/// Sets one resource limit of another process (Linux prlimit(2), which Swift cannot see without _GNU_SOURCE):
/// `resource` is an RLIMIT_ number, `soft` and `hard` the limits (RLIM_INFINITY for none). 0, or an error number.
int cps_prlimit(pid_t pid, int resource, unsigned long long soft, unsigned long long hard);

/// Sets one resource limit of this process (setrlimit(2) with an int resource). 0, or an error number.
int cps_setrlimit(int resource, unsigned long long soft, unsigned long long hard);

/// The resource limits' numbers, which Swift's Glibc module spells as enum cases of its own.
int cps_rlimit_data(void);
int cps_rlimit_cpu(void);
int cps_rlimit_nofile(void);
int cps_rlimit_fsize(void);
int cps_rlimit_core(void);

#endif
