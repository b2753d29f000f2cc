# SPDX-License-Identifier: MIT
# refgen: gen/ built into librefgen.a and the refgen command (included by the Makefile).

# ---- refgen ------------------------------------------------------------------
GEN_SRCS := $(wildcard gen/*/*.c gen/*/*/*.c)
GEN_LIB_OBJS := $(patsubst gen/%.c,$(OUT)/obj/gen/%.o,$(filter-out gen/cli/main.c,$(GEN_SRCS))) \
	$(OUT)/obj/gen/ir_schema_data.o $(OUT)/obj/gen/html_data.o
REFGEN := $(OUT)/bin/refgen
LIBREFGEN := $(OUT)/lib/librefgen.a


$(OUT)/obj/gen/%.o: gen/%.c
	@mkdir -p $(@D)
	$(call quiet,CC,$<)$(CC) $(ALL_CFLAGS) -c -o $@ $<

# The schema is built into refgen so the binary needs no data files.
$(OUT)/obj/gen/ir_schema_data.c: gen/schema/ir.rng | $(OUT)/obj/gen/
	$(call quiet,GEN,$@){ echo '/* Generated from gen/schema/ir.rng. */'; \
	  echo 'const unsigned char ir_schema_rng[] = {'; \
	  od -An -v -tx1 $< | sed -e 's/\([0-9a-f][0-9a-f]\)/0x\1,/g'; \
	  echo '0x00 };'; \
	  echo "const unsigned int ir_schema_rng_len = $$(wc -c < $<);"; } > $@.tmp && mv $@.tmp $@

$(OUT)/obj/gen/ir_schema_data.o: $(OUT)/obj/gen/ir_schema_data.c
	$(call quiet,CC,$<)$(CC) $(WARN) $(CFLAGS) -c -o $@ $<

# The HTML reference's stylesheet and script, built in the same way.
$(OUT)/obj/gen/html_data.c: gen/emit/html/refgen.css gen/emit/html/refgen.js | $(OUT)/obj/gen/
	$(call quiet,GEN,$@){ echo '/* Generated from gen/emit/html/refgen.css and refgen.js. */'; \
	  for f in css:gen/emit/html/refgen.css js:gen/emit/html/refgen.js; do \
	    echo "const char emit_html_$${f%%:*}[] = {"; \
	    od -An -v -tx1 $${f#*:} | sed -e 's/\([0-9a-f][0-9a-f]\)/0x\1,/g'; \
	    echo '0x00 };'; \
	  done; } > $@.tmp && mv $@.tmp $@

$(OUT)/obj/gen/html_data.o: $(OUT)/obj/gen/html_data.c
	$(call quiet,CC,$<)$(CC) $(WARN) $(CFLAGS) -c -o $@ $<

$(LIBREFGEN): $(GEN_LIB_OBJS) $(COMMON_OBJS) | $(OUT)/lib/
	$(call quiet,AR,$@)rm -f $@ && ar rcs $@ $^

# The project's declarations, which refgen reads by default (parse's known
# warnings, emit's alternative views): found beside the program as
# <bindir>/../share/refgen/NAME (gen/base/data_file.h), so the build tree
# has them in $(OUT)/share/refgen as an installed tree in PREFIX/share/refgen.
# Order-only below: an edit of one is copied and relinks nothing.
REFGEN_DECLS := alternative-views.txt known-warnings.txt address-spaces.txt
REFGEN_DATA := $(addprefix $(OUT)/share/refgen/,$(REFGEN_DECLS))
$(OUT)/share/refgen/%.txt: manuals/%.txt | $(OUT)/share/refgen/
	$(call quiet,CP,$@)cp $< $@.tmp && mv $@.tmp $@

$(REFGEN): $(OUT)/obj/gen/cli/main.o $(LIBREFGEN) | $(OUT)/bin/ $(REFGEN_DATA)
	$(call quiet,LD,$@)$(CC) $(CFLAGS) -o $@ $^ $(GEN_LIBS)
