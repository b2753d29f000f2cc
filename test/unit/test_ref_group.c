/* SPDX-License-Identifier: MIT */
/*
 * Structure grouping (ref_group): which define each define belongs to, what
 * it becomes (device, register, structure, field, value, constant), and the
 * defines that cannot be placed.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "ir/ir_stats.h"
#include "io/ir_write.h"
#include "support/test_support.h"

/* ---- helpers ---------------------------------------------------------------- */

/* name has the given kind and parent (parent NULL: a root). */
static struct ir_def *group_expect(const struct ir_manual *m, const char *name,
				   enum ir_kind kind, const char *parent)
{
	struct ir_def *d = manual_get(m, name);

	if (d->kind != kind)
		fail_msg("%s is a %s, expected a %s", name, ir_kind_name(d->kind),
			 ir_kind_name(kind));
	if (!parent && d->parent)
		fail_msg("%s is under %s, expected a root", name, d->parent->name);
	if (parent && (!d->parent || strcmp(d->parent->name, parent)))
		fail_msg("%s is under %s, expected %s", name,
			 d->parent ? d->parent->name : "nothing", parent);
	assert_true(d->placed);
	return d;
}

/* The children of d (roots for NULL), in order, are exactly names[]. */
static void group_expect_children(const struct ir_manual *m, const struct ir_def *d,
				  const char *const *names, size_t n)
{
	const struct ir_def *c = d ? d->first_child : m->first_root;

	for (size_t i = 0; i < n; i++, c = c->next_sibling) {
		assert_non_null(c);
		assert_string_equal(c->name, names[i]);
	}
	assert_null(c);
}

#define CHILDREN(m, d, ...) do { \
	static const char *const names_[] = { __VA_ARGS__ }; \
	group_expect_children(m, d, names_, sizeof(names_) / sizeof(names_[0])); \
} while (0)

/* In the IR document, element name is an <elem> directly inside <parent_elem>. */
static void group_expect_xml(xmlDocPtr doc, const char *name, const char *elem,
			     const char *parent_elem)
{
	xmlNodePtr n = xml_find_def(doc, name);

	assert_non_null(n);
	assert_string_equal((const char *)n->name, elem);
	assert_string_equal((const char *)n->parent->name, parent_elem);
}

/* ---- registers ---------------------------------------------------------------- */

static const char group_register_text[] =
	"#define NV_PFOO                     0x0000FFFF:0x00001000 /* RW--D */\n"
	"#define NV_PFOO_CTRL                0x00001100 /* RW-4R */\n"
	"#define NV_PFOO_CTRL_ENABLE         0:0 /* RWIVF */\n"
	"#define NV_PFOO_CTRL_ENABLE_NO      0x00000000 /* RW--V */\n"
	"#define NV_PFOO_CTRL_ENABLE_YES     0x00000001 /* RW--V */\n"
	"#define NV_PFOO_CTRL_MODE           5:4 /* RWIVF */\n"
	"#define NV_PFOO_CTRL_MODE_INIT      0x00000002 /* RWI-V */\n"
	"#define NV_PFOO_CTRL_MAGIC          0x0000C0DE /*       */\n";

