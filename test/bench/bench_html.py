#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""make bench: the HTML reference.  Generation of every built chip's pages in
one run (wall and CPU, median of BENCH_REPEAT runs), the largest page, and
gv100 dev_fifo loaded and rendered in headless Chromium (test/html/browser.py).
Environment: REFGEN (out/bin/refgen), REFGEN_IR (out/ir), BENCH_CHIPS,
REFGEN_HTML (out/html), REFGEN_VIEWS (manuals/alternative-views.txt)."""

import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
FMT = "%-34s | %-10s | %-10s | %-8s | %s"


def cpu_children():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def main():
    refgen = os.environ.get("REFGEN", "out/bin/refgen")
    ir = os.environ.get("REFGEN_IR", "out/ir")
    chips = os.environ.get("BENCH_CHIPS", "").split() or sorted(os.listdir(ir))
    runs = int(os.environ.get("BENCH_REPEAT", "5"))
    out = tempfile.mkdtemp(prefix="refgen-bench-html-")
    dirs = ["--views", os.environ.get("REFGEN_VIEWS", "manuals/alternative-views.txt")] + \
        [os.path.join(ir, c) for c in chips]
    walls, cpus, hdr_cpus = [], [], []
    try:
        for k in range(runs + 1):
            for fmt, cpu in (("--format=html", cpus), ("--format=nv,typed,fields", hdr_cpus)):
                shutil.rmtree(out, ignore_errors=True)
                c0, t0 = cpu_children(), time.monotonic()
                subprocess.run([refgen, "emit", fmt, "-o", out] + dirs, check=True, stdout=subprocess.DEVNULL)
                if k:   # the first run warms the caches
                    cpu.append(cpu_children() - c0)
                    if cpu is cpus:
                        walls.append(time.monotonic() - t0)
        shutil.rmtree(out, ignore_errors=True)
        subprocess.run([refgen, "emit", "--format=html", "-o", out] + dirs, check=True, stdout=subprocess.DEVNULL)
        sizes = [(os.path.getsize(os.path.join(d, f)), os.path.join(d, f)) for d, _, fs in os.walk(out)
                 for f in fs if f.endswith(".html")]
        total = sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(out) for f in fs)
    finally:
        shutil.rmtree(out, ignore_errors=True)
    big = max(sizes)
    print(FMT % ("html generation, %d chips (wall)" % len(chips), "%.2f s" % statistics.median(walls), "2 s",
                 "%.2f" % (statistics.median(walls) / 2), "median of %d runs, goal <= 2 s" % runs))
    print(FMT % ("html generation (cpu)", "%.2f s" % statistics.median(cpus), "2 s",
                 "%.2f" % (statistics.median(cpus) / 2), "user+system"))
    print(FMT % ("html cpu vs headers (same IR)", "%.2f s" % statistics.median(cpus),
                 "%.2f s" % statistics.median(hdr_cpus), "%.2f" % (statistics.median(cpus) / statistics.median(hdr_cpus)),
                 "both read and validate every chip's IR"))
    print(FMT % ("html largest page", "%.2f MB" % (big[0] / 1e6), "5 MB", "%.2f" % (big[0] / 5e6),
                 os.path.relpath(big[1], out)))
    print(FMT % ("html pages / all files", "%d" % len(sizes), "", "", "%.1f MB in all" % (total / 1e6)))
    sys.stdout.flush()
    if "gv100" in chips:
        sys.path.insert(0, os.path.join(HERE, "..", "html"))
        import browser
        browser.bench(runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
