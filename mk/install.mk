# SPDX-License-Identifier: MIT
# make install / make uninstall (included by the Makefile).
#
#   make install [PREFIX=/usr/local] [DESTDIR=/tmp/stage]
#
# GNU/Debian layout under PREFIX (prefix is accepted too):
#   bin/refgen, bin/nvrt, bin/nvrt-submit
#   include/refgen-regs/<chip>/<unit>.h, <chip>/nv/, <chip>/fields/, <chip>/make/, refgen/
#                                     the generated headers of every chip built
#   include/nvrt/*.h, lib/libnvrt.a   the runtime
#   lib/pkgconfig/<chip>-regs.pc, nvrt.pc
#   share/refgen/ir/<chip>/*.xml      the IR, for refgen lookup/diff
#   share/refgen/rust/<chip>/rust/, rust-crate/  the Rust outputs (doc/rust.md)
#   share/refgen/ir/<chip>/.lookup-index  lookup's unit map of that IR (written by lookup)
#   share/refgen/*.txt                the project's declarations refgen reads by
#                                     default (alternative views, known warnings)
#   share/man/man1/{refgen,nvrt,nvrt-submit}.1, share/man/man7/refgen-headers.7
#   share/bash-completion/completions/{refgen,nvrt,nvrt-submit}
#   share/doc/refgen/LICENSE
# DESTDIR is prepended to every path written and never recorded in a file.
prefix ?= /usr/local
PREFIX ?= $(prefix)
exec_prefix ?= $(PREFIX)
bindir ?= $(exec_prefix)/bin
libdir ?= $(exec_prefix)/lib
includedir ?= $(PREFIX)/include
datarootdir ?= $(PREFIX)/share
datadir ?= $(datarootdir)
mandir ?= $(datarootdir)/man
pkgconfigdir ?= $(libdir)/pkgconfig
bashcompdir ?= $(datarootdir)/bash-completion/completions
docdir ?= $(datarootdir)/doc/refgen
INSTALL ?= install
INSTALL_PROGRAM ?= $(INSTALL) -m 755
INSTALL_DATA ?= $(INSTALL) -m 644
# The project's version: the one the runtime's header states.
VERSION := $(shell sed -n 's/^\#define NVRT_VERSION "\(.*\)"/\1/p' runtime/include/nvrt/version.h)

INSTALL_CHIPS := $(HDR_CHIPS)
INSTALL_MANS := dist/man/refgen.1 dist/man/nvrt.1 dist/man/nvrt-submit.1 dist/man/refgen-headers.7
INSTALL_TOOLS := refgen nvrt nvrt-submit
INSTALL_REGS := $(includedir)/refgen-regs