static void test_group_register_fields_values(void **state)
{
	struct ir_manual *m = parse_clean(group_register_text);

	(void)state;
	group_expect(m, "NV_PFOO", IR_DEVICE, NULL);
	struct ir_def *r = group_expect(m, "NV_PFOO_CTRL", IR_REGISTER, "NV_PFOO");
	assert_int_equal(r->value.value, 0x1100);
	group_expect(m, "NV_PFOO_CTRL_ENABLE", IR_FIELD, "NV_PFOO_CTRL");
	struct ir_def *no = group_expect(m, "NV_PFOO_CTRL_ENABLE_NO", IR_VALUE,
					 "NV_PFOO_CTRL_ENABLE");
	struct ir_def *yes = group_expect(m, "NV_PFOO_CTRL_ENABLE_YES", IR_VALUE,
					  "NV_PFOO_CTRL_ENABLE");
	assert_int_equal(no->value.value, 0);
	assert_int_equal(yes->value.value, 1);
	struct ir_def *mode = group_expect(m, "NV_PFOO_CTRL_MODE", IR_FIELD, "NV_PFOO_CTRL");
	assert_int_equal(ir_def_width(mode), 2);
	group_expect(m, "NV_PFOO_CTRL_MODE_INIT", IR_VALUE, "NV_PFOO_CTRL_MODE");
	CHILDREN(m, NULL, "NV_PFOO");
	CHILDREN(m, r, "NV_PFOO_CTRL_ENABLE", "NV_PFOO_CTRL_MODE", "NV_PFOO_CTRL_MAGIC");
	CHILDREN(m, manual_get(m, "NV_PFOO_CTRL_ENABLE"),
		 "NV_PFOO_CTRL_ENABLE_NO", "NV_PFOO_CTRL_ENABLE_YES");
	ir_manual_free(m);
}

static void test_group_value_of_register_is_constant(void **state)
{
	/* A V-coded define right under a register names no field's value: a
	 * constant of the register, and a warning naming the closest field. */
	static const char text[] =
		"#define NV_PFOO_CTRL                0x00001100 /* RW-4R */\n"
		"#define NV_PFOO_CTRL_ENABLE         0:0 /* RWIVF */\n"
		"#define NV_PFOO_CTRL_MODE           5:4 /* RWIVF */\n"
		"#define NV_PFOO_CTRL_MAGIC          0x0000C0DE /* ----V */\n"
		"#define NV_PFOO_CTRL_ENABEL_YES     0x00000001 /* RW--V */\n";
	struct capture c;
	struct diag d;

	(void)state;
	capture_attach(&c, &d);
	struct ir_manual *m = parse_str("v.ref", text, &d);
	assert_non_null(m);
	assert_int_equal(d.errors, 0);
	assert_int_equal(d.warnings, 2);
	capture_expect_line(&c, "v.ref:4:9: warning: NV_PFOO_CTRL_MAGIC is coded as a value but "
			    "names no field of NV_PFOO_CTRL; did you mean NV_PFOO_CTRL_MODE? [-Wno-field]");
	capture_expect_line(&c, "v.ref:5:9: warning: NV_PFOO_CTRL_ENABEL_YES is coded as a value "
			    "but names no field of NV_PFOO_CTRL; did you mean NV_PFOO_CTRL_ENABLE? "
			    "[-Wno-field]");
	struct ir_def *def = group_expect(m, "NV_PFOO_CTRL_MAGIC", IR_CONSTANT, "NV_PFOO_CTRL");
	assert_int_equal(def->value.value, 0xC0DE);
	assert_int_equal(def->role, IR_ROLE_NONE);
	ir_manual_free(m);
	capture_free(&c);
}

static void test_group_register_xml_nesting(void **state)
{
	struct ir_manual *m = parse_clean(group_register_text);
	xmlDocPtr doc = ir_write_doc(m);

	(void)state;
	group_expect_xml(doc, "NV_PFOO", "device", "manual");
	group_expect_xml(doc, "NV_PFOO_CTRL", "register", "device");
	group_expect_xml(doc, "NV_PFOO_CTRL_ENABLE", "field", "register");
	group_expect_xml(doc, "NV_PFOO_CTRL_ENABLE_YES", "value", "field");
	group_expect_xml(doc, "NV_PFOO_CTRL_MAGIC", "constant", "register");
	assert_string_equal(xml_attr(xml_find_def(doc, "NV_PFOO_CTRL"), "offset"), "0x1100");
	assert_string_equal(xml_attr(xml_find_def(doc, "NV_PFOO_CTRL_ENABLE_YES"), "value"), "0x1");
	xmlFreeDoc(doc);
	ir_manual_free(m);
}

