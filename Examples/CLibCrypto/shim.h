// The system libcrypto (OpenSSL), for the example backend's PBKDF2 and CSPRNG on Linux.
// Apple platforms use CommonCrypto and Security instead.
#include <openssl/evp.h>
#include <openssl/rand.h>
#include <openssl/crypto.h>
