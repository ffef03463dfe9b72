/* wasm/heap.c: the C library of both WebAssembly modules (dist/dlxkit.wasm
 * and the Typst plugin), and the memory cap. The core calls malloc and free
 * as any C program does; only this file defines them, so the core never
 * depends on the boundary.
 *
 * Our own malloc, free, calloc and realloc (Emscripten's smallest, emmalloc,
 * is 2.7 KiB): first fit over an address-ordered list of free blocks, which
 * merge with their neighbours when freed. A block is an 8-byte header (its
 * size, header included, a multiple of 8) and the payload; a free block keeps
 * the link to the next one in its payload. The heap grows the linear memory
 * itself, up to a cap the caller sets, so running out is a NULL from malloc
 * (and an ENOMEM error), never a trap, and the module needs no imports (the
 * JS side notices a new memory.buffer by itself). */
#include <stdlib.h>
#include <string.h>

#include "heap.h"

extern unsigned char __heap_base;
static uintptr_t heap_end = (uintptr_t)&__heap_base; /* the end of the heap */
static uintptr_t heap_top = (uintptr_t)&__heap_base; /* the furthest it ever reached: memory past it is still zero */
static uintptr_t memory_cap; /* bytes of linear memory allowed; 0: as much as wasm32 has */

typedef struct block {
    size_t size;
    struct block *next; /* only while free */
} block;
enum { HEADER = 8, MIN_BLOCK = 16 };
static block *free_list;

/* n more bytes at the end of the heap (n a multiple of 8), or NULL. */
static void *heap_grow(size_t n) {
    uintptr_t old = heap_end, want = old + n;
    if (want < old || (memory_cap && want > memory_cap)) return NULL;
    uintptr_t have = __builtin_wasm_memory_size(0) * 65536;
    if (want > have && __builtin_wasm_memory_grow(0, (want - have + 65535) / 65536) == (size_t)-1)
        return NULL;
    heap_end = want;
    if (want > heap_top) heap_top = want;
    return (void *)old;
}

/* The block size for n bytes; 0 when that is beyond any heap. */
static size_t block_size(size_t n) {
    return n > SIZE_MAX / 2 ? 0 : n + HEADER <= MIN_BLOCK ? MIN_BLOCK : (n + HEADER + 7) & ~(size_t)7;
}

static int at_heap_end(const block *b) { return (uintptr_t)b + b->size == heap_end; }

void *malloc(size_t n) {
    size_t size = block_size(n);
    block **at = &free_list, **last = NULL, *b;
    if (!size) return NULL;
    for (; (b = *at); at = &b->next) {
        last = at;
        if (b->size < size) continue;
        if (b->size - size >= MIN_BLOCK) { /* hand out the front, the rest stays free */
            block *rest = (block *)((char *)b + size);
            rest->size = b->size - size;
            rest->next = b->next;
            *at = rest;
            b->size = size;
        } else {
            *at = b->next;
        }
        return (char *)b + HEADER;
    }
    if (last && at_heap_end(*last)) { /* the last free block is too small but can grow */
        b = *last;
        if (!heap_grow(size - b->size)) return NULL;
        *last = NULL;
    } else if (!(b = heap_grow(size))) {
        return NULL;
    }
    b->size = size;
    return (char *)b + HEADER;
}

void free(void *p) {
    if (!p) return;
    block *b = (block *)((char *)p - HEADER), *prev = NULL, **at = &free_list;
    while (*at && *at < b) prev = *at, at = &prev->next;
    block *next = *at;
    if (next && (char *)b + b->size == (char *)next) b->size += next->size, next = next->next;
    b->next = next;
    if (prev && (char *)prev + prev->size == (char *)b) prev->size += b->size, prev->next = next;
    else *at = b;
}

/* Only the part of the block that was handed out before is cleared: memory
 * past heap_top was never written (memory.grow's pages are zero), so a big
 * table is not written twice, and its pages are touched only where used (as
 * a native calloc's fresh pages: the sparse sets' tables of a jigsaw, 40
 * MB, took 9,400 page faults where native took none for most of them). */
void *calloc(size_t n, size_t m) {
    if (m && n > SIZE_MAX / m) return NULL;
    uintptr_t clean = heap_top;
    char *p = malloc(n * m);
    if (p && (uintptr_t)p < clean) memset(p, 0, (uintptr_t)p + n * m < clean ? n * m : clean - (uintptr_t)p);
    return p;
}

void *realloc(void *p, size_t n) {
    if (!p) return malloc(n);
    block *b = (block *)((char *)p - HEADER);
    size_t size = block_size(n);
    if (!size) return NULL;
    if (b->size >= size) return p;
    if (at_heap_end(b) && heap_grow(size - b->size)) { /* grow in place */
        b->size = size;
        return p;
    }
    void *q = malloc(n);
    if (q) memcpy(q, p, b->size - HEADER), free(p);
    return q;
}

/* Plain loops: the C library's word-at-a-time versions are four times the size. */
void *memchr(const void *s, int c, size_t n) {
    for (const unsigned char *p = s; n--; p++)
        if (*p == (unsigned char)c) return (void *)p;
    return NULL;
}

size_t strlen(const char *s) {
    const char *p = s;
    while (*p) p++;
    return (size_t)(p - s);
}

void heap_set_cap(uintptr_t bytes) { memory_cap = bytes; }
uintptr_t heap_cap(void) { return memory_cap; }

void heap_reset(void) {
    heap_end = (uintptr_t)&__heap_base;
    free_list = NULL;
}
