#ifndef ACCOUNTFEED_CMALLOC_SHIM_H
#define ACCOUNTFEED_CMALLOC_SHIM_H

// glibc's allocator settings (`mallopt` and its `M_` parameters), which Swift's Glibc module
// does not export.
#include <malloc.h>

#endif
