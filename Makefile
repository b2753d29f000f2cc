# SPDX-License-Identifier: MIT
# refgen + nvrt.  Everything built or generated goes under out/.
#
#   make                 IR and headers for the default chips
#   make CHIP=gv100      one chip
#   make CHIPS=all       every chip under $(MANUALS)
#   make html            the HTML register reference of the chips: out/html/index.html
#   make test            the whole test suite (cmocka)
#   make bench           benchmarks (figures, not pass/fail), one table with
#                        the baselines measured in the same run: parsing to
#                        IR, header compile time and size, accessor code vs
#                        hand-written, pushbuffer encoding, decoding, the
#                        simulator's submissions
#   make install         PREFIX=/usr/local DESTDIR= (mk/install.mk); make uninstall
#   make help            every target
#   make MANUALS=/path/to/open-gpu-doc/manuals ...

MANUALS ?= ../shared/manuals
OUT     := out
CC      ?= cc
NM      ?= nm
CFLAGS  ?= -O2 -g
WARN    := -std=gnu11 -Wall -Wextra -Werror
PKG_CONFIG ?= pkg-config

GEN_PKGS  := libpcre2-8 libxml-2.0
GEN_CFLAGS := $(shell $(PKG_CONFIG) --cflags $(GEN_PKGS) 2>/dev/null)
GEN_LIBS   := $(shell $(PKG_CONFIG) --libs $(GEN_PKGS) 2>/dev/null)
CMOCKA_CFLAGS := $(shell $(PKG_CONFIG) --cflags cmocka 2>/dev/null)
CMOCKA_LIBS   := $(shell $(PKG_CONFIG) --libs cmocka 2>/dev/null)

ALL_CFLAGS = $(WARN) -D_GNU_SOURCE $(CFLAGS) $(GEN_CFLAGS) -Igen -Icommon -MMD -MP

