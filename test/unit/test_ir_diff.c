/* SPDX-License-Identifier: MIT */
/*
 * ir_diff: chip-to-chip comparison.  Hand-written manuals for each kind of
 * change, then GV100 -> TU104 facts read from the two chips' dev_fifo and
 * dev_usermode manuals (the IR under $REFGEN_IR).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "io/ir_chip.h"
#include "diff/ir_diff.h"
#include "support/test_support.h"

static const char from_text[] =
	"#define NV_PX                 0x00000FFF:0x00000000 /* RW--D */\n"
	"#define NV_PX_KEEP            0x00000010 /* RW-4R */\n"
	"#define NV_PX_KEEP_MOVES      3:0 /* RWIVF */\n"
	"#define NV_PX_KEEP_WIDENS     7:4 /* RWIVF */\n"
	"#define NV_PX_KEEP_RECODED    8:8 /* RWIVF */\n"
	"#define NV_PX_KEEP_RECODED_ON 0x00000001 /* RW--V */\n"
	"#define NV_PX_KEEP_GONE       9:9 /* RWIVF */\n"
	"#define NV_PX_OLD             0x00000020 /* RW-4R */\n"
	"#define NV_PX_OLD_F           31:0 /* RWIVF */\n"
	"#define NV_PX_ARR(i)          (0x00000100+(i)*4) /* RW-4A */\n"
	"#define NV_PX_ARR__SIZE_1     8 /* */\n"
	"#define NV_PX_ARR_V           31:0 /* RWIVF */\n";

static const char to_text[] =
	"#define NV_PX                 0x00000FFF:0x00000000 /* RW--D */\n"
	"#define NV_PX_KEEP            0x00000010 /* RW-4R */\n"
	"#define NV_PX_KEEP_MOVES      11:8 /* RWIVF */\n"
	"#define NV_PX_KEEP_WIDENS     5:4 /* RWIVF */\n"
	"#define NV_PX_KEEP_RECODED    12:12 /* R-IVF */\n"
	"#define NV_PX_KEEP_RECODED_ON 0x00000001 /* R---V */\n"
	"#define NV_PX_KEEP_NEW        13:13 /* RWIVF */\n"
	"#define NV_PX_NEW             0x00000020 /* RW-4R */\n"
	"#define NV_PX_NEW_F           31:0 /* RWIVF */\n"
	"#define NV_PX_ARR(i)          (0x00000100+(i)*4) /* RW-4A */\n"
	"#define NV_PX_ARR__SIZE_1     4 /* */\n"
	"#define NV_PX_ARR_V           31:0 /* RWIVF */\n";

static const struct ir_diff_entry *find(const struct ir_diff_unit *u, const char *name)
{
	const struct ir_diff_entry *e = ir_diff_unit_find(u, name);

	if (!e)
		fail_msg("no diff entry for %s", name);
	return e;
}

static char *detail(const struct ir_diff_entry *e)
{
	static char buf[256];
	struct strbuf b = { 0 };

	ir_diff_detail_text(&b, e);
	snprintf(buf, sizeof(buf), "%s", b.data ? b.data : "");
	strbuf_release(&b);
	return buf;
}

