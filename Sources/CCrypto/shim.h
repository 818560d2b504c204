#ifndef ACCOUNTFEED_CCRYPTO_SHIM_H
#define ACCOUNTFEED_CCRYPTO_SHIM_H

// OpenSSL 3's libcrypto: only the EVP digest interface is used (the one that reaches the
// CPU's SHA extensions and is not deprecated).
#include <openssl/evp.h>

#endif
