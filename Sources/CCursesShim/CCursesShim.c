#include "CCursesShim.h"

attr_t ccs_attr_bold(void) { return WA_BOLD; }
attr_t ccs_attr_dim(void) { return WA_DIM; }
attr_t ccs_attr_reverse(void) { return WA_REVERSE; }
attr_t ccs_attr_underline(void) { return WA_UNDERLINE; }
attr_t ccs_attr_italic(void) { return WA_ITALIC; }
void ccs_window_size(WINDOW *win, int *rows, int *cols) {
    int r, c;
    getmaxyx(win, r, c);
    *rows = r;
    *cols = c;
}
mmask_t ccs_all_mouse_events(void) { return ALL_MOUSE_EVENTS | REPORT_MOUSE_POSITION; }