# ---- chips -----------------------------------------------------------------
# A chip is named <arch>/<chip> or <chip> (looked up under $(MANUALS)).
chip_dir = $(patsubst $(MANUALS)/%,%,$(wildcard $(if $(findstring /,$(1)),$(MANUALS)/$(1),$(MANUALS)/*/$(1))))
ifneq ($(CHIP),)
CHIP_ARGS := $(CHIP)
else ifeq ($(CHIPS),all)
CHIP_ARGS := $(sort $(patsubst $(MANUALS)/%/,%,$(dir $(wildcard $(MANUALS)/*/*/*.ref.txt))))
else ifneq ($(CHIPS),)
CHIP_ARGS := $(CHIPS)
else
CHIP_ARGS := $(shell sed -e 's/\#.*//' -e '/^[[:space:]]*$$/d' manuals/chips.txt)
endif
CHIP_DIRS := $(sort $(foreach c,$(CHIP_ARGS),$(call chip_dir,$(c))))
CHIP_MISSING := $(strip $(foreach c,$(CHIP_ARGS),$(if $(call chip_dir,$(c)),,$(c))))
chip_name = $(notdir $(1))

# The project's addenda (manuals/<chip>/<unit>.ref) and the list of known
# warnings of the public manuals: shown as one line per chip, unless V=1.
ADDENDA ?= manuals
KNOWN_WARNINGS ?= manuals/known-warnings.txt
Q := $(if $(V),,@)

# ---- common: helpers refgen and nvrt share ------------------------------------
# common/*.c is built once and archived into both librefgen.a and libnvrt.a
# (so the installed libnvrt.a needs nothing else).
COMMON_SRCS := $(wildcard common/*.c)
COMMON_OBJS := $(patsubst common/%.c,$(OUT)/obj/common/%.o,$(COMMON_SRCS))
COMMON_CFLAGS = $(WARN) -D_GNU_SOURCE $(CFLAGS) -Icommon -MMD -MP

$(OUT)/obj/common/%.o: common/%.c | $(OUT)/obj/common/
	$(CC) $(COMMON_CFLAGS) -c -o $@ $<

# ---- refgen ------------------------------------------------------------------
GEN_SRCS := $(wildcard gen/*/*.c gen/*/*/*.c)
GEN_LIB_OBJS := $(patsubst gen/%.c,$(OUT)/obj/gen/%.o,$(filter-out gen/cli/main.c,$(GEN_SRCS))) \
	$(OUT)/obj/gen/ir_schema_data.o $(OUT)/obj/gen/html_data.o
REFGEN := $(OUT)/bin/refgen
LIBREFGEN := $(OUT)/lib/librefgen.a

.PRECIOUS: %/
.PHONY: FORCE all ir headers html runtime test check-sanitize bench clean check-manuals
all: headers runtime

$(OUT)/obj/gen/%.o: gen/%.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

# The schema is built into refgen so the binary needs no data files.
$(OUT)/obj/gen/ir_schema_data.c: gen/schema/ir.rng | $(OUT)/obj/gen/
	{ echo '/* Generated from gen/schema/ir.rng. */'; \
	  echo 'const unsigned char ir_schema_rng[] = {'; \
	  od -An -v -tx1 $< | sed -e 's/\([0-9a-f][0-9a-f]\)/0x\1,/g'; \
	  echo '0x00 };'; \
	  echo "const unsigned int ir_schema_rng_len = $$(wc -c < $<);"; } > $@.tmp && mv $@.tmp $@

$(OUT)/obj/gen/ir_schema_data.o: $(OUT)/obj/gen/ir_schema_data.c
	$(CC) $(WARN) $(CFLAGS) -c -o $@ $<

# The HTML reference's stylesheet and script, built in the same way.
$(OUT)/obj/gen/html_data.c: gen/emit/html/refgen.css gen/emit/html/refgen.js | $(OUT)/obj/gen/
	{ echo '/* Generated from gen/emit/html/refgen.css and refgen.js. */'; \
	  for f in css:gen/emit/html/refgen.css js:gen/emit/html/refgen.js; do \
	    echo "const char emit_html_$${f%%:*}[] = {"; \
	    od -An -v -tx1 $${f#*:} | sed -e 's/\([0-9a-f][0-9a-f]\)/0x\1,/g'; \
	    echo '0x00 };'; \
	  done; } > $@.tmp && mv $@.tmp $@

$(OUT)/obj/gen/html_data.o: $(OUT)/obj/gen/html_data.c
	$(CC) $(WARN) $(CFLAGS) -c -o $@ $<

$(LIBREFGEN): $(GEN_LIB_OBJS) $(COMMON_OBJS) | $(OUT)/lib/
	rm -f $@ && ar rcs $@ $^

$(REFGEN): $(OUT)/obj/gen/cli/main.o $(LIBREFGEN) | $(OUT)/bin/
	$(CC) $(CFLAGS) -o $@ $^ $(GEN_LIBS)

%/:
	mkdir -p $@

FORCE:

# ---- IR per chip -------------------------------------------------------------
check-manuals:
	@test -d "$(MANUALS)" || { echo "error: manuals root '$(MANUALS)' not found; pass MANUALS=/path/to/open-gpu-doc/manuals" >&2; exit 1; }
	@test -z "$(CHIP_MISSING)" || { echo "error: no chip '$(CHIP_MISSING)' under '$(MANUALS)' (name it <chip> or <arch>/<chip>)" >&2; exit 1; }
	@test -n "$(strip $(CHIP_DIRS))" || { echo "error: no chip selected under '$(MANUALS)' (CHIP=$(CHIP) CHIPS=$(CHIPS))" >&2; exit 1; }

# $(ADDENDA)/<chip>/<unit>.ref: the project's addendum to a unit (facts the
# public manual lacks); one whose unit the manuals root lacks is a unit of its own.
chip_manuals = $(wildcard $(MANUALS)/$(1)/*.ref.txt)
chip_addenda = $(wildcard $(ADDENDA)/$(call chip_name,$(1))/*.ref)
chip_standalone = $(filter-out $(patsubst %.ref.txt,$(ADDENDA)/$(call chip_name,$(1))/%.ref,$(notdir $(call chip_manuals,$(1)))),$(call chip_addenda,$(1)))
unit_of = $(firstword $(subst ., ,$(notdir $(1))))

# One IR document per unit, parsed on its own: touching a manual re-parses
# that unit only.  $(OUT)/ir/<chip>/.src/<unit> records the unit's inputs
# (mk/sources.sh, run below while make reads this file), so switching
# MANUALS or adding/removing an addendum rebuilds exactly what changed; an
# unchanged IR file is not rewritten, so the headers are only regenerated
# when some IR changed (the empty recipe makes make look again).
# $(1) = chip, $(2) = unit, $(3) = input file
define unit_ir_rule
$(OUT)/ir/$(1)/.src/$(2).stamp: $(OUT)/ir/$(1)/.src/$(2) $(3) $(wildcard $(ADDENDA)/$(1)/$(2).ref $(KNOWN_WARNINGS)) $(REFGEN) | check-manuals
	$(Q)rm -f $(OUT)/ir/$(1)/.src/$(2).known
	$(Q)$(REFGEN) parse --chip $(1) $(if $(wildcard $(KNOWN_WARNINGS)),--known $(KNOWN_WARNINGS) --known-log $(OUT)/ir/$(1)/.src/$(2).known) -a $(ADDENDA)/$(1) -o $(OUT)/ir/$(1)/$(2).xml $(3)
	@touch $$@
$(OUT)/ir/$(1)/$(2).xml: $(OUT)/ir/$(1)/.src/$(2).stamp ;
endef

# The chip's IR is its units' (others are pruned), then its headers; a line
# counts the known warnings not shown.  $(1) = arch/chip, $(2) = chip
define chip_ir_rule
IR_UNITS_$(2) := $(sort $(foreach f,$(call chip_manuals,$(1)) $(call chip_standalone,$(1)),$(call unit_of,$(f))))
IR_FILES_$(2) := $$(patsubst %,$(OUT)/ir/$(2)/%.xml,$$(IR_UNITS_$(2)))
$(foreach f,$(call chip_manuals,$(1)) $(call chip_standalone,$(1)),$(eval $(call unit_ir_rule,$(2),$(call unit_of,$(f)),$(f))))
$(OUT)/ir/$(2)/.stamp: $$(IR_FILES_$(2)) $(OUT)/ir/$(2)/.src/.units
	$(Q)sh mk/prune.sh $(OUT)/ir/$(2) $(OUT)/ir/$(2)/.src/.ir-units $$(IR_UNITS_$(2))
	@touch $$@
$(OUT)/ir/$(2)/.src/.known: $$(patsubst %,$(OUT)/ir/$(2)/.src/%.stamp,$$(IR_UNITS_$(2))) $(OUT)/ir/$(2)/.stamp $(if $(V),FORCE)
ifeq ($(V),)
	@n=$$$$(cat $(OUT)/ir/$(2)/.src/*.known 2>/dev/null | wc -l); [ "$$$$n" -eq 0 ] || \
		echo "$(2): $$$$n warning(s) about known defects of the public manuals not shown (make V=1 lists them; $(KNOWN_WARNINGS))"
else
	@cat $(OUT)/ir/$(2)/.src/*.known >&2 2>/dev/null || true
endif
	@touch $$@
$(OUT)/include/$(2)/.stamp: $(OUT)/ir/$(2)/.stamp $(REFGEN) manuals/alternative-views.txt
	$$(if $(Q),@echo "  EMIT    $(2)")
	$(Q)$(REFGEN) emit --chip $(2) --views manuals/alternative-views.txt -o $(OUT)/include $$(IR_FILES_$(2))
	$(Q)sh mk/prune.sh $(OUT)/include/$(2) $(OUT)/ir/$(2)/.src/.header-units $$(IR_UNITS_$(2))
	@touch $$@
# Headers are made by the chip's emit; objects depend on the headers they
# include (-MMD), and emit leaves unchanged headers untouched.
$(OUT)/include/$(2)/%.h: $(OUT)/include/$(2)/.stamp ;
# The records mk/sources.sh writes (again, after a `make clean` in this run).
$(OUT)/ir/$(2)/.src/%:
	$(Q)sh mk/sources.sh $(OUT) $(MANUALS) $(ADDENDA) $(1)
IR_STAMPS += $(OUT)/ir/$(2)/.stamp
HEADER_STAMPS += $(OUT)/include/$(2)/.stamp
endef

# ---- nvrt runtime chips need their headers whatever CHIP selects ---------------
RT_CHIPS := $(notdir $(basename $(wildcard runtime/src/chips/*.h)))
RT_CHIP_DIRS := $(foreach c,$(RT_CHIPS),$(call chip_dir,$(c)))
RULE_CHIP_DIRS := $(sort $(CHIP_DIRS) $(RT_CHIP_DIRS))
$(foreach c,$(RULE_CHIP_DIRS),$(eval $(call chip_ir_rule,$(c),$(call chip_name,$(c)))))
$(OUT)/include/refgen/%.h: $(HEADER_STAMPS) ;
ifneq ($(MAKECMDGOALS),clean)
SOURCES_ERR := $(shell sh mk/sources.sh $(OUT) $(MANUALS) $(ADDENDA) $(RULE_CHIP_DIRS) 2>&1)
$(if $(SOURCES_ERR),$(error mk/sources.sh: $(SOURCES_ERR)))
endif

SELECTED_IR_STAMPS := $(foreach c,$(CHIP_DIRS),$(OUT)/ir/$(call chip_name,$(c))/.stamp $(OUT)/ir/$(call chip_name,$(c))/.src/.known)
SELECTED_HEADER_STAMPS := $(foreach c,$(CHIP_DIRS),$(OUT)/include/$(call chip_name,$(c))/.stamp)
ir: check-manuals $(SELECTED_IR_STAMPS)
headers: ir $(SELECTED_HEADER_STAMPS)

# ---- HTML reference -------------------------------------------------------------
# One run for every chip, so each register links to the same one on the others.
CHIP_NAMES = $(foreach c,$(CHIP_DIRS),$(call chip_name,$(c)))
HTML_STAMP := $(OUT)/html/.stamp
$(HTML_STAMP): $(IR_STAMPS) $(REFGEN) manuals/alternative-views.txt
	$(REFGEN) emit --format=html --views manuals/alternative-views.txt -o $(OUT)/html $(addprefix $(OUT)/ir/,$(CHIP_NAMES))
	touch $@

html: ir $(HTML_STAMP)

# ---- nvrt runtime ----------------------------------------------------------------
# The folders of runtime/src are its parts (each one's README says what it
# owns and may use).  The chip-generic ones are compiled once (RT_SRC_DIRS);
# runtime/src/hw/*.c is compiled once per chip that has
# runtime/src/chips/<chip>.h, against that chip's generated headers.  So is
# the Host simulator, runtime/src/sim/*.c: one model per chip, plus
# runtime/src/sim/gen/<generation>.c of the NVRT_CHIP_GENERATION that
# runtime/src/chips/<chip>.h names; its chip-generic entry,
# runtime/src/sim/sim_model.c, is compiled once.  Headers of runtime/src are
# included by their folder ("device/device_poll.h").
RT_HEADER_STAMPS := $(foreach c,$(RT_CHIPS),$(OUT)/include/$(c)/.stamp)
RT_CFLAGS = $(WARN) -D_GNU_SOURCE $(CFLAGS) -Iruntime/include -Iruntime/src -Icommon -I$(OUT)/include -MMD -MP
# error/, dump/, backend/, layout/, pagetable/ (ver2 page tables), chip/,
# chips/*.c (the chip tables), device/, debug/, vfio/ (the VFIO backend).
RT_SRC_DIRS := runtime/src/error runtime/src/dump runtime/src/backend runtime/src/layout \
	runtime/src/pagetable runtime/src/chip runtime/src/chips runtime/src/device runtime/src/debug \
	runtime/src/vfio
RT_SIM_ENTRY := runtime/src/sim/sim_model.c
RT_SRCS := $(wildcard $(addsuffix /*.c,$(RT_SRC_DIRS))) $(RT_SIM_ENTRY)
# runtime/src/hw/<generation>/*.c and runtime/src/sim/gen/<generation>.c: what
# one generation does its own way, compiled for the chips whose
# runtime/src/chips/<chip>.h names it (#define NVRT_CHIP_GENERATION volta).
rt_gen = $(shell sed -n 's/^\#define NVRT_CHIP_GENERATION \([a-z0-9]*\).*/\1/p' runtime/src/chips/$(1).h)
rt_hw_srcs = $(wildcard runtime/src/hw/*.c runtime/src/hw/$(call rt_gen,$(1))/*.c)
rt_sim_srcs = $(filter-out $(RT_SIM_ENTRY),$(wildcard runtime/src/sim/*.c runtime/src/sim/gen/$(call rt_gen,$(1)).c))
# $(1) = chip, $(2) = object root: the chip's objects of hw/ and sim/.
rt_chip_objs = $(patsubst runtime/src/hw/%.c,$(2)/$(1)/%.o,$(call rt_hw_srcs,$(1))) \
	$(patsubst runtime/src/%.c,$(2)/$(1)/%.o,$(call rt_sim_srcs,$(1)))
RT_OBJS := $(patsubst runtime/src/%.c,$(OUT)/obj/runtime/%.o,$(RT_SRCS)) \
	$(foreach c,$(RT_CHIPS),$(call rt_chip_objs,$(c),$(OUT)/obj/runtime))
RT_LIBS := -lpthread
LIBNVRT := $(OUT)/lib/libnvrt.a
NVRT := $(OUT)/bin/nvrt

$(OUT)/obj/runtime/%.o: runtime/src/%.c | $(RT_HEADER_STAMPS)
	@mkdir -p $(@D)
	$(CC) $(RT_CFLAGS) -c -o $@ $<

define rt_chip_rule
$(OUT)/obj/runtime/$(1)/%.o: runtime/src/hw/%.c runtime/src/chips/$(1).h | $(OUT)/obj/runtime/$(1)/ $(OUT)/obj/runtime/$(1)/$(call rt_gen,$(1))/ $(OUT)/include/$(1)/.stamp
	$$(CC) $$(RT_CFLAGS) -include runtime/src/chips/$(1).h -c -o $$@ $$<
$(OUT)/obj/runtime/$(1)/sim/%.o: runtime/src/sim/%.c runtime/src/chips/$(1).h | $(OUT)/obj/runtime/$(1)/sim/gen/ $(OUT)/include/$(1)/.stamp
	$$(CC) $$(RT_CFLAGS) -include runtime/src/chips/$(1).h -c -o $$@ $$<
endef
$(foreach c,$(RT_CHIPS),$(eval $(call rt_chip_rule,$(c))))

# Each chip's objects export only names of that chip (mk/check-chip-symbols.sh).
$(LIBNVRT): $(RT_OBJS) $(COMMON_OBJS) mk/check-chip-symbols.sh | $(OUT)/lib/
	sh mk/check-chip-symbols.sh "$(NM)" $(foreach c,$(RT_CHIPS),$(c) $(call rt_chip_objs,$(c),$(OUT)/obj/runtime) --)
	rm -f $@ && ar rcs $@ $(RT_OBJS) $(COMMON_OBJS)

# The tools: runtime/tools/*.c (common/, e.g. the atomic output file
# writer, comes with libnvrt.a).
NVRT_TOOL_SRCS := $(wildcard runtime/tools/*.c)
$(NVRT): $(NVRT_TOOL_SRCS) runtime/tools/nvrt_cli.h $(LIBNVRT) | $(OUT)/bin/
	$(CC) $(RT_CFLAGS) -Iruntime/tools -o $@ $(NVRT_TOOL_SRCS) $(LIBNVRT) $(RT_LIBS)

# The submit demo: runtime/demo/*.c.
NVRT_SUBMIT := $(OUT)/bin/nvrt-submit
NVRT_SUBMIT_SRCS := $(wildcard runtime/demo/*.c)
$(NVRT_SUBMIT): $(NVRT_SUBMIT_SRCS) $(wildcard runtime/demo/*.h) $(LIBNVRT) | $(OUT)/bin/
	$(CC) $(RT_CFLAGS) -Iruntime/demo -o $@ $(NVRT_SUBMIT_SRCS) $(LIBNVRT) $(RT_LIBS)

runtime: $(LIBNVRT) $(NVRT) $(if $(NVRT_SUBMIT_SRCS),$(NVRT_SUBMIT))

# ---- check-layers: which file uses which, in mk/layers.txt's order ----------------
# mk/check-layers.py reads the objects' symbols (nm) and the #include lines.
# The tools and the demo are linked straight from their sources, so they are
# compiled to objects here for the check alone.
LAYERS_TOOL_OBJS := $(patsubst runtime/tools/%.c,$(OUT)/obj/tools/%.o,$(NVRT_TOOL_SRCS)) \
	$(patsubst runtime/demo/%.c,$(OUT)/obj/demo/%.o,$(NVRT_SUBMIT_SRCS))
LAYERS_OBJS := $(COMMON_OBJS) $(GEN_LIB_OBJS) $(OUT)/obj/gen/cli/main.o $(RT_OBJS) $(LAYERS_TOOL_OBJS)
.PHONY: check-layers
$(OUT)/obj/tools/%.o: runtime/tools/%.c | $(OUT)/obj/tools/ $(RT_HEADER_STAMPS)
	$(CC) $(RT_CFLAGS) -Iruntime/tools -c -o $@ $<
$(OUT)/obj/demo/%.o: runtime/demo/%.c | $(OUT)/obj/demo/ $(RT_HEADER_STAMPS)
	$(CC) $(RT_CFLAGS) -Iruntime/demo -c -o $@ $<
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
	$(CC) $(ALL_CFLAGS) $(CMOCKA_CFLAGS) -Itest/unit -o $@ $< $(TEST_SUPPORT) $(LIBREFGEN) $(GEN_LIBS) $(CMOCKA_LIBS)

# The VFIO backend's test fakes the kernel: the backend's system calls are
# redirected to the test's __wrap_* functions (test/unit/test_nvrt_vfio.c).
VFIO_TEST_WRAP := -Wl,--wrap=open,--wrap=close,--wrap=ioctl,--wrap=readlink,--wrap=access \
	-Wl,--wrap=opendir,--wrap=readdir,--wrap=closedir,--wrap=mmap,--wrap=munmap,--wrap=pread,--wrap=pwrite
# It also checks nvrt-submit's chip identification (runtime/demo/submit_chip.c).
$(OUT)/test/test_nvrt_vfio: test/unit/test_nvrt_vfio.c runtime/demo/submit_chip.c runtime/demo/submit_chip.h $(TEST_SUPPORT) $(LIBNVRT) $(LIBREFGEN) | $(OUT)/test/
	$(CC) $(RT_CFLAGS) $(GEN_CFLAGS) -Igen $(CMOCKA_CFLAGS) -Itest/unit -Iruntime/demo $(VFIO_TEST_WRAP) -o $@ $< runtime/demo/submit_chip.c $(TEST_SUPPORT) $(LIBNVRT) $(LIBREFGEN) $(GEN_LIBS) $(CMOCKA_LIBS) $(RT_LIBS)

# nvrt-submit's latency histogram, from the demo's own source.
$(OUT)/test/test_nvrt_hist: test/unit/test_nvrt_hist.c runtime/demo/submit_hist.c runtime/demo/submit_hist.h | $(OUT)/test/
	$(CC) $(RT_CFLAGS) $(CMOCKA_CFLAGS) -Iruntime/demo -o $@ $< runtime/demo/submit_hist.c $(CMOCKA_LIBS)

# Runtime tests link libnvrt (and see the generated headers of its chips).
$(OUT)/test/test_nvrt_%: test/unit/test_nvrt_%.c $(TEST_SUPPORT) $(LIBNVRT) $(LIBREFGEN) | $(OUT)/test/
	$(CC) $(RT_CFLAGS) $(GEN_CFLAGS) -Igen $(CMOCKA_CFLAGS) -Itest/unit -o $@ $< $(TEST_SUPPORT) $(LIBNVRT) $(LIBREFGEN) $(GEN_LIBS) $(CMOCKA_LIBS) $(RT_LIBS)

# The simulator's test runs once per runtime chip: test_nvrt_sim_<chip> is
# test/unit/test_nvrt_sim.c built against that chip's headers, with its
# expected values and own tests in test/unit/sim_chip/<chip>.h.
SIM_TEST_BINS := $(patsubst %,$(OUT)/test/test_nvrt_sim_%,$(RT_CHIPS))
TEST_BINS := $(filter-out $(OUT)/test/test_nvrt_sim,$(TEST_BINS)) $(SIM_TEST_BINS)
$(OUT)/test/test_nvrt_sim_%: test/unit/test_nvrt_sim.c test/unit/sim_chip/%.h runtime/src/chips/%.h $(TEST_SUPPORT) $(LIBNVRT) $(LIBREFGEN) | $(OUT)/test/
	$(CC) $(RT_CFLAGS) $(GEN_CFLAGS) -Igen $(CMOCKA_CFLAGS) -Itest/unit -include runtime/src/chips/$*.h -o $@ $< $(TEST_SUPPORT) $(LIBNVRT) $(LIBREFGEN) $(GEN_LIBS) $(CMOCKA_LIBS) $(RT_LIBS)

# Generated headers (test/headers): test/headers/*.sh (compile matrix,
# reproducibility) run from test/run-tests.sh; the self-check per chip is C
# that selfcheck-gen writes from the IR, one file per unit, compiled at -O0.
HDR_CHIPS := $(foreach c,$(CHIP_DIRS),$(call chip_name,$(c)))
HDR_SCRIPTS := test/headers/compile-matrix.sh test/headers/reproducible.sh test/headers/examples.sh test/license/spdx.sh
# test/build/outputs.sh: outputs follow the manuals tree (make run on copies);
# test/docs/commands.sh: the command examples of README.md and doc/*.md run.
BUILD_SCRIPTS := test/build/outputs.sh test/docs/commands.sh
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
	$(CC) $(ALL_CFLAGS) -o $@ $< $(LIBREFGEN) $(GEN_LIBS)

$(OUT)/test/selfcheck/main.o: test/headers/selfcheck_main.c $(SELFCHECK_HDRS) | $(OUT)/test/selfcheck/ $(HEADER_STAMPS)
	$(SELFCHECK_CC) $(SELFCHECK_CFLAGS) -c -o $@ $<

# $(1) = arch/chip, $(2) = chip; units are known from the manuals' names.
define chip_selfcheck_rule
SELFCHECK_OBJS_$(2) := $(OUT)/test/selfcheck/$(2)/units.o $(patsubst %,$(OUT)/test/selfcheck/$(2)/%.o,\
	$(basename $(basename $(notdir $(call chip_manuals,$(1)) $(call chip_standalone,$(1))))))
$(OUT)/test/selfcheck/$(2)/.stamp: $(SELFCHECK_GEN) $(OUT)/include/$(2)/.stamp | $(OUT)/test/selfcheck/$(2)/
	$(SELFCHECK_GEN) --chip $(2) -o $(OUT)/test/selfcheck/$(2) $(OUT)/ir/$(2)/*.xml
	touch $$@
$(OUT)/test/selfcheck/$(2)/%.o: $(OUT)/test/selfcheck/$(2)/.stamp $(SELFCHECK_HDRS)
	$(SELFCHECK_CC) $(SELFCHECK_CFLAGS) -c -o $$@ $$(@:.o=.c)
$(OUT)/test/selfcheck/$(2)/selfcheck: $(OUT)/test/selfcheck/main.o $$(SELFCHECK_OBJS_$(2))
	$(SELFCHECK_CC) -o $$@ $$^
endef
$(foreach c,$(CHIP_DIRS),$(eval $(call chip_selfcheck_rule,$(c),$(call chip_name,$(c)))))

# Words worked out by hand from the gv100 manuals, against its typed headers.
ifneq ($(filter gv100,$(HDR_CHIPS)),)
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
ifeq ($(sort $(CHIP_NAMES)),$(sort $(foreach c,$(shell sed -e 's/\#.*//' -e '/^[[:space:]]*$$/d' manuals/chips.txt),$(call chip_name,$(call chip_dir,$(c))))))
IDENTICAL_TESTS := test/build/identical.sh
test: html
endif

test: headers runtime $(TEST_BINS) $(SELFCHECK_BINS) $(REFGEN) | check-manuals
	@REFGEN_MANUALS="$(MANUALS)" REFGEN_BIN="$(REFGEN)" NVRT_BIN="$(NVRT)" NVRT_SUBMIT_BIN="$(NVRT_SUBMIT)" REFGEN_FIXTURES=test/fixtures \
		REFGEN_IR="$(OUT)/ir" REFGEN_INCLUDE="$(OUT)/include" REFGEN_HTML="$(OUT)/html" REFGEN_HTML_SHOTS="$(OUT)/test/html" \
		REFGEN_MATRIX_DIR="$(OUT)/tmp/compile-matrix" REFGEN_EXAMPLES_DIR="$(OUT)/tmp/examples" REFGEN_REPRO_DIR="$(OUT)/tmp/reproducible" REFGEN_CHIPS="$(HDR_CHIPS)" \
		REFGEN_BUILD_DIR="$(OUT)/tmp/build-test" REFGEN_IDENTICAL_DIR="$(OUT)/tmp/identical" REFGEN_DOCS_DIR="$(OUT)/tmp/docs" MAKE="$(MAKE)" \
		$(VFIO_TEST_ENV) $(LAYERS_TEST_ENV) sh test/run-tests.sh $(TEST_BINS) $(SELFCHECK_BINS) $(HDR_SCRIPTS) $(BUILD_SCRIPTS) $(VFIO_TEST_SCRIPTS) \
		$(QUALITY_TESTS) $(HTML_TESTS) $(LAYERS_TESTS) $(IDENTICAL_TESTS)

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
	$(CC) $(RT_CFLAGS) -static -o $@ $< $(LIBNVRT) $(RT_LIBS)

$(VFIO_DIR)/nvrt-submit: $(NVRT_SUBMIT_SRCS) $(wildcard runtime/demo/*.h) $(LIBNVRT) | $(VFIO_DIR)/
	$(CC) $(RT_CFLAGS) -Iruntime/demo -static -o $@ $(NVRT_SUBMIT_SRCS) $(LIBNVRT) $(RT_LIBS)

test-vfio: $(VFIO_GUEST_BINS)
	@$(VFIO_TEST_ENV) sh test/vfio/run.sh

-include $(wildcard $(VFIO_DIR)/*.d)

# The whole suite again, built by clang with AddressSanitizer and
# UndefinedBehaviorSanitizer (leaks included), in its own output tree.
SAN_FLAGS := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all
check-sanitize:
	$(MAKE) OUT=$(OUT)/san CC=clang CFLAGS="$(SAN_FLAGS)" test

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
FUZZ_TARGETS := ref_parse ir_read ir_schema emit_inject lookup pb_decode dump pt_walk sim_pbdma
FUZZ_GEN_TARGETS := ref_parse ir_read ir_schema emit_inject lookup
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
	$(FUZZ_CC) $(WARN) -D_GNU_SOURCE -Icommon -MMD -MP $(FUZZ_LIB_CFLAGS) -c -o $@ $<
$(FUZZ_DIR)/obj/gen/%.o: gen/%.c
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_GEN_CFLAGS) $(FUZZ_LIB_CFLAGS) -c -o $@ $<
$(FUZZ_DIR)/obj/gen/ir_schema_data.o: $(OUT)/obj/gen/ir_schema_data.c | $(FUZZ_DIR)/obj/gen/
	$(FUZZ_CC) $(WARN) $(FUZZ_LIB_CFLAGS) -c -o $@ $<
$(FUZZ_DIR)/obj/gen/html_data.o: $(OUT)/obj/gen/html_data.c | $(FUZZ_DIR)/obj/gen/
	$(FUZZ_CC) $(WARN) $(FUZZ_LIB_CFLAGS) -c -o $@ $<
$(FUZZ_DIR)/obj/runtime/%.o: runtime/src/%.c | $(RT_HEADER_STAMPS)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_RT_CFLAGS) $(FUZZ_LIB_CFLAGS) -c -o $@ $<
define fuzz_rt_chip_rule
$(FUZZ_DIR)/obj/runtime/$(1)/%.o: runtime/src/hw/%.c runtime/src/chips/$(1).h $(OUT)/include/$(1)/.stamp | $(FUZZ_DIR)/obj/runtime/$(1)/ $(FUZZ_DIR)/obj/runtime/$(1)/$(call rt_gen,$(1))/
	$$(FUZZ_CC) $$(FUZZ_RT_CFLAGS) $$(FUZZ_LIB_CFLAGS) -include runtime/src/chips/$(1).h -c -o $$@ $$<
$(FUZZ_DIR)/obj/runtime/$(1)/sim/%.o: runtime/src/sim/%.c runtime/src/chips/$(1).h $(OUT)/include/$(1)/.stamp | $(FUZZ_DIR)/obj/runtime/$(1)/sim/gen/
	$$(FUZZ_CC) $$(FUZZ_RT_CFLAGS) $$(FUZZ_LIB_CFLAGS) -include runtime/src/chips/$(1).h -c -o $$@ $$<
endef
$(foreach c,$(RT_CHIPS),$(eval $(call fuzz_rt_chip_rule,$(c))))
$(FUZZ_DIR)/lib/librefgen.a: $(FUZZ_GEN_OBJS) $(FUZZ_COMMON_OBJS) | $(FUZZ_DIR)/lib/
	rm -f $@ && ar rcs $@ $^
$(FUZZ_DIR)/lib/libnvrt.a: $(FUZZ_RT_OBJS) $(FUZZ_COMMON_OBJS) | $(FUZZ_DIR)/lib/
	rm -f $@ && ar rcs $@ $^

$(patsubst %,$(FUZZ_DIR)/fuzz_%,$(FUZZ_GEN_TARGETS)): $(FUZZ_DIR)/fuzz_%: test/fuzz/fuzz_%.c $(FUZZ_HDRS) $(FUZZ_DIR)/lib/librefgen.a
	$(FUZZ_CC) $(FUZZ_GEN_CFLAGS) $(FUZZ_BIN_CFLAGS) -Itest/fuzz -o $@ $< $(FUZZ_DIR)/lib/librefgen.a $(GEN_LIBS)
$(patsubst %,$(FUZZ_DIR)/fuzz_%,$(FUZZ_RT_TARGETS)): $(FUZZ_DIR)/fuzz_%: test/fuzz/fuzz_%.c $(FUZZ_HDRS) $(FUZZ_DIR)/lib/libnvrt.a
	$(FUZZ_CC) $(FUZZ_RT_CFLAGS) $(FUZZ_BIN_CFLAGS) -Itest/fuzz -o $@ $< $(FUZZ_DIR)/lib/libnvrt.a $(RT_LIBS)

# The replay builds use the tree's compiler, flags and libraries.
$(patsubst %,$(OUT)/test/fuzz/replay_%,$(FUZZ_GEN_TARGETS)): $(OUT)/test/fuzz/replay_%: test/fuzz/fuzz_%.c test/fuzz/replay.c $(FUZZ_HDRS) $(LIBREFGEN) | $(OUT)/test/fuzz/
	$(CC) $(ALL_CFLAGS) -Itest/fuzz -DFUZZ_TARGET='"$*"' -o $@ $< test/fuzz/replay.c $(LIBREFGEN) $(GEN_LIBS)
$(patsubst %,$(OUT)/test/fuzz/replay_%,$(FUZZ_RT_TARGETS)): $(OUT)/test/fuzz/replay_%: test/fuzz/fuzz_%.c test/fuzz/replay.c $(FUZZ_HDRS) $(LIBNVRT) | $(OUT)/test/fuzz/
	$(CC) $(RT_CFLAGS) -Itest/fuzz -DFUZZ_TARGET='"$*"' -o $@ $< test/fuzz/replay.c $(LIBNVRT) $(RT_LIBS)

.PHONY: fuzz fuzz-build fuzz-seeds
fuzz-build: $(FUZZ_BINS)
fuzz: $(FUZZ_BINS)
	@FUZZ_BIN_DIR="$(FUZZ_DIR)" FUZZ_WORK="$(FUZZ_DIR)" FUZZ_SECONDS="$(FUZZ_SECONDS)" \
		sh test/fuzz/run-fuzz.sh $(FUZZ_TARGETS)

# Regenerates test/fuzz/seeds from test/fixtures and `nvrt layout` output.
fuzz-seeds: $(REFGEN) $(NVRT)
	REFGEN="$(REFGEN)" NVRT="$(NVRT)" TMP_DIR="$(OUT)/tmp/fuzz-seeds" sh test/fuzz/make-seeds.sh

-include $(wildcard $(FUZZ_DIR)/obj/common/*.d $(FUZZ_DIR)/obj/gen/*/*.d $(FUZZ_DIR)/obj/gen/*/*/*.d $(FUZZ_DIR)/obj/runtime/*.d $(FUZZ_DIR)/obj/runtime/*/*.d $(FUZZ_DIR)/obj/runtime/*/*/*.d \
	$(FUZZ_DIR)/obj/runtime/*/sim/gen/*.d)

# ---- make test: fuzz replay and the command-line bad-input suite ------------------
# test/cli/bad-input.sh runs refgen, nvrt and nvrt-submit on bad input and
# options: exit status, a one-line error, outputs left untouched.
QUALITY_TESTS = $(FUZZ_REPLAY_BINS) test/cli/bad-input.sh
test: $(FUZZ_REPLAY_BINS)

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
	$(CC) $(WARN) $(CFLAGS) $(GEN_CFLAGS) -shared -fPIC -o $@ $<
check-valgrind: $(REFGEN) $(NVRT_SUBMIT) $(VALGRIND_DIR)/pcre2-nojit.so | check-manuals
	@VALGRIND="$(VALGRIND)" REFGEN="$(REFGEN)" NVRT_SUBMIT="$(NVRT_SUBMIT)" MANUALS="$(MANUALS)" \
		CHIP_DIRS="$(ALL_CHIP_DIRS)" VALGRIND_DIR="$(VALGRIND_DIR)" NOJIT="$(VALGRIND_DIR)/pcre2-nojit.so" \
		sh test/valgrind/check.sh

# ---- benchmarks --------------------------------------------------------------
BENCH_SRCS := $(wildcard test/bench/bench_*.c)
BENCH_BINS := $(patsubst test/bench/%.c,$(OUT)/bench/%,$(BENCH_SRCS))

$(OUT)/bench/%: test/bench/%.c $(LIBREFGEN) | $(OUT)/bench/
	$(CC) $(ALL_CFLAGS) -o $@ $< $(LIBREFGEN) $(GEN_LIBS)

# The simulator benchmark runs the runtime.
$(OUT)/bench/bench_submit: test/bench/bench_submit.c $(LIBNVRT) | $(OUT)/bench/
	$(CC) $(RT_CFLAGS) -o $@ $< $(LIBNVRT) $(RT_LIBS)
$(OUT)/bench/bench_decode: test/bench/bench_decode.c $(LIBNVRT) | $(OUT)/bench/
	$(CC) $(RT_CFLAGS) -o $@ $< $(LIBNVRT) $(RT_LIBS)

# bench_headers compiles test/bench/accessor_ops.c and TUs of generated headers
# at run time; BENCH_CHIPS tells it which chips' headers are current.
# test/bench/incremental.sh times cold and incremental builds of gv100 on a
# scratch copy of its manuals.
bench: headers html $(BENCH_BINS) $(REFGEN) | check-manuals
	@MANUALS="$(MANUALS)" REFGEN="$(REFGEN)" BENCH_CHIPS="$(foreach c,$(CHIP_DIRS),$(call chip_name,$(c)))" \
		REFGEN_IR="$(OUT)/ir" REFGEN_HTML="$(OUT)/html" \
		BENCH_DIR="$(OUT)/tmp/bench-incremental" MAKE="$(MAKE)" \
		sh test/bench/run-bench.sh $(BENCH_BINS) test/bench/bench_html.py test/bench/incremental.sh

# ---- make install, make uninstall, make help ---------------------------------------
include mk/install.mk mk/help.mk

clean:
	rm -rf $(OUT)/bin $(OUT)/lib $(OUT)/obj $(OUT)/ir $(OUT)/include $(OUT)/test $(OUT)/bench $(OUT)/tmp $(OUT)/san \
		$(FUZZ_DIR)/obj $(FUZZ_DIR)/lib $(FUZZ_DIR)/logs $(FUZZ_BINS) $(OUT)/valgrind

-include $(wildcard $(OUT)/obj/common/*.d $(OUT)/obj/gen/*/*.d $(OUT)/obj/gen/*/*/*.d $(OUT)/obj/tools/*.d $(OUT)/obj/demo/*.d $(OUT)/test/*.d $(OUT)/obj/runtime/*.d $(OUT)/obj/runtime/*/*.d $(OUT)/obj/runtime/*/*/*.d \
	$(OUT)/obj/runtime/*/sim/gen/*.d)
