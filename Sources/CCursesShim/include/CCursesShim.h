#ifndef CCURSESSHIM_H
#define CCURSESSHIM_H
#include "../../CNCursesw/shim.h"

/// Attribute bits that ncurses defines as function-like macros, which Swift cannot see.
attr_t ccs_attr_bold(void);
attr_t ccs_attr_dim(void);
attr_t ccs_attr_reverse(void);
attr_t ccs_attr_underline(void);
attr_t ccs_attr_italic(void);
attr_t ccs_attr_invisible(void);
/// The size of a window (getmaxyx is a macro).
void ccs_window_size(WINDOW *win, int *rows, int *cols);
/// Mouse event masks (macros in curses.h).
mmask_t ccs_mouse_mask(void);
mmask_t ccs_button1_pressed(void);
mmask_t ccs_button1_released(void);
mmask_t ccs_button1_clicked(void);
mmask_t ccs_button1_double_clicked(void);
mmask_t ccs_button4_pressed(void);
mmask_t ccs_button5_pressed(void);
/// Sets attributes and an extended colour pair (passed through `opts`, so pairs above 32767 work).
int ccs_set_attributes(WINDOW *win, attr_t attrs, int pair);
/// Scrolls rows top...bottom (inclusive) of both stdscr and curses' picture of the terminal by `amount`
/// (`amount`, up when positive), after the terminal itself was scrolled the same way: curses then sends only what
/// the scroll did not bring.
void ccs_scroll_region(int top, int bottom, int amount);
/// Lets curses scroll the terminal, or not: while not, the terminal's scrolling-region and index
/// capabilities are put aside (curses scrolls with them whether or not idlok is set), so a frame is
/// drawn in place. Insert and delete line stay governed by idlok. Returns 0 when the capabilities
/// could not be found (then curses may still scroll).
int ccs_allow_scrolling(int allow);

/// Saves the terminal's settings and installs handlers for crash signals (SEGV, BUS, ILL, FPE,
/// ABRT, TRAP) that restore the terminal — async-signal-safe writes and tcsetattr only — then die.
void ccs_install_crash_restore(int output_fd);
/// Installs handlers for INT, TERM, HUP and QUIT that set a flag and write one byte to `wake_fd`.
void ccs_install_quit_signals(int wake_fd);
/// True once a quit signal arrived.
int ccs_quit_requested(void);
/// Makes SIGWINCH also write a byte to `wake_fd` (after curses installed its own handler, which still runs),
/// so a thread waiting in poll learns of a resize at once instead of polling for it.
void ccs_install_winch_wake(int wake_fd);
/// Puts back the default dispositions of every signal handled above.
void ccs_restore_signal_defaults(void);

/// What the terminfo database says of a terminal type.
#define CCS_TERMINFO_MISSING 0
#define CCS_TERMINFO_USABLE 1
#define CCS_TERMINFO_NO_CURSOR_ADDRESSING 2
/// Looks `name` up in the terminfo database without touching the screen or printing anything:
/// CCS_TERMINFO_MISSING when there is no entry, CCS_TERMINFO_NO_CURSOR_ADDRESSING when the entry cannot
/// move the cursor (dumb, hard-copy), CCS_TERMINFO_USABLE otherwise.
int ccs_terminfo_probe(const char *name);
#endif