static void test_group_register_array(void **state)
{
	struct ir_manual *m = parse_clean(
		"#define NV_PFOO 0x0000FFFF:0x00001000 /* RW--D */\n"
		"#define NV_PFOO_DATA(i) (0x00001200+(i)*4) /* RW-4A */\n"
		"#define NV_PFOO_DATA__SIZE_1 16 /*       */\n"
		"#define NV_PFOO_DATA_VALUE 31:0 /* RWXUF */\n"
		"#define NV_PFOO_DATA_VALUE_ZERO 0x00000000 /* RW--V */\n");
	struct ir_def *a = group_expect(m, "NV_PFOO_DATA", IR_REGISTER, "NV_PFOO");
	xmlDocPtr doc = ir_write_doc(m);
	xmlNodePtr n = xml_find_def(doc, "NV_PFOO_DATA");

	(void)state;
	assert_int_equal(a->size[0], 16);
	assert_int_equal(a->size[1], 0);
	struct ir_def *s = group_expect(m, "NV_PFOO_DATA__SIZE_1", IR_CONSTANT, "NV_PFOO_DATA");
	assert_int_equal(s->role, IR_ROLE_INDEX_SIZE);
	group_expect(m, "NV_PFOO_DATA_VALUE", IR_FIELD, "NV_PFOO_DATA");
	group_expect(m, "NV_PFOO_DATA_VALUE_ZERO", IR_VALUE, "NV_PFOO_DATA_VALUE");
	assert_string_equal((const char *)n->name, "register");
	assert_string_equal(xml_attr(n, "offset-expr"), "(0x00001200+(i)*4)");
	assert_null(xml_attr(n, "offset"));
	assert_string_equal(xml_attr(n, "size1"), "16");
	assert_string_equal(xml_attr(xml_find_def(doc, "NV_PFOO_DATA__SIZE_1"), "role"),
			    "index-size");
	xmlFreeDoc(doc);
	ir_manual_free(m);
}

/* ---- structures --------------------------------------------------------------- */

static void test_group_ramin_structure(void **state)
{
	struct ir_manual *m = parse_clean(
		"#define NV_RAMIN                                                    /* ----G */\n"
		"#define NV_RAMIN_BASE_SHIFT                                      12 /*       */\n"
		"#define NV_RAMIN_ALLOC_SIZE                                    4096 /*       */\n"
		"#define NV_RAMIN_RAMFC                         (127*32+31):(0*32+0) /* RWXUF */\n"
		"#define NV_RAMIN_PAGE_DIR_BASE_TARGET       (128*32+1):(128*32+0) /* RWXUF */\n");
	xmlDocPtr doc = ir_write_doc(m);
	xmlNodePtr s = xml_find_def(doc, "NV_RAMIN"), fc = xml_find_def(doc, "NV_RAMIN_RAMFC");

	(void)state;
	group_expect(m, "NV_RAMIN", IR_STRUCTURE, NULL);
	struct ir_def *size = group_expect(m, "NV_RAMIN_ALLOC_SIZE", IR_CONSTANT, "NV_RAMIN");
	assert_int_equal(size->role, IR_ROLE_STRUCT_SIZE);
	struct ir_def *shift = group_expect(m, "NV_RAMIN_BASE_SHIFT", IR_CONSTANT, "NV_RAMIN");
	assert_int_equal(shift->role, IR_ROLE_NONE);
	struct ir_def *ramfc = group_expect(m, "NV_RAMIN_RAMFC", IR_FIELD, "NV_RAMIN");
	assert_int_equal(ramfc->hi.value, 4095);
	assert_int_equal(ramfc->lo.value, 0);
	assert_int_equal(ir_def_width(ramfc), 4096);
	assert_string_equal((const char *)s->name, "structure");
	assert_string_equal(xml_attr(s, "bytes"), "4096");
	assert_string_equal(xml_attr(fc, "word"), "0");
	assert_string_equal(xml_attr(fc, "bit"), "0");
	assert_string_equal(xml_attr(fc, "width"), "4096");
	assert_string_equal(xml_attr(xml_find_def(doc, "NV_RAMIN_ALLOC_SIZE"), "role"),
			    "struct-size");
	xmlFreeDoc(doc);
	ir_manual_free(m);
}

