/*
 * The C library's own allocator, for programs that replace malloc, calloc,
 * realloc, posix_memalign and free to count or to fail allocations
 * (bgbench, tests/test_oom.c). LIBC_ALLOC is defined where that works:
 * glibc, and no sanitizer, since a sanitizer brings an allocator of its
 * own.
 */
#ifndef BG_BENCH_LIBC_ALLOC_H
#define BG_BENCH_LIBC_ALLOC_H

#include <stdlib.h>

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define LIBC_ALLOC_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || \
	__has_feature(memory_sanitizer)
#define LIBC_ALLOC_SANITIZED 1
#endif
#endif

#if defined(__GLIBC__) && !defined(LIBC_ALLOC_SANITIZED)
#define LIBC_ALLOC 1
extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
int posix_memalign(void **, size_t, size_t);
extern void __libc_free(void *);
#endif

#endif
