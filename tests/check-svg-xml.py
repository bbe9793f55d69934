#!/usr/bin/env python3
"""Each reviewed picture in DIR (tests/svg) parses as XML, is an SVG
document with a viewBox, and names a point in each of its hit areas."""
import glob
import os
import sys
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"


def check(path):
    root = ET.parse(path).getroot()
    assert root.tag == SVG + "svg", "%s: root is %s" % (path, root.tag)
    assert len(root.get("viewBox", "").split()) == 4, "%s: no viewBox" % path
    names = [e.get("data-point") for e in root.iter(SVG + "circle")
             if e.get("data-point") is not None]
    assert names and len(names) == len(set(names)), \
        "%s: points named %d times, %d names" % (path, len(names), len(set(names)))


def main():
    files = sorted(glob.glob(os.path.join(sys.argv[1], "*.svg")))
    if not files:
        print("no pictures in %s" % sys.argv[1])
        return 1
    for path in files:
        check(path)
    print("%d pictures parse as SVG" % len(files))
    return 0


if __name__ == "__main__":
    sys.exit(main())
