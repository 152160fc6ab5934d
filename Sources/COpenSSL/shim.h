// The part of OpenSSL 3 that Swift cannot import on its own: function-like
// macros and OSSL_PARAM arrays, wrapped as prefixed static inline functions.
#ifndef SECUREBRIDGE_COPENSSL_SHIM_H
#define SECUREBRIDGE_COPENSSL_SHIM_H

#if !__has_include(<openssl/opensslv.h>)
#error "SecureBridge needs OpenSSL 3's headers and libcrypto.a (apt-get install libssl-dev)"
#endif
#include <openssl/opensslv.h>

#if !defined(OPENSSL_VERSION_MAJOR) || OPENSSL_VERSION_MAJOR < 3
#error "SecureBridge needs OpenSSL 3.0 or newer (apt-get install libssl-dev)"
#endif

#include <stddef.h>
#include <stdint.h>
#include <openssl/bio.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/params.h>
#include <openssl/pem.h>
#include <openssl/rand.h>

/// BIO_get_mem_data is a macro over BIO_ctrl.
static inline long COpenSSL_BIO_get_mem_data(BIO *bio, const uint8_t **data) {
    char *pointer = NULL;
    long length = BIO_get_mem_data(bio, &pointer);
    *data = (const uint8_t *)pointer;
    return length;
}

/// HKDF (extract then expand) with SHA-256 through a fetched EVP_KDF.
/// Returns 1 on success, 0 on failure, as OpenSSL does.
static inline int COpenSSL_HKDF_SHA256(EVP_KDF *kdf,
                                       const uint8_t *ikm, size_t ikmLength,
                                       const uint8_t *salt, size_t saltLength,
                                       const uint8_t *info, size_t infoLength,
                                       uint8_t *output, size_t outputLength) {
    EVP_KDF_CTX *context = EVP_KDF_CTX_new(kdf);
    if (context == NULL) {
        return 0;
    }
    static const uint8_t empty = 0;
    OSSL_PARAM parameters[5];
    size_t index = 0;
    parameters[index++] = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, (char *)"SHA256", 0);
    parameters[index++] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, (void *)(ikmLength ? ikm : &empty), ikmLength);
    if (saltLength > 0) {
        parameters[index++] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, (void *)salt, saltLength);
    }
    parameters[index++] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_INFO, (void *)(infoLength ? info : &empty), infoLength);
    parameters[index] = OSSL_PARAM_construct_end();
    int result = EVP_KDF_derive(context, output, outputLength, parameters);
    EVP_KDF_CTX_free(context);
    return result;
}

#endif
