/* format.c: the message formatter described in format.h. */
#include "format.h"

#include <stdint.h>

typedef struct {
    char *buf;
    size_t cap, len; /* len counts every byte, written or not (as snprintf) */
} out_t;

static void put(out_t *o, char c) {
    if (o->len + 1 < o->cap) o->buf[o->len] = c;
    o->len++;
}

static void put_padded(out_t *o, const char *s, size_t n, int width, char pad) {
    for (int k = (int)n; k < width; k++) put(o, pad);
    for (size_t k = 0; k < n; k++) put(o, s[k]);
}

int fmt_vsnprintf(char *buf, size_t cap, const char *f, va_list ap) {
    out_t o = {buf, cap, 0};
    for (; *f; f++) {
        if (*f != '%') {
            put(&o, *f);
            continue;
        }
        char pad = ' ', digits[24], *d = digits + sizeof digits; /* filled from the end */
        int width = 0, precision = -1, longs = 0, size_t_arg = 0;
        if (*++f == '0') pad = '0', f++;
        while (*f >= '0' && *f <= '9') width = width * 10 + (*f++ - '0');
        if (*f == '.' && f[1] == '*') precision = va_arg(ap, int), f += 2;
        for (; *f == 'l' || *f == 'z'; f++) *f == 'l' ? longs++ : size_t_arg++;
        char c = *f;
        const char *s;
        size_t n = 0;
        if (c == 'd' || c == 'i' || c == 'u' || c == 'x' || c == 'X') {
            uint64_t v;
            int negative = 0;
            if (c == 'd' || c == 'i') {
                int64_t sv = size_t_arg ? (int64_t)va_arg(ap, ptrdiff_t)
                             : longs > 1 ? va_arg(ap, long long)
                             : longs ? va_arg(ap, long)
                                     : va_arg(ap, int);
                negative = sv < 0;
                v = negative ? 0 - (uint64_t)sv : (uint64_t)sv;
            } else {
                v = size_t_arg ? va_arg(ap, size_t)
                    : longs > 1 ? va_arg(ap, unsigned long long)
                    : longs ? va_arg(ap, unsigned long)
                            : va_arg(ap, unsigned);
            }
            unsigned base = c == 'x' || c == 'X' ? 16 : 10;
            do {
                unsigned digit = (unsigned)(v % base);
                *--d = (char)(digit < 10 ? '0' + digit : digit - 10 + (c == 'X' ? 'A' : 'a')), n++;
            } while (v /= base);
            if (negative && pad == '0') put(&o, '-'), width--;
            else if (negative) *--d = '-', n++;
            s = d;
        } else if (c == 'c') {
            *--d = (char)va_arg(ap, int), s = d, n = 1, pad = ' ';
        } else if (c == 's') {
            s = va_arg(ap, const char *);
            if (!s) s = "(null)";
            while ((precision < 0 || n < (size_t)precision) && s[n]) n++; /* strnlen is POSIX, not C11 */
            pad = ' ';
        } else { /* '%', or not supported: show it rather than guess */
            if (c != '%') put(&o, '%');
            if (!c) break;
            put(&o, c);
            continue;
        }
        put_padded(&o, s, n, width, pad);
    }
    if (cap) buf[o.len < cap ? o.len : cap - 1] = '\0';
    return o.len > INT32_MAX ? INT32_MAX : (int)o.len;
}

int fmt_snprintf(char *buf, size_t cap, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int n = fmt_vsnprintf(buf, cap, fmt, ap);
    va_end(ap);
    return n;
}
