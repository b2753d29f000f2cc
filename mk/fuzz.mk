# SPDX-License-Identifier: MIT
# libFuzzer targets (make fuzz) and their replay builds (make test) (included by the Makefile).

# ---- fuzzing ---------------------------------------------------------------------
# test/fuzz/fuzz_<target>.c are libFuzzer targets (test/fuzz/README.md).
# `make fuzz` builds them with clang -fsanitize=fuzzer,address,undefined (the
# libraries they test with -fsanitize=fuzzer-no-link,address,undefined) into
# $(FUZZ_DIR) and runs each for FUZZ_SECONDS (test/fuzz/run-fuzz.sh): corpora
# grow under $(FUZZ_DIR)/corpus, crashes land in $(FUZZ_DIR)/crashes (both kept
# by make clean).
# `make test` replays every seed (test/fuzz/seeds/<target>) and regression
# input (test/fuzz/regress/<target>) through a plain build of each target
# (replay_<target>: test/fuzz/replay.c instead of libFuzzer).
FUZZ_TARGETS := ref_parse ir_read ir_schema emit_inject lookup lookup_config pb_decode dump pt_walk sim_pbdma
FUZZ_GEN_TARGETS := ref_parse ir_read ir_schema emit_inject lookup lookup_config
FUZZ_RT_TARGETS := $(filter-out $(FUZZ_GEN_TARGETS),$(FUZZ_TARGETS))
FUZZ_SECONDS ?= 30
FUZZ_CC ?= clang
FUZZ_DIR := $(OUT)/fuzz
FUZZ_LIB_CFLAGS := -O1 -g -fno-omit-frame-pointer -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all
FUZZ_BIN_CFLAGS := -O1 -g -fno-omit-frame-pointer -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
FUZZ_GEN_CFLAGS = $(WARN) -D_GNU_SOURCE $(GEN_CFLAGS) -Igen -Icommon -MMD -MP
FUZZ_RT_CFLAGS = $(WARN) -D_GNU_SOURCE -Iruntime/include -Iruntime/src -Icommon -I$(OUT)/include -MMD -MP
FUZZ_BINS := $(patsubst %,$(FUZZ_DIR)/fuzz_%,$(FUZZ_TARGETS))
FUZZ_REPLAY_BINS := $(patsubst %,$(OUT)/test/fuzz/replay_%,$(FUZZ_TARGETS))
FUZZ_HDRS := test/fuzz/fuzz.h

FUZZ_GEN_OBJS := $(patsubst gen/%.c,$(FUZZ_DIR)/obj/gen/%.o,$(filter-out gen/cli/main.c,$(GEN_SRCS))) \
	$(FUZZ_DIR)/obj/gen/ir_schema_data.o $(FUZZ_DIR)/obj/gen/html_data.o
# The fuzz libraries get their own sanitized copy of common/.
FUZZ_COMMON_OBJS := $(patsubst common/%.c,$(FUZZ_DIR)/obj/common/%.o,$(COMMON_SRCS))
FUZZ_RT_OBJS := $(patsubst runtime/src/%.c,$(FUZZ_DIR)/obj/runtime/%.o,$(RT_SRCS)) \
	$(foreach c,$(RT_CHIPS),$(call rt_chip_objs,$(c),$(FUZZ_DIR)/obj/runtime))

$(FUZZ_DIR)/obj/common/%.o: common/%.c | $(FUZZ_DIR)/obj/common/
	$(call quiet,CC,$<)$(FUZZ_CC) $(WARN) -D_GNU_SOURCE -Icommon -MMD -MP $(FUZZ_LIB_CFLAGS) -c -o $@ $<
$(FUZZ_DIR)/obj/gen/%.o: gen/%.c
	@mkdir -p $(@D)
	$(call quiet,CC,$<)$(FUZZ_CC) $(FUZZ_GEN_CFLAGS) $(FUZZ_LIB_CFLAGS) -c -o $@ $<
$(FUZZ_DIR)/obj/gen/ir_schema_data.o: $(OUT)/obj/gen/ir_schema_data.c | $(FUZZ_DIR)/obj/gen/
	$(call quiet,CC,$<)$(FUZZ_CC) $(WARN) $(FUZZ_LIB_CFLAGS) -c -o $@ $<
$(FUZZ_DIR)/obj/gen/html_data.o: $(OUT)/obj/gen/html_data.c | $(FUZZ_DIR)/obj/gen/
	$(call quiet,CC,$<)$(FUZZ_CC) $(WARN) $(FUZZ_LIB_CFLAGS) -c -o $@ $<
$(FUZZ_DIR)/obj/runtime/%.o: runtime/src/%.c | $(RT_HEADER_STAMPS)
	@mkdir -p $(@D)
	$(call quiet,CC,$<)$(FUZZ_CC) $(FUZZ_RT_CFLAGS) $(FUZZ_LIB_CFLAGS) -c -o $@ $<
define fuzz_rt_chip_rule
$(FUZZ_DIR)/obj/runtime/$(1)/%.o: runtime/src/hw/%.c runtime/src/chips/$(1).h $(OUT)/include/$(1)/.stamp | $(FUZZ_DIR)/obj/runtime/$(1)/ $(FUZZ_DIR)/obj/runtime/$(1)/$(call rt_gen,$(1))/ $(if $(call rt_design,$(1)),$(FUZZ_DIR)/obj/runtime/$(1)/$(call rt_design,$(1))/)
	$$(call quiet,CC,$$< [$(1)])$$(FUZZ_CC) $$(FUZZ_RT_CFLAGS) $$(FUZZ_LIB_CFLAGS) -include runtime/src/chips/$(1).h -c -o $$@ $$<
