#ifndef SECUREBRIDGE_RESOURCES_H
#define SECUREBRIDGE_RESOURCES_H

#include <stddef.h>

/// The bytes of a language's `Localizable.strings` as the binary embeds
/// them, and their count in `count`; `NULL` (and a count of 0) for a
/// language without a table. `language` is a code such as `de`.
const unsigned char *_Nullable securebridge_localizable_strings(const char *_Nonnull language, size_t *_Nonnull count);

#endif
