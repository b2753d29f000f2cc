# SPDX-License-Identifier: MIT
# IR and headers per chip: refgen parse of each unit, refgen emit of each chip (included by the Makefile).

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
$(OUT)/ir/$(1)/.src/$(2).stamp: $(OUT)/ir/$(1)/.src/$(2) $(3) $(wildcard $(ADDENDA)/$(1)/$(2).ref $(KNOWN_WARNINGS) $(SPACES)) $(REFGEN) | check-manuals
	$(Q)rm -f $(OUT)/ir/$(1)/.src/$(2).known
	$$(call quiet,PARSE,$(1)/$(2))$(REFGEN) parse --chip $(1) $(if $(wildcard $(KNOWN_WARNINGS)),--known $(KNOWN_WARNINGS) --known-log $(OUT)/ir/$(1)/.src/$(2).known) $(if $(wildcard $(SPACES)),--spaces $(SPACES)) -a $(ADDENDA)/$(1) -o $(OUT)/ir/$(1)/$(2).xml $(3)
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
	$$(call quiet,GEN,$(2) headers)$(REFGEN) emit --chip $(2) --views manuals/alternative-views.txt -o $(OUT)/include $$(IR_FILES_$(2))
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
