// The part of OpenSSL 3 that Swift cannot import on its own: function-like
// macros and OSSL_PARAM arrays, wrapped as prefixed static inline functions.
#ifndef COPENSSL_SHIM_H
#define COPENSSL_SHIM_H

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

/// Algorithms of a provider called through the provider's own dispatch
/// tables rather than EVP. OpenSSL 3's first `EVP_*_fetch` of a kind of
/// algorithm constructs an EVP object for every algorithm of that kind the
/// provider has, to use one: for the ciphers alone about 2.9 M instructions,
/// a quarter of a whole `bridgectl read`. The functions below are the ones EVP
/// would call (provider-base(7), provider-cipher(7), provider-signature(7),
/// provider-keymgmt(7), provider-kdf(7)); the provider stays loaded for the
/// life of the process, so they stay valid.

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

/// The dispatch table of `provider`'s algorithm `name` for `operation`
/// (`OSSL_OP_CIPHER`, …), or NULL when it has none.
static inline const OSSL_DISPATCH *COpenSSL_provider_functions(OSSL_PROVIDER *provider, int operation,
                                                               const char *name) {
    int noCache = 0;
    const OSSL_ALGORITHM *algorithms = OSSL_PROVIDER_query_operation(provider, operation, &noCache);
    const OSSL_DISPATCH *functions = NULL;
    for (const OSSL_ALGORITHM *algorithm = algorithms; algorithm != NULL && algorithm->algorithm_names != NULL;
         algorithm++) {
        if (COpenSSL_names_contain(algorithm->algorithm_names, name)) {
            functions = algorithm->implementation;
            break;
        }
    }
    OSSL_PROVIDER_unquery_operation(provider, operation, algorithms);
    return functions;
}

/// One cipher of a provider.
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