static void test_group_fields_span_words(void **state)
{
	struct ir_manual *m = parse_clean(
		"#define NV_MMU_VER2_DUAL_PDE                                     /* ----G */\n"
		"#define NV_MMU_VER2_DUAL_PDE_ADDRESS_SMALL_SYS            117:72 /* RWXVF */\n"
		"#define NV_MMU_VER2_DUAL_PDE__SIZE                            16\n"
		"#define NV_MMU_VER2_PTE                                          /* ----G */\n"
		"#define NV_MMU_VER2_PTE_ADDRESS_SYS                         53:8 /* RWXVF */\n"
		"#define NV_MMU_VER2_PTE__SIZE                                  8\n");
	xmlDocPtr doc = ir_write_doc(m);
	xmlNodePtr pde = xml_find_def(doc, "NV_MMU_VER2_DUAL_PDE_ADDRESS_SMALL_SYS");
	xmlNodePtr pte = xml_find_def(doc, "NV_MMU_VER2_PTE_ADDRESS_SYS");

	(void)state;
	group_expect(m, "NV_MMU_VER2_PTE_ADDRESS_SYS", IR_FIELD, "NV_MMU_VER2_PTE");
	group_expect(m, "NV_MMU_VER2_DUAL_PDE_ADDRESS_SMALL_SYS", IR_FIELD, "NV_MMU_VER2_DUAL_PDE");
	assert_int_equal(manual_get(m, "NV_MMU_VER2_PTE__SIZE")->role, IR_ROLE_STRUCT_SIZE);
	group_expect(m, "NV_MMU_VER2_PTE__SIZE", IR_CONSTANT, "NV_MMU_VER2_PTE");
	/* 53:8 is 46 bits from bit 8 of word 0; 117:72 from bit 8 of word 2 */
	assert_string_equal(xml_attr(pte, "width"), "46");
	assert_string_equal(xml_attr(pte, "word"), "0");
	assert_string_equal(xml_attr(pte, "bit"), "8");
	assert_string_equal(xml_attr(pde, "width"), "46");
	assert_string_equal(xml_attr(pde, "word"), "2");
	assert_string_equal(xml_attr(pde, "bit"), "8");
	assert_string_equal(xml_attr(xml_find_def(doc, "NV_MMU_VER2_PTE"), "bytes"), "8");
	assert_string_equal(xml_attr(xml_find_def(doc, "NV_MMU_VER2_DUAL_PDE"), "bytes"), "16");
	xmlFreeDoc(doc);
	ir_manual_free(m);
}

