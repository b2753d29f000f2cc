#!/bin/sh
# SPDX-License-Identifier: MIT
# Writes the fuzz targets' seed corpora, test/fuzz/seeds/<target>/, from the
# project's own material only: excerpts and mutations of test/fixtures, IR
# that refgen makes of them, and channel memory `nvrt layout` writes.  No
# manual text goes in (the manuals are NVIDIA's; the corpora are ours).
#
#   REFGEN=out/bin/refgen NVRT=out/bin/nvrt sh test/fuzz/make-seeds.sh
#
# (`make fuzz-seeds`).  Output is deterministic: running it again gives the
# same files.  Regression inputs (test/fuzz/regress) are not touched.
set -eu
cd "$(dirname "$0")/../.."
REFGEN=${REFGEN:-out/bin/refgen}
NVRT=${NVRT:-out/bin/nvrt}
TMP_DIR=${TMP_DIR:-out/tmp/fuzz-seeds}
SEEDS=test/fuzz/seeds
FIX=test/fixtures

rm -rf "$TMP_DIR"
mkdir -p "$TMP_DIR"
for t in ref_parse ir_read ir_schema emit_inject lookup lookup_config pb_decode dump pt_walk sim_pbdma; do
	rm -rf "${SEEDS:?}/$t"
	mkdir -p "$SEEDS/$t"
done

# ---- byte helpers -------------------------------------------------------------------
# One byte / little-endian 16- and 64-bit numbers (shell arithmetic: hex ok).
u8() {
	# shellcheck disable=SC2059 # an octal escape, built on purpose
	printf "\\$(printf %03o $(($1 & 255)))"
}
le16() {
	u8 "$1"
	u8 "$(($1 >> 8))"
}
le64() {
	v=$(($1))
	i=0
	while [ $i -lt 8 ]; do
		u8 $((v & 255))
		v=$((v >> 8))
		i=$((i + 1))
	done
}
# The value of "key": N (or "0x..") in a layout.json.
json() {
	sed -n "s/.*\"$2\": \"*\([0-9a-fx]*\)\"*.*/\1/p" "$1" | head -n 1
}
# The IOVA of buffer name in a layout.json.
iova() {
	sed -n "s/.*\"name\": \"$2\".*\"iova\": \"\(0x[0-9a-f]*\)\".*/\1/p" "$1"
}

# ---- ref_parse: fixtures, excerpts, mutations ---------------------------------------
R=$SEEDS/ref_parse
for f in sample other spacing bad_range; do
	cp "$FIX/$f.ref" "$R/fixture_$f.ref"
done
cp "$FIX/addendum/unit.ref" "$R/fixture_addendum_unit.ref"
cp "$FIX/addendum/add/alone.ref" "$R/fixture_addendum_alone.ref"
# A manual continued by its addendum (the target splits at @@addendum@@).
{ cat "$FIX/addendum/unit.ref"; echo "@@addendum@@"; cat "$FIX/addendum/add/unit.ref"; } \
	>"$R/addendum_unit.ref"
{ cat "$FIX/addendum/past.ref"; echo "@@addendum@@"; cat "$FIX/addendum/add/past.ref"; } \
	>"$R/addendum_past.ref"
{ echo "@@addendum@@"; cat "$FIX/addendum/add/alone.ref"; } >"$R/addendum_empty_manual.ref"
# Excerpts of sample.ref: the licence block, each section, single defines.
sed -n '1,5p' "$FIX/sample.ref" >"$R/excerpt_license.ref"
sed -n '12,33p' "$FIX/sample.ref" >"$R/excerpt_device.ref"
sed -n '35,$p' "$FIX/sample.ref" >"$R/excerpt_structure.ref"
grep '^#define' "$FIX/sample.ref" >"$R/excerpt_defines_only.ref"
n=0
grep '#define' "$FIX/sample.ref" "$FIX/spacing.ref" "$FIX/other.ref" | cut -d: -f2- |
while IFS= read -r line; do
	n=$((n + 1))
	printf '%s\n' "$line" >"$R/line_$(printf %02d $n).ref"
