#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""make bench: how fast refgen reads IR and writes outputs (issue 24), each
figure next to the same command run by the "before" refgen in the same run.

Rows (CPU time, user + system of the refgen processes, median of
BENCH_REPEAT runs after one warm-up; the before and after commands
alternate, so that a drift of the machine's speed hits both):
  emit, C formats, from IR     one `refgen emit --chip C` per chip, every
                               default (C) format, from the build's IR;
                               goal <= 0.5 s for the five chips
  parse + emit from manuals    per chip one `refgen parse -d --emit` of its
                               manuals (with the project's addenda, spaces and
                               known warnings): the IR written, the headers
                               emitted from the parsed model; the before
                               refgen, which has no --emit, runs `refgen
                               parse -d` and `refgen emit` of that IR (the
                               same outputs, test/build/parse-emit.sh);
                               goal <= 0.7 s for the five chips
  parse, then emit             the two processes a chip, by both refgens
                               (no goal: how the build runs them)
  lookup start-up, gv100       `refgen lookup --chip gv100 0x2100`: the IR
                               loaded, one answer; goal <= 30 ms
  html, from IR                one `refgen emit --format=html` of every
                               chip; goal <= 1 s for the five chips
Each row prints its goal and "met" or "not met" (judged on the after
median; with fewer chips than five, as make bench-smoke runs, the goals of
the five chips are not judged).

"Before" is the refgen of test/build/baseline.rev as test/build/identical.sh
builds it (out/tmp/identical/<commit>/out/bin/refgen, made by `make test`),
or BENCH_BEFORE_REFGEN; without one the rows show this build's figures only.
Environment: REFGEN, REFGEN_IR, MANUALS, BENCH_CHIPS, BENCH_REPEAT,
BENCH_SMOKE, REFGEN_VIEWS, BENCH_TMP (scratch, default out/tmp/bench-emit).
"""

import glob
import os
import resource
import shutil
import statistics
import subprocess
import sys

FMT = "%-34s | %-10s | %-10s | %-8s | %s"
ALL_CHIPS = 5


def cpu_children():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def before_refgen():
    given = os.environ.get("BENCH_BEFORE_REFGEN")
    if given:
        return given if os.access(given, os.X_OK) else None
    try:
        with open("test/build/baseline.rev") as f:
            rev = [l.split("#")[0].strip() for l in f if l.split("#")[0].strip()][0]
        commit = subprocess.run(["git", "rev-parse", "--verify", "-q", rev + "^{commit}"],
                                capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, IndexError, subprocess.CalledProcessError):
        return None
    path = os.path.join("out", "tmp", "identical", commit, "out", "bin", "refgen")
    return path if os.access(path, os.X_OK) else None


def run_cpu(cmds):
    """CPU seconds of running cmds (lists) in turn; each must succeed."""
    c0 = cpu_children()
    for cmd in cmds:
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return cpu_children() - c0


def chip_dir(manuals, chip):
    found = sorted(glob.glob(os.path.join(manuals, "*", chip)))
    return found[0] if found else None


def main():
    refgen = os.path.abspath(os.environ.get("REFGEN", "out/bin/refgen"))
    ir = os.environ.get("REFGEN_IR", "out/ir")
    manuals = os.environ.get("MANUALS", "../shared/manuals")
    built = os.environ.get("BENCH_CHIPS", "").split() or sorted(os.listdir(ir))
    # The goals are the manual chips' (the five of open-gpu-doc); a chip of
    # NVIDIA's published headers alone has no manuals to parse, and
    # published.sh's row times every chip of either source.
    chips = [c for c in built if chip_dir(manuals, c)]
    if not chips:
        raise SystemExit("bench_emit: none of the chips %s has manuals under %s" % (" ".join(built), manuals))
    runs = max(1, int(os.environ.get("BENCH_REPEAT", "5")))
    views = os.environ.get("REFGEN_VIEWS", "manuals/alternative-views.txt")
    tmp = os.environ.get("BENCH_TMP", "out/tmp/bench-emit")
    if tmp in ("", "/"):
        raise SystemExit("bench_emit: refusing scratch dir '%s'" % tmp)
    before = before_refgen()
    judged = len(chips) >= ALL_CHIPS

    def ir_files(root, chip):
        return sorted(glob.glob(os.path.join(root, chip, "*.xml")))

    def emit_c(r, out, side):
        return [[r, "emit", "--chip", c, "--views", views, "-o", out] + ir_files(ir, c) for c in chips]

    def parse_cmd(r, out, c, more):
        d = chip_dir(manuals, c)
        addenda = ["-a", os.path.join("manuals", c)] if os.path.isdir(os.path.join("manuals", c)) else []
        return ([r, "parse", "--chip", c, "--known", "manuals/known-warnings.txt",
                 "--spaces", "manuals/address-spaces.txt"] + addenda +
                ["-d", os.path.join(out, "ir", c)] + more + sorted(glob.glob(os.path.join(d, "*.ref.txt"))))

    def parse_then_emit(r, out, side):
        cmds = [parse_cmd(r, out, c, []) for c in chips]
        for c in chips:   # the IR directory: its files are not there yet
            cmds.append([r, "emit", "--views", views, "-o", os.path.join(out, "inc"), os.path.join(out, "ir", c)])
        return cmds

    def parse_emit(r, out, side):
        if side == "before":
            return parse_then_emit(r, out, side)
        return [parse_cmd(r, out, c, ["--emit", os.path.join(out, "inc"), "--views", views]) for c in chips]

    lookup_chip = "gv100" if "gv100" in chips else chips[0]

    def lookup(r, out, side):
        return [[r, "lookup", "--chip", lookup_chip, "--ir", ir, "0x2100"]]

    def html(r, out, side):
        return [[r, "emit", "--format=html", "--views", views, "-o", out] +
                [os.path.join(ir, c) for c in chips]]

    n = len(chips)
    figures = [   # name, commands, goal, unit, what, whether the goal applies to this run
        ("emit, C formats, %d chip%s" % (n, "s" if n > 1 else ""), emit_c, 0.5, "s", "one process a chip, from IR",
         judged),
        ("parse + emit, %d chip%s" % (n, "s" if n > 1 else ""), parse_emit, 0.7, "s",
         "from the manuals: parse -d --emit (before: parse -d, then emit)", judged),
        ("parse, then emit, %d chip%s" % (n, "s" if n > 1 else ""), parse_then_emit, None, "s",
         "from the manuals: parse -d, then emit from the IR", False),
        ("lookup start-up, %s" % lookup_chip, lookup, 0.030, "ms", "IR loaded, first answer",
         lookup_chip == "gv100"),
        ("html, %d chip%s" % (n, "s" if n > 1 else ""), html, 1.0, "s", "one emit --format=html", judged),
    ]
    os.makedirs(tmp, exist_ok=True)
    notes = []
    if len(chips) < len(built):
        notes.append("chips with manuals: %s; %s (published headers only) in published.sh's every-chip row" %
                     (" ".join(chips), " ".join(c for c in built if c not in chips)))
    try:
        for name, make, goal, unit, what, applies in figures:
            sides = [("after", refgen)] + ([("before", before)] if before else [])
            got = {s: [] for s, _ in sides}
            for k in range(runs + 1):
                for side, r in sides:
                    out = os.path.join(tmp, side)
                    shutil.rmtree(out, ignore_errors=True)
                    secs = run_cpu(make(r, out, side))
                    if k:   # the first run warms the caches
                        got[side].append(secs)
            after = statistics.median(got["after"])
            scale, fmt = (1000.0, "%.1f ms") if unit == "ms" else (1.0, "%.2f s")
            base = statistics.median(got["before"]) if before else None
            if goal is None:
                verdict = "no goal"
            else:
                verdict = "goal <= %s: %s" % (fmt % (goal * scale), ("met" if after <= goal else "not met")
                                              if applies else "not judged (the goal is for 5 chips)")
            print(FMT % (name, fmt % (after * scale), fmt % (base * scale) if base else "-",
                         "%.2fx" % (after / base) if base else "-",
                         "%s; %s; CPU, median of %d" % (verdict, what, runs)))
            sys.stdout.flush()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    notes.append("value = this build, baseline = %s (ratio = value / baseline)" %
                 ("the same commands run by " + before if before else
                  "none: test/build/baseline.rev's refgen is built by make test (test/build/identical.sh), "
                  "or set BENCH_BEFORE_REFGEN"))
    for line in notes:
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