static void test_group_nested_structure_names(void **state)
{
	struct ir_manual *m = parse_clean(
		"#define NV_FIFO_DMA                                      /* ----G */\n"
		"#define NV_FIFO_DMA_METHOD_ADDRESS                  11:0 /* RWXUF */\n"
		"#define NV_FIFO_DMA_SEC_OP                         31:29 /* RWXUF */\n"
		"#define NV_FIFO_DMA_SEC_OP_INC_METHOD         0x00000001 /* RW--V */\n"
		"#define NV_FIFO_DMA_INCR                                 /* ----G */\n"
		"#define NV_FIFO_DMA_INCR_OPCODE      (0*32+31):(0*32+29) /* RWXUF */\n"
		"#define NV_FIFO_DMA_INCR_OPCODE_VALUE         0x00000001 /* ----V */\n"
		"#define NV_FIFO_DMA_INCR_COUNT       (0*32+28):(0*32+16) /* RWXUF */\n"
		"#define NV_FIFO_DMA_INCR_DATA         (1*32+31):(1*32+0) /* RWXUF */\n");
	xmlDocPtr doc = ir_write_doc(m);

	(void)state;
	group_expect(m, "NV_FIFO_DMA", IR_STRUCTURE, NULL);
	group_expect(m, "NV_FIFO_DMA_INCR", IR_STRUCTURE, NULL);
	group_expect(m, "NV_FIFO_DMA_SEC_OP", IR_FIELD, "NV_FIFO_DMA");
	group_expect(m, "NV_FIFO_DMA_SEC_OP_INC_METHOD", IR_VALUE, "NV_FIFO_DMA_SEC_OP");
	group_expect(m, "NV_FIFO_DMA_INCR_OPCODE", IR_FIELD, "NV_FIFO_DMA_INCR");
	group_expect(m, "NV_FIFO_DMA_INCR_OPCODE_VALUE", IR_VALUE, "NV_FIFO_DMA_INCR_OPCODE");
	struct ir_def *count = group_expect(m, "NV_FIFO_DMA_INCR_COUNT", IR_FIELD, "NV_FIFO_DMA_INCR");
	assert_int_equal(count->hi.value, 28);
	assert_int_equal(count->lo.value, 16);
	struct ir_def *data = group_expect(m, "NV_FIFO_DMA_INCR_DATA", IR_FIELD, "NV_FIFO_DMA_INCR");
	assert_int_equal(data->hi.value, 63);
	assert_int_equal(data->lo.value, 32);
	assert_string_equal(xml_attr(xml_find_def(doc, "NV_FIFO_DMA_INCR_DATA"), "word"), "1");
	CHILDREN(m, NULL, "NV_FIFO_DMA", "NV_FIFO_DMA_INCR");
	xmlFreeDoc(doc);
	ir_manual_free(m);
}

/* ---- devices ------------------------------------------------------------------ */

static void test_group_device_owns_registers(void **state)
{
	struct ir_manual *m = parse_clean(
		"#define NV_PDISP 0x006FFFFF:0x00610000 /* RW--D */\n"
		"#define NV_PDISP_FE 0x00613FFF:0x00613000 /* RW--D */\n"
		"#define NV_PDISP_FE_CTRL 0x00613000 /* RW-4R */\n"
		"#define NV_PDISP_CAPS 0x00610010 /* R--4R */\n"
		"#define NV_PDISP_CAPS_WINDOW 0x0000000F:0x00000000 /* RW--D */\n"
		"#define NV_PTIMER_TIME_0 0x00009400 /* RW-4R */\n");

	(void)state;
	group_expect(m, "NV_PDISP", IR_DEVICE, NULL);
	group_expect(m, "NV_PDISP_FE", IR_DEVICE, "NV_PDISP");
	group_expect(m, "NV_PDISP_FE_CTRL", IR_REGISTER, "NV_PDISP_FE");
	group_expect(m, "NV_PDISP_CAPS", IR_REGISTER, "NV_PDISP");
	/* a D range named under a register is not a device of its own */
	struct ir_def *w = group_expect(m, "NV_PDISP_CAPS_WINDOW", IR_CONSTANT, "NV_PDISP_CAPS");
	assert_int_equal(w->role, IR_ROLE_RANGE);
	/* a register outside any device stays at the top, placed */
	group_expect(m, "NV_PTIMER_TIME_0", IR_REGISTER, NULL);
	CHILDREN(m, NULL, "NV_PDISP", "NV_PTIMER_TIME_0");
	CHILDREN(m, manual_get(m, "NV_PDISP"), "NV_PDISP_FE", "NV_PDISP_CAPS");
	ir_manual_free(m);
}

/* ---- unplaced defines ---------------------------------------------------------- */

static const char group_unplaced_text[] =
	"#define NV_MMU_PTE_KIND_INVALID 0x00000007 /* R---V */\n"
	"#define NV_PBUS_LONE 7:0 /* RWIVF */\n"
	"#define NV_PBUS_GHOST__SIZE_1 4 /*       */\n"
	"#define NV_PBUS_CTRL 0x00001000 /* RW-4R */\n";

