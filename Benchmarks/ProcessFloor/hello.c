/* The smallest C process: what exec, the loader and libc cost on their own.
 * scripts/bench-peers times it beside the other floors, so the start-up they
 * all share can be told apart from what each adds. */
#include <stdio.h>

int main(void) {
    puts("hello");
    return 0;
}