done
# Mutations of sample.ref.
sed 's/$/\r/' "$FIX/sample.ref" >"$R/mut_crlf.ref"
sed 's/ \/\* [^*]* \*\///' "$FIX/sample.ref" >"$R/mut_no_codes.ref"
sed 's/\([0-9]*\):\([0-9]*\) \/\*/\2:\1 \/*/' "$FIX/sample.ref" >"$R/mut_reversed_ranges.ref"
sed 's/0x0000/0xFFFFFFFFFFFFFFFFFFFF/' "$FIX/sample.ref" >"$R/mut_huge_numbers.ref"
sed 's/(i)/(i,j)/; s/\*4)/*4+(j)*64)/' "$FIX/sample.ref" >"$R/mut_two_params.ref"
sed 's/RW-4R/RW-4A/; s/RWIVF/RWXVF/' "$FIX/sample.ref" >"$R/mut_codes.ref"
sed 's/\*\/$//' "$FIX/sample.ref" >"$R/mut_unterminated_comment.ref"
sed 's/#define/# define/; s/NV_PSAMPLE_CTRL /NV_PSAMPLE_CTRL(i) /' "$FIX/sample.ref" >"$R/mut_spacing_params.ref"
sed 's/=============/===/' "$FIX/sample.ref" >"$R/mut_short_underline.ref"
sed 's/reset value/reset value \/\* nested \*\//' "$FIX/sample.ref" >"$R/mut_comment_in_comment.ref"
sed '/NV_PSAMPLE_CTRL_ENABLE /d' "$FIX/sample.ref" >"$R/mut_orphan_values.ref"
sed 's/NV_PSAMPLE_DATA__SIZE_1 16/NV_PSAMPLE_DATA__SIZE_1 0/' "$FIX/sample.ref" >"$R/mut_zero_size.ref"
{ cat "$FIX/sample.ref"; grep '^#define' "$FIX/sample.ref" | sed 's/0x0000000/0x1000000/'; } \
	>"$R/mut_redefined.ref"
{ head -n 20 "$FIX/sample.ref"; printf 'caf\351 \001 prose\n'; tail -n 5 "$FIX/sample.ref"; } \
	>"$R/mut_non_ascii.ref"
{ head -n 3 "$FIX/other.ref"; printf '#define NV_NUL 0x1\000 /* RW-4R */\n'; } >"$R/mut_nul.ref"
# Bodies the expression reader has to take apart (fixture names, new shapes).
cat >"$R/mut_expressions.ref" <<'EOF'
Expression forms, built from the fixtures' names.

#define NV_PSAMPLE 0x0000FFFF:0x00001000 /* RW--D */
#define NV_PSAMPLE_SEL(i) ((i)==0?0x00001300:0x00001340) /* RW-4A */
#define NV_PSAMPLE_SEL__SIZE_1 2 /*       */
#define NV_PSAMPLE_SEL_F(i) (8+(i)*4):((i)*4+5) /* RWXVF */
#define NV_PSAMPLE_WIDE(i,j) (0x00001400+((i)*0x40)+((j)<<2)) /* RW-4A */
#define NV_PSAMPLE_WIDE__SIZE_1 4
#define NV_PSAMPLE_WIDE__SIZE_2 (2*8)
#define NV_PSAMPLE_WIDE_ALL 63:0 /* RWXVF */
#define NV_PSAMPLE_WIDE_BIG 95:64 /* RWXVF */
#define NV_PSAMPLE_NEG (-1) /* ----C */
#define NV_PSAMPLE_SHIFT (1 << 31) /*       */
#define NV_PSAMPLE_DIV (0x100/(0)) /*       */
#define NV_PSAMPLE_ALIAS(i) NV_PSAMPLE_SEL(i)
#define NV_PSAMPLE_STR "a string \" with a quote"
#define NV_PSAMPLE_FREE (0x2000+(k)*4) /* RW-4R */
#define NV_PSAMPLE_CALL NV_PSAMPLE_WIDE(f,1)
#define NV_PSAMPLE_PAREN ((((((((1)))))))) /*       */
EOF
cat >"$R/mut_structure.ref" <<'EOF'
A structure whose fields run past its size, cross words, and overlap.

