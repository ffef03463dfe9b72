/* check.h: small assertion macros for the C tests (the one assertion header).
 *
 * A failed check prints file:line, the expression (and for CHECK_EQ both
 * values) and the current context, counts the failure and lets the test go
 * on, so one run shows every broken case. check_failures() gives the count
 * for the exit code; check_report() prints how many checks ran and failed
 * and returns that exit code. Only the first CHECK_MAX_PRINTED failures are printed:
 * a bug hit in a loop of thousands of instances should not flood the log.
 */
#ifndef CHECK_H
#define CHECK_H

#include <stdarg.h>
#include <stdio.h>

#ifndef CHECK_MAX_PRINTED
#define CHECK_MAX_PRINTED 20
#endif

static long check_failed_count; /* failed checks so far */
static long check_run_count;    /* checks made so far, passed or not */
static char check_context_buf[200]; /* what is being tested, e.g. "instance 17" */

/* Describe what the following checks are about (printf-style); "" clears it. */
static inline void check_context(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(check_context_buf, sizeof check_context_buf, fmt, ap);
    va_end(ap);
}

static inline long check_failures(void) { return check_failed_count; }

/* "name: N checks, F failed" on stdout; returns the exit status (1 on failures). */
static inline int check_report(const char *name) {
    printf("%s: %ld checks, %ld failed\n", name, check_run_count, check_failed_count);
    return check_failed_count ? 1 : 0;
}

static inline int check_fail_header(const char *file, int line) {
    if (++check_failed_count > CHECK_MAX_PRINTED) {
        if (check_failed_count == CHECK_MAX_PRINTED + 1)
            fprintf(stderr, "  (further failures are counted, not printed)\n");
        return 0;
    }
    fprintf(stderr, "%s:%d: ", file, line);
    return 1;
}

static inline void check_fail_footer(void) {
    if (check_context_buf[0]) fprintf(stderr, "  [%s]", check_context_buf);
    fputc('\n', stderr);
    fflush(stderr);
}

/* Returns ok, so a test can write `if (!CHECK(p)) return;`. */
static inline int check_true(int ok, const char *file, int line, const char *expr) {
    check_run_count++;
    if (ok) return 1;
    if (check_fail_header(file, line)) {
        fprintf(stderr, "CHECK failed: %s", expr);
        check_fail_footer();
    }
    return 0;
}

static inline int check_eq(long long a, long long b, const char *file, int line, const char *ea,
                           const char *eb) {
    check_run_count++;
    if (a == b) return 1;
    if (check_fail_header(file, line)) {
        fprintf(stderr, "CHECK_EQ failed: %s == %s (%lld vs %lld)", ea, eb, a, b);
        check_fail_footer();
    }
    return 0;
}

#define CHECK(cond) check_true((cond) ? 1 : 0, __FILE__, __LINE__, #cond)
#define CHECK_EQ(a, b) check_eq((long long)(a), (long long)(b), __FILE__, __LINE__, #a, #b)

#endif
