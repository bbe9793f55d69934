#!/usr/bin/env python3
"""Sum up meson test logs: every Check test case, every Python unittest
and node test (TAP), the checks of a test that prints its own 'N passed,
M failed', every other test as one.

    summary.py TESTLOG.json...

Skipped tests count neither way. Prints each failing test with its log,
then the last line 'N passed, M failed' over all the logs, which is what
CI reads.
"""
import json
import re
import sys

CHECK = re.compile(r"(\d+)%: Checks: (\d+), Failures: (\d+), Errors: (\d+)")
UNITTEST_RAN = re.compile(r"^Ran (\d+) tests? in", re.M)
UNITTEST_BAD = re.compile(r"^FAILED \((.*)\)$", re.M)
TAP_PASS = re.compile(r"^# pass (\d+)$", re.M)
TAP_FAIL = re.compile(r"^# fail (\d+)$", re.M)
OWN = re.compile(r"^(\d+) passed, (\d+) failed$", re.M)


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


def counted(out):
    """(passed, failed) of a node --test (TAP) run or of a test printing
    its own 'N passed, M failed' line, or None."""
    tap_pass, tap_fail = TAP_PASS.search(out), TAP_FAIL.search(out)
    if tap_pass and tap_fail:
        return int(tap_pass.group(1)), int(tap_fail.group(1))
    own = OWN.findall(out)
    if own:
        return int(own[-1][0]), int(own[-1][1])
    return None


def main(paths):
    passed = failed = 0
    for path in paths:
        p, f = summed(path)
        passed += p
        failed += f
    print(f"{passed} passed, {failed} failed")


def summed(path):
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
            unit = unittest_counts(out) or counted(out)
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
    return passed, failed


if __name__ == "__main__":
    main(sys.argv[1:])
