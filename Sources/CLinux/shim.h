// The Linux system calls Swift cannot import on its own (variadic ones),
// wrapped as prefixed static inline functions with fixed arguments.
#ifndef SECUREBRIDGE_CLINUX_SHIM_H
#define SECUREBRIDGE_CLINUX_SHIM_H

#include <sys/prctl.h>

/// prctl(PR_SET_DUMPABLE, 0): no core dump, no ptrace attach by other
/// processes of the same user, and /proc/PID/* owned by root.
/// Returns 0, or -1 with errno set.
static inline int CLinux_forbidDumping(void) {
    return prctl(PR_SET_DUMPABLE, 0L, 0L, 0L, 0L);
}

/// prctl(PR_GET_DUMPABLE): 0 when the process is not dumpable, 1 or 2 when it is, -1 on error.
static inline int CLinux_dumpable(void) {
    return prctl(PR_GET_DUMPABLE, 0L, 0L, 0L, 0L);
}

#endif
