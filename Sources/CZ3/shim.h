#ifndef CZ3_SHIM_H
#define CZ3_SHIM_H
#include <z3.h>
#endif
