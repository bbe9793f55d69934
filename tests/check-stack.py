#!/usr/bin/env python3
"""No function of the library takes more than LIMIT bytes of stack.

Reads the .su files the compiler writes beside the library's objects
(-fstack-usage, lib/meson.build) and fails for any function whose frame is
above the limit, or whose frame is dynamic (alloca, variable-length arrays)
and not bounded by the compiler, naming it. Usage: check-stack.py OBJDIR
[LIMIT [SANITIZE]]; exit 77 (skipped) when the compiler wrote no .su file,
or when SANITIZE (meson's b_sanitize) is not 'none': sanitizers give frames
redzones and a heap-backed stack of their own, so the sizes say nothing of
the library's.
"""
import pathlib
import sys

LIMIT = 8192


def main():
    objdir = pathlib.Path(sys.argv[1])
    limit = int(sys.argv[2]) if len(sys.argv) > 2 else LIMIT
    sanitize = sys.argv[3] if len(sys.argv) > 3 else 'none'
    if sanitize != 'none':
        print(f'a sanitized build ({sanitize}): skipped')
        return 77
    files = sorted(objdir.rglob('*.su'))
    if not files:
        print(f'no .su files under {objdir}: the compiler has no '
              '-fstack-usage; skipped')
        return 77
    bad, count, top = [], 0, (0, '')
    for su in files:
        for line in su.read_text().splitlines():
            # "file:line:col:function<TAB>bytes<TAB>qualifiers"
            where, size, kind = line.rsplit('\t', 2)
            size, kinds = int(size), kind.split(',')
            count += 1
            top = max(top, (size, where))
            if size > limit:
                bad.append(f'{where}: {size} bytes of stack (limit {limit})')
            elif 'dynamic' in kinds and 'bounded' not in kinds:
                bad.append(f'{where}: a dynamic frame of unbounded size '
                           f'({size} bytes fixed)')
    for b in bad:
        print(b)
    print(f'{count} functions in {len(files)} objects; the largest frame: '
          f'{top[0]} bytes, {top[1]}')
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
