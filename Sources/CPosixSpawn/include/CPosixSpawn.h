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

/// The most descriptors one message between the front and its session template carries.
#define CPS_MOST_DESCRIPTORS 4

/// Makes this process the reaper of its orphaned descendants (Linux PR_SET_CHILD_SUBREAPER): a browser forked by
/// the session template through a go-between becomes this process's child. 0, or an error number.
int cps_become_subreaper(void);

/// Sends `count` bytes and up to CPS_MOST_DESCRIPTORS descriptors (SCM_RIGHTS) as one message on `socket`.
/// The bytes sent, or minus an error number.
long cps_send_with_descriptors(int socket, const void *bytes, size_t count, const int *descriptors, int descriptorCount);

/// Receives one message of at most `capacity` bytes and its descriptors (close-on-exec; at most
/// CPS_MOST_DESCRIPTORS, into `descriptors`, their number in `descriptorCount`). The bytes received (0 when the
/// other end closed), or minus an error number: -EMSGSIZE for a message cut short, whose descriptors are closed.
long cps_receive_with_descriptors(int socket, void *bytes, size_t capacity, int *descriptors, int *descriptorCount);

/// Forks a visitor's browser from this (single-threaded) template through a go-between that exits at once, so
/// that the browser's parent becomes the subreaper above (the front). Returns 0 in the browser — a session
/// leader on `terminal` (its controlling terminal and standard input, output and error), with `inherited` as
/// `inheritedAs` (none when `inherited` is negative), nothing else from 3 up, signals at their defaults and
/// none blocked — and the browser's pid in the template once the go-between is reaped, or minus an error number.
pid_t cps_fork_session(int terminal, int inherited, int inheritedAs);

/// Writes `replacement` (`length` bytes: the arguments, each ended by a NUL) over this process's command line
/// as the kernel shows it (/proc/PID/cmdline, `ps`), cut to the room the original had and the rest NULs: a
/// browser forked from the session template shows `openmarket browse …`, not the template's command line.
void cps_rewrite_arguments(int argc, char **argv, const char *replacement, size_t length);

/// Gives this process the scheduling priority (nice) of its parent's main thread. On Linux a priority is a
/// thread's, and a child takes the one of the thread that started it: a template started from one of the
/// front's concurrency threads (which libdispatch runs at another nice for their quality of service) would pass
/// that on to every browser. 0, or an error number.
int cps_take_parent_priority(void);

#endif
