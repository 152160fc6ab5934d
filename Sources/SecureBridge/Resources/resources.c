// SecureBridgeResources holds the core's resources: the translations of
// widget text, Localizations/<language>.lproj/Localizable.strings, embedded
// in the binary (C23 `#embed`), so an executable copied on its own still
// speaks every language whole, and no widget refresh opens a file for them.
// It is a C target because SwiftPM gives a Swift target with resources a
// `Bundle.module` accessor, which links swift-corelibs-foundation into every
// executable: about 0.8 ms and 1.4 MiB more for each `bridgectl read`
// (docs/PERFORMANCE.md). The core decodes the tables (`LocalizedStrings`).
#include "SecureBridgeResources.h"
#include <string.h>

#pragma clang diagnostic ignored "-Wc23-extensions"

static const unsigned char table_en[] = {
#embed "Localizations/en.lproj/Localizable.strings"
};
static const unsigned char table_de[] = {
#embed "Localizations/de.lproj/Localizable.strings"
};
static const unsigned char table_fr[] = {
#embed "Localizations/fr.lproj/Localizable.strings"
};
static const unsigned char table_es[] = {
#embed "Localizations/es.lproj/Localizable.strings"
};
static const unsigned char table_ja[] = {
#embed "Localizations/ja.lproj/Localizable.strings"
};
static const unsigned char table_ar[] = {
#embed "Localizations/ar.lproj/Localizable.strings"
};

static const struct {
    const char *language;
    const unsigned char *bytes;
    size_t count;
} tables[] = {
    {"en", table_en, sizeof table_en},
    {"de", table_de, sizeof table_de},
    {"fr", table_fr, sizeof table_fr},
    {"es", table_es, sizeof table_es},
    {"ja", table_ja, sizeof table_ja},
    {"ar", table_ar, sizeof table_ar},
};

const unsigned char *securebridge_localizable_strings(const char *language, size_t *count) {
    for (size_t index = 0; index < sizeof tables / sizeof tables[0]; index++) {
        if (strcmp(tables[index].language, language) == 0) {
            *count = tables[index].count;
            return tables[index].bytes;
        }
    }
    *count = 0;
    return NULL;
}