static void test_each_change(void **state)
{
	struct diag d;
	struct ir_manual *a, *b;
	struct ir_diff_unit u;
	const struct ir_diff_entry *e;

	(void)state;
	diag_init(&d);
	a = parse_str("volta/ga/dev_x.ref.txt", from_text, &d);
	b = parse_str("turing/gb/dev_x.ref.txt", to_text, &d);
	assert_non_null(a);
	assert_non_null(b);
	assert_int_equal(ir_diff_unit_compare(&u, a, b), 0);

	/* 3:0 -> 11:8: same width, other bits. */
	e = find(&u, "NV_PX_KEEP_MOVES");
	assert_int_equal(e->changes, IR_DIFF_BIT(IR_DIFF_MOVED));
	assert_string_equal(detail(e), "3:0 -> 11:8");
	/* 7:4 -> 5:4: same low bit, 4 bits -> 2. */
	e = find(&u, "NV_PX_KEEP_WIDENS");
	assert_int_equal(e->changes, IR_DIFF_BIT(IR_DIFF_RESIZED));
	assert_string_equal(detail(e), "4 bits -> 2 bits");
	e = find(&u, "NV_PX_KEEP_RECODED");
	assert_int_equal(e->changes, IR_DIFF_BIT(IR_DIFF_MOVED) | IR_DIFF_BIT(IR_DIFF_RECODED));
	assert_string_equal(detail(e), "8:8 -> 12:12; RWIVF -> R-IVF");
	e = find(&u, "NV_PX_KEEP_RECODED_ON");
	assert_int_equal(e->changes, IR_DIFF_BIT(IR_DIFF_RECODED));
	e = find(&u, "NV_PX_KEEP_GONE");
	assert_int_equal(e->changes, IR_DIFF_BIT(IR_DIFF_REMOVED));
	assert_null(e->to);
	/* Bit 9 is nobody's in the second manual: nothing replaced it. */
	assert_int_equal(e->nrelated, 0);
	e = find(&u, "NV_PX_KEEP_NEW");
	assert_int_equal(e->changes, IR_DIFF_BIT(IR_DIFF_ADDED));
	assert_null(e->from);
	/* Same offset, same field layout: a rename, its field going with it. */
	e = find(&u, "NV_PX_OLD");
	assert_int_equal(e->changes, IR_DIFF_BIT(IR_DIFF_RENAMED));
	assert_string_equal(e->to->name, "NV_PX_NEW");
	assert_int_equal(e->within, -1);
	e = find(&u, "NV_PX_OLD_F");
	assert_int_equal(e->changes, IR_DIFF_BIT(IR_DIFF_RENAMED));
	assert_string_equal(e->to->name, "NV_PX_NEW_F");
	assert_true(e->within >= 0);
	assert_ptr_equal(u.entries[e->within].from, manual_get(a, "NV_PX_OLD"));
	/* __SIZE_1 8 -> 4. */
	e = find(&u, "NV_PX_ARR");
	assert_int_equal(e->changes, IR_DIFF_BIT(IR_DIFF_RESIZED));
	assert_string_equal(detail(e), "4 bytes [8] -> 4 bytes [4]");
	/* The device and NV_PX_KEEP itself did not change. */
	assert_null(ir_diff_unit_find(&u, "NV_PX"));
	assert_null(ir_diff_unit_find(&u, "NV_PX_KEEP"));
	assert_int_equal(u.count[IR_DIFF_ADDED], 1);
	assert_int_equal(u.count[IR_DIFF_REMOVED], 1);
	assert_int_equal(u.count[IR_DIFF_MOVED], 2);
	assert_int_equal(u.count[IR_DIFF_RESIZED], 2);
	assert_int_equal(u.count[IR_DIFF_RECODED], 2);
	assert_int_equal(u.count[IR_DIFF_RENAMED], 1);
	ir_diff_unit_release(&u);
	ir_manual_free(a);
	ir_manual_free(b);
}

/* Offsets compare within a space: the same numbers in a BAR0 window are
 * another place; the unit's own space set alike on both sides changes nothing. */
static void test_space_change(void **state)
{
	struct diag d;
	struct ir_manual *a, *b;
	struct ir_diff_unit u;
	const struct ir_diff_entry *e;
	struct ir_def *dev;

	(void)state;
	diag_init(&d);
	a = parse_str("volta/ga/dev_x.ref.txt", from_text, &d);
	b = parse_str("turing/gb/dev_x.ref.txt", from_text, &d);
	assert_non_null(a);
	assert_non_null(b);
	a->space = b->space = (struct ir_space){ IR_SPACE_BAR0, false, 0, NULL, "test" };
	dev = (struct ir_def *)manual_get(b, "NV_PX");
	dev->space = (struct ir_space){ IR_SPACE_WINDOW, true, 0xb80000, "NV_PX", "test" };
	assert_int_equal(ir_diff_unit_compare(&u, a, b), 0);
	e = find(&u, "NV_PX");
	assert_int_equal(e->changes, IR_DIFF_BIT(IR_DIFF_MOVED));
	assert_string_equal(detail(e), "0xfff:0x0 -> 0xfff:0x0; space bar0 -> window 0xb80000");
	/* Its registers went with it. */
	e = find(&u, "NV_PX_KEEP");
	assert_string_equal(detail(e), "0x10 -> 0x10; space bar0 -> window 0xb80000");
	assert_null(ir_diff_unit_find(&u, "NV_PX_KEEP_MOVES"));
	ir_diff_unit_release(&u);
	ir_manual_free(a);
	ir_manual_free(b);
}

