/*
 * A pool of threads, made once, that work on jobs with the calling thread:
 * the batches' and the searcher's. Internal.
 *
 * A job is a number of units of work. Opening it wakes every thread; each
 * (the caller as thread 0) runs the pool's function, which takes units by
 * whatever rule its owner keeps and reports each done with
 * bg_pool_done(). bg_pool_run() returns when every unit is done, not when
 * every thread has come: a thread that wakes late finds nothing left and
 * the caller does not wait for it. Between jobs the threads spin (yielding
 * the core now and then) for the pool's spin time before they sleep, so a
 * job that follows soon finds them running: a sleeping core of a virtual
 * machine can take milliseconds to wake.
 */
#ifndef BG_CORE_POOL_H
#define BG_CORE_POOL_H

#include <stddef.h>

/* Threads are POSIX threads: on Windows MinGW-w64's (winpthreads, linked
 * into the library); WebAssembly's need the whole program built for
 * them. */
#if !defined(__EMSCRIPTEN__) && (!defined(_WIN32) || defined(__MINGW32__))
#define BG_POOL_THREADS 1
#endif

typedef struct bg_pool bg_pool;

/* What each thread runs for a job: thread 0 is the caller's. */
typedef void (*bg_pool_fn)(void *arg, int thread);

/* A pool of threads - 1 threads besides the caller's, spinning spin_ns
 * after a job. BG_OK; BG_ENOMEM with *out NULL when the pool or any of its
 * threads could not be made. Without threads on this platform every job
 * runs in the caller alone. */
int bg_pool_new(bg_pool **out, int threads, long long spin_ns, bg_pool_fn fn,
		void *arg);

/* Stop the threads and free the pool; NULL is a no-op. Not during a job. */
void bg_pool_free(bg_pool *p);

/* Make room for the next job: no thread is in the last one after this, so
 * the caller may write what the next reads. */
void bg_pool_close(bg_pool *p);

/* Open a job of `units` units, run the caller's part of it and wait until
 * every unit is done. After bg_pool_close(). */
void bg_pool_run(bg_pool *p, size_t units);

/* Called by the pool's function: k more units are done. */
void bg_pool_done(bg_pool *p, size_t k);

#endif
