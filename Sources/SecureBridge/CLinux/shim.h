// The Linux calls Swift cannot import (prctl, syscall and ioctl are variadic),
// wrapped as prefixed static inline functions with fixed arguments, and
// getrandom (sys/random.h, which the Glibc module leaves out). The
// platform layer (Sources/SecureBridge/Linux) and the command
// line (the terminal's width, the follower's parent) are their only callers.
#ifndef CLINUX_SHIM_H
#define CLINUX_SHIM_H

#ifdef __linux__

#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/random.h>
#include <sys/syscall.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

/// prctl(PR_SET_DUMPABLE, 0): no core dump, no ptrace attach by other
/// processes of the same user, and /proc/PID/* owned by root.
/// Returns 0, or -1 with errno set.
static inline int CLinux_forbidDumping(void) {
    return prctl(PR_SET_DUMPABLE, 0L, 0L, 0L, 0L);
}

/// getdents64(fd, buffer, size): the directory's next entries as
/// `struct linux_dirent64` records, straight from the descriptor, without
/// readdir's duplicate descriptor and its checks (glibc has no wrapper that
/// Swift can import; syscall is variadic). Returns the bytes filled, 0 at the
/// end, or -1 with errno set.
static inline long CLinux_readDirectoryEntries(int fd, void *buffer, unsigned long size) {
    return syscall(SYS_getdents64, fd, buffer, size);
}

/// ioctl(fd, TIOCGWINSZ): the width in columns of the terminal `fd` is, or 0
/// when it is no terminal or does not say.
static inline int CLinux_terminalColumns(int fd) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) {
        return 0;
    }
    return size.ws_col;
}

/// pidfd_open(pid, 0): a descriptor that refers to process `pid` and that
/// `poll` reports readable once the whole process has exited (Linux 5.3 and
/// later; glibc's wrapper is newer still). Close-on-exec. Returns the
/// descriptor, or -1 with errno set (ENOSYS on an older kernel, ESRCH when
/// there is no such process).
static inline int CLinux_openProcess(pid_t pid) {
    return (int)syscall(SYS_pidfd_open, pid, 0);
}

/// timerfd_create(CLOCK_REALTIME, TFD_CLOEXEC | TFD_NONBLOCK): a timer on
/// the wall clock (the Glibc module leaves sys/timerfd.h out). Returns the
/// descriptor, or -1 with errno set.
static inline int CLinux_openWallClockTimer(void) {
    return timerfd_create(CLOCK_REALTIME, TFD_CLOEXEC | TFD_NONBLOCK);
}

/// Arms `fd` (from CLinux_openWallClockTimer) to expire when the wall clock
/// reaches `seconds`.`nanoseconds` since the epoch, and to be cancelled when
/// the clock is set or the machine resumes from suspend (a read then fails
/// with ECANCELED): TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET. Returns 0,
/// or -1 with errno set.
static inline int CLinux_armWallClockTimer(int fd, long long seconds, long nanoseconds) {
    struct itimerspec value = {0};
    value.it_value.tv_sec = (time_t)seconds;
    value.it_value.tv_nsec = nanoseconds;
    return timerfd_settime(fd, TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET, &value, NULL);
}

#endif // __linux__
#endif
