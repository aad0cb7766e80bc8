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

// MARK: - The session template (a warmed-up process that forks each visitor's browser)

#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

int cps_become_subreaper(void) {
    return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0 ? 0 : errno;
}

long cps_send_with_descriptors(int socket, const void *bytes, size_t count, const int *descriptors, int descriptorCount) {
    if (descriptorCount < 0 || descriptorCount > CPS_MOST_DESCRIPTORS) return -EINVAL;
    struct iovec vector = {.iov_base = (void *)bytes, .iov_len = count};
    union {
        char buffer[CMSG_SPACE(sizeof(int) * CPS_MOST_DESCRIPTORS)];
        struct cmsghdr align;
    } control;
    memset(&control, 0, sizeof(control));
    struct msghdr message = {.msg_iov = &vector, .msg_iovlen = 1};
    if (descriptorCount > 0) {
        message.msg_control = control.buffer;
        message.msg_controllen = CMSG_SPACE(sizeof(int) * (size_t)descriptorCount);
        struct cmsghdr *header = CMSG_FIRSTHDR(&message);
        header->cmsg_level = SOL_SOCKET;
        header->cmsg_type = SCM_RIGHTS;
        header->cmsg_len = CMSG_LEN(sizeof(int) * (size_t)descriptorCount);
        memcpy(CMSG_DATA(header), descriptors, sizeof(int) * (size_t)descriptorCount);
    }
    ssize_t sent;
    do {
        sent = sendmsg(socket, &message, MSG_NOSIGNAL);
    } while (sent < 0 && errno == EINTR);
    return sent < 0 ? -errno : (long)sent;
}

long cps_receive_with_descriptors(int socket, void *bytes, size_t capacity, int *descriptors, int *descriptorCount) {
    struct iovec vector = {.iov_base = bytes, .iov_len = capacity};
    union {
        char buffer[CMSG_SPACE(sizeof(int) * CPS_MOST_DESCRIPTORS)];
        struct cmsghdr align;
    } control;
    struct msghdr message = {.msg_iov = &vector, .msg_iovlen = 1, .msg_control = control.buffer, .msg_controllen = sizeof(control.buffer)};
    *descriptorCount = 0;
    ssize_t received;
    do {
        received = recvmsg(socket, &message, MSG_CMSG_CLOEXEC);
    } while (received < 0 && errno == EINTR);
    if (received < 0) return -errno;
    for (struct cmsghdr *header = CMSG_FIRSTHDR(&message); header != NULL; header = CMSG_NXTHDR(&message, header)) {
        if (header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_RIGHTS) continue;
        int count = (int)((header->cmsg_len - CMSG_LEN(0)) / sizeof(int));
        for (int index = 0; index < count; index++) {
            int descriptor;
            memcpy(&descriptor, CMSG_DATA(header) + sizeof(int) * (size_t)index, sizeof(int));
            if (*descriptorCount < CPS_MOST_DESCRIPTORS) {
                descriptors[(*descriptorCount)++] = descriptor;
            } else {
                close(descriptor);
            }
        }
    }
    // A message cut short (larger than `capacity`, or more descriptors than fit) is refused whole.
    if (message.msg_flags & (MSG_TRUNC | MSG_CTRUNC)) {
        for (int index = 0; index < *descriptorCount; index++) close(descriptors[index]);
        *descriptorCount = 0;
        return -EMSGSIZE;
    }
    return (long)received;
}

/// In the new browser: a session of its own whose controlling terminal is `terminal`, which becomes its standard
/// input, output and error; `inherited` as `inheritedAs`; nothing else open from 3 up; every signal at its
/// default and none blocked. Returns 0, or an error number (the caller exits).
static int cps_become_session(int terminal, int inherited, int inheritedAs) {
    if (setsid() < 0) return errno;
    if (ioctl(terminal, TIOCSCTTY, 0) < 0) return errno;
    for (int standard = 0; standard <= 2; standard++) {
        if (dup2(terminal, standard) < 0) return errno;
    }
    int lowest = 3;
    if (inherited >= 0 && inheritedAs >= 3) {
        if (inherited == inheritedAs) {
            int flags = fcntl(inherited, F_GETFD);
            if (flags < 0 || fcntl(inherited, F_SETFD, flags & ~FD_CLOEXEC) < 0) return errno;
        } else if (dup2(inherited, inheritedAs) < 0) {
            return errno;
        }
        lowest = inheritedAs + 1;
    }
    // Descriptors between 3 and the inherited one, and every one above it.
    for (int descriptor = 3; descriptor < lowest - 1; descriptor++) close(descriptor);
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
    closefrom(lowest);
#else
    for (int descriptor = lowest; descriptor < 65536; descriptor++) close(descriptor);
#endif
    sigset_t none;
    sigemptyset(&none);
    for (int number = 1; number < NSIG; number++) {
        if (number == SIGKILL || number == SIGSTOP) continue;
        signal(number, SIG_DFL);
    }
    if (sigprocmask(SIG_SETMASK, &none, NULL) < 0) return errno;
    return 0;
}

pid_t cps_fork_session(int terminal, int inherited, int inheritedAs) {
    int channel[2];
    if (pipe2(channel, O_CLOEXEC) < 0) return -errno;
    pid_t middle = fork();
    if (middle < 0) {
        int error = errno;
        close(channel[0]);
        close(channel[1]);
        return -error;
    }
    if (middle == 0) {
        // The go-between: it forks the browser and exits at once, so that the browser is orphaned and its parent
        // becomes the nearest subreaper — the front, which reaps it as it reaps the browsers it spawns itself.
        close(channel[0]);
        pid_t browser = fork();
        if (browser == 0) {
            close(channel[1]);
            int error = cps_become_session(terminal, inherited, inheritedAs);
            if (error != 0) _exit(126);
            return 0;
        }
        pid_t answer = browser < 0 ? -errno : browser;
        ssize_t written;
        do {
            written = write(channel[1], &answer, sizeof(answer));
        } while (written < 0 && errno == EINTR);
        _exit(browser < 0 ? 1 : 0);
    }
    close(channel[1]);
    int status = 0;
    while (waitpid(middle, &status, 0) < 0 && errno == EINTR) {}
    pid_t browser = -EIO;
    ssize_t got;
    do {
        got = read(channel[0], &browser, sizeof(browser));
    } while (got < 0 && errno == EINTR);
    close(channel[0]);
    if (got != (ssize_t)sizeof(browser)) return -EIO;
    return browser;
}

void cps_rewrite_arguments(int argc, char **argv, const char *replacement, size_t length) {
    if (argc < 1 || argv == NULL || argv[0] == NULL || argv[argc - 1] == NULL) return;
    char *start = argv[0];
    char *end = argv[argc - 1] + strlen(argv[argc - 1]) + 1;
    if (end <= start) return;
    size_t room = (size_t)(end - start);
    size_t copied = length < room - 1 ? length : room - 1;
    memcpy(start, replacement, copied);
    memset(start + copied, 0, room - copied);
}

#include <sys/resource.h>

int cps_take_parent_priority(void) {
    errno = 0;
    int nice = getpriority(PRIO_PROCESS, (id_t)getppid());
    if (nice == -1 && errno != 0) return errno;
    return setpriority(PRIO_PROCESS, 0, nice) == 0 ? 0 : errno;
}
