#define _GNU_SOURCE /* RTLD_DEFAULT */
#include <dlfcn.h>
#include <errno.h>
#include "CCursesShim.h"
#include <signal.h>
#include <string.h>
#include <termios.h>
#include <ncursesw/term.h>
#include <malloc.h>
#include <stdint.h>
#include <unistd.h>

attr_t ccs_attr_bold(void) { return WA_BOLD; }
attr_t ccs_attr_dim(void) { return WA_DIM; }
attr_t ccs_attr_reverse(void) { return WA_REVERSE; }
attr_t ccs_attr_underline(void) { return WA_UNDERLINE; }
attr_t ccs_attr_italic(void) { return WA_ITALIC; }
attr_t ccs_attr_invisible(void) { return WA_INVIS; }

void ccs_window_size(WINDOW *win, int *rows, int *cols) {
    int r, c;
    getmaxyx(win, r, c);
    *rows = r;
    *cols = c;
}

mmask_t ccs_mouse_mask(void) {
    return BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON1_CLICKED | BUTTON1_DOUBLE_CLICKED | BUTTON4_PRESSED
        | BUTTON5_PRESSED;
}
mmask_t ccs_button1_pressed(void) { return BUTTON1_PRESSED; }
mmask_t ccs_button1_released(void) { return BUTTON1_RELEASED; }
mmask_t ccs_button1_clicked(void) { return BUTTON1_CLICKED; }
mmask_t ccs_button1_double_clicked(void) { return BUTTON1_DOUBLE_CLICKED; }
mmask_t ccs_button4_pressed(void) { return BUTTON4_PRESSED; }
mmask_t ccs_button5_pressed(void) { return BUTTON5_PRESSED; }

int ccs_set_attributes(WINDOW *win, attr_t attrs, int pair) {
    return wattr_set(win, attrs, (short)(pair < 32767 ? pair : 0), &pair);
}

static struct termios saved_termios;
static int saved_termios_ok = 0;
static int restore_fd = 1;
static int quit_wake_fd = -1;
static volatile sig_atomic_t quit_flag = 0;

static const char reset_sequence[] =
    "\033[?1000l\033[?1002l\033[?1003l\033[?1006l\033[?2004l\033[?2031l\033[0m\033[?25h\033[?1049l\r\n";

static const int crash_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP};
static const int quit_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};

#define CRASH_SIGNAL_COUNT (sizeof crash_signals / sizeof crash_signals[0])
/* The handlers in place before ours (AddressSanitizer's, in a build with it), and whether it is there. */
static struct sigaction previous_crash[CRASH_SIGNAL_COUNT];
static int sanitized = 0;

