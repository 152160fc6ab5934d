/*
 * The C + libcrypto reference for one widget read, as a whole process: what
 * `bridgectl read` could cost if the process did nothing but the read's
 * cryptography and printed what it decrypted.
 *
 * It makes one raw Ed25519 public key, verifies three signatures with it
 * (onboarding record, auth status, snapshot), derives a key with
 * HKDF-SHA256, hashes with SHA-256, opens one 1 KB AES-256-GCM ciphertext and
 * writes the plaintext (1 KB of text) to standard output. The signature is
 * RFC 8032's first test vector; the ciphertext is sealed here first (one more
 * cheap call once the cipher is found). Two ways:
 *
 * - by default, as SecureBridge used libcrypto in round 1 of its performance
 *   work: initialised without the configuration file and the exit handler,
 *   every algorithm through EVP (`EVP_*_fetch`, `EVP_PKEY`);
 * - with `--as-bridgectl`, as SecureBridge uses it now: also without error
 *   strings and the legacy name table, and AES-256-GCM, Ed25519 and HKDF
 *   through the default provider's own functions, found by the same
 *   Sources/COpenSSL/shim.h that bridgectl is built with (SHA-256 stays EVP's).
 *
 * With `--reading HOME` after `--as-bridgectl`, it first reads the six files
 * a read needs from a SecureBridge home as any careful reader must (the
 * checks of docs/SECURITY.md, items 5 and 8): every directory on the way to
 * the home looked at without following links, each place opened without
 * following one, each file looked at before it is opened (a FIFO is never
 * opened), opened without following, checked (a regular file with one link,
 * the user's, not open to others where that matters) and read to its end.
 * Their bytes are not parsed: the cryptography above stays the same.
 *
 * scripts/bench-peers builds it against the same static libcrypto as
 * bridgectl and times it beside it. Exit 0 only if every check, verification,
 * the open and the write succeed.
 */
#include "../../Sources/COpenSSL/shim.h"
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

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

/* The same three verifications through the provider's Ed25519. */
static int verify_three_as_bridgectl(OSSL_PROVIDER *provider) {
    COpenSSL_ProviderSignature ed25519;
    if (COpenSSL_ProviderSignature_find(provider, "ED25519", &ed25519) != 1) return 0;
    void *key = COpenSSL_ProviderSignature_importKey(&ed25519, 0, public_key, sizeof public_key);
    int valid = 0;
    for (int i = 0; key != NULL && i < 3; i++) {
        void *context = ed25519.newContext(ed25519.providerContext, NULL);
        if (context != NULL && ed25519.verifyInit(context, NULL, key, NULL) == 1
            && ed25519.verify(context, signature, sizeof signature, (const unsigned char *)"", 0) == 1) {
            valid++;
        }
        if (context != NULL) ed25519.freeContext(context);
    }
    if (key != NULL) ed25519.freeKey(key);
    return valid == 3;
}

/* The same derivation through the provider's HKDF. */
static int derive_as_bridgectl(OSSL_PROVIDER *provider, unsigned char key[32]) {
    static unsigned char secret[32] = {1}, info[8] = {2};
    COpenSSL_ProviderKDF hkdf;
    return COpenSSL_ProviderKDF_find(provider, "HKDF", &hkdf) == 1
        && COpenSSL_HKDF_SHA256(&hkdf, secret, sizeof secret, NULL, 0, info, sizeof info, key, 32) == 1;
}

/* The same seal, open and print through the provider's AES-256-GCM. */
static int seal_open_and_print_as_bridgectl(OSSL_PROVIDER *provider, const unsigned char key[32]) {
    static unsigned char plain[1024], sealed[1024], opened[1024], nonce[12], tag[16];
    memset(plain, 'x', sizeof plain);
    plain[sizeof plain - 1] = '\n';
    COpenSSL_ProviderCipher aes;
    if (COpenSSL_ProviderCipher_find(provider, "AES-256-GCM", &aes) != 1) return 0;
    void *sealing = aes.newContext(aes.providerContext), *opening = aes.newContext(aes.providerContext);
    size_t length = 0;
    int ok = sealing != NULL && opening != NULL
        && aes.encryptInit(sealing, key, 32, nonce, sizeof nonce, NULL) == 1
        && aes.update(sealing, sealed, &length, sizeof sealed, plain, sizeof plain) == 1
        && aes.final(sealing, sealed + length, &length, sizeof sealed - length) == 1
        && COpenSSL_ProviderCipher_tag(&aes, sealing, 0, tag, sizeof tag) == 1
        && aes.decryptInit(opening, key, 32, nonce, sizeof nonce, NULL) == 1
        && aes.update(opening, opened, &length, sizeof opened, sealed, sizeof sealed) == 1
        && COpenSSL_ProviderCipher_tag(&aes, opening, 1, tag, sizeof tag) == 1
        && aes.final(opening, opened + length, &length, sizeof opened - length) == 1
        && memcmp(plain, opened, sizeof plain) == 0
        && fwrite(opened, 1, sizeof opened, stdout) == sizeof opened && fflush(stdout) == 0;
    if (sealing != NULL) aes.freeContext(sealing);
    if (opening != NULL) aes.freeContext(opening);
    return ok;
}

