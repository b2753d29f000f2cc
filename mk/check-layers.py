#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The layering check: which of the project's files uses which, and that
they use each other in the order mk/layers.txt declares, with no circle.

A file uses another when its object needs a global symbol the other's
object defines (nm), or when it has an #include "..." line naming it.
Headers are files of their own: foo.c -> foo.h is an edge (never a circle),
a circle of headers including each other is a circle.  (Taking foo.c and
foo.h as one file would make circles of headers shared by a group, such as
emit_html.h, which declares the functions of every emit_html_*.c.)  Objects
of one source built once per chip are that source: their edges are united.

    check-layers.py [--root DIR] [--obj DIR] [--layers FILE] [--nm NM]
                    [-v] [--suggest STACK] [OBJECT...]

OBJECT...: the objects to read (the Makefile names them exactly); without
them every *.o under --obj.  Each object's source is the first prerequisite
of the .d next to it (-MMD); objects without a .d, or whose source lies
outside the tree or under out/, are generated and skipped.

Exit status: 0 clean, 1 circles / edges against the order / files in no
layer, 2 the check could not run (bad layers file, no objects, nm failed).
The last line is "N passed, N failed" (test/run-tests.sh counts it).
"""

import argparse
import os
import re
import signal
import subprocess
import sys

# ---- mk/layers.txt -------------------------------------------------------------


class LayersError(Exception):
    pass


def glob_regex(pat):
    """A path glob: * and ? stay inside one folder, ** crosses folders."""
    out = []
    i = 0
    while i < len(pat):
        c = pat[i]
        if pat.startswith("**", i):
            out.append(".*")
            i += 2
            continue
        if c == "*":
            out.append("[^/]*")
        elif c == "?":
            out.append("[^/]")
        else:
            out.append(re.escape(c))
        i += 1
    return re.compile("".join(out) + r"\Z")


class Pattern:
    def __init__(self, text, lineno):
        self.text = text.rstrip("/")
        self.lineno = lineno
        self.regex = glob_regex(self.text)
        self.depth = self.text.count("/") + 1
        self.literal = len(re.sub(r"[*?]", "", self.text))

    def match(self, path):
        """(components matched, literal characters) or None.  A pattern
        naming a folder covers everything under it."""
        parts = path.split("/")
        if self.depth > len(parts):
            return None
        head = "/".join(parts[: self.depth])
        if "**" in self.text:
            if self.regex.match(path):
                return (len(parts), self.literal)
            return None
        if self.regex.match(head):
            return (self.depth, self.literal)
        return None


class Layer:
    def __init__(self, stack, index, lineno, comment):
        self.stack = stack
        self.index = index
        self.lineno = lineno
        self.comment = comment
        self.patterns = []


class Stack:
    def __init__(self, name, bases, lineno):
        self.name = name
        self.bases = bases
        self.lineno = lineno
        self.layers = []
        self.below = set()  # every stack this one sits on, transitively


class Layers:
    def __init__(self, path):
        self.path = path
        self.stacks = []
        self.include_path = None
        self.parse()

    def parse(self):
        try:
            with open(self.path, encoding="utf-8") as f:
                lines = f.read().split("\n")
        except OSError as e:
            raise LayersError("%s: %s" % (self.path, e.strerror))
        by_name = {}
        stack = None
        for lineno, raw in enumerate(lines, 1):
            text, _, comment = raw.partition("#")
            text = text.strip()
            if not text:
                continue
            where = "%s:%d" % (self.path, lineno)
            m = re.match(r"stack\s+([A-Za-z0-9_.-]+)\s*(?::(.*))?\Z", text)
            if m:
                name = m.group(1)
                if name in by_name:
                    raise LayersError("%s: stack %s declared twice" % (where, name))
                bases = (m.group(2) or "").split()
                for b in bases:
                    if b not in by_name:
                        raise LayersError("%s: stack %s sits on %s, which is not declared above it" % (where, name, b))
                stack = Stack(name, bases, lineno)
                for b in bases:
                    stack.below |= {b} | by_name[b].below
                by_name[name] = stack
                self.stacks.append(stack)
                continue
            m = re.match(r"include-path\s*:(.*)\Z", text)
            if m:
                self.include_path = m.group(1).split()
                continue
            if stack is None:
                raise LayersError("%s: a layer before any 'stack NAME' line" % where)
            layer = Layer(stack, len(stack.layers), lineno, comment.strip())
            for word in text.split():
                if word.startswith("/") or ".." in word.split("/"):
                    raise LayersError("%s: '%s': patterns are relative to the tree's root" % (where, word))
                layer.patterns.append(Pattern(word, lineno))
            stack.layers.append(layer)
        if not self.stacks:
            raise LayersError("%s: no stack declared" % self.path)
        self.by_name = by_name

    def layer_of(self, path):
        """The layer whose pattern matches path most closely (most folders,
        then most literal characters); None if none does."""
        best = None
        best_key = None
        tie = None
        for stack in self.stacks:
            for layer in stack.layers:
                for p in layer.patterns:
                    key = p.match(path)
                    if key is None:
                        continue
                    if best_key is None or key > best_key:
                        best, best_key, tie = layer, key, None
                    elif key == best_key and layer is not best:
                        tie = layer
        if tie is not None:
            raise LayersError("%s: %s matches lines %d and %d equally" % (self.path, path, best.lineno, tie.lineno))
        return best

    def may_use(self, a, b):
        if a.stack is b.stack:
            return b.index <= a.index
        return b.stack.name in a.stack.below


# ---- the tree's files and their #include lines ---------------------------------

SOURCE_EXT = (".c", ".h")
INCLUDE_RE = re.compile(r'^[ \t]*#[ \t]*include[ \t]*(?:"([^"\n]+)"|(<)|(.*))', re.M)
COMMENT_RE = re.compile(r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', re.S)


def strip_comments(text):
    """Comments become blanks (keeping the newlines); strings stay."""
    def repl(m):
        s = m.group(0)
        if s.startswith("/"):
            return "\n" * s.count("\n") or " "
        return s
    return COMMENT_RE.sub(repl, text)


def walk_sources(root, skip):
    out = []
    for d, dirs, files in os.walk(root):
        rel = os.path.relpath(d, root)
        rel = "" if rel == "." else rel + "/"
        dirs[:] = sorted(x for x in dirs if not x.startswith(".") and rel + x not in skip)
        for f in files:
            if f.endswith(SOURCE_EXT):
                out.append(rel + f)
    return out


def makefile_include_path(root):
    """The -I folders of the Makefile and its parts (mk/*.mk), in the order
    they first appear; -I$(OUT)/... (generated headers) is left out."""
    try:
        with open(os.path.join(root, "Makefile"), encoding="utf-8") as f:
            text = f.read()
    except OSError:
        return []
    # The parts in the order the Makefile includes them.
    joined = text.replace("\\\n", " ")
    for m in re.finditer(r"^-?include\s+(.*)$", joined, re.M):
        for part in m.group(1).split():
            if "$" in part:
                continue
            try:
                with open(os.path.join(root, part), encoding="utf-8") as f:
                    text += f.read()
            except OSError:
                pass
    seen = []
    for m in re.finditer(r"(?<![\w$])-I([A-Za-z0-9_./-]+)", text):
        d = os.path.normpath(m.group(1))
        if d not in seen and os.path.isdir(os.path.join(root, d)):
            seen.append(d)
    return seen


# ---- objects ------------------------------------------------------------------


def read_dep_source(dfile):
    """The first prerequisite of a make rule written by -MMD."""
    try:
        with open(dfile, encoding="utf-8") as f:
            text = f.read()
    except OSError:
        return None
    text = text.replace("\\\n", " ")
    _, colon, rest = text.partition(": ")
    if not colon:
        return None
    words = rest.split()
    return words[0] if words else None


def run_nm(nm, objs):
    """{object: (defined, undefined)}, global symbols only."""
    syms = {o: (set(), set()) for o in objs}
    for i in range(0, len(objs), 400):
        chunk = objs[i:i + 400]
        try:
            r = subprocess.run([nm, "-A", "-P", "-g"] + chunk, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, universal_newlines=True)
        except OSError as e:
            raise LayersError("%s: %s" % (nm, e.strerror))
        if r.returncode != 0:
            raise LayersError("%s failed: %s" % (nm, r.stderr.strip()))
        for line in r.stdout.splitlines():
            obj, sep, rest = line.partition(": ")
            if not sep or obj not in syms:
                continue
            f = rest.split()
            if len(f) < 2:
                continue
            name, kind = f[0], f[1]
            if kind in ("U", "w", "v"):
                syms[obj][1].add(name)
            elif kind.isupper() or kind in ("i", "u"):
                syms[obj][0].add(name)
    return syms


# ---- the graph -------------------------------------------------------------------


def sccs(nodes, succ):
    """Tarjan's strongly connected components, iteratively."""
    index = {}
    low = {}
    on = set()
    stack = []
    out = []
    counter = [0]
    for start in sorted(nodes):
        if start in index:
            continue
        work = [(start, iter(sorted(succ.get(start, ()))))]
        index[start] = low[start] = counter[0]
        counter[0] += 1
        stack.append(start)
        on.add(start)
        while work:
            v, it = work[-1]
            advanced = False
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(succ.get(w, ())))))
                    advanced = True
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                out.append(sorted(comp))
    return out


def variants(objs):
    """For the objects of one source built several times (once per chip):
    each object's own folder names (out/obj/runtime/gv100/sim/sim.o ->
    "gv100"), the part of its path the others don't share."""
    if len(objs) < 2:
        return {o: None for o in objs}
    parts = [o.split("/") for o in objs]
    out = {}
    for o, p in zip(objs, parts):
        own = [c for i, c in enumerate(p[:-1])
               if any(i >= len(q) - 1 or q[i] != c for q in parts if q is not p)]
        out[o] = "/".join(own) if len(own) == 1 else None
    return out


def symbol_list(by_obj, variant):
    """The symbols tying an edge, named once for all chips: where every
    object of the source needs the same names but for its chip's,
    nvrt_gv100_x and nvrt_tu104_x show as nvrt_*_x (* = gv100, tu104)."""
    names = {}  # name with the variant as * -> {variant: raw name}
    raw = set()
    for o, syms in by_obj.items():
        raw |= syms
        v = variant.get(o)
        for sym in syms:
            if v:
                norm = re.sub(r"(?<![A-Za-z0-9])%s(?![A-Za-z0-9])" % re.escape(v), "*", sym)
                if norm != sym:
                    names.setdefault(norm, {})[v] = sym
    vs = set(variant.get(o) for o in by_obj) - {None}
    shown = set()
    used = set()
    if len(vs) > 1:
        for norm, per in names.items():
            if set(per) == vs:
                shown.add(norm)
                used |= set(per.values())
    shown |= raw - used
    text = ", ".join(sorted(shown))
    if used:
        text += " (* = %s)" % ", ".join(sorted(vs))
    return text


def main(argv):
    ap = argparse.ArgumentParser(description="The layering check (mk/layers.txt).")
    ap.add_argument("--root", default=".", help="the tree (default .)")
    ap.add_argument("--obj", default=None, help="its objects (default ROOT/out/obj)")
    ap.add_argument("--layers", default=None, help="the declaration (default ROOT/mk/layers.txt)")
    ap.add_argument("--nm", default=os.environ.get("NM") or "nm")
    ap.add_argument("-v", "--verbose", action="store_true",
                    help="also every edge, and what was skipped or not followed")
    ap.add_argument("--suggest", metavar="STACK",
                    help="print layer lines for STACK's files in an order today's graph allows")
    ap.add_argument("objects", nargs="*")
    a = ap.parse_args(argv)

    root = os.path.abspath(a.root)
    obj_dir = os.path.abspath(a.obj or os.path.join(root, "out", "obj"))
    layers_path = a.layers or os.path.join(root, "mk", "layers.txt")
    try:
        layers = Layers(layers_path)
    except LayersError as e:
        print("error: %s" % e, file=sys.stderr)
        return 2

    def rel(p):
        r = os.path.relpath(os.path.normpath(os.path.join(root, p)), root)
        return None if r == ".." or r.startswith("../") else r

    # Generated files (out/, the objects' folder) are not the project's.
    gen_dirs = {"out"}
    od = rel(obj_dir)
    if od and od != ".":
        gen_dirs.add(od.split("/")[0])

    def generated(r):
        return r is None or r.split("/")[0] in gen_dirs

    # ---- objects -> sources
    if a.objects:
        objs = [os.path.abspath(o) for o in a.objects]
    else:
        objs = []
        for d, dirs, files in os.walk(obj_dir):
            dirs.sort()
            objs += [os.path.join(d, f) for f in sorted(files) if f.endswith(".o")]
    if not objs:
        print("error: no objects under %s (build first: make)" % obj_dir, file=sys.stderr)
        return 2
    obj_src = {}
    skipped = []
    for o in objs:
        src = read_dep_source(o[:-2] + ".d")
        r = rel(src) if src else None
        if src is None:
            skipped.append((o, "no .d next to it"))
        elif generated(r):
            skipped.append((o, "generated source %s" % src))
        elif not os.path.isfile(os.path.join(root, r)):
            skipped.append((o, "its source %s is gone (stale object)" % r))
        else:
            obj_src[o] = r
    try:
        syms = run_nm(a.nm, sorted(obj_src))
    except LayersError as e:
        print("error: %s" % e, file=sys.stderr)
        return 2
    objs_of = {}
    for o, src in obj_src.items():
        objs_of.setdefault(src, []).append(os.path.relpath(o, root))
    variant = {}
    for src, os_ in objs_of.items():
        for o, v in variants(sorted(os_)).items():
            variant[os.path.join(root, o)] = v

    # ---- files: those the layers cover, the objects' sources, what they include
    files = set()
    for f in walk_sources(root, gen_dirs):
        try:
            if layers.layer_of(f) is not None:
                files.add(f)
        except LayersError:
            files.add(f)  # reported below with the others in no one layer
    files |= set(obj_src.values())
    inc_path = layers.include_path if layers.include_path is not None else makefile_include_path(root)

    def resolve(includer, name):
        """As the compiler does: the includer's folder, then the -I folders.
        Where two -I folders have the name (gen and runtime each have their
        own -I list, the Makefile's are merged here) the one nearer the
        includer."""
        own = os.path.normpath(os.path.join(os.path.dirname(includer), name))
        if os.path.isfile(os.path.join(root, own)):
            return own
        found = []
        for d in inc_path:
            p = os.path.normpath(os.path.join(d, name))
            if os.path.isfile(os.path.join(root, p)) and p not in found:
                found.append(p)
        if not found:
            return None
        return max(found, key=lambda p: len(os.path.commonprefix([p, includer])))

    # edges[(a, b)]: "inc" the names a's #include lines give b, "sym"
    # {object of a: the symbols it needs from b}
    edges = {}

    def edge(x, y):
        return edges.setdefault((x, y), {"sym": {}, "inc": set()})

    computed = []
    unresolved = []
    todo = sorted(files)
    nodes = set(todo)
    while todo:
        f = todo.pop()
        try:
            with open(os.path.join(root, f), encoding="utf-8", errors="replace") as fh:
                text = strip_comments(fh.read())
        except OSError as e:
            print("error: %s: %s" % (f, e.strerror), file=sys.stderr)
            return 2
        for m in INCLUDE_RE.finditer(text):
            name, system, other = m.groups()
            if system:
                continue
            if name is None:
                computed.append("%s: #include %s" % (f, other.strip()))
                continue
            t = resolve(f, name)
            if t is None or generated(t):
                unresolved.append('%s: #include "%s"' % (f, name))
                continue
            if t not in nodes:
                nodes.add(t)
                todo.append(t)
            if t != f:
                edge(f, t)["inc"].add(name)

    definers = {}
    for o, (defs, _) in syms.items():
        for sym in defs:
            definers.setdefault(sym, set()).add(obj_src[o])
    duplicates = sorted(sym for sym, d in definers.items() if len(d) > 1)
    for o, (_, undefs) in syms.items():
        x = obj_src[o]
        for sym in undefs:
            for y in definers.get(sym, ()):
                if y != x:
                    edge(x, y)["sym"].setdefault(o, set()).add(sym)

    succ = {}
    for (x, y) in edges:
        succ.setdefault(x, set()).add(y)

    def label(x, y):
        e = edges[(x, y)]
        parts = []
        if e["sym"]:
            parts.append(symbol_list(e["sym"], variant))
        if e["inc"]:
            parts.append(", ".join('#include "%s"' % n for n in sorted(e["inc"])))
        return "; ".join(parts)

    comps = sccs(nodes, succ)
    if a.suggest:
        return suggest(a.suggest, layers, comps, succ)

    # ---- the checks
    layers_name = rel(os.path.abspath(layers_path)) or layers_path
    problems = {"placed": [], "circles": [], "order": []}
    layer_of = {}
    for k in sorted(nodes):
        try:
            layer_of[k] = layers.layer_of(k)
        except LayersError as e:
            problems["placed"].append("error: %s" % e)
            continue
        if layer_of[k] is None:
            problems["placed"].append("error: %s is in no layer of %s" % (k, layers_name))

    circles = sorted((c for c in comps if len(c) > 1), key=lambda c: c[0])
    for n, c in enumerate(circles, 1):
        msg = ["error: circle %d (%d files): %s" % (n, len(c), " ".join(c))]
        for x in c:
            for y in sorted(succ.get(x, ())):
                if y in c:
                    msg.append("  %s -> %s: %s" % (x, y, label(x, y)))
        problems["circles"].append("\n".join(msg))

    def where(layer):
        return "%s layer %d, line %d" % (layer.stack.name, layer.index + 1, layer.lineno)

    for (x, y) in sorted(edges):
        lx, ly = layer_of.get(x), layer_of.get(y)
        if lx is None or ly is None or layers.may_use(lx, ly):
            continue
        if lx.stack is ly.stack:
            why = "uses a layer above its own"
        else:
            why = "stack %s does not sit on %s" % (lx.stack.name, ly.stack.name)
        problems["order"].append("error: against the order: %s (%s) -> %s (%s), %s: %s" % (
            x, where(lx), y, where(ly), why, label(x, y)))

    # ---- the report
    if a.verbose:
        for (x, y) in sorted(edges):
            print("edge %s -> %s: %s" % (x, y, label(x, y)))
        for o, why in skipped:
            print("skipped %s: %s" % (os.path.relpath(o, root), why))
        for c in computed:
            print("not followed (computed): %s" % c)
        for u in unresolved:
            print("not followed (generated or not in the tree): %s" % u)
        for sym in duplicates:
            print("defined by several files: %s: %s" % (sym, " ".join(sorted(definers[sym]))))
    for kind in ("placed", "circles", "order"):
        for p in problems[kind]:
            print(p)
    nsym = sum(1 for e in edges.values() if e["sym"])
    ninc = sum(1 for e in edges.values() if e["inc"])
    print("layering: %d objects of %d sources read (%d skipped: generated or stale); "
          "#include lines not followed: %d computed, %d of generated headers (-v lists them)" % (
              len(obj_src), len(objs_of), len(skipped), len(computed), len(unresolved)))
    print("layering: %d stacks, %d layers (%s); %d edges by symbol, %d by #include" % (
        len(layers.stacks), sum(len(st.layers) for st in layers.stacks),
        ", ".join("%s %d" % (st.name, len(st.layers)) for st in layers.stacks), nsym, ninc))
    print("layering: %d files, %d edges, %d circles, %d edges against the order%s" % (
        len(nodes), len(edges), len(circles), len(problems["order"]),
        ", %d file%s in no layer" % (len(problems["placed"]), "s"[len(problems["placed"]) == 1:])
        if problems["placed"] else ""))
    checks = [("every file in a layer", problems["placed"]), ("no circle", problems["circles"]),
              ("no edge against the order", problems["order"])]
    for name, p in checks:
        print("%s - %s%s" % ("not ok" if p else "ok", name, " (%d)" % len(p) if p else ""))
    failed = sum(1 for _, p in checks if p)
    print("%d passed, %d failed" % (len(checks) - failed, failed))
    return 1 if failed else 0


def suggest(stack_name, layers, comps, succ):
    """Layer lines for the files today's layers file puts in STACK, bottom-up,
    in an order today's graph keeps: one module (foo.h and foo.c: foo.*) a
    line; modules that use each other, through a circle of files or a
    header they share, share a line.  A start for a provisional file."""
    if stack_name not in layers.by_name:
        print("error: no stack %s in %s" % (stack_name, layers.path), file=sys.stderr)
        return 2
    st = layers.by_name[stack_name]

    def mod(f):
        return f[:-2] if f.endswith(SOURCE_EXT) else f

    in_circle = set(f for c in comps if len(c) > 1 for f in c)
    files_of = {}
    msucc = {}
    for c in comps:
        for f in c:
            files_of.setdefault(mod(f), set()).add(f)
            for g in succ.get(f, ()):
                if mod(g) != mod(f):
                    msucc.setdefault(mod(f), set()).add(mod(g))
    mcomps = sccs(set(files_of), msucc)
    comp_of = {}
    for i, c in enumerate(mcomps):
        for m in c:
            comp_of[m] = i
    needs = [set(comp_of[n] for m in c for n in msucc.get(m, ())) - {i} for i, c in enumerate(mcomps)]
    users = [set() for _ in mcomps]
    for i, n in enumerate(needs):
        for j in n:
            users[j].add(i)

    def stack_of(f):
        try:
            l = layers.layer_of(f)
        except LayersError:
            return None
        return l.stack if l else None

    # Kahn's order; of the ready ones, the first by name.
    left = [len(n) for n in needs]
    ready = sorted(i for i in range(len(mcomps)) if not left[i])
    ready.sort(key=lambda i: mcomps[i][0])
    while ready:
        i = ready.pop(0)
        for u in users[i]:
            left[u] -= 1
            if not left[u]:
                ready.append(u)
        ready.sort(key=lambda i: mcomps[i][0])
        words = []
        circle = False
        for m in mcomps[i]:
            fs = sorted(f for f in files_of[m] if stack_of(f) is st)
            circle |= any(f in in_circle for f in fs)
            if len(fs) > 1:
                words.append(m + ".*")
            else:
                words += fs
        if not words:
            continue
        note = ""
        if circle:
            note = "    # a circle: on one line until it is gone"
        elif len(words) > 1:
            note = "    # share a header"
        print(" ".join(words) + note)
    return 0


if __name__ == "__main__":
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # quietly, into | head
    sys.exit(main(sys.argv[1:]))
