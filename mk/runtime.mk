# SPDX-License-Identifier: MIT
# nvrt: libnvrt.a (chip-generic code, hw/ and sim/ once per runtime chip), nvrt, nvrt-submit (included by the Makefile).

# ---- nvrt runtime ----------------------------------------------------------------
# The folders of runtime/src are its parts (each one's README says what it
# owns and may use).  The chip-generic ones are compiled once (RT_SRC_DIRS);
# runtime/src/hw/*.c is compiled once per chip that has
# runtime/src/chips/<chip>.h, against that chip's generated headers.  So is
# the Host simulator, runtime/src/sim/*.c: one model per chip, plus
# runtime/src/sim/gen/<generation>.c of the NVRT_CHIP_GENERATION that
# runtime/src/chips/<chip>.h names; its chip-generic entry,
# runtime/src/sim/sim_model.c, is compiled once.  Headers of runtime/src are
# included by their folder ("device/device_poll.h").
RT_HEADER_STAMPS := $(foreach c,$(RT_CHIPS),$(OUT)/include/$(c)/.stamp)
RT_CFLAGS = $(WARN) -D_GNU_SOURCE $(CFLAGS) -Iruntime/include -Iruntime/src -Icommon -I$(OUT)/include -MMD -MP
# error/, dump/, backend/, layout/, pagetable/ (ver2 page tables), chip/,
# chips/*.c (the chip tables), device/, debug/, vfio/ (the VFIO backend).
RT_SRC_DIRS := runtime/src/error runtime/src/dump runtime/src/backend runtime/src/layout \
	runtime/src/pagetable runtime/src/chip runtime/src/chips runtime/src/device runtime/src/debug \
	runtime/src/vfio