static void test_group_unplaced_kept(void **state)
{
	struct capture c;
	struct diag d;
	struct ir_stats st = { 0 };

	(void)state;
	capture_attach(&c, &d);
	struct ir_manual *m = parse_str("u.ref", group_unplaced_text, &d);
	assert_non_null(m);
	assert_int_equal(d.errors, 0);
	assert_int_equal(d.warnings, 3);
	assert_false(diag_failed(&d));
	capture_expect_line(&c, "u.ref:1:9: warning: NV_MMU_PTE_KIND_INVALID is a value of no "
			    "field: kept as a top-level constant [-Wunplaced]");
	capture_expect_line(&c, "u.ref:2:9: warning: NV_PBUS_LONE is a bit range outside any "
			    "register or structure: kept as a top-level constant [-Wunplaced]");
	capture_expect_line(&c, "u.ref:3:9: warning: NV_PBUS_GHOST__SIZE_1 sizes an index of "
			    "nothing defined: kept as a top-level constant [-Wunplaced]");
	assert_int_equal(m->ndefs, 4);
	for (size_t i = 0; i < 3; i++) {
		assert_false(m->defs[i]->placed);
		assert_int_equal(m->defs[i]->kind, IR_CONSTANT);
		assert_null(m->defs[i]->parent);
	}
	assert_int_equal(manual_get(m, "NV_PBUS_LONE")->role, IR_ROLE_RANGE);
	assert_int_equal(manual_get(m, "NV_MMU_PTE_KIND_INVALID")->value.value, 7);
	assert_true(manual_get(m, "NV_PBUS_CTRL")->placed);
	CHILDREN(m, NULL, "NV_MMU_PTE_KIND_INVALID", "NV_PBUS_LONE", "NV_PBUS_GHOST__SIZE_1",
		 "NV_PBUS_CTRL");
	ir_stats_add(&st, m);
	assert_int_equal(st.unplaced, 3);
	assert_int_equal(st.defines, 4);
	assert_int_equal(st.kind[IR_CONSTANT], 3);
	assert_int_equal(st.kind[IR_REGISTER], 1);
	ir_manual_free(m);
	capture_free(&c);
}

static void test_group_unplaced_in_xml(void **state)
{
	struct capture c;
	struct diag d;

	(void)state;
	capture_attach(&c, &d);
	struct ir_manual *m = parse_str("u.ref", group_unplaced_text, &d);
	assert_non_null(m);
	xmlDocPtr doc = ir_write_doc(m);
	xmlNodePtr v = xml_find_def(doc, "NV_MMU_PTE_KIND_INVALID");

	assert_string_equal((const char *)v->name, "constant");
	assert_string_equal((const char *)v->parent->name, "manual");
	assert_string_equal(xml_attr(v, "placed"), "false");
	assert_string_equal(xml_attr(xml_find_def(doc, "NV_PBUS_LONE"), "placed"), "false");
	assert_string_equal(xml_attr(xml_find_def(doc, "NV_PBUS_LONE"), "role"), "range");
	assert_null(xml_attr(xml_find_def(doc, "NV_PBUS_CTRL"), "placed"));
	xmlFreeDoc(doc);
	ir_manual_free(m);
	capture_free(&c);
}

/* ---- names ---------------------------------------------------------------------- */

