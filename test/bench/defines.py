#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""make bench baseline: a minimal regex pass over .ref manuals.

Extracts every #define line (name, parameters, body, /* code */, // comment)
from each file given and prints how many it found, the least a generator
must do; bench_parse times it next to refgen's parse + write IR.
"""
import re
import sys

DEFINE = re.compile(
    r'^[ \t]*#define[ \t]+([A-Za-z_]\w*)(\([^)]*\))?[ \t]*(.*?)[ \t]*'
    r'(?:/\*(.*?)\*/)?[ \t]*(?://(.*))?$', re.M)


def main(paths):
    total = 0
    for path in paths:
        with open(path, encoding='ascii', errors='replace') as f:
            total += sum(1 for _ in DEFINE.finditer(f.read()))
    print(total)


if __name__ == '__main__':
    main(sys.argv[1:])
