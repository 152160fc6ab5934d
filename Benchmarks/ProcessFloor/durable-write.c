/*
 * One durable atomic write, as a whole process: what issue 13's publish
 * target compares with; with MARK, the floor of a publish.
 *
 *     durable-write SOURCE TARGET [MARK]
 *
 * Reads SOURCE and replaces TARGET with its bytes the way SecureBridge writes
 * every durable file: a new temporary file in TARGET's directory, written in
 * full, fsync, renamed over TARGET, then the directory fsynced. A publish must
 * make at least this one durable write (its snapshot); scripts/bench-peers
 * times this beside `bridgectl publish` of the same snapshot's size.
 *
 * With MARK, an existing file, it then makes the second durable fact a
 * publish orders after the snapshot, as the keychain marks are written: 64
 * bytes rewritten in place at the start of MARK, then fdatasync. Exit 0 only
 * if every step succeeds.
 */
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv) {
    static char bytes[1 << 20], path[4096], directory[4096], temporary[4200];
    if (argc != 3 && argc != 4) {
        fprintf(stderr, "usage: durable-write SOURCE TARGET [MARK]\n");
        return 2;
    }
    int source = open(argv[1], O_RDONLY | O_CLOEXEC);
    ssize_t count = source < 0 ? -1 : read(source, bytes, sizeof bytes);
    if (count < 0) return 1;
    close(source);
    snprintf(path, sizeof path, "%s", argv[2]);
    snprintf(directory, sizeof directory, "%s", dirname(path));
    snprintf(temporary, sizeof temporary, "%s/.durable-write.tmp", directory);
    unlink(temporary);
    int file = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (file < 0 || write(file, bytes, (size_t)count) != count || fsync(file) != 0 || close(file) != 0) return 1;
    if (rename(temporary, argv[2]) != 0) return 1;
    int folder = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (folder < 0 || fsync(folder) != 0 || close(folder) != 0) return 1;
    if (argc == 3) return 0;
    int mark = open(argv[3], O_WRONLY | O_CLOEXEC);
    return mark >= 0 && pwrite(mark, bytes, 64, 0) == 64 && fdatasync(mark) == 0 && close(mark) == 0 ? 0 : 1;
}
