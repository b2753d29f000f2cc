# SPDX-License-Identifier: MIT
# The Rust outputs (doc/rust.md), included by the Makefile after mk/tests.mk:
#   make rust            out/rust/<chip>/rust/*.rs (the Linux kernel's register!
#                        grammar) and out/rust/<chip>/rust-crate/ (a no_std crate)
#                        for the chips of the build; a line counts the fields the
#                        grammar cannot hold (out/rust/left-out.txt lists them)
#   make check-rust-all  the same for every chip (CHIPS=all: Hopper, Ada and
#                        Blackwell's published headers too), each chip's crate
#                        built and its register! modules compiled (test/rust/run.sh)
# make test builds and checks the build's chips with cargo (test/rust/run.sh).
RUST_OUT := $(OUT)/rust
RUST_IR_STAMPS := $(foreach c,$(HDR_CHIPS),$(OUT)/ir/$(c)/.stamp)

.PHONY: rust check-rust-all
rust: $(RUST_OUT)/.stamp
$(RUST_OUT)/.stamp: $(RUST_IR_STAMPS) $(REFGEN) | $(RUST_OUT)/
	$(call quiet,GEN,rust $(HDR_CHIPS))$(REFGEN) emit --format=rust,rust-crate -o $(RUST_OUT) \
		$(addprefix $(OUT)/ir/,$(HDR_CHIPS)) 2>$(RUST_OUT)/left-out.txt || { cat $(RUST_OUT)/left-out.txt >&2; exit 1; }
	@n=$$(grep -c 'warning: .*\[-Wrust\]' $(RUST_OUT)/left-out.txt); [ "$$n" -eq 0 ] || \
		echo "rust: $$n field(s) the register! grammar cannot hold left out, each with a comment ($(RUST_OUT)/left-out.txt)"
	@touch $@

check-rust-all:
	$(MAKE) CHIPS=all rust
	REFGEN_BIN="$(REFGEN)" REFGEN_RUST="$(RUST_OUT)" REFGEN_INCLUDE="$(OUT)/include" REFGEN_RUST_DIR="$(OUT)/tmp/rust-all" \
		REFGEN_CHIPS="$$(cd $(RUST_OUT) && ls -d */ | tr -d / | tr '\n' ' ')" sh test/rust/run.sh