struct chips {
	struct ir_chip gv100, tu104;
	struct ir_diff df;
};

static int chips_setup(void **state)
{
	struct chips *c = calloc(1, sizeof(*c));
	struct diag d;

	diag_init(&d);
	if (!c || ir_chip_load(&c->gv100, "gv100", env_require("REFGEN_IR"), &d) < 0 ||
	    ir_chip_load(&c->tu104, "tu104", env_require("REFGEN_IR"), &d) < 0 ||
	    ir_diff_chips(&c->df, c->gv100.units, c->gv100.nunits, c->tu104.units, c->tu104.nunits, NULL) < 0)
		return -1;
	*state = c;
	return 0;
}

static int chips_teardown(void **state)
{
	struct chips *c = *state;

	ir_diff_release(&c->df);
	ir_chip_release(&c->gv100);
	ir_chip_release(&c->tu104);
	free(c);
	return 0;
}

static const struct ir_diff_unit *unit(const struct chips *c, const char *name)
{
	for (size_t i = 0; i < c->df.nunits; i++)
		if (!strcmp(c->df.units[i].unit, name))
			return &c->df.units[i];
	fail_msg("no unit %s in the diff", name);
	return NULL;
}

static bool related(const struct ir_diff_entry *e, const char *name)
{
	for (size_t i = 0; i < e->nrelated; i++)
		if (!strcmp(e->related[i]->name, name))
			return true;
	return false;
}

/* gv100 dev_fifo:109/117 NV_PFIFO_RUNLIST_BASE 0x2270, NV_PFIFO_RUNLIST 0x2274;
 * tu104 dev_fifo:121-135 NV_PFIFO_RUNLIST_BASE_LO(i)/_HI(i)/_SUBMIT(i), 11 runlists. */
static void test_runlist_registers(void **state)
{
	const struct ir_diff_unit *u = unit(*state, "dev_fifo");
	const struct ir_diff_entry *e;

	e = find(u, "NV_PFIFO_RUNLIST_BASE");
	assert_int_equal(e->changes, IR_DIFF_BIT(IR_DIFF_REMOVED));
	assert_int_equal(e->from->line, 109);
	assert_true(related(e, "NV_PFIFO_RUNLIST_BASE_LO"));
	assert_true(related(e, "NV_PFIFO_RUNLIST_BASE_HI"));
	e = find(u, "NV_PFIFO_RUNLIST");
	assert_int_equal(e->changes, IR_DIFF_BIT(IR_DIFF_REMOVED));
	assert_true(related(e, "NV_PFIFO_RUNLIST_SUBMIT"));
	e = find(u, "NV_PFIFO_RUNLIST_SUBMIT");
	assert_int_equal(e->changes, IR_DIFF_BIT(IR_DIFF_ADDED));
	assert_int_equal(e->to->line, 134);
	assert_int_equal(e->to->size[0], 11);
	/* Its LENGTH field (15:0) comes with it. */
	e = find(u, "NV_PFIFO_RUNLIST_SUBMIT_LENGTH");
	assert_true(e->within >= 0);
	assert_string_equal(u->entries[e->within].to->name, "NV_PFIFO_RUNLIST_SUBMIT");
}

/* gv100 dev_fifo:397 NV_PFIFO_ENG_TIMEOUT 0x2A0C is tu104's NV_PFIFO_ENG_CTXSW_TIMEOUT;
 * dev_fifo:26 NV_PFIFO_CFG0_NUM_PBDMA_INIT 14 -> 12; PCCSR ENABLE_SET_TRUE -W--T -> -W--V. */
static void test_fifo_changes(void **state)
{
	const struct ir_diff_unit *u = unit(*state, "dev_fifo");
	const struct ir_diff_entry *e;

	e = find(u, "NV_PFIFO_ENG_TIMEOUT");
	assert_int_equal(e->changes, IR_DIFF_BIT(IR_DIFF_RENAMED));
	assert_string_equal(e->to->name, "NV_PFIFO_ENG_CTXSW_TIMEOUT");
	e = find(u, "NV_PFIFO_CFG0_NUM_PBDMA_INIT");
	assert_int_equal(e->changes, IR_DIFF_BIT(IR_DIFF_MOVED));
	assert_string_equal(detail(e), "0xe -> 0xc");
	e = find(u, "NV_PCCSR_CHANNEL_ENABLE_SET_TRUE");
	assert_int_equal(e->changes, IR_DIFF_BIT(IR_DIFF_RECODED));
	assert_string_equal(detail(e), "-W--T -> -W--V");
}

