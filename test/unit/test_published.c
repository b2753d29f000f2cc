/* SPDX-License-Identifier: MIT */
/*
 * NVIDIA's published reference headers as refgen's second input: a header
 * read alone (licence, include guard, a C initializer over several lines),
 * and a manual whose gaps a header fills -- manual first: a define the
 * manual lacks is added, marked with its header; one it has stays the
 * manual's, with a -Wpublished warning naming both places when they
 * disagree; a published define joins no container of the manual's.
 * Fixtures: test/fixtures/published/dev_x.ref (the manual) and dev_x.h (the
 * header); the expected values are read off their lines, cited below.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/ir_read.h"
#include "io/ir_write.h"
#include "parse/ref_parse.h"
#include "support/test_support.h"

static struct ref_parser *parser;

static bool published_has(const struct ir_manual *m, const char *name)
{
	for (size_t i = 0; i < m->ndefs; i++)
		if (!strcmp(m->defs[i]->name, name))
			return true;
	return false;
}

static struct ir_manual *published_parse(const char *manual, const char *header,
					 struct capture *c)
{
	struct diag d;
	char *mp = fixture_path(manual), *hp = header ? fixture_path(header) : NULL;
	const char *pub[1] = { hp };

	capture_attach(c, &d);
	struct ir_manual *m = ref_parse_file_merged(parser, mp, NULL, pub, hp ? 1 : 0, &d);
	free(mp);
	free(hp);
	return m;
}

/* dev_x.h alone: an excerpt, no warning (the guard, the #endif and the
 * register map's initializer are understood), its licence comment kept. */
static void test_published_alone(void **state)
{
	struct capture c = { 0 };
	struct ir_manual *m = published_parse("published/dev_x.h", NULL, &c);

	(void)state;
	assert_non_null(m);
	assert_int_equal(c.n, 0);
	assert_string_equal(m->unit, "dev_x");
	assert_string_equal(m->published, "fixtures/published/dev_x.h");
	assert_true(ir_manual_excerpt(m));
	assert_non_null(m->license);
	assert_non_null(strstr(m->license, "SPDX-License-Identifier: MIT"));
	/* dev_x.h:8-14: seven defines; the guard (:7) and the map (:15-17) are none */
	assert_int_equal(m->ndefs, 7);
	assert_false(published_has(m, "__gx100_dev_x_h__"));
	assert_false(published_has(m, "NV_PX_REGISTER_VALID_MAP"));
	/* dev_x.h:12-14: NV_PX_STATUS 0x110, its field IDLE 0:0, value TRUE 0x1 */
	struct ir_def *st = manual_get(m, "NV_PX_STATUS"), *idle = manual_get(m, "NV_PX_STATUS_IDLE");
	assert_int_equal(st->kind, IR_REGISTER);
	assert_int_equal(st->value.value, 0x110);
	assert_int_equal(idle->kind, IR_FIELD);
	assert_ptr_equal(idle->parent, st);
	assert_int_equal(manual_get(m, "NV_PX_STATUS_IDLE_TRUE")->kind, IR_VALUE);
	/* dev_x.h:11 NV_PX_CTRL_BUSY 1:1 under dev_x.h:8 NV_PX_CTRL */
	assert_string_equal(manual_get(m, "NV_PX_CTRL_BUSY")->parent->name, "NV_PX_CTRL");
	assert_string_equal(manual_get(m, "NV_PX_CTRL")->published, "fixtures/published/dev_x.h");
	ir_manual_free(m);
	capture_free(&c);
}

/* dev_x.ref with dev_x.h: the gaps filled, the disagreement warned, the
 * manual kept. */
static void test_published_fills_gaps(void **state)
{
	struct capture c = { 0 };
	char *mp = fixture_path("published/dev_x.ref"), *hp = fixture_path("published/dev_x.h");
	char want[1024];
	struct ir_manual *m = published_parse("published/dev_x.ref", "published/dev_x.h", &c);

	(void)state;
	assert_non_null(m);
	/* dev_x.h:10 NV_PX_MODE 0x108 against dev_x.ref:9 0x104: one warning */
	snprintf(want, sizeof(want), "%s:10:9: warning: NV_PX_MODE: the published header says "
		 "'0x00000108 /* RW-4R */', the manual '0x00000104 /* RW-4R */' (%s:9): the "
		 "manual's is kept [-Wpublished]", hp, mp);
	capture_expect_line(&c, want);
	assert_int_equal(c.n, 1);
	assert_false(ir_manual_excerpt(m));
	assert_string_equal(m->published, "fixtures/published/dev_x.h");
	/* six of the manual (dev_x.ref:4-9), four gaps of dev_x.h (:11-14) */
	assert_int_equal(m->ndefs, 10);
	struct ir_def *mode = manual_get(m, "NV_PX_MODE");
	assert_null(mode->published);
	assert_int_equal(mode->value.value, 0x104);
	assert_int_equal(mode->line, 9);
	/* dev_x.h:8 NV_PX_CTRL says what dev_x.ref:5 does; dev_x.h:9's blank
	 * code says nothing against dev_x.ref:8's: both the manual's, silently */
	assert_null(manual_get(m, "NV_PX_CTRL")->published);
	assert_null(manual_get(m, "NV_PX_CTRL_EN_ON")->published);
	assert_int_equal(manual_get(m, "NV_PX_CTRL_EN_ON")->line, 8);
	/* dev_x.h:11 NV_PX_CTRL_BUSY 1:1: added, but no field of the manual's
	 * NV_PX_CTRL, whose fields stay EN alone */
	struct ir_def *busy = manual_get(m, "NV_PX_CTRL_BUSY"), *ctrl = manual_get(m, "NV_PX_CTRL");
	assert_string_equal(busy->published, "fixtures/published/dev_x.h");
	assert_int_equal(busy->line, 11);
	assert_int_equal(busy->kind, IR_CONSTANT);
	assert_false(busy->placed);
	assert_null(busy->parent);
	assert_int_equal(def_child_count(m, ctrl), 1);
	/* dev_x.h:12-14: a register and its field, among the header's own */
	struct ir_def *st = manual_get(m, "NV_PX_STATUS");
	assert_int_equal(st->kind, IR_REGISTER);
	assert_null(st->parent);
	assert_ptr_equal(manual_get(m, "NV_PX_STATUS_IDLE")->parent, st);
	free(mp);
	free(hp);
	ir_manual_free(m);
	capture_free(&c);
}