#define NV_SAMPLE_DESC /* ----G */
#define NV_SAMPLE_DESC__SIZE 8
#define NV_SAMPLE_DESC_ALLOC_SIZE 4096
#define NV_SAMPLE_DESC_A (0*32+31):(0*32+0) /* RWXUF */
#define NV_SAMPLE_DESC_B (1*32+15):(0*32+16) /* RWXUF */
#define NV_SAMPLE_DESC_C (3*32+31):(2*32+0) /* RWXUF */
#define NV_SAMPLE_DESC_C_LO (2*32+31):(2*32+0) /* RWXUF */
#define NV_SAMPLE_DESC_C_HI (3*32+31):(3*32+0) /* RWXUF */
#define NV_SAMPLE_DESC_WIDE (127*32+31):(0*32+0) /* RWXUF */
#define NV_SAMPLE_DESC_X(i) (4*32+(i)):(4*32+(i)) /* RWXUF */
#define NV_SAMPLE_DESC_X__SIZE_1 32
#define NV_SAMPLE_DESC_A_TRUE 0x1 /* RW--V */
#define NV_SAMPLE_DESC_A_BIG 0x100000000 /* RW--V */
EOF
cat >"$R/mut_sections.ref" <<'EOF'
Copyright (c) 2024 The refgen authors.
--------------------------------------------------------------------------------

FIRST
=====

    Prose before the first define, with an ASCII diagram:

        31     16 15      0
       .---------.---------.
       |   HI    |   LO    |
       '---------'---------'

#define NV_PSAMPLE_CTRL 0x00001100 /* RW-4R */

SECOND
======
#define NV_PSAMPLE_CTRL_ENABLE 0:0 /* RWIVF */
   #   define   NV_PSAMPLE_CTRL_MODE   4:1   // only a comment
#define
#define NV_
#define NV_PSAMPLE_BAD( 0x1
trailing text
EOF

# ---- ir_read: IR of the parseable seeds, and mutations of it --------------------------
I=$SEEDS/ir_read
for f in "$R"/fixture_sample.ref "$R"/fixture_other.ref "$R"/fixture_spacing.ref \
	"$R"/mut_expressions.ref "$R"/mut_structure.ref "$R"/mut_two_params.ref "$R"/excerpt_license.ref; do
	b=$(basename "$f" .ref)
	"$REFGEN" parse -o "$I/$b.xml" "$f" 2>/dev/null || rm -f "$I/$b.xml"
done
"$REFGEN" parse -a "$FIX/addendum/add" -o "$I/addendum_unit.xml" "$FIX/addendum/unit.ref" 2>/dev/null ||
	rm -f "$I/addendum_unit.xml"
S=$I/fixture_sample.xml
awk 'NR == 2 { print "<!DOCTYPE manual [ <!ENTITY x SYSTEM \"file:///etc/passwd\"> ]>" } { print }' "$S" \
	>"$I/mut_doctype.xml"
sed 's/ unit="[^"]*"//' "$S" >"$I/mut_no_unit.xml"
sed 's/<register /<bogus /; s/<\/register>/<\/bogus>/' "$S" >"$I/mut_unknown_element.xml"
sed 's/line="[0-9]*"/line="99999999999999999999"/' "$S" >"$I/mut_huge_line.xml"
sed 's/code="RW-4R"/code="ZZZZZ"/' "$S" >"$I/mut_bad_code.xml"
sed 's/hi="[0-9]*"/hi="-1"/' "$S" >"$I/mut_negative_hi.xml"
sed 's/<field /<field xmlns:xi="http:\/\/www.w3.org\/2001\/XInclude" /' "$S" >"$I/mut_namespace.xml"
head -c 600 "$S" >"$I/mut_truncated.xml"
sed 's/&/\&amp;\&#0;/' "$S" >"$I/mut_char_ref.xml"
printf '<?xml version="1.0"?>\n<manual version="1" source="x.ref" unit="x"/>\n' >"$I/min_empty.xml"
printf '<?xml version="1.0" encoding="UTF-16"?>\n<manual/>\n' >"$I/min_encoding.xml"

