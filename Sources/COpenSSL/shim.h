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
#include <openssl/core_dispatch.h>
#include <openssl/provider.h>
#include <string.h>
#include <strings.h>

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

/// One cipher of a provider, called through the provider's own dispatch table
/// rather than EVP: OpenSSL 3's first `EVP_CIPHER_fetch` constructs an
/// `EVP_CIPHER` for every cipher the provider has (about 2.9 M instructions,
/// a quarter of a whole `bridgectl read`), to use one. The functions are the
/// ones EVP would call (provider-cipher(7)); the provider stays loaded for the
/// life of the process, so they stay valid.
typedef struct {
    void *providerContext;
    OSSL_FUNC_cipher_newctx_fn *newContext;
    OSSL_FUNC_cipher_freectx_fn *freeContext;
    OSSL_FUNC_cipher_encrypt_init_fn *encryptInit;
    OSSL_FUNC_cipher_decrypt_init_fn *decryptInit;
    OSSL_FUNC_cipher_update_fn *update;
    OSSL_FUNC_cipher_final_fn *final;
    OSSL_FUNC_cipher_get_ctx_params_fn *getContextParameters;
    OSSL_FUNC_cipher_set_ctx_params_fn *setContextParameters;
} COpenSSL_ProviderCipher;

/// Whether `name` is one of the colon-separated `names` (OpenSSL compares them
/// without regard to case).
static inline int COpenSSL_names_contain(const char *names, const char *name) {
    size_t length = strlen(name);
    for (const char *start = names; *start != '\0';) {
        const char *end = strchr(start, ':');
        size_t partLength = end == NULL ? strlen(start) : (size_t)(end - start);
        if (partLength == length && strncasecmp(start, name, length) == 0) {
            return 1;
        }
        if (end == NULL) {
            break;
        }
        start = end + 1;
    }
    return 0;
}

/// Finds the cipher `name` among `provider`'s and fills `cipher` with its
/// functions. Returns 1 when the provider has it with every function used
/// here, 0 otherwise.
static inline int COpenSSL_ProviderCipher_find(OSSL_PROVIDER *provider, const char *name,
                                               COpenSSL_ProviderCipher *cipher) {
    int noCache = 0;
    const OSSL_ALGORITHM *algorithms = OSSL_PROVIDER_query_operation(provider, OSSL_OP_CIPHER, &noCache);
    const OSSL_DISPATCH *functions = NULL;
    for (const OSSL_ALGORITHM *algorithm = algorithms; algorithm != NULL && algorithm->algorithm_names != NULL;
         algorithm++) {
        if (COpenSSL_names_contain(algorithm->algorithm_names, name)) {
            functions = algorithm->implementation;
            break;
        }
    }
    memset(cipher, 0, sizeof(*cipher));
    for (; functions != NULL && functions->function_id != 0; functions++) {
        switch (functions->function_id) {
        case OSSL_FUNC_CIPHER_NEWCTX: cipher->newContext = OSSL_FUNC_cipher_newctx(functions); break;
        case OSSL_FUNC_CIPHER_FREECTX: cipher->freeContext = OSSL_FUNC_cipher_freectx(functions); break;
        case OSSL_FUNC_CIPHER_ENCRYPT_INIT: cipher->encryptInit = OSSL_FUNC_cipher_encrypt_init(functions); break;
        case OSSL_FUNC_CIPHER_DECRYPT_INIT: cipher->decryptInit = OSSL_FUNC_cipher_decrypt_init(functions); break;
        case OSSL_FUNC_CIPHER_UPDATE: cipher->update = OSSL_FUNC_cipher_update(functions); break;
        case OSSL_FUNC_CIPHER_FINAL: cipher->final = OSSL_FUNC_cipher_final(functions); break;
        case OSSL_FUNC_CIPHER_GET_CTX_PARAMS:
            cipher->getContextParameters = OSSL_FUNC_cipher_get_ctx_params(functions);
            break;
        case OSSL_FUNC_CIPHER_SET_CTX_PARAMS:
            cipher->setContextParameters = OSSL_FUNC_cipher_set_ctx_params(functions);
            break;
        default: break;
        }
    }
    OSSL_PROVIDER_unquery_operation(provider, OSSL_OP_CIPHER, algorithms);
    cipher->providerContext = OSSL_PROVIDER_get0_provider_ctx(provider);
    return cipher->newContext != NULL && cipher->freeContext != NULL && cipher->encryptInit != NULL
        && cipher->decryptInit != NULL && cipher->update != NULL && cipher->final != NULL
        && cipher->getContextParameters != NULL && cipher->setContextParameters != NULL;
}

/// Gives an AEAD decryption context the tag to check at `final`; or, with
/// `set` 0, reads an encryption context's tag after `final`. Returns 1 on success.
static inline int COpenSSL_ProviderCipher_tag(const COpenSSL_ProviderCipher *cipher, void *context, int set,
                                              uint8_t *tag, size_t tagLength) {
    OSSL_PARAM parameters[2] = {
        OSSL_PARAM_construct_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, tag, tagLength),
        OSSL_PARAM_construct_end(),
    };
    return set ? cipher->setContextParameters(context, parameters) : cipher->getContextParameters(context, parameters);
}

#endif