/* gv100 dev_usermode:150 NOTIFY_CHANNEL_PENDING_ID 31:0; tu104:189-192 HANDLE 31:0,
 * CHID 11:0, RUNLIST_ID 22:16: no rename, three fields took its bits. */
static void test_doorbell_id(void **state)
{
	const struct ir_diff_unit *u = unit(*state, "dev_usermode");
	const struct ir_diff_entry *e = find(u, "NV_USERMODE_NOTIFY_CHANNEL_PENDING_ID");

	assert_int_equal(e->changes, IR_DIFF_BIT(IR_DIFF_REMOVED));
	assert_int_equal(e->nrelated, 3);
	assert_true(related(e, "NV_USERMODE_NOTIFY_CHANNEL_PENDING_CHID"));
	assert_true(related(e, "NV_USERMODE_NOTIFY_CHANNEL_PENDING_RUNLIST_ID"));
	assert_true(related(e, "NV_USERMODE_NOTIFY_CHANNEL_PENDING_HANDLE"));
	assert_int_equal(u->count[IR_DIFF_ADDED], 3);
}

/* A chip compared with itself has nothing to say. */
static void test_same_chip(void **state)
{
	struct chips *c = *state;
	struct ir_diff df;

	assert_int_equal(ir_diff_chips(&df, c->gv100.units, c->gv100.nunits, c->gv100.units, c->gv100.nunits, NULL), 0);
	assert_int_equal(df.nunits, 0);
	ir_diff_release(&df);
}

/* The command: counts first, then hunks with both chips' manual lines. */
static void test_cli(void **state)
{
	char *argv[] = { (char *)env_require("REFGEN_BIN"), "diff", "--from", "gv100", "--to", "tu104",
			 "--unit", "dev_usermode", NULL };
	struct proc_result r;

	(void)state;
	proc_run(argv, &r);
	assert_int_equal(r.status, 1);   /* differences found, as diff(1) */
	assert_non_null(strstr(r.out, "gv100 -> tu104: 1 unit with changes\n"));
	assert_non_null(strstr(r.out, "dev_usermode                      3        1        1        0        0        0\n"));
	assert_non_null(strstr(r.out, "--- a/gv100/dev_usermode.ref.txt\n+++ b/tu104/dev_usermode.ref.txt\n"));
	assert_non_null(strstr(r.out,
		"@@ removed field NV_USERMODE_NOTIFY_CHANNEL_PENDING_ID; replaced by "
		"NV_USERMODE_NOTIFY_CHANNEL_PENDING_HANDLE, NV_USERMODE_NOTIFY_CHANNEL_PENDING_CHID, "
		"NV_USERMODE_NOTIFY_CHANNEL_PENDING_RUNLIST_ID\n"
		"-150: #define NV_USERMODE_NOTIFY_CHANNEL_PENDING_ID 31:0 /* -W-UF */\n"));
	assert_non_null(strstr(r.out,
		"@@ added field NV_USERMODE_NOTIFY_CHANNEL_PENDING_RUNLIST_ID\n"
		"+192: #define NV_USERMODE_NOTIFY_CHANNEL_PENDING_RUNLIST_ID 22:16 /* -W-UF */\n"
		"+193: #define NV_USERMODE_NOTIFY_CHANNEL_PENDING_RUNLIST_ID_ALL 15 /* -W--V */\n"));
	proc_result_free(&r);
	argv[7] = "no_such_unit";
	proc_run(argv, &r);
	assert_int_equal(r.status, 2);
	proc_result_free(&r);
}

int main(void)
{
	const struct CMUnitTest synthetic[] = {
		cmocka_unit_test(test_each_change),
		cmocka_unit_test(test_space_change),
	};
	const struct CMUnitTest chips[] = {
		cmocka_unit_test(test_runlist_registers),
		cmocka_unit_test(test_fifo_changes),
		cmocka_unit_test(test_doorbell_id),
		cmocka_unit_test(test_same_chip),
		cmocka_unit_test(test_cli),
	};
	int rc = cmocka_run_group_tests_name("ir_diff", synthetic, NULL, NULL);

	parse_cleanup();
	return rc + cmocka_run_group_tests_name("ir_diff_chips", chips, chips_setup, chips_teardown);
}
