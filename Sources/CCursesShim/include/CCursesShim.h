#ifndef CCURSESSHIM_H
#define CCURSESSHIM_H
#include "../../CNCursesw/shim.h"

/// Attribute bits that ncurses defines as function-like macros, which Swift cannot see.
attr_t ccs_attr_bold(void);
attr_t ccs_attr_dim(void);
attr_t ccs_attr_reverse(void);
attr_t ccs_attr_underline(void);
attr_t ccs_attr_italic(void);
/// The size of a window (getmaxyx is a macro).
void ccs_window_size(WINDOW *win, int *rows, int *cols);
/// The mouse mask that reports every button event and motion-free clicks.
mmask_t ccs_all_mouse_events(void);
#endif
