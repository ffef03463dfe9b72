/* text_check.h: tiny assertions for the native tests: report file:line and go on. */
#ifndef TEXT_CHECK_H
#define TEXT_CHECK_H
#include <stdio.h>

static int check_failures, check_count;

#define CHECK(cond)                                                                \
    do {                                                                           \
        check_count++;                                                             \
        if (!(cond)) {                                                             \
            check_failures++;                                                      \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
        }                                                                          \
    } while (0)

#define CHECK_EQ(a, b)                                                             \
    do {                                                                           \
        long long check_a_ = (long long)(a), check_b_ = (long long)(b);            \
        check_count++;                                                             \
        if (check_a_ != check_b_) {                                                \
            check_failures++;                                                      \
            fprintf(stderr, "%s:%d: %s == %s failed: %lld != %lld\n", __FILE__, __LINE__, \
                    #a, #b, check_a_, check_b_);                                   \
        }                                                                          \
    } while (0)

static int check_report(const char *name) {
    printf("%s: %d checks, %d failed\n", name, check_count, check_failures);
    return check_failures ? 1 : 0;
}
#endif
