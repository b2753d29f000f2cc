# SPDX-License-Identifier: MIT
# refgen + nvrt.  Everything built or generated goes under out/.
#
#   make                 IR and headers for the default chips
#   make CHIP=gv100      one chip
#   make CHIPS=all       every chip under $(MANUALS) or $(PUBLISHED)
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
#   make PUBLISHED=/path/to/swref/published ...   (PUBLISHED= for none)
#   make V=1 ...         every command in full (default: one line a step)
#
# The parts are in mk/*.mk, one per part of the build: common.mk,
# generator.mk (refgen), headers.mk (IR and headers per chip), html.mk,
# runtime.mk (nvrt), tests.mk, fuzz.mk, bench.mk, install.mk, help.mk.

# Every CPU unless a -j is given (make -j1 for one job at a time).
ifeq ($(filter -j%,$(MAKEFLAGS)),)
MAKEFLAGS += -j$(shell nproc 2>/dev/null || echo 1)
endif

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
# NVIDIA's published reference headers (open-gpu-kernel-modules'
# src/common/inc/swref/published, MIT): <arch>/<chip>/<unit>.h, read from
# there, never copied.  They fill the manuals' gaps and give the chips no
# manual describes (Maxwell to Blackwell); PUBLISHED= (empty) builds from the
# manuals alone.
# (Worked out once, as ?= would not: every $(PUBLISHED) would glob the tree.)
ifeq ($(origin PUBLISHED),undefined)
PUBLISHED := $(if $(wildcard ../shared/published/*/*/*.h),../shared/published)
endif
# A PUBLISHED naming no tree (a relative path from another directory) adds nothing.
PUBLISHED_FOUND := $(if $(PUBLISHED),$(if $(wildcard $(PUBLISHED)/*/*/*.h),yes))
# Not GPUs: display classes and NVSwitch are no chip of the build.
PUBLISHED_NOT_CHIPS := disp/% nvswitch/%
published_chips = $(if $(PUBLISHED_FOUND),$(filter-out $(PUBLISHED_NOT_CHIPS),$(patsubst $(PUBLISHED)/%/,%,$(dir $(wildcard $(PUBLISHED)/*/*/*.h)))))
# $(call memo,FN,ARG): $(call FN_scan,ARG), worked out once per ARG and
# kept (MEMO_FN_ARG).  The rules (mk/headers.mk, mk/runtime.mk) ask the same
# of a chip for each of its units and objects; a $(wildcard) sorts its
# directory and a $(shell) starts a process every time.
memo = $(if $(filter undefined,$(origin MEMO_$(1)_$(2))),$(eval MEMO_$(1)_$(2) := $$(call $(1)_scan,$(2))))$(MEMO_$(1)_$(2))
# A chip is named <arch>/<chip> or <chip>, found under $(MANUALS), else
# under $(PUBLISHED).
chip_dir_in = $(patsubst $(2)/%,%,$(wildcard $(if $(findstring /,$(1)),$(2)/$(1),$(2)/*/$(1))))
chip_dir = $(firstword $(call chip_dir_in,$(1),$(MANUALS)) $(if $(PUBLISHED_FOUND),$(filter-out $(PUBLISHED_NOT_CHIPS),$(call chip_dir_in,$(1),$(PUBLISHED)))))
# Every chip (CHIPS=all): each <arch>/<chip> of the manuals or the published headers.
ALL_CHIP_ARGS := $(sort $(patsubst $(MANUALS)/%/,%,$(dir $(wildcard $(MANUALS)/*/*/*.ref.txt))) $(published_chips))
ifneq ($(CHIP),)
CHIP_ARGS := $(CHIP)
else ifeq ($(CHIPS),all)
CHIP_ARGS := $(ALL_CHIP_ARGS)
else ifneq ($(CHIPS),)
CHIP_ARGS := $(CHIPS)
else
CHIP_ARGS = $(DEFAULT_CHIP_ARGS)
endif
# manuals/chips.txt: a chip marked "published" only when $(PUBLISHED) is given.
DEFAULT_CHIP_ARGS := $(shell sed -e 's/\#.*//' -e '/^[[:space:]]*$$/d' $(if $(PUBLISHED_FOUND),-e 's/[[:space:]]*published[[:space:]]*$$//',-e '/[[:space:]]published[[:space:]]*$$/d') manuals/chips.txt)
CHIP_DIRS := $(sort $(foreach c,$(CHIP_ARGS),$(call chip_dir,$(c))))
CHIP_MISSING := $(strip $(foreach c,$(CHIP_ARGS),$(if $(call chip_dir,$(c)),,$(c))))
chip_name = $(notdir $(1))

# NVIDIA's class headers (open-gpu-kernel-modules' src/common/sdk/nvidia/inc/class,
# MIT): read from there; manuals/<chip>/classes.txt says which a chip runs.
CLASSES ?= ../shared/classes

# The project's addenda (manuals/<chip>/<unit>.ref) and the list of known
# warnings of the public manuals: shown as one line per chip, unless V=1.
ADDENDA ?= manuals
KNOWN_WARNINGS ?= manuals/known-warnings.txt
# Where each unit's and device's offsets live (BAR0, a window in it, ...).
SPACES ?= manuals/address-spaces.txt
# Quiet by default: a step is one line ("  CC      gen/parse/ref_parse.c",
# "  GEN     gv100 headers"); V=1 prints every command in full.  What the
# commands print (warnings, errors) shows in full either way.
# $(call quiet,WHAT,OBJECT) starts a recipe line.
Q := $(if $(V),,@)
quiet = $(if $(V),,@printf '  %-7s %s\n' '$(1)' '$(2)';)

.PRECIOUS: %/
.PHONY: FORCE all ir headers html runtime test check-sanitize bench clean check-manuals
all: headers runtime

%/:
	$(Q)mkdir -p $@

FORCE:

include mk/common.mk mk/generator.mk mk/headers.mk mk/html.mk mk/runtime.mk \
	mk/tests.mk mk/rust.mk mk/fuzz.mk mk/bench.mk mk/install.mk mk/help.mk

clean:
	rm -rf $(OUT)/bin $(OUT)/lib $(OUT)/obj $(OUT)/ir $(OUT)/include $(OUT)/rust $(OUT)/share $(OUT)/test $(OUT)/bench $(OUT)/tmp $(OUT)/san \
		$(FUZZ_DIR)/obj $(FUZZ_DIR)/lib $(FUZZ_DIR)/logs $(FUZZ_BINS) $(OUT)/valgrind

-include $(wildcard $(OUT)/obj/common/*.d $(OUT)/obj/gen/*/*.d $(OUT)/obj/gen/*/*/*.d $(OUT)/obj/tools/*.d $(OUT)/obj/demo/*.d $(OUT)/test/*.d $(OUT)/obj/runtime/*.d $(OUT)/obj/runtime/*/*.d $(OUT)/obj/runtime/*/*/*.d \
	$(OUT)/obj/runtime/*/sim/*/*.d)
