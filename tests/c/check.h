/* check.h: small assertion macros for the C tests (the one assertion header).
 *
 * A failed check prints file:line, the expression (and for CHECK_EQ both
 * values) and the current context, counts the failure and lets the test go
 * on, so one run shows every broken case. check_failures() gives the count
 * for the exit code; check_report() prints how many checks ran and failed
 * and returns that exit code. Only the first CHECK_MAX_PRINTED failures are printed:
 * a bug hit in a loop of thousands of instances should not flood the log.
 *
 * check_cpu_limit() is the tests' hang guard, in CPU time (see there).
 */
#ifndef CHECK_H
#define CHECK_H

#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <sys/resource.h>
#include <unistd.h>

#ifndef CHECK_MAX_PRINTED
#define CHECK_MAX_PRINTED 20
#endif

static long check_failed_count; /* failed checks so far */
static long check_run_count;    /* checks made so far, passed or not */
static char check_context_buf[200]; /* what is being tested, e.g. "instance 17" */
static const char *check_last_file; /* where the last check was made (for the hang guard) */
static int check_last_line;

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
    check_last_file = file, check_last_line = line;
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
    check_last_file = file, check_last_line = line;
    if (a == b) return 1;
    if (check_fail_header(file, line)) {
        fprintf(stderr, "CHECK_EQ failed: %s == %s (%lld vs %lld)", ea, eb, a, b);
        check_fail_footer();
    }
    return 0;
}

/* ---- the hang guard ------------------------------------------------------------
 * check_cpu_limit(name, seconds) caps the CPU time of this process (RLIMIT_CPU).
 * CPU time, not wall-clock time: a busy machine makes a test take longer but
 * gives it no more CPU time, so the limit can sit far above what the test
 * needs and still end a hang, and no load makes the test fail. At the limit
 * the kernel sends SIGXCPU; the handler says which test ran out (name) and
 * where its last check was, and exits 1. Should that fail, SIGKILL follows
 * a few seconds of CPU later (the hard limit). */
static const char *check_guard_name = "test";
static int check_guard_seconds;

/* Async-signal-safe output: write(2), numbers converted by hand. */
static inline void check_say(const char *s) {
    size_t n = 0;
    while (s[n]) n++;
    if (write(2, s, n) < 0) return;
}

static inline void check_say_number(long v) {
    char buf[24], *p = buf + sizeof buf - 1;
    *p = '\0';
    do *--p = (char)('0' + v % 10), v /= 10; while (v > 0 && p > buf);
    check_say(p);
}

static inline void check_on_cpu_limit(int sig) {
    (void)sig;
    check_say("\n");
    check_say(check_guard_name);
    check_say(": CPU time limit of ");
    check_say_number(check_guard_seconds);
    check_say(" s reached (a hang, or far more work than expected); ");
    if (check_last_file) {
        check_say("the last check was at ");
        check_say(check_last_file);
        check_say(":");
        check_say_number(check_last_line);
    } else {
        check_say("no check had run yet");
    }
    if (check_context_buf[0]) {
        check_say(" [");
        check_say(check_context_buf);
        check_say("]");
    }
    check_say("\n");
    _exit(1);
}

/* Guard this process (a test binary, or the child running one test group). */
static inline void check_cpu_limit(const char *name, int seconds) {
    check_guard_name = name;
    check_guard_seconds = seconds;
    check_last_file = NULL;
    signal(SIGXCPU, check_on_cpu_limit);
    struct rlimit r;
    if (getrlimit(RLIMIT_CPU, &r) != 0) return;
    rlim_t soft = (rlim_t)seconds, hard = soft + 5;
    if (r.rlim_max != RLIM_INFINITY && r.rlim_max < hard) hard = r.rlim_max;
    if (soft > hard) soft = hard;
    /* The limit counts from the start of the process (a forked child starts at 0 s). */
    r.rlim_cur = soft, r.rlim_max = hard;
    if (setrlimit(RLIMIT_CPU, &r) != 0) perror("check_cpu_limit: setrlimit");
}

#define CHECK(cond) check_true((cond) ? 1 : 0, __FILE__, __LINE__, #cond)
#define CHECK_EQ(a, b) check_eq((long long)(a), (long long)(b), __FILE__, __LINE__, #a, #b)

#endif