.PHONY: install uninstall
install: headers runtime rust $(REFGEN)
	$(INSTALL) -d $(DESTDIR)$(bindir) $(DESTDIR)$(libdir) $(DESTDIR)$(includedir)/nvrt $(DESTDIR)$(pkgconfigdir) \
		$(DESTDIR)$(mandir)/man1 $(DESTDIR)$(mandir)/man7 $(DESTDIR)$(bashcompdir) $(DESTDIR)$(INSTALL_REGS)/refgen \
		$(DESTDIR)$(docdir) $(DESTDIR)$(datadir)/refgen
	$(INSTALL_DATA) LICENSE $(DESTDIR)$(docdir)
	$(INSTALL_DATA) $(REFGEN_DATA) $(DESTDIR)$(datadir)/refgen
	$(INSTALL_PROGRAM) $(REFGEN) $(NVRT) $(NVRT_SUBMIT) $(DESTDIR)$(bindir)
	$(INSTALL_DATA) $(LIBNVRT) $(DESTDIR)$(libdir)
	$(INSTALL_DATA) runtime/include/nvrt/*.h $(DESTDIR)$(includedir)/nvrt
	$(INSTALL_DATA) $(OUT)/include/refgen/*.h $(DESTDIR)$(INSTALL_REGS)/refgen
	set -e; for c in $(INSTALL_CHIPS); do \
		for d in "" /nv /fields /make; do \
			$(INSTALL) -d $(DESTDIR)$(INSTALL_REGS)/$$c$$d; \
			$(INSTALL_DATA) $(OUT)/include/$$c$$d/*.h $(DESTDIR)$(INSTALL_REGS)/$$c$$d; \
		done; \
		for d in rust rust-crate rust-crate/src; do \
			$(INSTALL) -d $(DESTDIR)$(datadir)/refgen/rust/$$c/$$d; \
			$(INSTALL_DATA) $$(ls -d $(RUST_OUT)/$$c/$$d/* | grep -v '/src$$') $(DESTDIR)$(datadir)/refgen/rust/$$c/$$d; \
		done; \
		$(INSTALL) -d $(DESTDIR)$(datadir)/refgen/ir/$$c; \
		$(INSTALL_DATA) $(OUT)/ir/$$c/*.xml $(DESTDIR)$(datadir)/refgen/ir/$$c; \
		$(REFGEN) lookup --chip $$c --ir $(DESTDIR)$(datadir)/refgen/ir --batch </dev/null >/dev/null; \
		sed -e 's|@prefix@|$(PREFIX)|g' -e 's|@includedir@|$(includedir)|g' -e 's|@datadir@|$(datadir)|g' \
			-e "s|@chip@|$$c|g" -e "s|@CHIP@|$$(echo $$c | tr a-z A-Z)|g" -e 's|@version@|$(VERSION)|g' \
			dist/pkgconfig/chip-regs.pc.in > $(DESTDIR)$(pkgconfigdir)/$$c-regs.pc; \
	done
	sed -e 's|@prefix@|$(PREFIX)|g' -e 's|@libdir@|$(libdir)|g' -e 's|@includedir@|$(includedir)|g' \
		-e 's|@version@|$(VERSION)|g' dist/pkgconfig/nvrt.pc.in > $(DESTDIR)$(pkgconfigdir)/nvrt.pc
	$(INSTALL_DATA) $(filter %.1,$(INSTALL_MANS)) $(DESTDIR)$(mandir)/man1
	$(INSTALL_DATA) $(filter %.7,$(INSTALL_MANS)) $(DESTDIR)$(mandir)/man7
	for t in $(INSTALL_TOOLS); do $(INSTALL_DATA) dist/bash-completion/refgen $(DESTDIR)$(bashcompdir)/$$t; done

# Removes what install wrote (the headers and IR of every chip), and the
# project's own directories; shared ones (bin/, man1/) stay.
uninstall:
	rm -f $(addprefix $(DESTDIR)$(bindir)/,$(INSTALL_TOOLS)) $(DESTDIR)$(libdir)/libnvrt.a \
		$(DESTDIR)$(pkgconfigdir)/nvrt.pc $(patsubst %,$(DESTDIR)$(pkgconfigdir)/%-regs.pc,$(INSTALL_CHIPS)) \
		$(addprefix $(DESTDIR)$(mandir)/man1/,$(notdir $(filter %.1,$(INSTALL_MANS)))) \
		$(addprefix $(DESTDIR)$(mandir)/man7/,$(notdir $(filter %.7,$(INSTALL_MANS)))) \
		$(addprefix $(DESTDIR)$(bashcompdir)/,$(INSTALL_TOOLS)) $(DESTDIR)$(docdir)/LICENSE \
		$(addprefix $(DESTDIR)$(includedir)/nvrt/,$(notdir $(wildcard runtime/include/nvrt/*.h))) \
		$(addprefix $(DESTDIR)$(datadir)/refgen/,$(REFGEN_DECLS))
	rm -rf $(DESTDIR)$(INSTALL_REGS) $(patsubst %,$(DESTDIR)$(datadir)/refgen/ir/%,$(INSTALL_CHIPS)) \
		$(patsubst %,$(DESTDIR)$(datadir)/refgen/rust/%,$(INSTALL_CHIPS))
	-rmdir $(DESTDIR)$(includedir)/nvrt $(DESTDIR)$(datadir)/refgen/ir $(DESTDIR)$(datadir)/refgen/rust $(DESTDIR)$(datadir)/refgen \
		$(DESTDIR)$(docdir) 2>/dev/null

# refgen --version states the same version.
$(OUT)/obj/gen/cli/main.o: ALL_CFLAGS += -DREFGEN_VERSION='"$(VERSION)"'
$(OUT)/obj/gen/cli/main.o: runtime/include/nvrt/version.h

# make test: install into a scratch DESTDIR and build against it
# (test/install/run.sh).  Not in sanitizer builds: the out-of-tree program
# links the installed libnvrt.a without the sanitizer runtime.
ifeq ($(findstring -fsanitize,$(CFLAGS)),)
QUALITY_TESTS += test/install/run.sh
export INSTALL_TEST_DIR := $(abspath $(OUT)/tmp/install-test)
export INSTALL_TEST_OUT := $(OUT)
endif
