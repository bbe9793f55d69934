#!/usr/bin/env python3
"""Sum up a meson test log: every Check test case, every other test.

Skipped tests count neither way. Prints each failing test with its log,
then the last line 'N passed, M failed', which is what CI reads.
"""
import json
import re
import sys

CHECK = re.compile(r"(\d+)%: Checks: (\d+), Failures: (\d+), Errors: (\d+)")
UNITTEST_RAN = re.compile(r"^Ran (\d+) tests? in", re.M)
UNITTEST_BAD = re.compile(r"^FAILED \((.*)\)$", re.M)


def unittest_counts(out):
    """(passed, failed) of a Python unittest run, or None."""
    ran = UNITTEST_RAN.search(out)
    if not ran:
        return None
    bad = 0
    failed = UNITTEST_BAD.search(out)
    if failed:
        for part in failed.group(1).split(","):
            key, _, value = part.strip().partition("=")
            if key in ("failures", "errors", "unexpected successes"):
                bad += int(value)
    return int(ran.group(1)) - bad, bad


def main(path):
    passed = failed = 0
    with open(path, encoding="utf-8") as log:
        for line in log:
            test = json.loads(line)
            if test["result"] == "SKIP":
                print(f"skip {test['name']}")  # neither passed nor failed
                continue
            ok = test["result"] in ("OK", "EXPECTEDFAIL")
            out = (test.get("stdout") or "") + (test.get("stderr") or "")
            sums = CHECK.findall(out)
            unit = unittest_counts(out)
            if unit:
                passed += unit[0]
                failed += unit[1]
                if not ok and unit[1] == 0:
                    failed += 1
            elif sums:
                checks = sum(int(s[1]) for s in sums)
                bad = sum(int(s[2]) + int(s[3]) for s in sums)
                passed += checks - bad
                failed += bad
                if not ok and bad == 0:
                    failed += 1  # crashed or timed out after its summary
            elif ok:
                passed += 1
            else:
                failed += 1
            status = "ok" if ok else "FAIL"
            print(f"{status:4} {test['name']}")
            if not ok:
                print(out[-4000:])
    print(f"{passed} passed, {failed} failed")


if __name__ == "__main__":
    main(sys.argv[1])