$(FUZZ_DIR)/obj/runtime/$(1)/sim/%.o: runtime/src/sim/%.c runtime/src/chips/$(1).h $(OUT)/include/$(1)/.stamp | $(FUZZ_DIR)/obj/runtime/$(1)/sim/gen/ $(if $(call rt_sim_design,$(1)),$(FUZZ_DIR)/obj/runtime/$(1)/sim/$(call rt_sim_design,$(1))/)
	$$(call quiet,CC,$$< [$(1)])$$(FUZZ_CC) $$(FUZZ_RT_CFLAGS) $$(FUZZ_LIB_CFLAGS) -include runtime/src/chips/$(1).h -c -o $$@ $$<
endef
$(foreach c,$(RT_CHIPS),$(eval $(call fuzz_rt_chip_rule,$(c))))
$(FUZZ_DIR)/lib/librefgen.a: $(FUZZ_GEN_OBJS) $(FUZZ_COMMON_OBJS) | $(FUZZ_DIR)/lib/
	$(call quiet,AR,$@)rm -f $@ && ar rcs $@ $^
$(FUZZ_DIR)/lib/libnvrt.a: $(FUZZ_RT_OBJS) $(FUZZ_COMMON_OBJS) | $(FUZZ_DIR)/lib/
	$(call quiet,AR,$@)rm -f $@ && ar rcs $@ $^

$(patsubst %,$(FUZZ_DIR)/fuzz_%,$(FUZZ_GEN_TARGETS)): $(FUZZ_DIR)/fuzz_%: test/fuzz/fuzz_%.c $(FUZZ_HDRS) $(FUZZ_DIR)/lib/librefgen.a
	$(call quiet,LD,$@)$(FUZZ_CC) $(FUZZ_GEN_CFLAGS) $(FUZZ_BIN_CFLAGS) -Itest/fuzz -o $@ $< $(FUZZ_DIR)/lib/librefgen.a $(GEN_LIBS)
$(patsubst %,$(FUZZ_DIR)/fuzz_%,$(FUZZ_RT_TARGETS)): $(FUZZ_DIR)/fuzz_%: test/fuzz/fuzz_%.c $(FUZZ_HDRS) $(FUZZ_DIR)/lib/libnvrt.a
	$(call quiet,LD,$@)$(FUZZ_CC) $(FUZZ_RT_CFLAGS) $(FUZZ_BIN_CFLAGS) -Itest/fuzz -o $@ $< $(FUZZ_DIR)/lib/libnvrt.a $(RT_LIBS)

# The replay builds use the tree's compiler, flags and libraries.
$(patsubst %,$(OUT)/test/fuzz/replay_%,$(FUZZ_GEN_TARGETS)): $(OUT)/test/fuzz/replay_%: test/fuzz/fuzz_%.c test/fuzz/replay.c $(FUZZ_HDRS) $(LIBREFGEN) | $(OUT)/test/fuzz/
	$(call quiet,LD,$@)$(CC) $(ALL_CFLAGS) -Itest/fuzz -DFUZZ_TARGET='"$*"' -o $@ $< test/fuzz/replay.c $(LIBREFGEN) $(GEN_LIBS)
$(patsubst %,$(OUT)/test/fuzz/replay_%,$(FUZZ_RT_TARGETS)): $(OUT)/test/fuzz/replay_%: test/fuzz/fuzz_%.c test/fuzz/replay.c $(FUZZ_HDRS) $(LIBNVRT) | $(OUT)/test/fuzz/
	$(call quiet,LD,$@)$(CC) $(RT_CFLAGS) -Itest/fuzz -DFUZZ_TARGET='"$*"' -o $@ $< test/fuzz/replay.c $(LIBNVRT) $(RT_LIBS)

.PHONY: fuzz fuzz-build fuzz-seeds
fuzz-build: $(FUZZ_BINS)
fuzz: $(FUZZ_BINS)
	@FUZZ_BIN_DIR="$(FUZZ_DIR)" FUZZ_WORK="$(FUZZ_DIR)" FUZZ_SECONDS="$(FUZZ_SECONDS)" \
		sh test/fuzz/run-fuzz.sh $(FUZZ_TARGETS)

# Regenerates test/fuzz/seeds from test/fixtures and `nvrt layout` output.
fuzz-seeds: $(REFGEN) $(NVRT)
	REFGEN="$(REFGEN)" NVRT="$(NVRT)" TMP_DIR="$(OUT)/tmp/fuzz-seeds" sh test/fuzz/make-seeds.sh

-include $(wildcard $(FUZZ_DIR)/obj/common/*.d $(FUZZ_DIR)/obj/gen/*/*.d $(FUZZ_DIR)/obj/gen/*/*/*.d $(FUZZ_DIR)/obj/runtime/*.d $(FUZZ_DIR)/obj/runtime/*/*.d $(FUZZ_DIR)/obj/runtime/*/*/*.d \
	$(FUZZ_DIR)/obj/runtime/*/sim/*/*.d)

# ---- make test: fuzz replay and the command-line bad-input suite ------------------
# test/cli/bad-input.sh runs refgen, nvrt and nvrt-submit on bad input and
# options: exit status, a one-line error, outputs left untouched.
QUALITY_TESTS = $(FUZZ_REPLAY_BINS) test/cli/bad-input.sh
test: $(FUZZ_REPLAY_BINS)
