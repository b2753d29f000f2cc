# SPDX-License-Identifier: MIT
# common/: the helpers refgen and nvrt share, built once (included by the Makefile).

# ---- common: helpers refgen and nvrt share ------------------------------------
# common/*.c is built once and archived into both librefgen.a and libnvrt.a
# (so the installed libnvrt.a needs nothing else).
COMMON_SRCS := $(wildcard common/*.c)
COMMON_OBJS := $(patsubst common/%.c,$(OUT)/obj/common/%.o,$(COMMON_SRCS))
COMMON_CFLAGS = $(WARN) -D_GNU_SOURCE $(CFLAGS) -Icommon -MMD -MP

$(OUT)/obj/common/%.o: common/%.c | $(OUT)/obj/common/
	$(call quiet,CC,$<)$(CC) $(COMMON_CFLAGS) -c -o $@ $<
# libnvrt.a takes only the helpers that return their errors: mem.c (and
# strbuf.c, arena.c on it) stop the program when memory runs out, which a
# tool may do and a library linked into other programs may not.
COMMON_RT_OBJS := $(filter-out $(patsubst %,$(OUT)/obj/common/%.o,mem strbuf arena),$(COMMON_OBJS))
