/* engine_native.c: count every solution of a DLX text on a chosen search,
 * for comparing the searches beside each other (bench/cells.mjs):
 *   engine_native auto|links|cells FILE
 * prints "solutions nodes updates search" on stdout (search: the one
 * that ran, memo, bits, cells or links); the caller times the process
 * (build/bench/rusage), reading included, as the peers are timed. */
#define _POSIX_C_SOURCE 200809L
#include "dlx.h"
#include "dlx_text.h"
#include "../src/core/dlx_internal.h" /* dlx_set_engine */

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: engine_native auto|links|cells FILE\n");
        return 2;
    }
    int engine = !strcmp(argv[1], "links") ? DLX_ENGINE_LINKS : !strcmp(argv[1], "cells") ? DLX_ENGINE_CELLS : DLX_ENGINE_AUTO;
    /* The file in one read of its size: a fixed 1 MiB guess cost a 1 ms run
     * an mmap and a munmap, and stdio a buffer of its own. */
    int fd = open(argv[2], O_RDONLY);
    struct stat st_file;
    if (fd < 0 || fstat(fd, &st_file) < 0) {
        perror(argv[2]);
        return 1;
    }
    size_t cap = (size_t)st_file.st_size + 1, n = 0;
    char *text = malloc(cap);
    for (ssize_t got; text && (got = read(fd, text + n, cap - n)) > 0;)
        if ((n += (size_t)got) == cap) text = realloc(text, cap *= 2);
    close(fd);
    if (!text) return 1;
    dlx_text_error_t err;
    dlx_text_t *t = dlx_text_parse(text, n, &err);
    free(text);
    if (!t) {
        fprintf(stderr, "%s:%d: %s\n", argv[2], err.line, err.message);
        return 1;
    }
    dlx_t *d = dlx_text_engine(t);
    dlx_set_engine(d, engine);
    uint64_t count = 0;
    int rc = dlx_count(d, 0, 0, &count);
    dlx_stats_t st;
    dlx_stats(d, &st);
    const char *ran = d->memo ? "memo" : d->on_bits ? "bits" : d->on_cells ? "cells" : "links"; /* the memo's tables stay only where it counted */
    printf("%llu %llu %llu %s\n", (unsigned long long)count, (unsigned long long)st.nodes,
           (unsigned long long)st.updates, ran);
    dlx_text_free(t);
    return rc == DLX_DONE ? 0 : 1;
}