static void crash_handler(int sig, siginfo_t *info, void *context) {
    (void)context;
    if (saved_termios_ok) tcsetattr(0, TCSAFLUSH, &saved_termios);
    ssize_t ignored = write(restore_fd, reset_sequence, sizeof reset_sequence - 1);
    (void)ignored;
    /* Under AddressSanitizer, a fault of the program's own (not a signal sent to it) goes on to the sanitizer's
       handler: put back, it takes the faulting instruction run again and reports where and why (a re-raise would
       end the program with no report at all). Only the faults the kernel raises before the instruction, which
       runs again on return; a trap's signal comes after it, and returning would go on past it. */
    int refaults = sig == SIGSEGV || sig == SIGBUS || sig == SIGFPE || sig == SIGILL;
    if (sanitized && refaults && info != NULL && info->si_code > 0) {
        for (unsigned i = 0; i < CRASH_SIGNAL_COUNT; i++) {
            if (crash_signals[i] == sig) {
                sigaction(sig, &previous_crash[i], NULL);
                return;
            }
        }
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

void ccs_install_crash_restore(int output_fd) {
    restore_fd = output_fd;
    if (tcgetattr(0, &saved_termios) == 0) saved_termios_ok = 1;
    sanitized = dlsym(RTLD_DEFAULT, "__asan_init") != NULL;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = crash_handler;
    sigemptyset(&action.sa_mask);
    /* On the thread's alternate stack where it has one (a sanitizer gives each thread one): a stack overflow's
       fault can then be handled at all. */
    action.sa_flags = SA_RESETHAND | SA_SIGINFO | SA_ONSTACK;
    for (unsigned i = 0; i < CRASH_SIGNAL_COUNT; i++) {
        sigaction(crash_signals[i], &action, &previous_crash[i]);
    }
}

static void quit_handler(int sig) {
    (void)sig;
    quit_flag = 1;
    if (quit_wake_fd >= 0) {
        char byte = 'q';
        ssize_t ignored = write(quit_wake_fd, &byte, 1);
        (void)ignored;
    }
}

void ccs_install_quit_signals(int wake_fd) {
    quit_wake_fd = wake_fd;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = quit_handler;
    sigemptyset(&action.sa_mask);
    for (unsigned i = 0; i < sizeof quit_signals / sizeof quit_signals[0]; i++) {
        sigaction(quit_signals[i], &action, NULL);
    }
}

int ccs_quit_requested(void) { return quit_flag; }

static int winch_wake_fd = -1;
static struct sigaction previous_winch;
static int previous_winch_saved = 0;

static void winch_handler(int sig, siginfo_t *info, void *context) {
    int saved_errno = errno;
    if (winch_wake_fd >= 0) {
        char byte = 'w';
        ssize_t ignored = write(winch_wake_fd, &byte, 1);
        (void)ignored;
    }
    errno = saved_errno;
    // ncurses' own handler (it notes the resize for KEY_RESIZE) runs as before.
    if (previous_winch.sa_flags & SA_SIGINFO) {
        if (previous_winch.sa_sigaction && previous_winch.sa_sigaction != winch_handler)
            previous_winch.sa_sigaction(sig, info, context);
    } else if (previous_winch.sa_handler != SIG_DFL && previous_winch.sa_handler != SIG_IGN && previous_winch.sa_handler) {
        previous_winch.sa_handler(sig);
    }
}

void ccs_install_winch_wake(int wake_fd) {
    winch_wake_fd = wake_fd;
    // Installed already (a second screen in this process): keep the handler that was there before ours, or ours
    // would call itself.
    if (previous_winch_saved) return;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = winch_handler;
    action.sa_flags = SA_SIGINFO | SA_RESTART;
    sigemptyset(&action.sa_mask);
    if (sigaction(SIGWINCH, &action, &previous_winch) == 0) previous_winch_saved = 1;
}

void ccs_restore_signal_defaults(void) {
    for (unsigned i = 0; i < sizeof crash_signals / sizeof crash_signals[0]; i++) signal(crash_signals[i], SIG_DFL);
    for (unsigned i = 0; i < sizeof quit_signals / sizeof quit_signals[0]; i++) signal(quit_signals[i], SIG_DFL);
    quit_wake_fd = -1;
    if (previous_winch_saved) {
        sigaction(SIGWINCH, &previous_winch, NULL);
        previous_winch_saved = 0;
    }
    winch_wake_fd = -1;
}

int ccs_terminfo_probe(const char *name) {
    if (!name || !*name) return CCS_TERMINFO_MISSING;
    TERMINAL *saved = cur_term;
    int error = 0;
    // setupterm with an error pointer reports instead of printing and exiting; -1: no descriptor to size.
    if (setupterm(name, -1, &error) != OK) {
        set_curterm(saved);
        return CCS_TERMINFO_MISSING;
    }
    TERMINAL *probed = cur_term;
    char *cup = tigetstr("cup");
    int hardcopy = tigetflag("hc") > 0;
    int usable = cup && cup != (char *)-1 && !hardcopy;
    set_curterm(saved);
    del_curterm(probed);
    return usable ? CCS_TERMINFO_USABLE : CCS_TERMINFO_NO_CURSOR_ADDRESSING;
}

void ccs_scroll_region(int top, int bottom, int amount) {
    WINDOW *windows[2] = {stdscr, curscr};
    for (int i = 0; i < 2; i++) {
        WINDOW *w = windows[i];
        int rows = getmaxy(w);
        wsetscrreg(w, top, bottom);
        scrollok(w, TRUE);
        wscrl(w, amount);
        scrollok(w, FALSE);
        wsetscrreg(w, 0, rows - 1);
    }
}

/*
 * The terminal's scrolling capabilities, put aside while curses must draw in place. ncurses decides at
 * newterm that it can scroll and then scrolls with these whenever a frame looks like a scroll, idlok or
 * not; it reads them from its extended copy of the terminal's description (a TERMTYPE2 inside its
 * private struct term, after the public TERMTYPE). That copy is found inside cur_term's allocation by
 * its shape (names and string table first, the strings' array fourth after them) and used only when
 * its entries are the very strings tigetstr returns; otherwise nothing is changed.
 */
enum { CCS_SCROLLING_CAPS = 5 };
static const int scrolling_index[CCS_SCROLLING_CAPS] = {3, 129, 130, 109, 113}; /* csr ind ri indn rin */
static const char *scrolling_name[CCS_SCROLLING_CAPS] = {"csr", "ind", "ri", "indn", "rin"};
static char *saved_scrolling[2][CCS_SCROLLING_CAPS];
static TERMINAL *scrolling_terminal = NULL;
static char **scrolling_extended = NULL;

static char *capability(const char *name) {
    char *value = tigetstr(name);
    return value == (char *)-1 ? NULL : value;
}

static char **extended_strings(void) {
    char *csr = capability("csr");
    if (csr == NULL) return NULL;
    char **words = (char **)cur_term;
    size_t count = malloc_usable_size(cur_term) / sizeof(char *);
    for (size_t k = 4; k < count; k++) {
        char *names = words[k - 4];
        char *table = words[k - 3];
        if (names == NULL || names != table || csr < table || (size_t)(csr - table) > (1u << 20)) continue;
        char **strings = (char **)words[k];
        if (strings == NULL || ((uintptr_t)strings % sizeof(char *)) != 0) continue;
        int same = 1;
        for (int i = 0; i < CCS_SCROLLING_CAPS && same; i++) {
            same = strings[scrolling_index[i]] == capability(scrolling_name[i]);
        }
        if (same) return strings;
    }
    return NULL;
}

int ccs_allow_scrolling(int allow) {
    if (cur_term == NULL) return 0;
    if (!allow && scrolling_terminal == NULL) {
        char **extended = extended_strings();
        if (extended == NULL) return 0;
        char **plain = ((TERMTYPE *)cur_term)->Strings;
        for (int i = 0; i < CCS_SCROLLING_CAPS; i++) {
            saved_scrolling[0][i] = extended[scrolling_index[i]];
            saved_scrolling[1][i] = plain[scrolling_index[i]];
            extended[scrolling_index[i]] = NULL;
            plain[scrolling_index[i]] = NULL;
        }
        scrolling_terminal = cur_term;
        scrolling_extended = extended;
    } else if (allow && scrolling_terminal != NULL) {
        if (scrolling_terminal == cur_term) {
            char **extended = scrolling_extended;
            char **plain = ((TERMTYPE *)cur_term)->Strings;
            for (int i = 0; i < CCS_SCROLLING_CAPS; i++) {
                extended[scrolling_index[i]] = saved_scrolling[0][i];
                plain[scrolling_index[i]] = saved_scrolling[1][i];
            }
        }
        scrolling_terminal = NULL;
    }
    return 1;
}
