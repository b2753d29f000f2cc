# SPDX-License-Identifier: MIT
# make test, check-layers, test-vfio, check-sanitize, check-valgrind (included by the Makefile).

# ---- check-layers: which file uses which, in mk/layers.txt's order ----------------
# mk/check-layers.py reads the objects' symbols (nm) and the #include lines.
# The tools and the demo are linked straight from their sources, so they are
# compiled to objects here for the check alone.
LAYERS_TOOL_OBJS := $(patsubst runtime/tools/%.c,$(OUT)/obj/tools/%.o,$(NVRT_TOOL_SRCS)) \
	$(patsubst runtime/demo/%.c,$(OUT)/obj/demo/%.o,$(NVRT_SUBMIT_SRCS))
LAYERS_OBJS := $(COMMON_OBJS) $(GEN_LIB_OBJS) $(OUT)/obj/gen/cli/main.o $(RT_OBJS) $(LAYERS_TOOL_OBJS)
.PHONY: check-layers
$(OUT)/obj/tools/%.o: runtime/tools/%.c | $(OUT)/obj/tools/ $(RT_HEADER_STAMPS)
	$(call quiet,CC,$<)$(CC) $(RT_CFLAGS) -Iruntime/tools -c -o $@ $<
$(OUT)/obj/demo/%.o: runtime/demo/%.c | $(OUT)/obj/demo/ $(RT_HEADER_STAMPS)
	$(call quiet,CC,$<)$(CC) $(RT_CFLAGS) -Iruntime/demo -c -o $@ $<
check-layers: $(LAYERS_OBJS)
	@python3 mk/check-layers.py --nm "$(NM)" $(LAYERS_OBJS)
# make test runs it on the tree and on a planted fixture (test/layers/run.sh).
LAYERS_TESTS := test/layers/run.sh
LAYERS_TEST_ENV = LAYERS_OBJS="$(LAYERS_OBJS)" REFGEN_LAYERS_DIR="$(OUT)/tmp/layers" CC="$(CC)" NM="$(NM)"
test: $(LAYERS_OBJS)

