// Declarations only (include/CFuzzDriver.h); libFuzzer itself comes from compiler-rt in `make fuzz`.
#include "CFuzzDriver.h"
