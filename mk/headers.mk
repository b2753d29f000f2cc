# SPDX-License-Identifier: MIT
# IR and headers per chip: refgen parse of each unit, refgen emit of each chip (included by the Makefile).

# ---- IR per chip -------------------------------------------------------------
check-manuals:
	@test -d "$(MANUALS)" || { echo "error: manuals root '$(MANUALS)' not found; pass MANUALS=/path/to/open-gpu-doc/manuals" >&2; exit 1; }
	@test -z "$(CHIP_MISSING)" || { echo "error: no chip '$(CHIP_MISSING)' under '$(MANUALS)' (name it <chip> or <arch>/<chip>)" >&2; exit 1; }
	@test -n "$(strip $(CHIP_DIRS))" || { echo "error: no chip selected under '$(MANUALS)' (CHIP=$(CHIP) CHIPS=$(CHIPS))" >&2; exit 1; }

# $(ADDENDA)/<chip>/<unit>.ref: the project's addendum to a unit (facts the
# public manual lacks); one whose unit the manuals root lacks is a unit of its own.
chip_manuals_scan = $(wildcard $(MANUALS)/$(1)/*.ref.txt)
chip_manuals = $(call memo,chip_manuals,$(1))
chip_addenda_scan = $(wildcard $(ADDENDA)/$(call chip_name,$(1))/*.ref)
chip_addenda = $(call memo,chip_addenda,$(1))
chip_standalone_scan = $(filter-out $(patsubst %.ref.txt,$(ADDENDA)/$(call chip_name,$(1))/%.ref,$(notdir $(call chip_manuals,$(1)))),$(call chip_addenda,$(1)))
chip_standalone = $(call memo,chip_standalone,$(1))
unit_of = $(firstword $(subst ., ,$(notdir $(1))))
# $(PUBLISHED)/<arch>/<chip>/<unit>.h: NVIDIA's published headers.  The
# manual's unit (or the project's) reads <unit>.h and <unit>_addendum.h to
# fill its gaps (refgen parse --published); a header no manual has is a unit
# of its own, <unit>_addendum.h joining <unit>.h.  A header whose registers a
# manual unit of another name describes is declared in
# $(PUBLISHED_UNITS) ("<chip> <header>.h <unit>|-": it fills that unit's
# gaps, or is not read).  $(1) = arch/chip
PUBLISHED_UNITS ?= manuals/published-units.txt
PUBLISHED_UNITS_MAP := $(if $(PUBLISHED_FOUND),$(shell sed -e 's/\#.*//' $(PUBLISHED_UNITS) 2>/dev/null | awk 'NF == 3 { print $$1 ":" $$2 "=" $$3 }'))
pub_map = $(patsubst $(1):%,%,$(filter $(1):%,$(PUBLISHED_UNITS_MAP)))
pub_mapped = $(foreach p,$(call pub_map,$(1)),$(word 1,$(subst =, ,$(p))))
pub_to_unit = $(foreach p,$(call pub_map,$(1)),$(if $(filter $(2),$(word 2,$(subst =, ,$(p)))),$(word 1,$(subst =, ,$(p)))))
chip_published_dir_scan = $(if $(PUBLISHED_FOUND),$(if $(wildcard $(PUBLISHED)/$(1)/*.h),$(PUBLISHED)/$(1)))
chip_published_dir = $(call memo,chip_published_dir,$(1))
chip_published_h_scan = $(if $(call chip_published_dir,$(1)),$(filter-out $(addprefix $(PUBLISHED)/$(1)/,$(call pub_mapped,$(call chip_name,$(1)))),$(wildcard $(PUBLISHED)/$(1)/*.h)))
chip_published_h = $(call memo,chip_published_h,$(1))
chip_ref_units_scan = $(foreach f,$(call chip_manuals,$(1)) $(call chip_standalone,$(1)),$(call unit_of,$(f)))
chip_ref_units = $(call memo,chip_ref_units,$(1))
chip_published_names = $(basename $(notdir $(call chip_published_h,$(1))))
chip_published_bases = $(filter-out $(addsuffix _addendum,$(filter-out %_addendum,$(call chip_published_names,$(1))) $(call chip_ref_units,$(1))),$(call chip_published_names,$(1)))
chip_published_units_scan = $(filter-out $(call chip_ref_units,$(1)),$(call chip_published_bases,$(1)))
chip_published_units = $(call memo,chip_published_units,$(1))
chip_published_input = $(PUBLISHED)/$(1)/$(2).h
chip_hwproject_scan = $(if $(call chip_published_dir,$(1)),$(wildcard $(PUBLISHED)/$(1)/hwproject.h))
chip_hwproject = $(call memo,chip_hwproject,$(1))
# The published headers unit $(3) (input $(2)) of chip $(1) reads after its input.
unit_published = $(if $(call chip_published_dir,$(1)),$(filter-out $(2),$(filter $(call chip_published_h,$(1)),$(wildcard $(PUBLISHED)/$(1)/$(3).h $(PUBLISHED)/$(1)/$(3)_addendum.h))) $(addprefix $(PUBLISHED)/$(1)/,$(filter-out -,$(call pub_to_unit,$(call chip_name,$(1)),$(3)))))

# One IR document per unit, parsed on its own: touching a manual re-parses
# that unit only.  $(OUT)/ir/<chip>/.src/<unit> records the unit's inputs
# (mk/sources.sh, run below while make reads this file), so switching
# MANUALS or PUBLISHED or adding/removing an addendum rebuilds exactly what
# changed; an unchanged IR file is not rewritten, so the headers are only
# regenerated when some IR changed (the empty recipe makes make look again).
# One shell a unit, no rm or touch process: the unit's list of known
# warnings starts empty (": >"), and so is its stamp made (316 units with
# CHIPS=all: the processes cost more than the small parses).
# $(1) = chip, $(2) = unit, $(3) = input file, $(4) = the published headers filling its gaps,
# $(5) = the chip's published hwproject.h (base addresses a window may start at)
define unit_ir_rule
$(OUT)/ir/$(1)/.src/$(2).stamp: $(OUT)/ir/$(1)/.src/$(2) $(3) $(4) $(5) $(wildcard $(ADDENDA)/$(1)/$(2).ref $(KNOWN_WARNINGS) $(SPACES)) $(REFGEN) | check-manuals
	$$(call quiet,PARSE,$(1)/$(2)): >$(OUT)/ir/$(1)/.src/$(2).known && $(REFGEN) parse --chip $(1) $(if $(wildcard $(KNOWN_WARNINGS)),--known $(KNOWN_WARNINGS) --known-log $(OUT)/ir/$(1)/.src/$(2).known) $(if $(wildcard $(SPACES)),--spaces $(SPACES) $(if $(5),--space-bases $(5))) -a $(ADDENDA)/$(1) $(foreach f,$(4),--published $(f)) -o $(OUT)/ir/$(1)/$(2).xml $(3) && : >$$@
$(OUT)/ir/$(1)/$(2).xml: $(OUT)/ir/$(1)/.src/$(2).stamp ;
endef

# NVIDIA's class headers ($(CLASSES)/cl<id>.h): a chip's classes are
# listed in $(ADDENDA)/<chip>/classes.txt ("<role> <header> <source>" a line),
# each a class unit of the chip's IR and headers (refgen parse reads a
# cl<id>.h as a class).  $(1) = chip, $(2) = unit (clc3b5)
CLASSES_FOUND := $(if $(wildcard $(CLASSES)/cl*.h),yes)
chip_classes_scan = $(if $(CLASSES_FOUND),$(shell sed -e 's/\#.*//' $(ADDENDA)/$(1)/classes.txt 2>/dev/null | awk 'NF >= 2 { sub(/\.h$$/, "", $$2); print $$2 }'))
chip_classes = $(call memo,chip_classes,$(1))
define class_ir_rule
$(OUT)/ir/$(1)/.src/$(2).stamp: $(CLASSES)/$(2).h $(ADDENDA)/$(1)/classes.txt $(wildcard $(KNOWN_WARNINGS) $(SPACES)) $(REFGEN) | check-manuals
	$$(call quiet,PARSE,$(1)/$(2)): >$(OUT)/ir/$(1)/.src/$(2).known && $(REFGEN) parse --chip $(1) $(if $(wildcard $(KNOWN_WARNINGS)),--known $(KNOWN_WARNINGS) --known-log $(OUT)/ir/$(1)/.src/$(2).known) $(if $(wildcard $(SPACES)),--spaces $(SPACES)) -o $(OUT)/ir/$(1)/$(2).xml $(CLASSES)/$(2).h && : >$$@
$(OUT)/ir/$(1)/$(2).xml: $(OUT)/ir/$(1)/.src/$(2).stamp ;
endef

# The chip's IR is its units' (others are pruned), then its headers; a line
# counts the known warnings not shown.  $(1) = arch/chip, $(2) = chip
define chip_ir_rule
IR_PUBLISHED_UNITS_$(2) := $(call chip_published_units,$(1))
IR_UNITS_$(2) := $(sort $(call chip_ref_units,$(1)) $$(IR_PUBLISHED_UNITS_$(2)) $(call chip_classes,$(2)))
IR_FILES_$(2) := $$(patsubst %,$(OUT)/ir/$(2)/%.xml,$$(IR_UNITS_$(2)))
$(foreach f,$(call chip_manuals,$(1)) $(call chip_standalone,$(1)),$(eval $(call unit_ir_rule,$(2),$(call unit_of,$(f)),$(f),$(call unit_published,$(1),$(f),$(call unit_of,$(f))),$(call chip_hwproject,$(1)))))
$(foreach u,$(call chip_classes,$(2)),$(eval $(call class_ir_rule,$(2),$(u))))
$(foreach u,$(call chip_published_units,$(1)),$(eval $(call unit_ir_rule,$(2),$(u),$(call chip_published_input,$(1),$(u)),$(call unit_published,$(1),$(call chip_published_input,$(1),$(u)),$(u)),$(call chip_hwproject,$(1)))))
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
	$$(call quiet,GEN,$(2) headers)$(REFGEN) emit --chip $(2) --views manuals/alternative-views.txt -o $(OUT)/include $$(IR_FILES_$(2))
	$(Q)sh mk/prune.sh $(OUT)/include/$(2) $(OUT)/ir/$(2)/.src/.header-units $$(IR_UNITS_$(2))
	@touch $$@
# Headers are made by the chip's emit; objects depend on the headers they
# include (-MMD), and emit leaves unchanged headers untouched.
$(OUT)/include/$(2)/%.h: $(OUT)/include/$(2)/.stamp ;
# The records mk/sources.sh writes (again, after a `make clean` in this run).
$(OUT)/ir/$(2)/.src/%:
	$(Q)sh mk/sources.sh $(OUT) $(MANUALS) $(ADDENDA) $(or $(PUBLISHED),-) $(PUBLISHED_UNITS) $(1)
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
SOURCES_ERR := $(shell sh mk/sources.sh $(OUT) $(MANUALS) $(ADDENDA) $(or $(PUBLISHED),-) $(PUBLISHED_UNITS) $(RULE_CHIP_DIRS) 2>&1)
$(if $(SOURCES_ERR),$(error mk/sources.sh: $(SOURCES_ERR)))
endif

SELECTED_IR_STAMPS := $(foreach c,$(CHIP_DIRS),$(OUT)/ir/$(call chip_name,$(c))/.stamp $(OUT)/ir/$(call chip_name,$(c))/.src/.known)
SELECTED_HEADER_STAMPS := $(foreach c,$(CHIP_DIRS),$(OUT)/include/$(call chip_name,$(c))/.stamp)
ir: check-manuals $(SELECTED_IR_STAMPS)
headers: ir $(SELECTED_HEADER_STAMPS)
