# refgen + nvrt.  Everything built or generated goes under out/.
#
#   make                 IR and headers for the default chips
#   make CHIP=gv100      one chip
#   make CHIPS=all       every chip under $(MANUALS)
#   make test            the whole test suite (cmocka)
#   make bench           benchmarks (figures, not pass/fail): parsing, header
#                        compile time and size, accessor code vs hand-written
#   make MANUALS=/path/to/open-gpu-doc/manuals ...

MANUALS ?= ../shared/manuals
OUT     := out
CC      ?= cc
CFLAGS  ?= -O2 -g
WARN    := -std=gnu11 -Wall -Wextra -Werror
PKG_CONFIG ?= pkg-config

GEN_PKGS  := libpcre2-8 libxml-2.0
GEN_CFLAGS := $(shell $(PKG_CONFIG) --cflags $(GEN_PKGS) 2>/dev/null)
GEN_LIBS   := $(shell $(PKG_CONFIG) --libs $(GEN_PKGS) 2>/dev/null)
CMOCKA_CFLAGS := $(shell $(PKG_CONFIG) --cflags cmocka 2>/dev/null)
CMOCKA_LIBS   := $(shell $(PKG_CONFIG) --libs cmocka 2>/dev/null)

ALL_CFLAGS = $(WARN) -D_GNU_SOURCE $(CFLAGS) $(GEN_CFLAGS) -Igen/src -MMD -MP

# ---- chips -----------------------------------------------------------------
ifneq ($(CHIP),)
CHIP_DIRS := $(patsubst $(MANUALS)/%,%,$(wildcard $(MANUALS)/*/$(CHIP)))
else ifeq ($(CHIPS),all)
CHIP_DIRS := $(sort $(patsubst $(MANUALS)/%/,%,$(dir $(wildcard $(MANUALS)/*/*/*.ref.txt))))
else ifneq ($(CHIPS),)
CHIP_DIRS := $(CHIPS)
else
CHIP_DIRS := $(shell sed -e 's/\#.*//' -e '/^[[:space:]]*$$/d' manuals/chips.txt)
endif
chip_name = $(notdir $(1))

# ---- refgen ------------------------------------------------------------------
GEN_SRCS := $(wildcard gen/src/*.c)
GEN_LIB_OBJS := $(patsubst gen/src/%.c,$(OUT)/obj/gen/%.o,$(filter-out gen/src/main.c,$(GEN_SRCS))) \
	$(OUT)/obj/gen/ir_schema_data.o
REFGEN := $(OUT)/bin/refgen
LIBREFGEN := $(OUT)/lib/librefgen.a

.PRECIOUS: %/
.PHONY: all ir headers test bench clean check-manuals
all: headers

$(OUT)/obj/gen/%.o: gen/src/%.c | $(OUT)/obj/gen/
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

$(LIBREFGEN): $(GEN_LIB_OBJS) | $(OUT)/lib/
	rm -f $@ && ar rcs $@ $^

$(REFGEN): $(OUT)/obj/gen/main.o $(LIBREFGEN) | $(OUT)/bin/
	$(CC) $(CFLAGS) -o $@ $^ $(GEN_LIBS)

%/:
	mkdir -p $@

# ---- IR per chip -------------------------------------------------------------
check-manuals:
	@test -d "$(MANUALS)" || { echo "error: manuals root '$(MANUALS)' not found; pass MANUALS=/path/to/open-gpu-doc/manuals" >&2; exit 1; }
	@test -n "$(strip $(CHIP_DIRS))" || { echo "error: no chip selected under '$(MANUALS)' (CHIP=$(CHIP) CHIPS=$(CHIPS))" >&2; exit 1; }

define chip_ir_rule
$(OUT)/ir/$(call chip_name,$(1))/.stamp: $(REFGEN) $(wildcard $(MANUALS)/$(1)/*.ref.txt) | check-manuals
	$(REFGEN) parse -d $(OUT)/ir/$(call chip_name,$(1)) $(MANUALS)/$(1)/*.ref.txt
	touch $$@
IR_STAMPS += $(OUT)/ir/$(call chip_name,$(1))/.stamp
endef
$(foreach c,$(CHIP_DIRS),$(eval $(call chip_ir_rule,$(c))))

ir: check-manuals $(IR_STAMPS)

# ---- headers per chip ----------------------------------------------------------
define chip_headers_rule
$(OUT)/include/$(call chip_name,$(1))/.stamp: $(OUT)/ir/$(call chip_name,$(1))/.stamp
	$(REFGEN) emit --chip $(call chip_name,$(1)) -o $(OUT)/include $(OUT)/ir/$(call chip_name,$(1))/*.xml
	touch $$@
HEADER_STAMPS += $(OUT)/include/$(call chip_name,$(1))/.stamp
endef
$(foreach c,$(CHIP_DIRS),$(eval $(call chip_headers_rule,$(c))))

headers: ir $(HEADER_STAMPS)

# ---- tests -------------------------------------------------------------------
TEST_SRCS := $(wildcard test/unit/test_*.c)
TEST_BINS := $(patsubst test/unit/%.c,$(OUT)/test/%,$(TEST_SRCS))
TEST_SUPPORT := $(wildcard test/unit/support/*.c)

$(OUT)/test/%: test/unit/%.c $(TEST_SUPPORT) $(LIBREFGEN) | $(OUT)/test/
	$(CC) $(ALL_CFLAGS) $(CMOCKA_CFLAGS) -Itest/unit -o $@ $< $(TEST_SUPPORT) $(LIBREFGEN) $(GEN_LIBS) $(CMOCKA_LIBS)

test: $(TEST_BINS) $(REFGEN) | check-manuals
	@REFGEN_MANUALS="$(MANUALS)" REFGEN_BIN="$(REFGEN)" REFGEN_FIXTURES=test/fixtures \
		sh test/run-tests.sh $(TEST_BINS)

# ---- benchmarks --------------------------------------------------------------
BENCH_SRCS := $(wildcard test/bench/bench_*.c)
BENCH_BINS := $(patsubst test/bench/%.c,$(OUT)/bench/%,$(BENCH_SRCS))

$(OUT)/bench/%: test/bench/%.c $(LIBREFGEN) | $(OUT)/bench/
	$(CC) $(ALL_CFLAGS) -o $@ $< $(LIBREFGEN) $(GEN_LIBS)

# bench_headers compiles test/bench/accessor_ops.c and TUs of generated headers
# at run time; BENCH_CHIPS tells it which chips' headers are current.
bench: headers $(BENCH_BINS) $(REFGEN) | check-manuals
	@MANUALS="$(MANUALS)" REFGEN="$(REFGEN)" BENCH_CHIPS="$(foreach c,$(CHIP_DIRS),$(call chip_name,$(c)))" \
		sh test/bench/run-bench.sh $(BENCH_BINS)

clean:
	rm -rf $(OUT)/bin $(OUT)/lib $(OUT)/obj $(OUT)/ir $(OUT)/include $(OUT)/test $(OUT)/bench $(OUT)/tmp

-include $(wildcard $(OUT)/obj/gen/*.d $(OUT)/test/*.d)
