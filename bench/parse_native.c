/* parse_native.c: the fixed costs of a DLX text natively, by phase, as
 * bench/parse-phases.mjs times them in WebAssembly (docs/notes/WASM.md,
 * session 44): the parse, then one node of the search (its tables built),
 * in CPU ms of this process:
 *   parse_native FILE   prints "parse MS build MS" */
#define _POSIX_C_SOURCE 200809L
#include "cpu_time.h"
#include "dlx.h"
#include "dlx_text.h"

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: parse_native FILE\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "rb");
    if (!f) {
        perror(argv[1]);
        return 1;
    }
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)len + 1);
    if (!text || fread(text, 1, (size_t)len, f) != (size_t)len) return 1;
    fclose(f);
    dlx_text_error_t err;
    double t0 = cpu_seconds();
    dlx_text_t *t = dlx_text_parse(text, (size_t)len, &err);
    double t1 = cpu_seconds();
    if (!t) {
        fprintf(stderr, "%s:%d:%d: %s\n", argv[1], (int)err.line, (int)err.column, err.message);
        return 1;
    }
    dlx_search(dlx_text_engine(t), 1);
    double t2 = cpu_seconds();
    printf("parse %.3f build %.3f\n", (t1 - t0) * 1e3, (t2 - t1) * 1e3);
    dlx_text_free(t);
    free(text);
    return 0;
}
