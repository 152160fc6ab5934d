// ab-timer: times two commands alternately, one run of each per round (the
// order swapped every round), so load and drift hit both alike; prints each
// one's median and mean wall time and the ratio B/A of the medians.
// A command's standard output goes to /dev/null; a failing run stops it.
//
//   ab-timer ROUNDS A-ARGV... -- B-ARGV...
//   ab-timer ROUNDS A-ARGV... -- B-ARGV... -- A2-ARGV... -- B2-ARGV...
// With four commands the rounds alternate two inputs (A, B, then A2, B2):
// a publish of changed content each time.
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static double run(char **argv, posix_spawn_file_actions_t *actions) {
    struct timespec start, end;
    pid_t pid;
    int status;
    clock_gettime(CLOCK_MONOTONIC, &start);
    if (posix_spawn(&pid, argv[0], actions, NULL, argv, environ) != 0) { perror(argv[0]); exit(2); }
    if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        fprintf(stderr, "ab-timer: %s failed (status %d)\n", argv[0], status);
        exit(2);
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    return (end.tv_sec - start.tv_sec) * 1e3 + (end.tv_nsec - start.tv_nsec) / 1e6;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void summary(const char *name, double *times, int count, double *median) {
    double sum = 0;
    for (int i = 0; i < count; i++) sum += times[i];
    qsort(times, count, sizeof *times, compare);
    *median = count % 2 ? times[count / 2] : (times[count / 2 - 1] + times[count / 2]) / 2;
    printf("%s: median %.3f ms, mean %.3f ms, %d runs\n", name, *median, sum / count, count);
}

int main(int argc, char **argv) {
    if (argc < 5) { fprintf(stderr, "usage: ab-timer ROUNDS A-ARGV... -- B-ARGV... [-- A2-ARGV... -- B2-ARGV...]\n"); return 2; }
    int rounds = atoi(argv[1]);
    char **commands[4];
    int found = 0;
    commands[found++] = &argv[2];
    for (int i = 2; i < argc && found < 4; i++) {
        if (strcmp(argv[i], "--") == 0) { argv[i] = NULL; commands[found++] = &argv[i + 1]; }
    }
    if (found != 2 && found != 4) { fprintf(stderr, "ab-timer: give two or four commands\n"); return 2; }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    double *a = malloc(rounds * sizeof *a), *b = malloc(rounds * sizeof *b);
    for (int round = 0; round < rounds; round++) {
        int second = found == 4 && round % 2 ? 2 : 0;
        if (round % 4 < 2) {
            a[round] = run(commands[second], &actions);
            b[round] = run(commands[second + 1], &actions);
        } else {
            b[round] = run(commands[second + 1], &actions);
            a[round] = run(commands[second], &actions);
        }
    }
    double median_a, median_b;
    summary("A", a, rounds, &median_a);
    summary("B", b, rounds, &median_b);
    printf("B/A: %.3f (medians)\n", median_b / median_a);
    return 0;
}