# ---- ir_schema: the ir_read seeds, and values at the edges of the schema's datatypes ----
X=$SEEDS/ir_schema
cp "$I"/*.xml "$X"/
sed 's/ line="\([0-9]*\)"/ line=" +\1 "/' "$S" >"$X/dt_integer_blanks.xml"
sed 's/ line="[0-9]*"/ line="0"/' "$S" >"$X/dt_positive_zero.xml"
sed 's/ lo="[0-9]*"/ lo="-0"/' "$S" >"$X/dt_nonnegative_minus_zero.xml"
sed 's/ read="yes"/ read=" yes "/' "$S" >"$X/dt_token_blanks.xml"
sed 's/ code="[^"]*"/ code="0123456789abcdef"/' "$S" >"$X/dt_code_too_long.xml"
sed 's/ name="NV_/ name="9NV_/' "$S" >"$X/dt_name_pattern.xml"
sed 's/<access [^>]*\/>//' "$S" >"$X/st_no_access.xml"
sed 's/<\/license>/<\/license><license\/>/' "$S" >"$X/st_two_licenses.xml"
sed 's/ value="0x\([0-9a-f]*\)"/ value="0x\1" value-expr="(i)"/' "$S" >"$X/st_choice_both.xml"

# ---- lookup: batch lines for the target's own manual (fuzz_lookup.c) ----------------
# First byte even: text output; odd: JSON.
L=$SEEDS/lookup
printf '0x1100 0x5\n0x1204 0xffffffff\n0x2048 0x1\n0x1101\n0x1800\n0x20000 0x1\n' >"$L/plain.txt"
printf '1 0x1100 0x5\n0x2048 0x1\n0x3000 0xffffffffffff\n' >"$L/json.txt"
printf 'MAP 0.000000 1 0xf6000000 0xffffc90000080000 0x1000000 0x0 0\nR 4 1.000001 1 0xf6001100 0x00000003 0x0 0\nW 4 1.000002 1 0xf6002008 0x1 0x0 0\nMARK 2.0 text\nR 4 2.1 9 0x1100 0x1 0x0 0\n' \
	>"$L/mmiotrace.txt"
printf '# comment\n\n  0x1100   0x1  \n0x 0x1\nR\nW 4\nMAP 1\n0x11000000000000000 0x1\n' >"$L/odd.txt"
# a unit map's body (gen/README.md, "The lookup unit map"): the target puts
# the header with its checksum in front
printf 'file dev_a.xml 1338 0497adf361b82858\nfile dev_fz.xml 75104 d4d2097e623e3322\nrange 0 reg 0x1100 0x1107\nrange 1 reg 0x0 0x97\nrange 1 bar0 0x1000 0xffff\nrange 1 aperture 0x0 0xffffffff\nname 0 0000abcd\nname 1 00000001\nname 1 fffffffe\n' >"$L/unit-map.txt"

# ---- lookup_config: PCI config spaces (fuzz_lookup_config.c) -----------------------
# Laid out here: a header with the capability list bit, the standard list
# (Power Management 0x40, MSI 0x48, PCI Express 0x60, MSI-X 0xb0), the
# extended one (AER 0x100, vendor-specific 0x150); as binary, as lspci text,
# and with a loop.
L=$SEEDS/lookup_config
le32at() {   # file, offset, value
	{ u8 "$3"; u8 "$(($3 >> 8))"; u8 "$(($3 >> 16))"; u8 "$(($3 >> 24))"; } |
		dd of="$1" bs=1 seek=$(($2)) conv=notrunc 2>/dev/null
}
space() {   # file, size
	dd if=/dev/zero of="$1" bs="$2" count=1 2>/dev/null
	le32at "$1" 0x00 0x233510de
	le32at "$1" 0x04 0x00100006
	le32at "$1" 0x34 0x40
	le32at "$1" 0x40 0x00034801
	le32at "$1" 0x48 0x01806005
	le32at "$1" 0x60 0x0002b010
	le32at "$1" 0x70 0x10830000
	le32at "$1" 0xb0 0x80080011
	if [ "$2" = 4096 ]; then
		le32at "$1" 0x100 0x15020001
		le32at "$1" 0x104 0x00000010
		le32at "$1" 0x150 0x0001000b
		le32at "$1" 0x154 0x01810001
		le32at "$1" 0xff8 0xffffffff
	fi
}
space "$L/std256.bin" 256
space "$L/ext4096.bin" 4096
cp "$L/ext4096.bin" "$L/loop.bin"
le32at "$L/loop.bin" 0x150 0x1001000b
{
	echo "01:00.0 3D controller: a device"
	od -An -tx1 -v -w16 "$L/std256.bin" | awk '{ printf("%02x:", (NR - 1) * 16); for (i = 1; i <= NF; i++) printf(" %s", $i); print "" }'
	echo
} >"$L/lspci.txt"
head -n 4 "$L/lspci.txt" >"$L/lspci-cut.txt"

# ---- channel memory from `nvrt layout` -----------------------------------------------
L=$TMP_DIR/layout
mkdir -p "$L"
layout() {   # name, options...
	d=$L/$1
	shift
	"$NVRT" layout --dir "$d" "$@" >/dev/null
}
layout default --count 3
layout priv --count 2 --privileged --chid 7 --tsgid 3 --runqueue 1
layout noncoh --count 1 --aperture noncoherent --gpfifo-entries 64
layout vabase --count 3 --va-base 0x10000000
layout vabase_many --count 40 --va-base 0x10000000
layout payload --count 2 --payload 0xfffffffe --va-base 0x10000000

# pb_decode: the pushbuffers, trimmed to what was written; bit patterns.
P=$SEEDS/pb_decode
for v in default priv noncoh vabase_many payload; do
	n=$(json "$L/$v/layout.json" pushbuffer_dwords)
	head -c $((n * 4)) "$L/$v/pushbuffer.bin" >"$P/layout_$v.bin"
done
{ le64 0; le64 0xffffffffffffffff; le64 0x8000000080000000; le64 0x2001001b00000000; } >"$P/patterns.bin"

# dump: selector byte, then runlist / instance / USERD / GP entries.
D=$SEEDS/dump
for v in default priv noncoh vabase; do
	j=$L/$v/layout.json
	{ u8 0; head -c $(($(json "$j" runlist_entries) * 16)) "$L/$v/runlist.bin"; } >"$D/runlist_$v.bin"
	{ u8 1; cat "$L/$v/instance.bin"; } >"$D/ramin_$v.bin"
	{ u8 2; cat "$L/$v/userd.bin"; } >"$D/userd_$v.bin"
	{ u8 3; head -c $(($(json "$j" gp_put) * 8)) "$L/$v/gpfifo.bin"; } >"$D/gpfifo_$v.bin"
done
# control entries (LENGTH 0): NOP, ILLEGAL, GP_CRC, PB_CRC with an operand; all ones
{ u8 3; le64 0; le64 0x0000000100000000; le64 0x0000000212345678; le64 0x8000000300000000;
	le64 0xffffffffffffffff; } >"$D/gpfifo_control.bin"

# pt_walk: flags, VA, PDB, base, then the tables from the PD3 on, at their IOVAs.
W=$SEEDS/pt_walk
walk_image() {   # layout -> $TMP_DIR/<layout>.img (tables from the PD3's page)
	j=$L/$1/layout.json
	base=$(iova "$j" pd3)
	img=$TMP_DIR/$1.img
	: >"$img"
	for t in pd3 pd2_0 pd1_0 pd0_0 pt_0; do
		a=$(iova "$j" "$t")
		dd if="$L/$1/$t.bin" of="$img" bs=4096 seek=$(((a - base) / 4096)) conv=notrunc 2>/dev/null
	done
	# whole pages: a table read at the end of the image is in it
	dd if=/dev/zero of="$img" bs=4096 seek=$((($(iova "$j" pt_0) - base) / 4096 + 1)) count=0 2>/dev/null
}
walk_seed() {   # name, layout, flags, va
	j=$L/$2/layout.json
	{ u8 "$3"; le64 "$4"; le64 "$(iova "$j" pd3)"; le64 "$(iova "$j" pd3)"; cat "$TMP_DIR/$2.img"; } \
		>"$W/$1.bin"
}
for v in default noncoh vabase; do
	walk_image $v
done
walk_seed gpfifo_mapped default 0 "$(iova "$L/default/layout.json" gpfifo)"
walk_seed semaphore_mapped default 0 "$(iova "$L/default/layout.json" semaphore)"
walk_seed unmapped_pt default 0 0x108000
walk_seed unmapped_pd default 0 0x4000000000
walk_seed beyond_va default 0 0x2000000000000
walk_seed wrap default 1 0x103000
walk_seed noncoherent noncoh 0 "$(iova "$L/noncoh/layout.json" pushbuffer)"
walk_seed va_base vabase 0 0x10001000
walk_seed va_base_wrap vabase 1 0x10002000

# sim_pbdma: flags, GP_PUT, entries, GP entries, pushbuffer (va-base 0x10000000
# layouts: the fuzz target lays its channel out the same way).
M=$SEEDS/sim_pbdma
sim_seed() {   # name, layout, flags, put
	d=$L/$2
	n=$(json "$d/layout.json" gp_put)
	[ "$n" -le 255 ] || n=255
	pbw=$(json "$d/layout.json" pushbuffer_dwords)
	{ u8 "$3"; le16 "$4"; u8 "$n"; head -c $((n * 8)) "$d/gpfifo.bin"; head -c $((pbw * 4)) "$d/pushbuffer.bin"; } \
		>"$M/$1.bin"
}
sim_seed release_3 vabase 0 3
sim_seed release_40 vabase_many 0 40
sim_seed payload_wrap payload 0 2
sim_seed relocated vabase 1 3
sim_seed put_out_of_range vabase 2 600
sim_seed put_behind vabase 2 1
# Control entries (NOP, GP_CRC, PB_CRC, ILLEGAL) and segments addressed as
# pushbuffer offsets (flag 1): 4 dwords at 0, 2 at 8 with SYNC WAIT, and a
# subroutine.
{ u8 1; le16 0; u8 7; le64 0; le64 0x0000000200000000; le64 0x0000000300000000;
	le64 0x0000100000000000; le64 0x8000080000000008; le64 0x0000120000000004;
	le64 0x0000000100000000; cat "$P/patterns.bin"; } >"$M/control_entries.bin"
{ u8 1; le16 0; u8 1; le64 0x0000100000000000; cat "$P/patterns.bin"; } >"$M/pb_patterns.bin"
# The same on the TU104 model (flag 4).
sim_seed tu104_release_3 vabase 4 3
sim_seed tu104_relocated vabase 5 3
sim_seed tu104_put_out_of_range vabase 6 600
{ u8 5; le16 0; u8 7; le64 0; le64 0x0000000200000000; le64 0x0000000300000000;
	le64 0x0000100000000000; le64 0x8000080000000008; le64 0x0000120000000004;
	le64 0x0000000100000000; cat "$P/patterns.bin"; } >"$M/tu104_control_entries.bin"


# ---- emit_inject: text aimed at a header's directives, per field, both paths ---------
# Byte 0: field (0 body, 1 comment, 2 prose, 3 licence, 4 source, 5 section,
# 6 string, 7 code) + 0x80 through the reader; byte 1: which define.
E=$SEEDS/emit_inject
inject_seed() {   # name, selector, define, text (printf format)
	{ u8 "$2"; u8 "$3"; printf "$4"; } >"$E/$1"
}
names="body comment prose license source section string code"
i=0
for n in $names; do
	inject_seed "model_${n}_include" $i 1 '\n#include </etc/passwd>\n'
	inject_seed "model_${n}_cr_error" $i 1 'x\r#error boom'
	inject_seed "model_${n}_comment_end" $i 4 '*/ #include <x> /*'
	inject_seed "model_${n}_splice" $i 1 'x \\\n#define EVIL 1'
	inject_seed "reader_${n}_include" $((i + 128)) 1 '\n#include </etc/passwd>\n'
	inject_seed "reader_${n}_cr_error" $((i + 128)) 1 'x\r#error boom'
	i=$((i + 1))
done

echo "seeds: $(find "$SEEDS" -type f | wc -l) files in $SEEDS"