static void test_group_array_element_names(void **state)
{
	struct capture c;
	struct diag d;

	(void)state;
	capture_attach(&c, &d);
	struct ir_manual *m = parse_str("a.ref",
		"#define NV_PDISP_SOR_DP_LINKCTL(i,j) (0x0061C10C+(i)*2048+(j)*128) /* RW-4A */\n"
		"#define NV_PDISP_SOR_DP_LINKCTL__SIZE_1 8 /*       */\n"
		"#define NV_PDISP_SOR_DP_LINKCTL__SIZE_2 2 /*       */\n"
		"#define NV_PDISP_SOR_DP_LINKCTL_ENABLE 0:0 /* RWIVF */\n"
		"#define NV_PDISP_SOR_DP_LINKCTL0_ENABLE 0:0 /* RWIVF */\n"
		"#define NV_PDISP_SOR_DP_LINKCTL0_ENABLE_YES 0x00000001 /* RW--V */\n"
		"#define NV_PDISP_SOR_DP_LINKCTL1_ENABLE 0:0 /* RWIVF */\n"
		"#define NV_PDISP_SCALAR 0x00610000 /* RW-4R */\n"
		"#define NV_PDISP_SCALAR2_FIELD 3:0 /* RWIVF */\n", &d);
	assert_non_null(m);
	group_expect(m, "NV_PDISP_SOR_DP_LINKCTL_ENABLE", IR_FIELD, "NV_PDISP_SOR_DP_LINKCTL");
	group_expect(m, "NV_PDISP_SOR_DP_LINKCTL0_ENABLE", IR_FIELD, "NV_PDISP_SOR_DP_LINKCTL");
	group_expect(m, "NV_PDISP_SOR_DP_LINKCTL1_ENABLE", IR_FIELD, "NV_PDISP_SOR_DP_LINKCTL");
	group_expect(m, "NV_PDISP_SOR_DP_LINKCTL0_ENABLE_YES", IR_VALUE,
		     "NV_PDISP_SOR_DP_LINKCTL0_ENABLE");
	/* only arrays are named per element: SCALAR2 is not SCALAR */
	assert_false(manual_get(m, "NV_PDISP_SCALAR2_FIELD")->placed);
	assert_int_equal(d.warnings, 1);
	capture_expect_substr(&c, "a.ref:9:9: warning: NV_PDISP_SCALAR2_FIELD is a bit range");
	ir_manual_free(m);
	capture_free(&c);
}

static void test_group_longest_prefix_wins(void **state)
{
	struct ir_manual *m = parse_clean(
		"#define NV_PFOO_CTRL 0x00000100 /* RW-4R */\n"
		"#define NV_PFOO_CTRL_EXT 0x00000104 /* RW-4R */\n"
		"#define NV_PFOO_CTRL_EXT_F 7:0 /* RWIVF */\n"
		"#define NV_PFOO_CTRL_F 7:0 /* RWIVF */\n");

	(void)state;
	group_expect(m, "NV_PFOO_CTRL_EXT_F", IR_FIELD, "NV_PFOO_CTRL_EXT");
	group_expect(m, "NV_PFOO_CTRL_F", IR_FIELD, "NV_PFOO_CTRL");
	/* registers belong to devices only, not to a register they extend */
	group_expect(m, "NV_PFOO_CTRL_EXT", IR_REGISTER, NULL);
	ir_manual_free(m);
}

/* ---- promotion ------------------------------------------------------------------ */

static const char group_doorbell_text[] =
	"#define NV_CTRL 0x00B6FFFF:0x00B60000 /* RW--D */\n"
	"#define NV_CTRL_DOORBELL(i)             (0x00B64000+(i)*8) /*       */\n"
	"#define NV_CTRL_DOORBELL__SIZE_1                        64 /*       */\n"
	"#define NV_CTRL_DOORBELL_STRIDE                          8 /*       */\n"
	"#define NV_CTRL_DOORBELL_HANDLE                       31:0 /*       */\n"
	"#define NV_CTRL_DOORBELL_RUNLIST_ID                  22:16 /*       */\n"
	"#define NV_CTRL_DOORBELL_RUNLIST_ID_INVALID_RUNLIST   0x7F /*       */\n"
	"#define NV_CTRL_PLAIN_OFFSET                    0x00B65000 /*       */\n";

