#include "CTaskHooks.h"

#include <dirent.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

// The runtime's hooks (swift/Runtime/ConcurrencyHooks.def): function pointers in Swift's calling convention,
// each given the runtime's own implementation as its last argument.
#define CTH_SWIFTCC __attribute__((swiftcall))

typedef CTH_SWIFTCC void (*cth_enqueue_original)(void *job);
typedef CTH_SWIFTCC void (*cth_delay_original)(unsigned long long delay, void *job);
typedef CTH_SWIFTCC void (*cth_deadline_original)(long long sec, long long nsec, long long tsec, long long tnsec, int clock, void *job);

extern CTH_SWIFTCC void (*swift_task_enqueueGlobal_hook)(void *job, cth_enqueue_original original);
extern CTH_SWIFTCC void (*swift_task_enqueueGlobalWithDelay_hook)(unsigned long long delay, void *job, cth_delay_original original);
extern CTH_SWIFTCC void (*swift_task_enqueueGlobalWithDeadline_hook)(
    long long sec, long long nsec, long long tsec, long long tnsec, int clock, void *job, cth_deadline_original original);
extern CTH_SWIFTCC void (*swift_task_enqueueMainExecutor_hook)(void *job, cth_enqueue_original original);

// swift_job_run(Job *, SerialExecutorRef): the generic executor is the reference of two zero words.
typedef struct {
    void *identity;
    uintptr_t implementation;
} cth_executor_ref;
extern CTH_SWIFTCC void swift_job_run(void *job, cth_executor_ref executor);

typedef struct {
    void *job;
    int64_t due;  // CLOCK_MONOTONIC nanoseconds; 0 for a job to run now
} cth_entry;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t arrived;
static bool installed = false;
static bool woken = false;
static cth_entry *entries = NULL;
static size_t count = 0;
static size_t capacity = 0;

int64_t cth_now(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000000000LL + now.tv_nsec;
}

static void add(void *job, int64_t due) {
    pthread_mutex_lock(&lock);
    if (count == capacity) {
        size_t grown = capacity ? capacity * 2 : 64;
        cth_entry *moved = realloc(entries, grown * sizeof(cth_entry));
        if (!moved) abort();  // no room for a job: nothing sane is left to do with it
        entries = moved;
        capacity = grown;
    }
    entries[count++] = (cth_entry){job, due};
    pthread_cond_signal(&arrived);
    pthread_mutex_unlock(&lock);
}

static CTH_SWIFTCC void on_global(void *job, cth_enqueue_original original) {
    (void)original;
    add(job, 0);
}

static CTH_SWIFTCC void on_delay(unsigned long long delay, void *job, cth_delay_original original) {
    (void)original;
    add(job, cth_now() + (int64_t)(delay > (unsigned long long)INT64_MAX / 2 ? INT64_MAX / 2 : delay));
}

// A deadline of the runtime's clocks (1: continuous, CLOCK_BOOTTIME on Linux; 2: suspending, CLOCK_MONOTONIC),
// kept as the time left from now on CLOCK_MONOTONIC.
static CTH_SWIFTCC void on_deadline(
    long long sec, long long nsec, long long tsec, long long tnsec, int clock, void *job, cth_deadline_original original) {
    (void)tsec;
    (void)tnsec;
    (void)original;
    struct timespec now;
    clock_gettime(clock == 1 ? CLOCK_BOOTTIME : CLOCK_MONOTONIC, &now);
    long double left = ((long double)sec - now.tv_sec) * 1e9L + ((long double)nsec - now.tv_nsec);
    if (left < 0) left = 0;
    if (left > (long double)(INT64_MAX / 2)) left = (long double)(INT64_MAX / 2);
    add(job, cth_now() + (int64_t)left);
}

static CTH_SWIFTCC void on_main(void *job, cth_enqueue_original original) {
    (void)original;
    add(job, 0);
}

