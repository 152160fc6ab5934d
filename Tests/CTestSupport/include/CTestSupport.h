// What the tests need from Linux that Swift cannot call on its own.
#ifndef SECUREBRIDGE_CTESTSUPPORT_H
#define SECUREBRIDGE_CTESTSUPPORT_H

/// Exchanges two paths in one step (`renameat2` with `RENAME_EXCHANGE`), so
/// no reader ever finds either missing. Returns 0, or -1 with `errno` set.
int securebridge_exchange_paths(const char *first, const char *second);

#endif