/* A directory on the way: the user's or root's, and not writable by others unless sticky. */
static int safe_directory(const struct stat *status) {
    return S_ISDIR(status->st_mode) && (status->st_uid == geteuid() || status->st_uid == 0)
        && ((status->st_mode & (S_IWGRP | S_IWOTH)) == 0 || (status->st_mode & S_ISVTX) != 0);
}

/* Looks at `/` and every directory down to `home`, without following links. */
static int check_the_way(const char *home) {
    char prefix[4096];
    size_t length = strlen(home);
    if (home[0] != '/' || length >= sizeof prefix) return 0;
    for (size_t end = 1; end <= length; end++) {
        if (end < length && home[end] != '/') continue;
        memcpy(prefix, home, end);
        prefix[end] = '\0';
        struct stat status;
        if (lstat(prefix, &status) != 0 || !safe_directory(&status)) return 0;
    }
    return 1;
}

/* Reads each file of `names` in the place `home/place` as described above. */
static int read_place(const char *home, const char *place, const char *const names[], int count, mode_t refused) {
    char path[4096];
    if (snprintf(path, sizeof path, "%s/%s", home, place) >= (int)sizeof path) return 0;
    int directory = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_DIRECTORY);
    struct stat status;
    int ok = directory >= 0 && fstat(directory, &status) == 0 && status.st_uid == geteuid()
        && (status.st_mode & (S_IWGRP | S_IWOTH)) == 0;
    for (int i = 0; ok && i < count; i++) {
        static unsigned char bytes[65536];
        ok = fstatat(directory, names[i], &status, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(status.st_mode);
        int file = ok ? openat(directory, names[i], O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC) : -1;
        ok = file >= 0 && fstat(file, &status) == 0 && S_ISREG(status.st_mode) && status.st_nlink == 1
            && status.st_uid == geteuid() && (status.st_mode & refused) == 0 && status.st_size < (off_t)sizeof bytes
            && read(file, bytes, (size_t)status.st_size) == status.st_size && read(file, bytes, 1) == 0;
        if (file >= 0) close(file);
    }
    if (directory >= 0) close(directory);
    return ok;
}

/* The six files of a read: the keychain's private to the user, the container's not writable by others. */
static int read_home(const char *home) {
    static const char *const keychain[] = {"marks", "publisher.pub", "keyset"};
    static const char *const container[] = {"onboarding", "auth-status", "snapshot"};
    return check_the_way(home)
        && read_place(home, "keychain", keychain, 3, S_IRWXG | S_IRWXO)
        && read_place(home, "container", container, 3, S_IWGRP | S_IWOTH);
}

int main(int argc, char **argv) {
    unsigned char key[32], digest[32];
    unsigned int digest_length = 0;
    uint64_t options = OPENSSL_INIT_NO_LOAD_CONFIG | OPENSSL_INIT_NO_ATEXIT;
    int as_bridgectl = argc >= 2 && strcmp(argv[1], "--as-bridgectl") == 0;
    const char *home = argc == 4 && as_bridgectl && strcmp(argv[2], "--reading") == 0 ? argv[3] : NULL;
    if (as_bridgectl) {
        options |= OPENSSL_INIT_NO_LOAD_CRYPTO_STRINGS | OPENSSL_INIT_NO_ADD_ALL_CIPHERS | OPENSSL_INIT_NO_ADD_ALL_DIGESTS;
    }
    if (argc != 1 && !(as_bridgectl && (argc == 2 || home != NULL))) return 2;
    if (home != NULL && !read_home(home)) return 1;
    if (OPENSSL_init_crypto(options, NULL) != 1) return 1;
    OSSL_PROVIDER *provider = as_bridgectl ? OSSL_PROVIDER_try_load(NULL, "default", 1) : NULL;
    EVP_MD *sha256 = EVP_MD_fetch(NULL, "SHA256", NULL);
    int ok = as_bridgectl
        ? provider != NULL && verify_three_as_bridgectl(provider) && derive_as_bridgectl(provider, key)
        : verify_three() && derive(key);
    ok = ok && sha256 != NULL && EVP_Digest(key, sizeof key, digest, &digest_length, sha256, NULL) == 1
        && (as_bridgectl ? seal_open_and_print_as_bridgectl(provider, key) : seal_open_and_print(key));
    EVP_MD_free(sha256);
    return ok ? 0 : 1;
}
