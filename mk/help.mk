# SPDX-License-Identifier: MIT
# make help: every target a user runs (included by the Makefile), and the
# test of the command line's rough edges.
.PHONY: help
help:
	@echo 'Targets (variables: MANUALS=DIR PUBLISHED=DIR CHIP=c CHIPS=all|"a b" PREFIX=DIR DESTDIR=DIR CC=cc CFLAGS=... V=1):'
	@echo '  all (default)    IR, headers, libnvrt, refgen, nvrt, nvrt-submit for the chips of manuals/chips.txt'
	@echo '  ir               the IR of each chip (out/ir/CHIP/*.xml)'
	@echo '  headers          the generated headers (out/include)'
	@echo '  runtime          libnvrt.a, nvrt and nvrt-submit'
	@echo '  html             the HTML register reference of the chips (out/html/index.html)'
	@echo '  rust             Rust: register! modules and a no_std crate per chip (out/rust, doc/rust.md)'
	@echo '  check-rust-all   the Rust outputs of every chip (CHIPS=all), built with cargo'
	@echo '  test             the whole test suite (make test CI=true: the QEMU test must run)'
	@echo '  test-vfio        only the VFIO backend test in a QEMU guest'
	@echo '  check-sanitize   the test suite built by clang with ASan and UBSan (the full failure sweep)'
	@echo '  check-valgrind   refgen over every manual and nvrt-submit under valgrind memcheck'
	@echo '  check-layers     which file uses which: no circle, the order of mk/layers.txt'
	@echo '  check-published  parse every header of NVIDIA'"'"'s published tree (PUBLISHED): 0 errors'
	@echo '  check-classes  parse every class header (CLASSES): 0 errors, NV-style values equal NVIDIA'"'"'s'
	@echo '  check-spaces     every unit of every chip (CHIPS=all) has its address space declared'
	@echo '  check-failpoints the failure sweep alone: each tool with each call failing in turn'
	@echo '  fuzz             each libFuzzer target for FUZZ_SECONDS (default 30)'
	@echo '  fuzz-build       build the fuzz targets only'
	@echo '  fuzz-seeds       regenerate test/fuzz/seeds'
	@echo '  bench            benchmarks: parsing, headers, lookup batch, simulator submit'
	@echo '  bench-smoke      every benchmark once, small (CI: a broken benchmark fails)'
	@echo '  install          install into DESTDIR+PREFIX (default /usr/local): tools, headers, libnvrt,'
	@echo '                   IR, pkg-config files, man pages, bash completion'
	@echo '  uninstall        remove what install wrote'
	@echo '  clean            remove out/ (keeps the downloaded kernel and fuzz corpora)'
	@echo '  check-manuals    check that MANUALS and the chip selection are usable'
	@echo '  help             this list'

# make test: --version, man page synopses, this list, the QEMU test offline.
QUALITY_TESTS += test/cli/edges.sh
