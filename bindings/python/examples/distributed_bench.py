"""Time boardgames.distributed on a LocalCluster of 1 and then 2 worker
processes (one thread each): a perft and a batch of self-play games.

    PYTHONPATH=bindings/python python3 bindings/python/examples/distributed_bench.py
    ... --scheduler tcp://host:8786    # an existing cluster instead

Prints one line per job and cluster: wall seconds and the speed-up over
one worker. Wall-clock time: on a loaded machine compare only figures of
one run.
"""
import argparse
import time

import distributed

from boardgames import distributed as bd


def jobs(args):
    return [
        ("perft %s %d" % (args.perft, args.depth),
         lambda c: bd.perft(args.perft, args.depth, client=c).counts),
        ("selfplay %s %d games" % (args.selfplay, args.games),
         lambda c: [g.hash for g in bd.selfplay(args.selfplay,
                                                range(args.games), client=c,
                                                batch=args.batch)]),
    ]


def run(client, label, args, base):
    for name, job in jobs(args):
        t = time.perf_counter()
        result = job(client)
        dt = time.perf_counter() - t
        base.setdefault(name, (dt, result))
        if base[name][1] != result:
            raise SystemExit("%s: %s gave another result" % (name, label))
        print("%-40s %-10s %7.2f s  x%.2f" % (name, label, dt,
                                              base[name][0] / dt))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--perft", default="kutochki")
    ap.add_argument("--depth", type=int, default=6)
    ap.add_argument("--selfplay", default="kutochki")
    ap.add_argument("--games", type=int, default=4000)
    ap.add_argument("--batch", type=int, default=100)
    ap.add_argument("--scheduler", help="address of a running scheduler")
    args = ap.parse_args()
    base = {}
    if args.scheduler:
        with distributed.Client(args.scheduler) as client:
            n = len(client.scheduler_info()["workers"])
            run(client, "%d workers" % n, args, base)
        return
    for n in (1, 2):
        with distributed.LocalCluster(n_workers=n, threads_per_worker=1,
                                      processes=True, dashboard_address=None,
                                      silence_logs=40) as cluster, \
                distributed.Client(cluster) as client:
            client.wait_for_workers(n)
            run(client, "%d worker%s" % (n, "s" if n > 1 else ""), args,
                base)


if __name__ == "__main__":
    main()
