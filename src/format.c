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

static void put_number(out_t *o, uint64_t v, int negative, unsigned base, int upper, int width,
                       char pad) {
    char digits[24];
    size_t n = 0;
    const char *set = upper ? "0123456789ABCDEF" : "0123456789abcdef";
    do digits[sizeof digits - 1 - n++] = set[v % base];
    while (v /= base);
    if (negative) {
        if (pad == '0') {
            put(o, '-');
            width--;
        } else {
            digits[sizeof digits - 1 - n++] = '-';
        }
    }
    put_padded(o, digits + sizeof digits - n, n, width, pad);
}

int fmt_vsnprintf(char *buf, size_t cap, const char *f, va_list ap) {
    out_t o = {buf, cap, 0};
    for (; *f; f++) {
        if (*f != '%') {
            put(&o, *f);
            continue;
        }
        char pad = ' ';
        int width = 0, precision = -1, longs = 0, size_t_arg = 0;
        if (*++f == '0') pad = '0', f++;
        while (*f >= '0' && *f <= '9') width = width * 10 + (*f++ - '0');
        if (*f == '.' && f[1] == '*') precision = va_arg(ap, int), f += 2;
        for (; *f == 'l' || *f == 'z'; f++) *f == 'l' ? longs++ : size_t_arg++;
        switch (*f) {
        case 'd':
        case 'i': {
            int64_t v = size_t_arg ? (int64_t)va_arg(ap, ptrdiff_t)
                        : longs > 1 ? va_arg(ap, long long)
                        : longs ? va_arg(ap, long)
                                : va_arg(ap, int);
            put_number(&o, v < 0 ? 0 - (uint64_t)v : (uint64_t)v, v < 0, 10, 0, width, pad);
            break;
        }
        case 'u':
        case 'x':
        case 'X': {
            uint64_t v = size_t_arg ? va_arg(ap, size_t)
                         : longs > 1 ? va_arg(ap, unsigned long long)
                         : longs ? va_arg(ap, unsigned long)
                                 : va_arg(ap, unsigned);
            put_number(&o, v, 0, *f == 'u' ? 10 : 16, *f == 'X', width, pad);
            break;
        }
        case 'c': {
            char c = (char)va_arg(ap, int);
            put_padded(&o, &c, 1, width, ' ');
            break;
        }
        case 's': {
            const char *s = va_arg(ap, const char *);
            if (!s) s = "(null)";
            size_t n = 0; /* strnlen is POSIX, not C11 */
            while ((precision < 0 || n < (size_t)precision) && s[n]) n++;
            put_padded(&o, s, n, width, ' ');
            break;
        }
        case '%': put(&o, '%'); break;
        default: /* not supported: show it rather than guess */
            put(&o, '%');
            if (!*f) f--;
            else put(&o, *f);
        }
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
