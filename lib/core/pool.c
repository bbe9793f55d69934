/*
 * The thread pool of core/pool.h.
 */
#define _POSIX_C_SOURCE 200809L
#include "core/pool.h"

#include <stdlib.h>

#include "core/rules.h" /* bg_seterr() */

#ifdef BG_POOL_THREADS
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <time.h>

struct bg_pool {
	bg_pool_fn fn;
	void *arg;
	long long spin_ns;
	int threads;          /* running, the caller's included */
	pthread_t *thread;    /* [1 .. threads - 1] */
	int quit;             /* the open job is to stop */
	/* A job is open while gen is even: a thread works on it between
	 * raising and lowering busy. bg_pool_close() makes gen odd and
	 * waits for busy to be 0. */
	atomic_uint gen;
	atomic_int busy;
	atomic_int sleepers;  /* threads asleep on go */
	char pad1[64];
	atomic_size_t left;   /* units of the job not yet done */
	atomic_int waiting;   /* the caller is asleep on finished */
	char pad2[64];
	pthread_mutex_t mu;
	pthread_cond_t go, finished;
};

/* Both are at the pool's start. */
struct start {
	bg_pool *p;
	int thread;
};

static void relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#elif defined(__aarch64__)
	__asm__ volatile("yield");
#endif
}

static long long elapsed_ns(const struct timespec *t0)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (long long)(t.tv_sec - t0->tv_sec) * 1000000000 +
		(t.tv_nsec - t0->tv_nsec);
}

typedef int (*ready_fn)(bg_pool *p, unsigned seen);

/* Spin up to ns until ready, yielding now and then: whether it is. */
static int spin(bg_pool *p, ready_fn ready, unsigned seen, long long ns)
{
	struct timespec t0;

	if (ready(p, seen))
		return 1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	do {
		for (int k = 0; k < 64; k++) {
			if (ready(p, seen))
				return 1;
			relax();
		}
		/* A thread waiting on one that wants this core lets it run. */
		sched_yield();
	} while (elapsed_ns(&t0) < ns);
	return 0;
}

/* The ready tests are sequentially consistent, as are the counts of
 * sleepers and the caller's waiting: a thread about to sleep and the one
 * that would wake it then see each other's change. */

/* A job other than the one seen is open. */
static int job_open(bg_pool *p, unsigned seen)
{
	unsigned g = atomic_load(&p->gen);

	return g != seen && !(g & 1);
}

static int job_done(bg_pool *p, unsigned unused)
{
	(void)unused;
	return atomic_load(&p->left) == 0;
}

static int all_out(bg_pool *p, unsigned unused)
{
	(void)unused;
	return atomic_load(&p->busy) == 0;
}

/* Wait for a job other than `seen` and enter it (busy raised): its
 * number. */
static unsigned enter_job(bg_pool *p, unsigned seen)
{
	for (;;) {
		unsigned g;

		if (!spin(p, job_open, seen, p->spin_ns)) {
			pthread_mutex_lock(&p->mu);
			atomic_fetch_add(&p->sleepers, 1);
			while (!job_open(p, seen))
				pthread_cond_wait(&p->go, &p->mu);
			atomic_fetch_sub(&p->sleepers, 1);
			pthread_mutex_unlock(&p->mu);
		}
		g = atomic_load(&p->gen);
		atomic_fetch_add(&p->busy, 1);
		/* The caller may have closed it meanwhile. */
		if (atomic_load(&p->gen) == g && !(g & 1))
			return g;
		atomic_fetch_sub(&p->busy, 1);
	}
}

static void *thread_main(void *arg)
{
	struct start *st = arg;
	bg_pool *p = st->p;
	int t = st->thread;
	unsigned seen = 0;

	free(st);
	for (;;) {
		seen = enter_job(p, seen);
		if (p->quit) {
			atomic_fetch_sub(&p->busy, 1);
			return NULL;
		}
		p->fn(p->arg, t);
		atomic_fetch_sub_explicit(&p->busy, 1, memory_order_release);
	}
}

void bg_pool_done(bg_pool *p, size_t k)
{
	/* The last units wake a caller asleep on the job. */
	if (atomic_fetch_sub(&p->left, k) == k && atomic_load(&p->waiting)) {
		pthread_mutex_lock(&p->mu);
		pthread_cond_signal(&p->finished);
		pthread_mutex_unlock(&p->mu);
	}
}

