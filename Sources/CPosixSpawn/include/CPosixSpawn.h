#ifndef CPOSIXSPAWN_H
#define CPOSIXSPAWN_H

/// posix_spawn's flag that makes the child a session leader (POSIX_SPAWN_SETSID, a GNU extension whose
/// value Swift cannot see without _GNU_SOURCE), or -1 where the C library has none.
int cps_setsid_flag(void);

#endif