RT_SIM_ENTRY := runtime/src/sim/sim_model.c
RT_SRCS := $(wildcard $(addsuffix /*.c,$(RT_SRC_DIRS))) $(RT_SIM_ENTRY)
# runtime/src/hw/<generation>/*.c and runtime/src/sim/gen/<generation>.c: what
# one generation does its own way, compiled for the chips whose
# runtime/src/chips/<chip>.h names it (#define NVRT_CHIP_GENERATION volta).
rt_gen_scan = $(shell sed -n 's/^\#define NVRT_CHIP_GENERATION \([a-z0-9]*\).*/\1/p' runtime/src/chips/$(1).h)
rt_gen = $(call memo,rt_gen,$(1))
# runtime/src/hw/<design>/*.c: a Host design several generations share
# (pfifo: Volta's and Turing's NV_PFIFO/NV_PCCSR), for the chips whose
# runtime/src/chips/<chip>.h names it (#define NVRT_CHIP_HOST_DESIGN pfifo).
rt_design_scan = $(shell sed -n 's/^\#define NVRT_CHIP_HOST_DESIGN \([a-z0-9]*\).*/\1/p' runtime/src/chips/$(1).h)
rt_design = $(call memo,rt_design,$(1))
rt_hw_srcs = $(wildcard runtime/src/hw/*.c runtime/src/hw/$(call rt_gen,$(1))/*.c \
	$(if $(call rt_design,$(1)),runtime/src/hw/$(call rt_design,$(1))/*.c))
# The simulator: for the chips with a model, runtime/src/sim/chips/<chip>.h,
# with runtime/src/sim/<design>/*.c of the Host design it names
# (#define SIM_HOST_DESIGN pfifo).
rt_sim_design_scan = $(shell sed -n 's/^\#define SIM_HOST_DESIGN \([a-z0-9]*\).*/\1/p' runtime/src/sim/chips/$(1).h 2>/dev/null)
rt_sim_design = $(call memo,rt_sim_design,$(1))
rt_sim_srcs = $(if $(wildcard runtime/src/sim/chips/$(1).h),$(filter-out $(RT_SIM_ENTRY),\
	$(wildcard runtime/src/sim/*.c runtime/src/sim/gen/$(call rt_gen,$(1)).c \
		runtime/src/sim/$(call rt_sim_design,$(1))/*.c)))
# $(1) = chip, $(2) = object root: the chip's objects of hw/ and sim/.
rt_chip_objs = $(patsubst runtime/src/hw/%.c,$(2)/$(1)/%.o,$(call rt_hw_srcs,$(1))) \
	$(patsubst runtime/src/%.c,$(2)/$(1)/%.o,$(call rt_sim_srcs,$(1)))
RT_OBJS := $(patsubst runtime/src/%.c,$(OUT)/obj/runtime/%.o,$(RT_SRCS)) \
	$(foreach c,$(RT_CHIPS),$(call rt_chip_objs,$(c),$(OUT)/obj/runtime))
RT_LIBS := -lpthread
LIBNVRT := $(OUT)/lib/libnvrt.a
NVRT := $(OUT)/bin/nvrt

$(OUT)/obj/runtime/%.o: runtime/src/%.c | $(RT_HEADER_STAMPS)
	@mkdir -p $(@D)
	$(call quiet,CC,$<)$(CC) $(RT_CFLAGS) -c -o $@ $<

define rt_chip_rule
$(OUT)/obj/runtime/$(1)/%.o: runtime/src/hw/%.c runtime/src/chips/$(1).h | $(OUT)/obj/runtime/$(1)/ $(OUT)/obj/runtime/$(1)/$(call rt_gen,$(1))/ $(if $(call rt_design,$(1)),$(OUT)/obj/runtime/$(1)/$(call rt_design,$(1))/) $(OUT)/include/$(1)/.stamp
	$$(call quiet,CC,$$< [$(1)])$$(CC) $$(RT_CFLAGS) -include runtime/src/chips/$(1).h -c -o $$@ $$<
$(OUT)/obj/runtime/$(1)/sim/%.o: runtime/src/sim/%.c runtime/src/chips/$(1).h | $(OUT)/obj/runtime/$(1)/sim/gen/ $(if $(call rt_sim_design,$(1)),$(OUT)/obj/runtime/$(1)/sim/$(call rt_sim_design,$(1))/) $(OUT)/include/$(1)/.stamp
	$$(call quiet,CC,$$< [$(1)])$$(CC) $$(RT_CFLAGS) -include runtime/src/chips/$(1).h -c -o $$@ $$<
endef
$(foreach c,$(RT_CHIPS),$(eval $(call rt_chip_rule,$(c))))

# Each chip's objects export only names of that chip (mk/check-chip-symbols.sh).
# The library never ends its host program: no object of it calls abort,
# exit or assert (errors are returned; common/mem.c is not in it).
$(LIBNVRT): $(RT_OBJS) $(COMMON_RT_OBJS) mk/check-chip-symbols.sh | $(OUT)/lib/
	$(call quiet,CHECK,chip symbols of $(RT_CHIPS))sh mk/check-chip-symbols.sh "$(NM)" $(foreach c,$(RT_CHIPS),$(c) $(call rt_chip_objs,$(c),$(OUT)/obj/runtime) --)
	$(call quiet,CHECK,libnvrt never exits)! $(NM) -A -u $(RT_OBJS) $(COMMON_RT_OBJS) | grep -E ' U (abort|exit|_exit|_Exit|quick_exit|__assert_fail|mem_realloc)$$'
	$(call quiet,AR,$@)rm -f $@ && ar rcs $@ $(RT_OBJS) $(COMMON_RT_OBJS)

# The tools: runtime/tools/*.c (common/, e.g. the atomic output file
# writer, comes with libnvrt.a).
NVRT_TOOL_SRCS := $(wildcard runtime/tools/*.c)
$(NVRT): $(NVRT_TOOL_SRCS) runtime/tools/nvrt_cli.h $(LIBNVRT) | $(OUT)/bin/
	$(call quiet,LD,$@)$(CC) $(RT_CFLAGS) -Iruntime/tools -o $@ $(NVRT_TOOL_SRCS) $(LIBNVRT) $(RT_LIBS)

# The submit demo: runtime/demo/*.c.
NVRT_SUBMIT := $(OUT)/bin/nvrt-submit
NVRT_SUBMIT_SRCS := $(wildcard runtime/demo/*.c)
$(NVRT_SUBMIT): $(NVRT_SUBMIT_SRCS) $(wildcard runtime/demo/*.h) $(LIBNVRT) | $(OUT)/bin/
	$(call quiet,LD,$@)$(CC) $(RT_CFLAGS) -Iruntime/demo -o $@ $(NVRT_SUBMIT_SRCS) $(LIBNVRT) $(RT_LIBS)

runtime: $(LIBNVRT) $(NVRT) $(if $(NVRT_SUBMIT_SRCS),$(NVRT_SUBMIT))
