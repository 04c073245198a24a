// The system libcrypto (OpenSSL 3), on Linux: the reference backend's PBKDF2, CSPRNG and
// WebAuthn signature checks, and any module that needs the same primitives off Apple.
// Apple platforms use CommonCrypto, CryptoKit and Security instead.
#include <openssl/evp.h>
#include <openssl/rand.h>
#include <openssl/crypto.h>
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/rsa.h>
#include <openssl/core_names.h>
#include <openssl/param_build.h>

// Parameter names and values as C strings of static storage: OSSL_PARAM_BLD keeps the
// pointers it is given until OSSL_PARAM_BLD_to_param, and the parameters it builds keep the
// names, so a Swift string's temporary pointer would dangle.
static const char *const clibcrypto_param_group = OSSL_PKEY_PARAM_GROUP_NAME;
static const char *const clibcrypto_param_public_key = OSSL_PKEY_PARAM_PUB_KEY;
static const char *const clibcrypto_param_rsa_n = OSSL_PKEY_PARAM_RSA_N;
static const char *const clibcrypto_param_rsa_e = OSSL_PKEY_PARAM_RSA_E;
static const char *const clibcrypto_group_p256 = "prime256v1";
// Key type names for EVP_PKEY_CTX_new_from_name, which keeps the pointer in the context.
static const char *const clibcrypto_key_type_ec = "EC";
static const char *const clibcrypto_key_type_rsa = "RSA";

// EVP_PKEY_PUBLIC_KEY is a macro of macros, which Swift does not import.
static inline int clibcrypto_public_key_selection(void) { return EVP_PKEY_PUBLIC_KEY; }
