#ifndef ACCOUNTFEED_CPOSTGRES_SHIM_H
#define ACCOUNTFEED_CPOSTGRES_SHIM_H

// pkg-config puts libpq's directory on the include path; without pkg-config, Debian and
// most distributions still install the header under postgresql/.
#if __has_include(<libpq-fe.h>)
#include <libpq-fe.h>
#else
#include <postgresql/libpq-fe.h>
#endif

#endif