/// Finds the cipher `name` among `provider`'s and fills `cipher` with its
/// functions. Returns 1 when the provider has it with every function used
/// here, 0 otherwise.
static inline int COpenSSL_ProviderCipher_find(OSSL_PROVIDER *provider, const char *name,
                                               COpenSSL_ProviderCipher *cipher) {
    memset(cipher, 0, sizeof(*cipher));
    for (const OSSL_DISPATCH *function = COpenSSL_provider_functions(provider, OSSL_OP_CIPHER, name);
         function != NULL && function->function_id != 0; function++) {
        switch (function->function_id) {
        case OSSL_FUNC_CIPHER_NEWCTX: cipher->newContext = OSSL_FUNC_cipher_newctx(function); break;
        case OSSL_FUNC_CIPHER_FREECTX: cipher->freeContext = OSSL_FUNC_cipher_freectx(function); break;
        case OSSL_FUNC_CIPHER_ENCRYPT_INIT: cipher->encryptInit = OSSL_FUNC_cipher_encrypt_init(function); break;
        case OSSL_FUNC_CIPHER_DECRYPT_INIT: cipher->decryptInit = OSSL_FUNC_cipher_decrypt_init(function); break;
        case OSSL_FUNC_CIPHER_UPDATE: cipher->update = OSSL_FUNC_cipher_update(function); break;
        case OSSL_FUNC_CIPHER_FINAL: cipher->final = OSSL_FUNC_cipher_final(function); break;
        case OSSL_FUNC_CIPHER_GET_CTX_PARAMS:
            cipher->getContextParameters = OSSL_FUNC_cipher_get_ctx_params(function);
            break;
        case OSSL_FUNC_CIPHER_SET_CTX_PARAMS:
            cipher->setContextParameters = OSSL_FUNC_cipher_set_ctx_params(function);
            break;
        default: break;
        }
    }
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

/// One signature algorithm of a provider with its key management: the key
/// objects (`keydata`) the signature functions take.
typedef struct {
    void *providerContext;
    OSSL_FUNC_keymgmt_new_fn *newKey;
    OSSL_FUNC_keymgmt_free_fn *freeKey;
    OSSL_FUNC_keymgmt_import_fn *importKey;
    OSSL_FUNC_keymgmt_get_params_fn *getKeyParameters;
    OSSL_FUNC_signature_newctx_fn *newContext;
    OSSL_FUNC_signature_freectx_fn *freeContext;
    OSSL_FUNC_signature_digest_sign_init_fn *signInit;
    OSSL_FUNC_signature_digest_sign_fn *sign;
    OSSL_FUNC_signature_digest_verify_init_fn *verifyInit;
    OSSL_FUNC_signature_digest_verify_fn *verify;
} COpenSSL_ProviderSignature;

/// Finds the signature algorithm `name` and its key management among
/// `provider`'s. Returns 1 when the provider has both with every function
/// used here, 0 otherwise.
static inline int COpenSSL_ProviderSignature_find(OSSL_PROVIDER *provider, const char *name,
                                                  COpenSSL_ProviderSignature *signature) {
    memset(signature, 0, sizeof(*signature));
    for (const OSSL_DISPATCH *function = COpenSSL_provider_functions(provider, OSSL_OP_KEYMGMT, name);
         function != NULL && function->function_id != 0; function++) {
        switch (function->function_id) {
        case OSSL_FUNC_KEYMGMT_NEW: signature->newKey = OSSL_FUNC_keymgmt_new(function); break;
        case OSSL_FUNC_KEYMGMT_FREE: signature->freeKey = OSSL_FUNC_keymgmt_free(function); break;
        case OSSL_FUNC_KEYMGMT_IMPORT: signature->importKey = OSSL_FUNC_keymgmt_import(function); break;
        case OSSL_FUNC_KEYMGMT_GET_PARAMS: signature->getKeyParameters = OSSL_FUNC_keymgmt_get_params(function); break;
        default: break;
        }
    }
    for (const OSSL_DISPATCH *function = COpenSSL_provider_functions(provider, OSSL_OP_SIGNATURE, name);
         function != NULL && function->function_id != 0; function++) {
        switch (function->function_id) {
        case OSSL_FUNC_SIGNATURE_NEWCTX: signature->newContext = OSSL_FUNC_signature_newctx(function); break;
        case OSSL_FUNC_SIGNATURE_FREECTX: signature->freeContext = OSSL_FUNC_signature_freectx(function); break;
        case OSSL_FUNC_SIGNATURE_DIGEST_SIGN_INIT:
            signature->signInit = OSSL_FUNC_signature_digest_sign_init(function);
            break;
        case OSSL_FUNC_SIGNATURE_DIGEST_SIGN: signature->sign = OSSL_FUNC_signature_digest_sign(function); break;
        case OSSL_FUNC_SIGNATURE_DIGEST_VERIFY_INIT:
            signature->verifyInit = OSSL_FUNC_signature_digest_verify_init(function);
            break;
        case OSSL_FUNC_SIGNATURE_DIGEST_VERIFY: signature->verify = OSSL_FUNC_signature_digest_verify(function); break;
        default: break;
        }
    }
    signature->providerContext = OSSL_PROVIDER_get0_provider_ctx(provider);
    return signature->newKey != NULL && signature->freeKey != NULL && signature->importKey != NULL
        && signature->getKeyParameters != NULL && signature->newContext != NULL && signature->freeContext != NULL
        && signature->signInit != NULL && signature->sign != NULL && signature->verifyInit != NULL
        && signature->verify != NULL;
}

/// A new key object of `signature`'s algorithm holding the raw `bytes` of a
/// private key (`private` 1; the provider derives its public key) or of a
/// public key (`private` 0); NULL when the provider refuses them.
static inline void *COpenSSL_ProviderSignature_importKey(const COpenSSL_ProviderSignature *signature, int private,
                                                         const uint8_t *bytes, size_t length) {
    void *key = signature->newKey(signature->providerContext);
    if (key == NULL) {
        return NULL;
    }
    OSSL_PARAM parameters[2] = {
        OSSL_PARAM_construct_octet_string(private ? OSSL_PKEY_PARAM_PRIV_KEY : OSSL_PKEY_PARAM_PUB_KEY,
                                          (void *)bytes, length),
        OSSL_PARAM_construct_end(),
    };
    int selection = private ? OSSL_KEYMGMT_SELECT_PRIVATE_KEY : OSSL_KEYMGMT_SELECT_PUBLIC_KEY;
    if (signature->importKey(key, selection, parameters) != 1) {
        signature->freeKey(key);
        return NULL;
    }
    return key;
}

/// Copies the raw private (`private` 1) or public key of `key` into `bytes`,
/// which must be exactly its size. Returns 1 on success.
static inline int COpenSSL_ProviderSignature_exportKey(const COpenSSL_ProviderSignature *signature, void *key,
                                                       int private, uint8_t *bytes, size_t length) {
    OSSL_PARAM parameters[2] = {
        OSSL_PARAM_construct_octet_string(private ? OSSL_PKEY_PARAM_PRIV_KEY : OSSL_PKEY_PARAM_PUB_KEY, bytes, length),
        OSSL_PARAM_construct_end(),
    };
    return signature->getKeyParameters(key, parameters) == 1 && OSSL_PARAM_modified(parameters)
        && parameters[0].return_size == length;
}

/// One key derivation function of a provider.
typedef struct {
    void *providerContext;
    OSSL_FUNC_kdf_newctx_fn *newContext;
    OSSL_FUNC_kdf_freectx_fn *freeContext;
    OSSL_FUNC_kdf_derive_fn *derive;
} COpenSSL_ProviderKDF;

/// Finds the KDF `name` among `provider`'s. Returns 1 when the provider has
/// it with every function used here, 0 otherwise.
static inline int COpenSSL_ProviderKDF_find(OSSL_PROVIDER *provider, const char *name, COpenSSL_ProviderKDF *kdf) {
    memset(kdf, 0, sizeof(*kdf));
    for (const OSSL_DISPATCH *function = COpenSSL_provider_functions(provider, OSSL_OP_KDF, name);
         function != NULL && function->function_id != 0; function++) {
        switch (function->function_id) {
        case OSSL_FUNC_KDF_NEWCTX: kdf->newContext = OSSL_FUNC_kdf_newctx(function); break;
        case OSSL_FUNC_KDF_FREECTX: kdf->freeContext = OSSL_FUNC_kdf_freectx(function); break;
        case OSSL_FUNC_KDF_DERIVE: kdf->derive = OSSL_FUNC_kdf_derive(function); break;
        default: break;
        }
    }
    kdf->providerContext = OSSL_PROVIDER_get0_provider_ctx(provider);
    return kdf->newContext != NULL && kdf->freeContext != NULL && kdf->derive != NULL;
}

/// HKDF (extract then expand) with SHA-256 through the provider's HKDF.
/// Returns 1 on success, 0 on failure, as OpenSSL does.
static inline int COpenSSL_HKDF_SHA256(const COpenSSL_ProviderKDF *kdf,
                                       const uint8_t *ikm, size_t ikmLength,
                                       const uint8_t *salt, size_t saltLength,
                                       const uint8_t *info, size_t infoLength,
                                       uint8_t *output, size_t outputLength) {
    void *context = kdf->newContext(kdf->providerContext);
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
    int result = kdf->derive(context, output, outputLength, parameters);
    kdf->freeContext(context);
    return result;
}

#endif
