#ifndef ACCOUNTFEED_CZLIB_SHIM_H
#define ACCOUNTFEED_CZLIB_SHIM_H

#include <zlib.h>

// deflateInit2 is a macro, which Swift cannot call; this wrapper starts a gzip stream (window
// bits 15 + 16) at `level` and is the shim's only code.
static inline int accountfeed_deflate_init_gzip(z_stream *stream, int level) {
  return deflateInit2(stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}

#endif
