#ifndef CPNG_SHIM_H
#define CPNG_SHIM_H
#include <png.h>
#endif