/* The IR keeps which header each added define came from. */
static void test_published_ir_round_trip(void **state)
{
	struct capture c = { 0 };
	struct ir_manual *m = published_parse("published/dev_x.ref", "published/dev_x.h", &c);
	char *dir = tmpdir_create(), *path = path_join(dir, "dev_x.xml");
	struct diag d;

	(void)state;
	assert_non_null(m);
	diag_init(&d);
	assert_int_equal(ir_write_file(m, path, &d), 0);
	struct ir_manual *r = ir_read_file(path, &d);
	assert_non_null(r);
	assert_string_equal(r->published, "fixtures/published/dev_x.h");
	assert_int_equal(r->ndefs, m->ndefs);
	for (size_t i = 0; i < m->ndefs; i++) {
		assert_string_equal(r->defs[i]->name, m->defs[i]->name);
		assert_int_equal(!r->defs[i]->published, !m->defs[i]->published);
	}
	assert_string_equal(ir_def_file(r, manual_get(r, "NV_PX_STATUS")), "fixtures/published/dev_x.h");
	assert_string_equal(ir_def_file(r, manual_get(r, "NV_PX_MODE")), "dev_x.ref");
	ir_manual_free(r);
	ir_manual_free(m);
	free(path);
	tmpdir_remove(dir);
	free(dir);
	capture_free(&c);
}

/* dev_y.h: what NVSwitch's lr10 and ls10 headers write, each by hand: an
 * internal-state letter no legend defines (lr10 dev_trim 'A'), a value named
 * after a later 1-bit field but following a 3-bit one (lr10 dev_soe_ip
 * LEVEL2_ENABLED 0x4), an index counting from 1 (ls10 dev_pmgr). */
static void test_published_nvswitch_shapes(void **state)
{
	struct capture c = { 0 };
	char *hp = fixture_path("published/dev_y.h");
	char want[1024];
	struct ir_manual *m = published_parse("published/dev_y.h", NULL, &c);

	(void)state;
	assert_non_null(m);
	/* dev_y.h:9 "#define NV_PY_CLK_MODE 0:0 /" "* RWAUF *" "/": 'R' at column
	 * 31 (8 + 14 + 1 + 3 + 1 + 2 + 1 + 1), 'A' at 33 */
	snprintf(want, sizeof(want), "%s:9:33: warning: code 'RWAUF' of NV_PY_CLK_MODE: 'A' is "
		 "an internal-state letter the legend does not define (' -XIEBCVD') "
		 "[-Wcode-letter]", hp);
	if (c.n != 1)
		capture_dump(&c, "dev_y.h");
	capture_expect_line(&c, want);
	assert_int_equal(c.n, 1);
	struct ir_def *mode = manual_get(m, "NV_PY_CLK_MODE");
	assert_int_equal(mode->kind, IR_FIELD);
	assert_string_equal(mode->code.c, "RWAUF");
	/* dev_y.h:13 LEVEL2_ENABLED 0x4 is READ's (:11, 2:0), not LEVEL2's (:14, 2:2) */
	struct ir_def *l2e = manual_get(m, "NV_PY_MASK_READ_LEVEL2_ENABLED");
	assert_int_equal(l2e->kind, IR_VALUE);
	assert_string_equal(l2e->parent->name, "NV_PY_MASK_READ");
	/* dev_y.h:15 LEVEL2_ENABLE 0x1 stays the 1-bit field's */
	assert_string_equal(manual_get(m, "NV_PY_MASK_READ_LEVEL2_ENABLE")->parent->name,
			    "NV_PY_MASK_READ_LEVEL2");
	/* dev_y.h:16-17: GPIO(i) for i = 1..25, its body kept */
	struct ir_def *gpio = manual_get(m, "NV_PY_GPIO");
	assert_false(gpio->value.known);
	assert_string_equal(gpio->value.expr, "0x00000300 + ((i)-1) * 4");
	assert_int_equal(gpio->size[0], 25);
	free(hp);
	ir_manual_free(m);
	capture_free(&c);
}

static int published_setup(void **state)
{
	(void)state;
	parser = ref_parser_new();
	return parser ? 0 : -1;
}

static int published_teardown(void **state)
{
	(void)state;
	ref_parser_free(parser);
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_published_alone),
		cmocka_unit_test(test_published_fills_gaps),
		cmocka_unit_test(test_published_ir_round_trip),
		cmocka_unit_test(test_published_nvswitch_shapes),
	};

	return cmocka_run_group_tests_name("published", tests, published_setup, published_teardown);
}