static void test_group_promote_uncoded_offset(void **state)
{
	struct ir_manual *m = parse_clean(group_doorbell_text);

	(void)state;
	struct ir_def *r = group_expect(m, "NV_CTRL_DOORBELL", IR_REGISTER, "NV_CTRL");
	assert_int_equal(r->size[0], 64);
	group_expect(m, "NV_CTRL_DOORBELL_HANDLE", IR_FIELD, "NV_CTRL_DOORBELL");
	group_expect(m, "NV_CTRL_DOORBELL_RUNLIST_ID", IR_FIELD, "NV_CTRL_DOORBELL");
	/* a value written without a code is still a value of its field */
	group_expect(m, "NV_CTRL_DOORBELL_RUNLIST_ID_INVALID_RUNLIST", IR_VALUE,
		     "NV_CTRL_DOORBELL_RUNLIST_ID");
	/* an uncoded offset that prefixes no bit range stays a constant */
	group_expect(m, "NV_CTRL_PLAIN_OFFSET", IR_CONSTANT, "NV_CTRL");
	ir_manual_free(m);
}

static void test_group_promotion_independent_of_order(void **state)
{
	/* STRIDE comes before the first field that makes DOORBELL a register;
	 * it still belongs to the register, like every other define named
	 * under it. */
	struct ir_manual *m = parse_clean(group_doorbell_text);
	xmlDocPtr doc = ir_write_doc(m);

	(void)state;
	group_expect(m, "NV_CTRL_DOORBELL_STRIDE", IR_CONSTANT, "NV_CTRL_DOORBELL");
	CHILDREN(m, manual_get(m, "NV_CTRL_DOORBELL"), "NV_CTRL_DOORBELL__SIZE_1",
		 "NV_CTRL_DOORBELL_STRIDE", "NV_CTRL_DOORBELL_HANDLE",
		 "NV_CTRL_DOORBELL_RUNLIST_ID");
	group_expect_xml(doc, "NV_CTRL_DOORBELL", "register", "device");
	assert_string_equal(xml_attr(xml_find_def(doc, "NV_CTRL_DOORBELL"), "offset-expr"),
			    "(0x00B64000+(i)*8)");
	xmlFreeDoc(doc);
	ir_manual_free(m);
}

static void test_group_coded_constant_not_promoted(void **state)
{
	/* An offset with a code that says what it is is left alone. */
	struct capture c;
	struct diag d;

	(void)state;
	capture_attach(&c, &d);
	struct ir_manual *m = parse_str("p.ref",
		"#define NV_PFOO_BASE 0x00001000 /* ----- */\n"
		"#define NV_PFOO_BASE_F 3:0 /* RWIVF */\n", &d);
	assert_non_null(m);
	assert_int_equal(manual_get(m, "NV_PFOO_BASE")->kind, IR_CONSTANT);
	assert_false(manual_get(m, "NV_PFOO_BASE_F")->placed);
	assert_int_equal(d.warnings, 1);
	ir_manual_free(m);
	capture_free(&c);
}

static int group_teardown(void **state)
{
	(void)state;
	parse_cleanup();
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_group_register_fields_values),
		cmocka_unit_test(test_group_value_of_register_is_constant),
		cmocka_unit_test(test_group_register_xml_nesting),
		cmocka_unit_test(test_group_register_array),
		cmocka_unit_test(test_group_ramin_structure),
		cmocka_unit_test(test_group_fields_span_words),
		cmocka_unit_test(test_group_nested_structure_names),
		cmocka_unit_test(test_group_device_owns_registers),
		cmocka_unit_test(test_group_unplaced_kept),
		cmocka_unit_test(test_group_unplaced_in_xml),
		cmocka_unit_test(test_group_array_element_names),
		cmocka_unit_test(test_group_longest_prefix_wins),
		cmocka_unit_test(test_group_promote_uncoded_offset),
		cmocka_unit_test(test_group_promotion_independent_of_order),
		cmocka_unit_test(test_group_coded_constant_not_promoted),
	};

	return cmocka_run_group_tests_name("ref_group", tests, NULL, group_teardown);
}
