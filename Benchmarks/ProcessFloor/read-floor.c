/*
 * The C + libcrypto reference for one widget read, as a whole process: what
 * `bridgectl read` could cost if the process did nothing but the read's
 * cryptography and printed what it decrypted.
 *
 * It initialises libcrypto without the configuration file and the exit
 * handler, as SecureBridge did in round 1 of its performance work (with
 * `--minimal-init`, as SecureBridge does now: also without error strings and
 * without the legacy name table of every cipher and digest), makes one raw Ed25519
 * public key, verifies three signatures with it (onboarding record, auth
 * status, snapshot), derives a key with HKDF-SHA256, hashes with SHA-256,
 * opens one 1 KB AES-256-GCM ciphertext and writes the plaintext (1 KB of
 * text) to standard output. The signature is RFC 8032's first test vector;
 * the ciphertext is sealed here first (one more cheap call after the cipher is
 * fetched). scripts/bench-peers builds it against the same static libcrypto
 * as bridgectl and times it beside it. Exit 0 only if every verification, the
 * open and the write succeed.
 */
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/params.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static const unsigned char public_key[32] = {
    0xd7, 0x5a, 0x98, 0x01, 0x82, 0xb1, 0x0a, 0xb7, 0xd5, 0x4b, 0xfe, 0xd3, 0xc9, 0x64, 0x07, 0x3a,
    0x0e, 0xe1, 0x72, 0xf3, 0xda, 0xa6, 0x23, 0x25, 0xaf, 0x02, 0x1a, 0x68, 0xf7, 0x07, 0x51, 0x1a,
};
static const unsigned char signature[64] = {
    0xe5, 0x56, 0x43, 0x00, 0xc3, 0x60, 0xac, 0x72, 0x90, 0x86, 0xe2, 0xcc, 0x80, 0x6e, 0x82, 0x8a,
    0x84, 0x87, 0x7f, 0x1e, 0xb8, 0xe5, 0xd9, 0x74, 0xd8, 0x73, 0xe0, 0x65, 0x22, 0x49, 0x01, 0x55,
    0x5f, 0xb8, 0x82, 0x15, 0x90, 0xa3, 0x3b, 0xac, 0xc6, 0x1e, 0x39, 0x70, 0x1c, 0xf9, 0xb4, 0x6b,
    0xd2, 0x5b, 0xf5, 0xf0, 0x59, 0x5b, 0xbe, 0x24, 0x65, 0x51, 0x41, 0x43, 0x8e, 0x7a, 0x10, 0x0b,
};

static int verify_three(void) {
    EVP_PKEY *key = EVP_PKEY_new_raw_public_key_ex(NULL, "ED25519", NULL, public_key, sizeof public_key);
    int valid = 0;
    for (int i = 0; key != NULL && i < 3; i++) {
        EVP_MD_CTX *context = EVP_MD_CTX_new();
        if (context != NULL && EVP_DigestVerifyInit_ex(context, NULL, NULL, NULL, NULL, key, NULL) == 1
            && EVP_DigestVerify(context, signature, sizeof signature, (const unsigned char *)"", 0) == 1) {
            valid++;
        }
        EVP_MD_CTX_free(context);
    }
    EVP_PKEY_free(key);
    return valid == 3;
}

static int derive(unsigned char key[32]) {
    static unsigned char secret[32] = {1}, info[8] = {2};
    EVP_KDF *hkdf = EVP_KDF_fetch(NULL, "HKDF", NULL);
    EVP_KDF_CTX *context = hkdf ? EVP_KDF_CTX_new(hkdf) : NULL;
    OSSL_PARAM params[] = {
        OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, "SHA256", 0),
        OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, secret, sizeof secret),
        OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_INFO, info, sizeof info),
        OSSL_PARAM_construct_end(),
    };
    int ok = context != NULL && EVP_KDF_derive(context, key, 32, params) == 1;
    EVP_KDF_CTX_free(context);
    EVP_KDF_free(hkdf);
    return ok;
}

static int seal_open_and_print(const unsigned char key[32]) {
    static unsigned char plain[1024], sealed[1024], opened[1024], nonce[12], tag[16];
    memset(plain, 'x', sizeof plain);
    plain[sizeof plain - 1] = '\n';
    EVP_CIPHER *aes = EVP_CIPHER_fetch(NULL, "AES-256-GCM", NULL);
    EVP_CIPHER_CTX *context = EVP_CIPHER_CTX_new();
    int length = 0, ok = aes != NULL && context != NULL
        && EVP_EncryptInit_ex2(context, aes, key, nonce, NULL) == 1
        && EVP_EncryptUpdate(context, sealed, &length, plain, sizeof plain) == 1
        && EVP_EncryptFinal_ex(context, sealed + length, &length) == 1
        && EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_GET_TAG, sizeof tag, tag) == 1
        && EVP_DecryptInit_ex2(context, aes, key, nonce, NULL) == 1
        && EVP_DecryptUpdate(context, opened, &length, sealed, sizeof sealed) == 1
        && EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_SET_TAG, sizeof tag, tag) == 1
        && EVP_DecryptFinal_ex(context, opened + length, &length) == 1
        && memcmp(plain, opened, sizeof plain) == 0
        && fwrite(opened, 1, sizeof opened, stdout) == sizeof opened && fflush(stdout) == 0;
    EVP_CIPHER_CTX_free(context);
    EVP_CIPHER_free(aes);
    return ok;
}

int main(int argc, char **argv) {
    unsigned char key[32], digest[32];
    unsigned int digest_length = 0;
    uint64_t options = OPENSSL_INIT_NO_LOAD_CONFIG | OPENSSL_INIT_NO_ATEXIT;
    if (argc == 2 && strcmp(argv[1], "--minimal-init") == 0) {
        options |= OPENSSL_INIT_NO_LOAD_CRYPTO_STRINGS | OPENSSL_INIT_NO_ADD_ALL_CIPHERS | OPENSSL_INIT_NO_ADD_ALL_DIGESTS;
    } else if (argc != 1) {
        return 2;
    }
    if (OPENSSL_init_crypto(options, NULL) != 1) return 1;
    EVP_MD *sha256 = EVP_MD_fetch(NULL, "SHA256", NULL);
    int ok = verify_three() && derive(key) && sha256 != NULL
        && EVP_Digest(key, sizeof key, digest, &digest_length, sha256, NULL) == 1 && seal_open_and_print(key);
    EVP_MD_free(sha256);
    return ok ? 0 : 1;
}