# ---- tests -------------------------------------------------------------------
TEST_SRCS := $(wildcard test/unit/test_*.c)
TEST_BINS := $(patsubst test/unit/%.c,$(OUT)/test/%,$(TEST_SRCS))
TEST_SUPPORT := $(wildcard test/unit/support/*.c)

$(OUT)/test/%: test/unit/%.c $(TEST_SUPPORT) $(LIBREFGEN) | $(OUT)/test/
	$(call quiet,LD,$@)$(CC) $(ALL_CFLAGS) $(CMOCKA_CFLAGS) -Itest/unit -o $@ $< $(TEST_SUPPORT) $(LIBREFGEN) $(GEN_LIBS) $(CMOCKA_LIBS)

# The VFIO backend's test fakes the kernel: the backend's system calls are
# redirected to the test's __wrap_* functions (test/unit/test_nvrt_vfio.c).
VFIO_TEST_WRAP := -Wl,--wrap=open,--wrap=close,--wrap=ioctl,--wrap=readlink,--wrap=access \
	-Wl,--wrap=opendir,--wrap=readdir,--wrap=closedir,--wrap=mmap,--wrap=munmap,--wrap=pread,--wrap=pwrite
# It also checks nvrt-submit's chip identification (runtime/demo/submit_chip.c).
$(OUT)/test/test_nvrt_vfio: test/unit/test_nvrt_vfio.c runtime/demo/submit_chip.c runtime/demo/submit_chip.h $(TEST_SUPPORT) $(LIBNVRT) $(LIBREFGEN) | $(OUT)/test/
	$(call quiet,LD,$@)$(CC) $(RT_CFLAGS) $(GEN_CFLAGS) -Igen $(CMOCKA_CFLAGS) -Itest/unit -Iruntime/demo $(VFIO_TEST_WRAP) -o $@ $< runtime/demo/submit_chip.c $(TEST_SUPPORT) $(LIBNVRT) $(LIBREFGEN) $(GEN_LIBS) $(CMOCKA_LIBS) $(RT_LIBS)

# nvrt-submit's latency histogram, from the demo's own source.
$(OUT)/test/test_nvrt_hist: test/unit/test_nvrt_hist.c runtime/demo/submit_hist.c runtime/demo/submit_hist.h | $(OUT)/test/
	$(call quiet,LD,$@)$(CC) $(RT_CFLAGS) $(CMOCKA_CFLAGS) -Iruntime/demo -o $@ $< runtime/demo/submit_hist.c $(CMOCKA_LIBS)

# Runtime tests link libnvrt (and see the generated headers of its chips).
$(OUT)/test/test_nvrt_%: test/unit/test_nvrt_%.c $(TEST_SUPPORT) $(LIBNVRT) $(LIBREFGEN) | $(OUT)/test/
	$(call quiet,LD,$@)$(CC) $(RT_CFLAGS) $(GEN_CFLAGS) -Igen $(CMOCKA_CFLAGS) -Itest/unit -o $@ $< $(TEST_SUPPORT) $(LIBNVRT) $(LIBREFGEN) $(GEN_LIBS) $(CMOCKA_LIBS) $(RT_LIBS)

# The simulator's test runs once per runtime chip: test_nvrt_sim_<chip> is
# test/unit/test_nvrt_sim.c built against that chip's headers, with its
# Host interface, expected values and own tests in test/unit/sim_chip/<chip>.h
# (sim_chip/pfifo.h for the chips of Host design pfifo; GA100's runlist
# blocks, channel RAM and VF window in sim_chip/ga100.h).  GA100's model
# (sim/ampere/) also has a register test of its own
# (test/unit/test_nvrt_ampere_sim.c).
SIM_TEST_BINS := $(patsubst %,$(OUT)/test/test_nvrt_sim_%,$(notdir $(basename $(wildcard $(foreach c,$(RT_CHIPS),test/unit/sim_chip/$(c).h)))))
TEST_BINS := $(filter-out $(OUT)/test/test_nvrt_sim,$(TEST_BINS)) $(SIM_TEST_BINS)
$(OUT)/test/test_nvrt_sim_%: test/unit/test_nvrt_sim.c test/unit/sim_chip/%.h $(wildcard test/unit/sim_chip/*.h) runtime/src/chips/%.h $(TEST_SUPPORT) $(LIBNVRT) $(LIBREFGEN) | $(OUT)/test/
	$(call quiet,LD,$@)$(CC) $(RT_CFLAGS) $(GEN_CFLAGS) -Igen $(CMOCKA_CFLAGS) -Itest/unit -include runtime/src/chips/$*.h -o $@ $< $(TEST_SUPPORT) $(LIBNVRT) $(LIBREFGEN) $(GEN_LIBS) $(CMOCKA_LIBS) $(RT_LIBS)

# Generated headers (test/headers): test/headers/*.sh (compile matrix,
# reproducibility) run from test/run-tests.sh; the self-check per chip is C
# that selfcheck-gen writes from the IR, one file per unit, compiled at -O0.
HDR_CHIPS := $(foreach c,$(CHIP_DIRS),$(call chip_name,$(c)))
HDR_SCRIPTS := test/headers/compile-matrix.sh test/headers/reproducible.sh test/headers/examples.sh test/license/spdx.sh
# The published headers' chips through the tools (lookups on gh100 and gb202,
# diff ga100 -> gh100: test/cli/published.sh) and a sample of the published
# tree parsed (test/published/sweep.sh; make check-published parses all).
PUBLISHED_TESTS := test/cli/published.sh test/published/sweep.sh
# NVIDIA's class headers: each parses with 0 errors, and its NV-style header
# is identical in value to NVIDIA's (test/classes/check.sh).
CLASSES_TESTS := test/classes/check.sh
CLASSES_TEST_ENV = CLASSES="$(CLASSES)" REFGEN_CLASSES_DIR="$(OUT)/tmp/classes"
.PHONY: check-classes
check-classes: $(REFGEN)
	@CLASSES="$(CLASSES)" REFGEN_BIN="$(REFGEN)" REFGEN_CLASSES_DIR="$(OUT)/tmp/classes" sh test/classes/check.sh
PUBLISHED_TEST_ENV = PUBLISHED="$(PUBLISHED)" SWEEP_SAMPLE=1 REFGEN_SWEEP_DIR="$(OUT)/tmp/published-sweep"
.PHONY: check-published
check-published: $(REFGEN)
	@PUBLISHED="$(PUBLISHED)" REFGEN_BIN="$(REFGEN)" REFGEN_SWEEP_DIR="$(OUT)/tmp/published-sweep" sh test/published/sweep.sh
# test/cli/config.sh: refgen lookup --config on the H200's config space
# (HW/h200-config.bin, gh100) and on hand-made gv100/tu104/ga100 spaces.
HW ?= ../shared/hw
CONFIG_TESTS := test/cli/config.sh
CONFIG_TEST_ENV = REFGEN_HW="$(HW)" REFGEN_CONFIG_DIR="$(OUT)/tmp/config"
# test/build/spaces.sh: every unit of every chip of CHIPS=all has its address
# space declared (manuals/address-spaces.txt), whatever CHIPS this run builds;
# the units are listed as the build lists them (mk/sources.sh), nothing parsed.
SPACES_TESTS := test/build/spaces.sh
SPACES_TEST_ENV = REFGEN_ALL_CHIPS="$(ALL_CHIP_ARGS)" REFGEN_SPACES_DIR="$(OUT)/tmp/spaces" SPACES="$(SPACES)" \
	ADDENDA="$(ADDENDA)" PUBLISHED_UNITS="$(PUBLISHED_UNITS)"
.PHONY: check-spaces
check-spaces: | check-manuals
	@$(SPACES_TEST_ENV) REFGEN_MANUALS="$(MANUALS)" PUBLISHED="$(if $(PUBLISHED_FOUND),$(PUBLISHED))" sh test/build/spaces.sh
# test/build/outputs.sh: outputs follow the manuals tree (make run on copies);
# test/build/parse-emit.sh: parse --emit writes what parse, then emit, writes;
# test/docs/commands.sh: the command examples of README.md and doc/*.md run;
# test/docs/stale.sh: the docs name every chip the built tools list.
BUILD_SCRIPTS := test/build/outputs.sh test/build/parse-emit.sh test/docs/commands.sh test/docs/stale.sh
# test/trace/run.sh: nvrt-submit --trace of every runtime chip, decoded by
# refgen lookup and checked against test/trace/<chip>.expected.
TRACE_TESTS := test/trace/run.sh
# test/cli/layout-race.sh: pairs of nvrt layout into one directory at once.
TRACE_TESTS += test/cli/layout-race.sh
# test/cli/lookup-modes.sh: each lookup query as one ADDRESS and as a batch
# line, in text and JSON, gives the same (hand-worked) answer.
LOOKUP_TESTS := test/cli/lookup-modes.sh
SELFCHECK_GEN := $(OUT)/test/selfcheck-gen
SELFCHECK_CFLAGS := -std=gnu11 -O0 -Wall -Wextra -Werror -Itest/headers -I$(OUT)/include
# clang builds the big generated tables in less than half gcc's time; the
# compile matrix covers both compilers' warnings.
ifeq ($(origin SELFCHECK_CC),undefined)
SELFCHECK_CC := $(if $(shell command -v clang 2>/dev/null),clang,$(CC))
endif
SELFCHECK_BINS := $(foreach c,$(HDR_CHIPS),$(OUT)/test/selfcheck/$(c)/selfcheck)
SELFCHECK_HDRS := test/headers/selfcheck.h test/headers/drf.h

$(SELFCHECK_GEN): test/headers/selfcheck_gen.c $(LIBREFGEN) | $(OUT)/test/
	$(call quiet,LD,$@)$(CC) $(ALL_CFLAGS) -o $@ $< $(LIBREFGEN) $(GEN_LIBS)

$(OUT)/test/selfcheck/main.o: test/headers/selfcheck_main.c $(SELFCHECK_HDRS) | $(OUT)/test/selfcheck/ $(HEADER_STAMPS)
	$(call quiet,CC,$<)$(SELFCHECK_CC) $(SELFCHECK_CFLAGS) -c -o $@ $<

# $(1) = arch/chip, $(2) = chip; its units are the IR's (headers.mk).
define chip_selfcheck_rule
SELFCHECK_OBJS_$(2) := $(OUT)/test/selfcheck/$(2)/units.o $(patsubst %,$(OUT)/test/selfcheck/$(2)/%.o,\
	$(IR_UNITS_$(2)))
$(OUT)/test/selfcheck/$(2)/.stamp: $(SELFCHECK_GEN) $(OUT)/include/$(2)/.stamp | $(OUT)/test/selfcheck/$(2)/
	$$(call quiet,GEN,$(2) self-check)$(SELFCHECK_GEN) --chip $(2) -o $(OUT)/test/selfcheck/$(2) $(OUT)/ir/$(2)/*.xml
	$(Q)touch $$@
$(OUT)/test/selfcheck/$(2)/%.o: $(OUT)/test/selfcheck/$(2)/.stamp $(SELFCHECK_HDRS)
	$(call quiet,CC,$(@:.o=.c))$(SELFCHECK_CC) $(SELFCHECK_CFLAGS) -c -o $$@ $$(@:.o=.c)
$(OUT)/test/selfcheck/$(2)/selfcheck: $(OUT)/test/selfcheck/main.o $$(SELFCHECK_OBJS_$(2))
	$(call quiet,LD,$@)$(SELFCHECK_CC) -o $$@ $$^
endef
$(foreach c,$(CHIP_DIRS),$(eval $(call chip_selfcheck_rule,$(c),$(call chip_name,$(c)))))

# Words worked out by hand from the gv100 manuals, against its typed headers.
ifneq ($(filter gv100,$(HDR_CHIPS)),)
# The class headers' builders and push helpers (gv100 and ga100 classes).
$(OUT)/test/test_class_push: ALL_CFLAGS += -I$(OUT)/include
$(OUT)/test/test_class_push: $(OUT)/include/gv100/.stamp $(OUT)/include/ga100/.stamp
$(OUT)/test/test_headers_gv100: ALL_CFLAGS += -I$(OUT)/include
$(OUT)/test/test_headers_gv100: $(OUT)/include/gv100/.stamp
else
TEST_BINS := $(filter-out $(OUT)/test/test_headers_gv100,$(TEST_BINS))
endif

# The HTML reference in headless Chromium (gv100's dev_fifo, links to tu104)
# and through tidy: when both chips are built.
# test/build/identical.sh: every output byte-identical to the baseline
# revision's (test/build/baseline.rev), which needs the default chips.
ifeq ($(filter-out $(CHIP_NAMES),gv100 tu104),)
HTML_TESTS := test/html/browser.py test/html/validate.sh
test: html
endif
ifeq ($(sort $(CHIP_NAMES)),$(sort $(foreach c,$(DEFAULT_CHIP_ARGS),$(call chip_name,$(call chip_dir,$(c))))))
IDENTICAL_TESTS := test/build/identical.sh
test: html
endif

# The sanitizer build (check-sanitize) runs what executes the project's own
# code; tests of the generated headers as compiler input (compile matrix,
# self-checks, examples, reproducibility), of the HTML in a browser, of the
# build system, the layering and the licence lines run no sanitized code,
# and make test has run them already.
ifneq ($(findstring -fsanitize,$(CFLAGS)),)
SELFCHECK_BINS :=
HDR_SCRIPTS :=
HTML_TESTS :=
IDENTICAL_TESTS :=
LAYERS_TESTS :=
BUILD_SCRIPTS := $(filter-out test/build/outputs.sh,$(BUILD_SCRIPTS))
endif
# test/rust/run.sh: the Rust outputs built with cargo and checked (mk/rust.mk).
RUST_TESTS := test/rust/run.sh
ifneq ($(findstring -fsanitize,$(CFLAGS)),)
RUST_TESTS :=
endif
test: headers runtime rust $(TEST_BINS) $(SELFCHECK_BINS) $(REFGEN) | check-manuals
	@REFGEN_MANUALS="$(MANUALS)" REFGEN_BIN="$(REFGEN)" NVRT_BIN="$(NVRT)" NVRT_SUBMIT_BIN="$(NVRT_SUBMIT)" REFGEN_FIXTURES=test/fixtures \
		REFGEN_IR="$(OUT)/ir" REFGEN_INCLUDE="$(OUT)/include" REFGEN_HTML="$(OUT)/html" REFGEN_HTML_SHOTS="$(OUT)/test/html" \
		REFGEN_MATRIX_DIR="$(OUT)/tmp/compile-matrix" REFGEN_EXAMPLES_DIR="$(OUT)/tmp/examples" REFGEN_REPRO_DIR="$(OUT)/tmp/reproducible" REFGEN_CHIPS="$(HDR_CHIPS)" \
		REFGEN_BUILD_DIR="$(OUT)/tmp/build-test" REFGEN_IDENTICAL_DIR="$(OUT)/tmp/identical" REFGEN_DOCS_DIR="$(OUT)/tmp/docs" REFGEN_TRACE_DIR="$(OUT)/tmp/trace" NVRT_RACE_DIR="$(OUT)/tmp/layout-race" REFGEN_PARSE_EMIT_DIR="$(OUT)/tmp/parse-emit" MAKE="$(MAKE)" \
		REFGEN_RUST="$(OUT)/rust" REFGEN_RUST_DIR="$(OUT)/tmp/rust" \
		$(VFIO_TEST_ENV) $(LAYERS_TEST_ENV) $(FAILPOINT_TEST_ENV) $(PUBLISHED_TEST_ENV) $(CLASSES_TEST_ENV) $(SPACES_TEST_ENV) $(CONFIG_TEST_ENV) sh test/run-tests.sh $(TEST_BINS) $(SELFCHECK_BINS) $(HDR_SCRIPTS) $(BUILD_SCRIPTS) $(TRACE_TESTS) $(LOOKUP_TESTS) $(VFIO_TEST_SCRIPTS) \
		$(QUALITY_TESTS) $(HTML_TESTS) $(LAYERS_TESTS) $(IDENTICAL_TESTS) $(FAILPOINT_TESTS) $(PUBLISHED_TESTS) $(CLASSES_TESTS) $(SPACES_TESTS) $(CONFIG_TESTS) $(RUST_TESTS)

# ---- test-vfio: the VFIO backend on a real kernel -------------------------------
# test/vfio/run.sh boots Debian's kernel under QEMU (emulated Intel IOMMU,
# QEMU's edu PCI device bound to vfio-pci) from an initramfs of busybox, the
# vfio modules and two static programs built here from the project's code,
# and counts the guest's checks.  The kernel is downloaded once into
# $(VFIO_CACHE) (kept by make clean).  `make test` runs it too, except in
# sanitizer builds (check-sanitize): the guest programs are static, which
# ASan can't be.
VFIO_DIR := $(OUT)/test/vfio
VFIO_CACHE ?= $(OUT)/qemu
VFIO_GUEST_BINS := $(VFIO_DIR)/guest_vfio $(VFIO_DIR)/nvrt-submit
VFIO_TEST_ENV = NVRT_VFIO_DIR="$(VFIO_DIR)" NVRT_VFIO_CACHE="$(VFIO_CACHE)"
ifeq ($(findstring -fsanitize,$(CFLAGS)),)
VFIO_TEST_SCRIPTS := test/vfio/run.sh
test: $(VFIO_GUEST_BINS)
endif
.PHONY: test-vfio

$(VFIO_DIR)/guest_vfio: test/vfio/guest_vfio.c $(LIBNVRT) | $(VFIO_DIR)/
	$(call quiet,LD,$@)$(CC) $(RT_CFLAGS) -static -o $@ $< $(LIBNVRT) $(RT_LIBS)

$(VFIO_DIR)/nvrt-submit: $(NVRT_SUBMIT_SRCS) $(wildcard runtime/demo/*.h) $(LIBNVRT) | $(VFIO_DIR)/
	$(call quiet,LD,$@)$(CC) $(RT_CFLAGS) -Iruntime/demo -static -o $@ $(NVRT_SUBMIT_SRCS) $(LIBNVRT) $(RT_LIBS)

test-vfio: $(VFIO_GUEST_BINS)
	@$(VFIO_TEST_ENV) sh test/vfio/run.sh

-include $(wildcard $(VFIO_DIR)/*.d)

# The whole suite again, built by clang with AddressSanitizer and
# UndefinedBehaviorSanitizer (leaks included), in its own output tree; the
# failure sweep there at every point (FAILPOINT_SAMPLE=1).
SAN_FLAGS := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all
check-sanitize:
	$(MAKE) OUT=$(OUT)/san CC=clang CFLAGS="$(SAN_FLAGS)" FAILPOINT_SAMPLE=1 test

# ---- check-valgrind ----------------------------------------------------------------
# `refgen parse` over every manual of $(MANUALS) (all chips, with their
# addenda) and `nvrt-submit --count 1000` (plus its fault-injection runs)
# under valgrind memcheck: no error and no definitely or indirectly lost
# block (test/valgrind/check.sh).  PCRE2's JIT code is not valgrind-clean
# (Debian's libpcre2 is built without --enable-valgrind), so refgen runs
# with a preloaded shim that refuses JIT compilation and the parser takes
# its interpreter path, which it has for hosts without JIT.
VALGRIND ?= valgrind
VALGRIND_DIR := $(OUT)/valgrind
ALL_CHIP_DIRS := $(sort $(patsubst $(MANUALS)/%/,%,$(dir $(wildcard $(MANUALS)/*/*/*.ref.txt))))
.PHONY: check-valgrind
$(VALGRIND_DIR)/pcre2-nojit.so: test/valgrind/pcre2_nojit.c | $(VALGRIND_DIR)/
	$(call quiet,LD,$@)$(CC) $(WARN) $(CFLAGS) $(GEN_CFLAGS) -shared -fPIC -o $@ $<
check-valgrind: $(REFGEN) $(NVRT_SUBMIT) $(VALGRIND_DIR)/pcre2-nojit.so | check-manuals
	@VALGRIND="$(VALGRIND)" REFGEN="$(REFGEN)" NVRT_SUBMIT="$(NVRT_SUBMIT)" MANUALS="$(MANUALS)" \
		CHIP_DIRS="$(ALL_CHIP_DIRS)" VALGRIND_DIR="$(VALGRIND_DIR)" NOJIT="$(VALGRIND_DIR)/pcre2-nojit.so" \
		sh test/valgrind/check.sh

# ---- the failure sweep: every failing call at every call site --------------------
# refgen, nvrt and nvrt-submit built again with test/failpoint/failpoint.c
# linked in front of the system calls and allocations they make
# (-Wl,--wrap): FAILPOINT=KIND:N fails the N-th call of a kind
# (test/failpoint/README.md).  test/failpoint/sweep.sh runs each tool once
# per reachable N; make test runs a sample (every FAILPOINT_SAMPLE-th N,
# each kind's first and last), check-sanitize (FAILPOINT_SAMPLE=1) all.
FAILPOINT_DIR := $(OUT)/test/failpoint
comma := ,
FAILPOINT_SYMS := open openat fopen read pread write pwrite fsync fdatasync linkat link rename renameat \
	mkdir malloc calloc realloc strdup strndup asprintf mmap
FAILPOINT_WRAP := -Wl,$(subst $(eval) ,$(comma),$(patsubst %,--wrap=%,$(FAILPOINT_SYMS)))
FAILPOINT_BINS := $(FAILPOINT_DIR)/refgen $(FAILPOINT_DIR)/nvrt $(FAILPOINT_DIR)/nvrt-submit
FAILPOINT_SAMPLE ?= 7
$(FAILPOINT_DIR)/failpoint.o: test/failpoint/failpoint.c | $(FAILPOINT_DIR)/
	$(call quiet,CC,$<)$(CC) $(WARN) -D_GNU_SOURCE $(CFLAGS) -c -o $@ $<
$(FAILPOINT_DIR)/refgen: $(OUT)/obj/gen/cli/main.o $(LIBREFGEN) $(FAILPOINT_DIR)/failpoint.o
	$(call quiet,LD,$@)$(CC) $(CFLAGS) $(FAILPOINT_WRAP) -o $@ $^ $(GEN_LIBS)
$(FAILPOINT_DIR)/nvrt: $(NVRT_TOOL_SRCS) runtime/tools/nvrt_cli.h $(LIBNVRT) $(FAILPOINT_DIR)/failpoint.o
	$(call quiet,LD,$@)$(CC) $(RT_CFLAGS) -Iruntime/tools $(FAILPOINT_WRAP) -o $@ $(NVRT_TOOL_SRCS) $(LIBNVRT) $(FAILPOINT_DIR)/failpoint.o $(RT_LIBS)
$(FAILPOINT_DIR)/nvrt-submit: $(NVRT_SUBMIT_SRCS) $(wildcard runtime/demo/*.h) $(LIBNVRT) $(FAILPOINT_DIR)/failpoint.o
	$(call quiet,LD,$@)$(CC) $(RT_CFLAGS) -Iruntime/demo $(FAILPOINT_WRAP) -o $@ $(NVRT_SUBMIT_SRCS) $(LIBNVRT) $(FAILPOINT_DIR)/failpoint.o $(RT_LIBS)
# It needs gv100's and tu104's IR (lookup, diff, the ENOSPC case).
FAILPOINT_TEST_ENV = FAILPOINT_BIN_DIR="$(FAILPOINT_DIR)" FAILPOINT_SCRATCH="$(OUT)/tmp/failpoint" \
	FAILPOINT_SAMPLE="$(FAILPOINT_SAMPLE)" REFGEN_MANUALS="$(MANUALS)" REFGEN_IR="$(OUT)/ir"
.PHONY: check-failpoints
check-failpoints: $(FAILPOINT_BINS) headers | check-manuals
	@$(FAILPOINT_TEST_ENV) sh test/failpoint/sweep.sh
ifeq ($(filter-out $(CHIP_NAMES),gv100 tu104),)
FAILPOINT_TESTS := test/failpoint/sweep.sh
test: $(FAILPOINT_BINS)
endif