int cth_install(void) {
    pthread_mutex_lock(&lock);
    if (installed) {
        pthread_mutex_unlock(&lock);
        return -1;
    }
    static bool made = false;
    if (!made) {
        pthread_condattr_t attributes;
        pthread_condattr_init(&attributes);
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC);
        pthread_cond_init(&arrived, &attributes);
        pthread_condattr_destroy(&attributes);
        made = true;
    }
    installed = true;
    count = 0;
    swift_task_enqueueGlobal_hook = on_global;
    swift_task_enqueueGlobalWithDelay_hook = on_delay;
    swift_task_enqueueGlobalWithDeadline_hook = on_deadline;
    swift_task_enqueueMainExecutor_hook = on_main;
    pthread_mutex_unlock(&lock);
    return 0;
}

long cth_uninstall(void) {
    pthread_mutex_lock(&lock);
    swift_task_enqueueGlobal_hook = NULL;
    swift_task_enqueueGlobalWithDelay_hook = NULL;
    swift_task_enqueueGlobalWithDeadline_hook = NULL;
    swift_task_enqueueMainExecutor_hook = NULL;
    long forgotten = (long)count;
    free(entries);
    entries = NULL;
    count = capacity = 0;
    installed = false;
    pthread_mutex_unlock(&lock);
    return forgotten;
}

// Under the lock: the index of the first entry due by `now` (those to run now first, in order), or -1; and the
// earliest time a timed one is due, in `next`.
static long due_entry(int64_t now, int64_t *next) {
    long timed = -1;
    *next = INT64_MAX;
    for (size_t i = 0; i < count; i++) {
        if (entries[i].due == 0) return (long)i;
        if (entries[i].due <= now && timed < 0) timed = (long)i;
        if (entries[i].due < *next) *next = entries[i].due;
    }
    return timed;
}

void *cth_next_job(int64_t until) {
    pthread_mutex_lock(&lock);
    void *job = NULL;
    while (true) {
        int64_t now = cth_now();
        int64_t next;
        long index = due_entry(now, &next);
        if (index >= 0) {
            job = entries[index].job;
            memmove(&entries[index], &entries[index + 1], (count - (size_t)index - 1) * sizeof(cth_entry));
            count--;
            break;
        }
        if (woken || now >= until) break;
        int64_t wake = next < until ? next : until;
        struct timespec at = {.tv_sec = wake / 1000000000LL, .tv_nsec = wake % 1000000000LL};
        pthread_cond_timedwait(&arrived, &lock, &at);
    }
    woken = false;
    pthread_mutex_unlock(&lock);
    return job;
}

void cth_run_job(void *job) {
    swift_job_run(job, (cth_executor_ref){NULL, 0});
}

void cth_wake(void) {
    pthread_mutex_lock(&lock);
    woken = true;
    pthread_cond_signal(&arrived);
    pthread_mutex_unlock(&lock);
}

// The leak checker of a sanitized build (LeakSanitizer: its default suppressions, asked for once at its start; a
// build without it never calls this). A retired thread (below) never returns from its event loop, so what it and
// its group's setup made for it is never freed: kept for good, by design, in the session template and in every
// browser forked from it, where each browser's exit would otherwise report it. Matched by the setup's function,
// SwiftNIO's `MultiThreadedEventLoopGroup.setupThreadAndEventLoop` (its mangled name, without the `$s8` that a
// pattern reads as an anchor); the groups that are shut down free all of it.
const char *__lsan_default_suppressions(void) {
    return "leak:NIOPosix27MultiThreadedEventLoopGroupC014setupThreadAnd\n";
}

// AddressSanitizer's runtime defines it; a build without it leaves the weak reference null.
extern void __asan_handle_no_return(void) __attribute__((weak));

void cth_frames_end(void) {
    if (__asan_handle_no_return) __asan_handle_no_return();
}

void cth_retire_thread(void) {
    // exit(2) ends this thread alone (exit_group(2) would end the process); the kernel clears the thread's id
    // word, as it does at any thread's end, so the C library counts it as ended.
    for (;;) syscall(SYS_exit, 0);
}

int cth_thread_count(void) {
    DIR *tasks = opendir("/proc/self/task");
    if (!tasks) return -1;
    int threads = 0;
    struct dirent *entry;
    while ((entry = readdir(tasks)) != NULL) {
        if (entry->d_name[0] != '.') threads++;
    }
    closedir(tasks);
    return threads;
}
