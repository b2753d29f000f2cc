# SPDX-License-Identifier: MIT
# The HTML register reference of the selected chips (included by the Makefile).

# ---- HTML reference -------------------------------------------------------------
# One run for every chip, so each register links to the same one on the others.
CHIP_NAMES = $(foreach c,$(CHIP_DIRS),$(call chip_name,$(c)))
HTML_STAMP := $(OUT)/html/.stamp
$(HTML_STAMP): $(IR_STAMPS) $(REFGEN) manuals/alternative-views.txt
	$(call quiet,GEN,HTML reference: $(CHIP_NAMES))$(REFGEN) emit --format=html --views manuals/alternative-views.txt -o $(OUT)/html $(addprefix $(OUT)/ir/,$(CHIP_NAMES))
	$(Q)touch $@

html: ir $(HTML_STAMP)
