# SPDX-License-Identifier: MIT
# make bench: figures and their baselines in one run (included by the Makefile).

# ---- benchmarks --------------------------------------------------------------
BENCH_SRCS := $(wildcard test/bench/bench_*.c)
BENCH_BINS := $(patsubst test/bench/%.c,$(OUT)/bench/%,$(BENCH_SRCS))

$(OUT)/bench/%: test/bench/%.c $(LIBREFGEN) | $(OUT)/bench/
	$(call quiet,LD,$@)$(CC) $(ALL_CFLAGS) -o $@ $< $(LIBREFGEN) $(GEN_LIBS)

# The simulator benchmark runs the runtime.  On x86-64 its branches are kept
# off 32-byte boundaries (the assembler's mitigation of Intel's "jump
# conditional code" erratum): on Skylake-derived CPUs a tight loop's speed
# otherwise depends on where unrelated code happens to place it (the same
# pushbuffer batch loop measured 0.67x or 1.1x memcpy from one build to the
# next).  gcc passes the option to the assembler, clang takes it itself.
BENCH_SUBMIT_CFLAGS := $(if $(filter x86_64%,$(shell $(CC) -dumpmachine 2>/dev/null)),$(if \
	$(findstring clang,$(shell $(CC) --version 2>/dev/null)),-mbranches-within-32B-boundaries,-Wa$(comma)-mbranches-within-32B-boundaries))
$(OUT)/bench/bench_submit: test/bench/bench_submit.c $(LIBNVRT) | $(OUT)/bench/
	$(call quiet,LD,$@)$(CC) $(RT_CFLAGS) $(BENCH_SUBMIT_CFLAGS) -o $@ $< $(LIBNVRT) $(RT_LIBS)
# The class headers' push helpers against hand-packed dwords, in the release
# configuration (NDEBUG) that drivers build.
$(OUT)/bench/bench_push: test/bench/bench_push.c $(OUT)/include/gv100/.stamp | $(OUT)/bench/
	$(call quiet,LD,$@)$(CC) $(WARN) -D_GNU_SOURCE $(CFLAGS) -DNDEBUG -I$(OUT)/include -o $@ $<
$(OUT)/bench/bench_decode: test/bench/bench_decode.c $(LIBNVRT) | $(OUT)/bench/
	$(call quiet,LD,$@)$(CC) $(RT_CFLAGS) -o $@ $< $(LIBNVRT) $(RT_LIBS)
$(OUT)/bench/bench_ce: test/bench/bench_ce.c $(LIBNVRT) | $(OUT)/bench/
	$(call quiet,LD,$@)$(CC) $(RT_CFLAGS) -o $@ $< $(LIBNVRT) $(RT_LIBS)

# bench_headers compiles test/bench/accessor_ops.c and TUs of generated headers
# at run time (every gv100 header, typed vs NV-style: goal held at 3.3x gcc,
# 2.5x clang; and the Host units a driver includes, with the ms typed adds);
# BENCH_CHIPS tells it which chips' headers are current.
# test/bench/incremental.sh times cold and incremental builds of gv100 on a
# scratch copy of its manuals and those of the runtime's chips.
BENCH_CHIP_NAMES = $(foreach c,$(CHIP_DIRS),$(call chip_name,$(c)))
# test/bench/published.sh times every chip's parse + emit (CHIPS=all, the
# manuals and the published headers) into a scratch OUT.
BENCH_RUN = MANUALS="$(MANUALS)" PUBLISHED="$(PUBLISHED)" REFGEN="$(REFGEN)" \
	REFGEN_IR="$(OUT)/ir" REFGEN_HTML="$(OUT)/html" \
	BENCH_DIR="$(OUT)/tmp/bench-incremental" BENCH_CHIP_DIRS="$(RT_CHIP_DIRS)" MAKE="$(MAKE)" \
	sh test/bench/run-bench.sh $(BENCH_BINS) test/bench/bench_emit.py test/bench/bench_html.py test/bench/incremental.sh test/bench/published.sh
.PHONY: bench-smoke
bench: headers html $(BENCH_BINS) $(REFGEN) | check-manuals
	@BENCH_CHIPS="$(BENCH_CHIP_NAMES)" $(BENCH_RUN)

# make bench-smoke: every benchmark once, small (one repetition, one chip,
# 2000 submissions, one build of each kind), so that a benchmark broken by a
# change fails CI (.ci/run); figures are printed, goals are not enforced.
bench-smoke: headers html $(BENCH_BINS) $(REFGEN) | check-manuals
	@BENCH_SMOKE=1 BENCH_REPEAT=1 BENCH_SUBMIT_N=2000 BENCH_CHIPS="$(firstword $(filter gv100,$(BENCH_CHIP_NAMES)) $(BENCH_CHIP_NAMES))" $(BENCH_RUN)
