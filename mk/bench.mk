# SPDX-License-Identifier: MIT
# make bench: figures and their baselines in one run (included by the Makefile).

# ---- benchmarks --------------------------------------------------------------
BENCH_SRCS := $(wildcard test/bench/bench_*.c)
BENCH_BINS := $(patsubst test/bench/%.c,$(OUT)/bench/%,$(BENCH_SRCS))

$(OUT)/bench/%: test/bench/%.c $(LIBREFGEN) | $(OUT)/bench/
	$(call quiet,LD,$@)$(CC) $(ALL_CFLAGS) -o $@ $< $(LIBREFGEN) $(GEN_LIBS)

# The simulator benchmark runs the runtime.
$(OUT)/bench/bench_submit: test/bench/bench_submit.c $(LIBNVRT) | $(OUT)/bench/
	$(call quiet,LD,$@)$(CC) $(RT_CFLAGS) -o $@ $< $(LIBNVRT) $(RT_LIBS)
$(OUT)/bench/bench_decode: test/bench/bench_decode.c $(LIBNVRT) | $(OUT)/bench/
	$(call quiet,LD,$@)$(CC) $(RT_CFLAGS) -o $@ $< $(LIBNVRT) $(RT_LIBS)

# bench_headers compiles test/bench/accessor_ops.c and TUs of generated headers
# at run time; BENCH_CHIPS tells it which chips' headers are current.
# test/bench/incremental.sh times cold and incremental builds of gv100 on a
# scratch copy of its manuals.
bench: headers html $(BENCH_BINS) $(REFGEN) | check-manuals
	@MANUALS="$(MANUALS)" REFGEN="$(REFGEN)" BENCH_CHIPS="$(foreach c,$(CHIP_DIRS),$(call chip_name,$(c)))" \
		REFGEN_IR="$(OUT)/ir" REFGEN_HTML="$(OUT)/html" \
		BENCH_DIR="$(OUT)/tmp/bench-incremental" MAKE="$(MAKE)" \
		sh test/bench/run-bench.sh $(BENCH_BINS) test/bench/bench_html.py test/bench/incremental.sh