void bg_pool_close(bg_pool *p)
{
	if (p->threads == 1)
		return;
	atomic_fetch_add(&p->gen, 1);
	while (!spin(p, all_out, 0, p->spin_ns))
		sched_yield();
}

static void open_job(bg_pool *p, size_t units)
{
	atomic_store_explicit(&p->left, units, memory_order_relaxed);
	atomic_fetch_add(&p->gen, 1);
	if (atomic_load(&p->sleepers)) {
		pthread_mutex_lock(&p->mu);
		pthread_cond_broadcast(&p->go);
		pthread_mutex_unlock(&p->mu);
	}
}

void bg_pool_run(bg_pool *p, size_t units)
{
	if (p->threads == 1) {
		atomic_store_explicit(&p->left, units, memory_order_relaxed);
		p->fn(p->arg, 0);
		return;
	}
	open_job(p, units);
	p->fn(p->arg, 0);
	if (spin(p, job_done, 0, p->spin_ns))
		return;
	pthread_mutex_lock(&p->mu);
	atomic_store(&p->waiting, 1);
	while (!job_done(p, 0))
		pthread_cond_wait(&p->finished, &p->mu);
	atomic_store(&p->waiting, 0);
	pthread_mutex_unlock(&p->mu);
}

void bg_pool_free(bg_pool *p)
{
	if (!p)
		return;
	if (p->threads > 1) {
		bg_pool_close(p);
		p->quit = 1;
		open_job(p, 0);
		for (int t = 1; t < p->threads; t++)
			pthread_join(p->thread[t], NULL);
	}
	pthread_mutex_destroy(&p->mu);
	pthread_cond_destroy(&p->go);
	pthread_cond_destroy(&p->finished);
	free(p->thread);
	free(p);
}

int bg_pool_new(bg_pool **out, int threads, long long spin_ns, bg_pool_fn fn,
		void *arg)
{
	bg_pool *p;

	*out = NULL;
	if (!(p = calloc(1, sizeof(*p))))
		return bg_seterr(BG_ENOMEM, "no memory for a thread pool");
	p->fn = fn;
	p->arg = arg;
	p->spin_ns = spin_ns;
	p->threads = 1;
	atomic_init(&p->gen, 0);
	atomic_init(&p->busy, 0);
	atomic_init(&p->sleepers, 0);
	atomic_init(&p->left, 0);
	atomic_init(&p->waiting, 0);
	pthread_mutex_init(&p->mu, NULL);
	pthread_cond_init(&p->go, NULL);
	pthread_cond_init(&p->finished, NULL);
	if (!(p->thread = calloc((size_t)threads, sizeof(*p->thread)))) {
		bg_pool_free(p);
		return bg_seterr(BG_ENOMEM, "no memory for a thread pool");
	}
	/* p->threads counts the threads running, so that a failure on the
	 * way leaves bg_pool_free() only those to stop. */
	while (p->threads < threads) {
		struct start *st = malloc(sizeof(*st));

		if (!st)
			break;
		st->p = p;
		st->thread = p->threads;
		if (pthread_create(&p->thread[p->threads], NULL, thread_main,
				   st)) {
			free(st);
			break;
		}
		p->threads++;
	}
	if (p->threads < threads) {
		bg_pool_free(p);
		return bg_seterr(BG_ENOMEM, "a thread of the pool could not "
				 "start");
	}
	*out = p;
	return BG_OK;
}

#else /* no threads: every job runs in the caller */

struct bg_pool {
	bg_pool_fn fn;
	void *arg;
};

int bg_pool_new(bg_pool **out, int threads, long long spin_ns, bg_pool_fn fn,
		void *arg)
{
	bg_pool *p;

	(void)threads;
	(void)spin_ns;
	*out = NULL;
	if (!(p = calloc(1, sizeof(*p))))
		return bg_seterr(BG_ENOMEM, "no memory for a thread pool");
	p->fn = fn;
	p->arg = arg;
	*out = p;
	return BG_OK;
}

void bg_pool_free(bg_pool *p)
{
	free(p);
}

void bg_pool_close(bg_pool *p)
{
	(void)p;
}

void bg_pool_run(bg_pool *p, size_t units)
{
	(void)units;
	p->fn(p->arg, 0);
}

void bg_pool_done(bg_pool *p, size_t k)
{
	(void)p;
	(void)k;
}

#endif
