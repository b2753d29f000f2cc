/* SPDX-License-Identifier: MIT */
#include "lookup/lookup_config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lookup/lookup_decode.h"
#include "mem.h"

/* ---- reading ------------------------------------------------------------------------ */

static int config_read_fail(struct strbuf *err, unsigned *line, unsigned *col, unsigned l, unsigned c,
			    const char *fmt, ...) __attribute__((format(printf, 6, 7)));

static int config_read_fail(struct strbuf *err, unsigned *line, unsigned *col, unsigned l, unsigned c,
			    const char *fmt, ...)
{
	char msg[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	strbuf_puts(err, msg);
	*line = l;
	*col = c;
	return -1;
}

static int config_hex_digit(char ch)
{
	if (ch >= '0' && ch <= '9')
		return ch - '0';
	if (ch >= 'a' && ch <= 'f')
		return ch - 'a' + 10;
	if (ch >= 'A' && ch <= 'F')
		return ch - 'A' + 10;
	return -1;
}

/* A line "OFF: b0 b1 ... b15" of lspci -x: its offset's length (digits before ':'), or 0. */
static size_t config_text_offset(const char *s, size_t n, unsigned *off)
{
	size_t k = 0;

	*off = 0;
	while (k < n && k < 4 && config_hex_digit(s[k]) >= 0)
		*off = *off * 16 + (unsigned)config_hex_digit(s[k++]);
	return k >= 2 && k < n && s[k] == ':' && (k + 1 == n || s[k + 1] == ' ') ? k : 0;
}

/*
 * lspci prints a device's line ("01:00.0 3D controller: ...") and then its
 * bytes 16 a line, offsets in hex ("00:" .. "ff:", "100:" .. "ff0:"), and a
 * blank line after each device.  One device's lines are taken, in order.
 */
static int config_read_text(struct lookup_config_bytes *c, const char *data, size_t len, struct strbuf *err,
			    unsigned *line, unsigned *col)
{
	unsigned ln = 0;
	bool seen_title = false, ended = false;
	size_t pos = 0;

	c->size = 0;
	c->text = true;
	while (pos < len) {
		const char *s = data + pos, *nl = memchr(s, '\n', len - pos);
		size_t n = nl ? (size_t)(nl - s) : len - pos, k;   /* data need not end in a NUL */
		unsigned off;

		pos += n + 1;
		ln++;
		while (n > 0 && (s[n - 1] == '\r' || s[n - 1] == ' ' || s[n - 1] == '\t'))
			n--;
		if (n == 0) {
			ended = c->size > 0;
			continue;
		}
		k = config_text_offset(s, n, &off);
		if (ended)
			return config_read_fail(err, line, col, ln, 1,
						"a second device's lines; give one device's (lspci -s BDF -xxxx)");
		if (!k) {
			if (seen_title || c->size)
				return config_read_fail(err, line, col, ln, 1,
							"not a line of lspci -x output ('OFFSET: 16 bytes in hex')");
			seen_title = true;
			continue;
		}
		if (off != c->size)
			return config_read_fail(err, line, col, ln, 1, "offset 0x%x where 0x%zx was expected (lines missing?)",
						off, c->size);
		if (c->size + 16 > LOOKUP_CONFIG_MAX)
			return config_read_fail(err, line, col, ln, 1, "past the 4,096 bytes of a config space");
		size_t i = k + 1, got = 0;
		while (i < n) {
			int hi, lo;
			if (s[i] != ' ' || i + 2 >= n || got == 16 ||
			    (hi = config_hex_digit(s[i + 1])) < 0 || (lo = config_hex_digit(s[i + 2])) < 0 ||
			    (i + 3 < n && s[i + 3] != ' '))
				return config_read_fail(err, line, col, ln, (unsigned)i + 2,
							"a byte in hex ('de') wanted, 16 to a line");
			c->b[c->size + got++] = (uint8_t)(hi * 16 + lo);
			i += 3;
		}
		if (got != 16)
			return config_read_fail(err, line, col, ln, (unsigned)n + 1,
						"%zu bytes where 16 were wanted (truncated?)", got);
		c->size += 16;
	}
	if (c->size == 0)
		return config_read_fail(err, line, col, 0, 0, "no 'OFFSET: bytes' line of lspci -x output");
	if (c->size != 64 && c->size != 256 && c->size != LOOKUP_CONFIG_MAX)
		return config_read_fail(err, line, col, ln, 0,
					"ends after 0x%zx bytes: lspci -x gives 64, -xxx 256, -xxxx 4,096 (truncated?)",
					c->size);
	return 0;
}

int lookup_config_read(struct lookup_config_bytes *c, const char *data, size_t len, struct strbuf *err,
		       unsigned *line, unsigned *col)
{
	bool text = len > 0;

	*line = *col = 0;
	for (size_t i = 0; i < len && text; i++)
		text = (data[i] >= 0x20 && data[i] < 0x7f) || data[i] == '\n' || data[i] == '\r' || data[i] == '\t';
	if (text)
		return config_read_text(c, data, len, err, line, col);
	c->text = false;
	if (len != 256 && len != LOOKUP_CONFIG_MAX)
		return config_read_fail(err, line, col, 0, 0,
					"%zu bytes: a binary config space is 256 or 4,096 bytes (sysfs's config, "
					"read as root: a user's read gives the first 64)",
					len);
	memcpy(c->b, data, len);
	c->size = len;
	return 0;
}

/* ---- capabilities --------------------------------------------------------------------- */

/* Ids: the PCI Code and ID Assignment Specification (rev 1.11), sections
 * 2 (capability ids) and 3 (extended capability ids); the kernel's
 * include/uapi/linux/pci_regs.h names the same (PCI_CAP_ID_*, PCI_EXT_CAP_ID_*). */
static const char *const config_std_names[] = {
	[0x01] = "Power Management", [0x02] = "AGP", [0x03] = "VPD", [0x04] = "Slot Identification",
	[0x05] = "MSI", [0x06] = "CompactPCI Hot Swap", [0x07] = "PCI-X", [0x08] = "HyperTransport",
	[0x09] = "Vendor-Specific", [0x0a] = "Debug Port", [0x0b] = "CompactPCI Central Resource Control",
	[0x0c] = "PCI Hot-Plug", [0x0d] = "Bridge Subsystem Vendor ID", [0x0e] = "AGP 8x",
	[0x0f] = "Secure Device", [0x10] = "PCI Express", [0x11] = "MSI-X", [0x12] = "SATA Data/Index",
	[0x13] = "Advanced Features", [0x14] = "Enhanced Allocation", [0x15] = "Flattening Portal Bridge",
};

static const char *const config_ext_names[] = {
	[0x01] = "AER", [0x02] = "Virtual Channel", [0x03] = "Device Serial Number",
	[0x04] = "Power Budgeting", [0x05] = "Root Complex Link Declaration",
	[0x06] = "Root Complex Internal Link Control", [0x07] = "Root Complex Event Collector Endpoint Association",
	[0x08] = "Multi-Function Virtual Channel", [0x09] = "Virtual Channel (MFVC present)",
	[0x0a] = "RCRB Header", [0x0b] = "Vendor-Specific Extended", [0x0c] = "Configuration Access Correlation",
	[0x0d] = "ACS", [0x0e] = "ARI", [0x0f] = "ATS", [0x10] = "SR-IOV", [0x11] = "MR-IOV",
	[0x12] = "Multicast", [0x13] = "Page Request", [0x15] = "Resizable BAR",
	[0x16] = "Dynamic Power Allocation", [0x17] = "TPH Requester", [0x18] = "LTR",
	[0x19] = "Secondary PCI Express", [0x1a] = "PMUX", [0x1b] = "PASID", [0x1c] = "LN Requester",
	[0x1d] = "DPC", [0x1e] = "L1 PM Substates", [0x1f] = "PTM", [0x20] = "PCI Express over M-PHY",
	[0x21] = "FRS Queueing", [0x22] = "Readiness Time Reporting", [0x23] = "Designated Vendor-Specific",
	[0x24] = "VF Resizable BAR", [0x25] = "Data Link Feature", [0x26] = "Physical Layer 16.0 GT/s",
	[0x27] = "Lane Margining at the Receiver", [0x28] = "Hierarchy ID", [0x29] = "NPEM",
	[0x2a] = "Physical Layer 32.0 GT/s", [0x2b] = "Alternate Protocol",
	[0x2c] = "System Firmware Intermediary", [0x2d] = "Shadow Functions", [0x2e] = "Data Object Exchange",
	[0x2f] = "Device 3", [0x30] = "IDE", [0x31] = "Physical Layer 64.0 GT/s",
};

const char *lookup_config_cap_name(bool extended, uint16_t id)
{
	if (extended)
		return id < sizeof(config_ext_names) / sizeof(config_ext_names[0]) ? config_ext_names[id] : NULL;
	return id < sizeof(config_std_names) / sizeof(config_std_names[0]) ? config_std_names[id] : NULL;
}

static uint32_t config_le(const struct lookup_config_bytes *c, size_t off, unsigned bytes)
{
	uint32_t v = 0;

	for (unsigned i = 0; i < bytes && off + i < c->size; i++)
		v |= (uint32_t)c->b[off + i] << (8 * i);
	return v;
}

/*
 * The length a capability's structure has by the PCI Local Bus Specification
 * 3.0 (sections 6.8.1 MSI, 6.8.2 MSI-X; the Power Management Interface
 * Specification 1.2, 3.2) and the PCI Express Base Specification (7.5.3 the
 * PCI Express capability, 7.8.4 AER, 7.9.3 serial number, 7.8.1 power
 * budgeting, 7.9.5 vendor-specific, 9.3.3 SR-IOV, 7.8.2 LTR, 7.8.3 L1 PM
 * substates, 7.8.6 resizable BAR), or 0 when neither its id nor its own
 * fields give it.
 */
static unsigned config_cap_length(const struct lookup_config_bytes *c, bool extended, uint16_t id, size_t off)
{
	if (!extended) {
		uint32_t ctrl = config_le(c, off + 2, 2);
		switch (id) {
		case 0x01: return 8;
		case 0x05:   /* 64-bit address (bit 7) adds 4, per-vector masking (bit 8) 10 */
			return 10 + (ctrl & 0x80 ? 4 : 0) + (ctrl & 0x100 ? 10 : 0);
		case 0x09: return config_le(c, off + 2, 1);   /* its own length byte */
		case 0x10: return (ctrl & 0xf) >= 2 ? 0x3c : 0x24;
		case 0x11: return 12;
		default: return 0;
		}
	}
	switch (id) {
	case 0x01: return 0x48;
	case 0x03: return 12;
	case 0x04: return 16;
	case 0x0b: case 0x23: return config_le(c, off + 4, 4) >> 20;   /* VSEC/DVSEC length, 31:20 */
	case 0x0e: case 0x0f: case 0x18: case 0x1b: return 8;
	case 0x10: return 0x40;
	case 0x15: case 0x24: {   /* 8 bytes per BAR, their number in the first control's 7:5 */
		unsigned n = config_le(c, off + 8, 4) >> 5 & 7;
		return n >= 1 && n <= 6 ? 4 + 8 * n : 0;
	}
	case 0x13: case 0x1e: return 16;
	case 0x1f: case 0x25: return 12;
	default: return 0;
	}
}

static void config_problem(struct lookup_config_result *r, bool error, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void config_problem(struct lookup_config_result *r, bool error, const char *fmt, ...)
{
	va_list ap;

	r->nerrors += error;
	if (r->nproblems == LOOKUP_CONFIG_PROBLEMS)
		return;
	r->problems[r->nproblems].error = error;
	va_start(ap, fmt);
	vsnprintf(r->problems[r->nproblems].message, sizeof(r->problems[0].message), fmt, ap);
	va_end(ap);
	r->nproblems++;
}

static bool config_cap_add(struct lookup_config_result *r, bool extended, size_t off, uint16_t id, uint8_t version,
			   uint16_t next)
{
	struct lookup_config_cap *k;

	if (r->ncaps == LOOKUP_CONFIG_CAPS) {
		config_problem(r, true, "more than %d capabilities; the rest not followed", LOOKUP_CONFIG_CAPS);
		return false;
	}
	k = &r->caps[r->ncaps++];
	memset(k, 0, sizeof(*k));
	k->extended = extended;
	k->offset = (uint16_t)off;
	k->id = id;
	k->version = version;
	k->next = next;
	k->name = lookup_config_cap_name(extended, id);
	return true;
}

/* The standard list: from the pointer at 0x34 (bits 1:0 reserved, ignored),
 * each capability's byte 0 its id, byte 1 the next pointer (0 ends). */
static void config_walk_standard(struct lookup_config_result *r, const struct lookup_config_bytes *c)
{
	bool seen[256] = { false };
	size_t ptr, prev = 0x34;

	/* Status bit 4: the function has a capability list (PCI 3.0, 6.2.3). */
	if (!(config_le(c, 0x06, 2) & 0x10)) {
		config_problem(r, false, "status (0x06) bit 4 is clear: no capability list");
		return;
	}
	for (ptr = c->b[0x34] & 0xfc; ptr; prev = ptr + 1, ptr = c->b[ptr + 1] & 0xfc) {
		if (ptr < LOOKUP_CONFIG_HEADER) {
			config_problem(r, true, "capability pointer 0x%02zx (at 0x%02zx) points into the header (below 0x40)",
				       ptr, prev);
			return;
		}
		if (ptr + 2 > c->size) {
			config_problem(r, c->size > 64, "capability pointer 0x%02zx (at 0x%02zx) is past the %zu bytes given%s",
				       ptr, prev, c->size, c->size == 64 ? " (lspci -xxx gives 256)" : "");
			return;
		}
		if (seen[ptr]) {
			config_problem(r, true, "capability list loops: 0x%02zx (at 0x%02zx) was already walked", ptr,
				       prev);
			return;
		}
		seen[ptr] = true;
		if (!config_cap_add(r, false, ptr, c->b[ptr], 0, c->b[ptr + 1] & 0xfc))
			return;
	}
}

/* The extended list: from 0x100, each header's bits 15:0 the id, 19:16 the
 * version, 31:20 the next offset (0 ends; PCIe Base Spec 7.6.3).  A header of
 * 0 at 0x100 is no list.  Id 0 with a next offset is followed: a
 * hypervisor hides a capability so (QEMU's vfio-pci zeroes the id). */
static void config_walk_extended(struct lookup_config_result *r, const struct lookup_config_bytes *c)
{
	bool seen[LOOKUP_CONFIG_MAX / 4] = { false };
	size_t off = LOOKUP_CONFIG_EXTENDED, prev = 0;

	if (c->size < LOOKUP_CONFIG_MAX)
		return;
	if (config_le(c, off, 4) == 0 || config_le(c, off, 4) == 0xffffffffu)
		return;
	while (off) {
		uint32_t h;
		if (off < LOOKUP_CONFIG_EXTENDED) {
			config_problem(r, true, "extended capability pointer 0x%03zx (at 0x%03zx) is below 0x100", off, prev);
			return;
		}
		if (off + 4 > c->size) {
			config_problem(r, true, "extended capability pointer 0x%03zx (at 0x%03zx) is past the end", off, prev);
			return;
		}
		if (seen[off / 4]) {
			config_problem(r, true, "extended capability list loops: 0x%03zx (at 0x%03zx) was already walked",
				       off, prev);
			return;
		}
		seen[off / 4] = true;
		h = config_le(c, off, 4);
		if (!config_cap_add(r, true, off, (uint16_t)(h & 0xffff), (uint8_t)(h >> 16 & 0xf),
				    (uint16_t)(h >> 20 & 0xffc)))
			return;
		prev = off;
		off = h >> 20 & 0xffc;
	}
}

/* Each capability's end: its structure's length where its id fixes one, cut
 * at the next capability (by offset) of its list; else just its header. */
static void config_cap_ends(struct lookup_config_result *r, const struct lookup_config_bytes *c)
{
	for (size_t i = 0; i < r->ncaps; i++) {
		struct lookup_config_cap *k = &r->caps[i];
		unsigned len = config_cap_length(c, k->extended, k->id, k->offset);
		size_t limit = k->extended ? c->size : (c->size < LOOKUP_CONFIG_EXTENDED ? c->size : LOOKUP_CONFIG_EXTENDED);

		for (size_t j = 0; j < r->ncaps; j++)
			if (r->caps[j].extended == k->extended && r->caps[j].offset > k->offset && r->caps[j].offset < limit)
				limit = r->caps[j].offset;
		k->length_known = len != 0;
		if (!len)
			len = k->extended ? 4 : 2;
		k->end = (uint16_t)(k->offset + len < limit ? k->offset + len : limit);
	}
}

/* ---- registers ------------------------------------------------------------------------ */

static int config_field_cmp(const void *a, const void *b)
{
	const struct lookup_config_field *x = a, *y = b;

	return x->lo < y->lo ? 1 : x->lo > y->lo ? -1 : 0;
}

static void config_reg_fields(struct lookup_config_reg *cr, const struct lookup_reg *reg)
{
	const struct lookup_layout *l = reg->layout;
	uint32_t w[2] = { (uint32_t)cr->value, (uint32_t)(cr->value >> 32) };
	size_t nwords = reg->bytes > 4 ? 2 : 1, n = 0;
	uint64_t bits = l->bits > 64 ? 64 : l->bits, v;

	cr->fields = mem_calloc(l->nfields + bits + 1, sizeof(*cr->fields));
	for (size_t i = 0; i < l->nfields; i++) {
		const struct lookup_field *f = &l->fields[i];
		if (!lookup_field_applies(l, i, lookup_reg_element(reg)) || !lookup_bits(w, nwords, f->lo, f->width, &v))
			continue;
		cr->fields[n++] = (struct lookup_config_field){ f, f->lo + f->width - 1, f->lo, v,
								 lookup_field_value(f, v) };
	}
	/* Runs of bits no field holds. */
	for (uint64_t lo = 0; lo < bits;) {
		uint64_t hi = lo;
		if (l->covered >> lo & 1) {
			lo++;
			continue;
		}
		while (hi + 1 < bits && !(l->covered >> (hi + 1) & 1))
			hi++;
		v = (cr->value >> lo) & (hi - lo + 1 >= 64 ? ~0ull : ((1ull << (hi - lo + 1)) - 1));
		cr->fields[n++] = (struct lookup_config_field){ NULL, hi, lo, v, NULL };
		lo = hi + 1;
	}
	qsort(cr->fields, n, sizeof(*cr->fields), config_field_cmp);
	cr->nfields = n;
}

static int config_reg_cap(const struct lookup_config_result *r, uint64_t off)
{
	if (off < LOOKUP_CONFIG_HEADER)
		return LOOKUP_CONFIG_IN_HEADER;
	for (size_t i = 0; i < r->ncaps; i++)
		if (off >= r->caps[i].offset && off < r->caps[i].end)
			return (int)i;
	return LOOKUP_CONFIG_IN_NONE;
}

int lookup_config_decode(struct lookup_config_result *r, const struct lookup_index *x,
			 const struct lookup_config_bytes *c)
{
	memset(r, 0, sizeof(*r));
	config_walk_standard(r, c);
	config_walk_extended(r, c);
	config_cap_ends(r, c);
	/* The registers of one unit: a chip with a manual per PCI function
	 * (gv100's dev_nv_xve3g_fn0 and _fn1) has function 0's first. */
	for (size_t i = 0; i < x->nregs; i++) {
		const struct lookup_reg *reg = &x->regs[i];
		if (reg->space != IR_SPACE_PCI)
			continue;
		if (!r->unit)
			r->unit = reg->layout->unit;
		if (reg->layout->unit != r->unit || reg->layout->def->kind != IR_REGISTER)
			continue;
		if (reg->addr + reg->bytes > c->size || reg->bytes == 0 || reg->bytes > 8) {
			r->beyond += reg->addr + reg->bytes > c->size;
			continue;
		}
		r->regs = mem_realloc(r->regs, (r->nregs + 1) * sizeof(*r->regs));
		struct lookup_config_reg *cr = &r->regs[r->nregs++];
		memset(cr, 0, sizeof(*cr));
		cr->reg = reg;
		for (unsigned b = 0; b < reg->bytes; b++)
			cr->value |= (uint64_t)c->b[reg->addr + b] << (8 * b);
		cr->cap = config_reg_cap(r, reg->addr);
		config_reg_fields(cr, reg);
	}
	return 0;
}

void lookup_config_release(struct lookup_config_result *r)
{
	for (size_t i = 0; i < r->nregs; i++)
		free(r->regs[i].fields);
	free(r->regs);
	r->regs = NULL;
	r->nregs = 0;
}
