/* format.h: a small snprintf for messages (d i u x X c s %, width, '0',
 * precision .* for strings, length z/l/ll). The core uses it instead of the
 * C library's printf, which would bring floating-point formatting and about
 * 8 KiB into the WebAssembly module. */
#ifndef DLX_FORMAT_H
#define DLX_FORMAT_H

#include <stdarg.h>
#include <stddef.h>

int fmt_vsnprintf(char *buf, size_t cap, const char *fmt, va_list ap);
int fmt_snprintf(char *buf, size_t cap, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

#endif
