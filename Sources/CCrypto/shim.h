#ifndef ACCOUNTFEED_CCRYPTO_SHIM_H
#define ACCOUNTFEED_CCRYPTO_SHIM_H

// OpenSSL 3's libcrypto, its low-level SHA-256 only: `SHA256_Init`, `_Update` and `_Final` run
// the same CPU-specific code as the EVP interface, on a context the caller keeps on its own
// stack. OpenSSL 3 marks them deprecated in favour of EVP, whose per-digest bookkeeping (a
// provider's reference counts, a shared context pool to avoid its allocations) made two
// threads hashing small nodes slow each other down; the deprecation is silenced here, once,
// rather than warned about at every use.
#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/sha.h>

#endif
