#ifndef CTASKHOOKS_H
#define CTASKHOOKS_H

#include <stdint.h>

/// The Swift concurrency runtime's jobs, taken on the calling thread instead of its global executor's.
///
/// While installed, every job the runtime would give its global executor (libdispatch on Linux: a task started,
/// a continuation resumed, an actor scheduled) and every timed one (its deadline kept) goes to a queue of this
/// module's, which one thread empties with `cth_next_job` and `cth_run_job`. The session template uses it to run
/// the browser's first network requests before it forks: libdispatch must never start a thread there, or every
/// child's queues are poisoned (its fork handler marks a child of a multi-threaded libdispatch unusable).
///
/// Installed at most once at a time; not for a program whose other threads already use the runtime.
///
/// The module also answers a sanitized build's leak checker (`__lsan_default_suppressions`, in CTaskHooks.c; no
/// declaration here, nothing calls it but LeakSanitizer): what a retired loop's setup made is kept, not leaked.

/// Routes the runtime's global, timed and main-executor jobs here. 0, or -1 when already installed.
int cth_install(void);

/// Gives the runtime its own executors back. Jobs still queued or waiting for their time are forgotten (their
/// tasks never run again): the number forgotten.
long cth_uninstall(void);

/// The next job to run: one queued, or a timed one whose time came; waits at most until `until`
/// (nanoseconds of CLOCK_MONOTONIC). NULL when none came by then.
void *cth_next_job(int64_t until);

/// Runs `job` on the runtime's generic executor, as a thread of its global executor would.
void cth_run_job(void *job);

/// Wakes a thread waiting in `cth_next_job` (it returns NULL at once if nothing is queued).
void cth_wake(void);

/// Nanoseconds of CLOCK_MONOTONIC now.
int64_t cth_now(void);

/// Ends the calling thread at once, as the kernel ends a thread (no unwinding, no thread-local destructors): for
/// an event loop's thread that will never be needed again, told to do so from a task of its own (it holds no
/// lock there), so that its process may fork. Never returns.
void cth_retire_thread(void) __attribute__((noreturn));

/// Tells AddressSanitizer that the calling thread's frames are over (its `__asan_handle_no_return`): for a call that
/// never returns but leaves the thread's stack to other code. `dispatchMain()` ends the main thread with
/// `pthread_exit`, which unwinds past the instrumented frames without clearing their guard zones; libdispatch then
/// parks the thread in `sigsuspend` and runs its signal handler there, on the stack those frames had, and a SIGTERM
/// was reported as a stack overflow that ended the process (exit 1) instead of a clean stop. Nothing without
/// AddressSanitizer (a weak reference).
void cth_frames_end(void);

/// The number of threads this process has now (from /proc/self/task), or -1 when it cannot be read.
int cth_thread_count(void);

#endif
