#ifndef ACCOUNTFEED_CZLIB_SHIM_H
#define ACCOUNTFEED_CZLIB_SHIM_H

#include <zlib.h>

// deflateInit2 and inflateInit2 are macros, which Swift cannot call; these wrappers start a
// gzip stream (window bits 15 + 16), compressing at `level` or decompressing, and are the
// shim's only code.
static inline int accountfeed_deflate_init_gzip(z_stream *stream, int level) {
  return deflateInit2(stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}

static inline int accountfeed_inflate_init_gzip(z_stream *stream) {
  return inflateInit2(stream, 15 + 16);
}

#endif
