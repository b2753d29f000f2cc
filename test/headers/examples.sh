#!/bin/sh
# SPDX-License-Identifier: MIT
# The examples of doc/headers.md and what the typed headers promise their users:
#   - doc/headers.md's two code blocks are test/examples/readme_example.c and
#     readme_builders.c, and run (readme_example_main.c) giving the words
#     worked out from the manuals, as C99 (gcc, clang) and as C++17 (g++
#     -Wconversion -Wsign-conversion; builders only in C);
#   - clang++ -fsanitize=enum reports nothing for a field value no
#     enumerator names (cxx_enum_range.c);
#   - a numeric field's setter takes a plain integer in C++ (g++, clang++
#     -Wconversion -Wsign-conversion) as in C, its enum values too, and an
#     enumeration field's does not (cxx_numeric_fields.c);
#   - a register's field applied to another register's value, or a structure
#     field to another structure, does not compile, in C or C++;
#   - a read-only field has no setter unless REFGEN_ALL_ACCESSORS is defined;
#   - the helpers by address space hold the manual's values (spaces_static.c);
#   - a class's push helpers write the dwords worked out from clc3b5.h and
#     dev_ram, and take only their own method's value (class_push_main.c).
#   - a failed check names the accessor and the value (range_check.c).
# Environment: REFGEN_INCLUDE (out/include), REFGEN_EXAMPLES_DIR (out/tmp/examples).
set -u

inc=${REFGEN_INCLUDE:-out/include}
work=${REFGEN_EXAMPLES_DIR:-out/tmp/examples}
ex=test/examples
passed=0 failed=0
CWARN="-Wall -Wextra -Wconversion -Werror"
XWARN="-Wall -Wextra -Wconversion -Wsign-conversion -Werror"

ok() { passed=$((passed + 1)); }
ko() { failed=$((failed + 1)); echo "FAIL $*"; }

mkdir -p "$work" || exit 1
if [ ! -d "$inc/gv100" ]; then
	echo "gv100 headers not built: examples skipped"
	echo "0 passed, 0 failed"
	exit 0
fi

# The first ```c block of doc/headers.md after the line matching $1.
readme_block()
{
	awk -v anchor="$1" '
		index($0, anchor) { found = 1; next }
		found && /^```c$/ { inblock = 1; next }
		inblock && /^```$/ { exit }
		inblock { print }' doc/headers.md
}

readme_block "Example (compiles as C99 and C++17):" >"$work/readme1.c"
readme_block "Builders (C99):" >"$work/readme2.c"
# The example files carry the SPDX line the page's blocks leave out.
grep -v 'SPDX-License-Identifier' "$ex/readme_example.c" | cmp -s "$work/readme1.c" - && ok || ko "doc/headers.md example differs from $ex/readme_example.c"
grep -v 'SPDX-License-Identifier' "$ex/readme_builders.c" | cmp -s "$work/readme2.c" - && ok || ko "doc/headers.md builders example differs from $ex/readme_builders.c"

readme_block "**Pushing methods.**" >"$work/class_push.c"
grep -v 'SPDX-License-Identifier' "$ex/class_push.c" | cmp -s "$work/class_push.c" - && ok || ko "doc/headers.md push example differs from $ex/class_push.c"

# build_run NAME CMD...: compile, run, expect "N passed, 0 failed".
build_run()
{
	name=$1
	shift
	if ! "$@" -o "$work/$name" >"$work/$name.log" 2>&1; then
		ko "$name: does not compile: $*"
		sed -n '1,15p' "$work/$name.log"
		return
	fi
	if "$work/$name" >"$work/$name.out" 2>&1 && grep -q ' 0 failed' "$work/$name.out"; then
		ok
	else
		ko "$name: $(cat "$work/$name.out")"
	fi
}

build_run readme-gcc-c99 gcc -std=c99 $CWARN -I"$inc" -I$ex $ex/readme_example_main.c
build_run readme-clang-c11 clang -std=c11 $CWARN -I"$inc" -I$ex $ex/readme_example_main.c
build_run readme-gxx-c++17 g++ -std=c++17 $XWARN -I"$inc" -I$ex -x c++ $ex/readme_example_main.c
build_run enum-range clang++ -std=c++17 $XWARN -fsanitize=enum -fno-sanitize-recover=all -I"$inc" \
	-x c++ $ex/cxx_enum_range.c
build_run numeric-gxx g++ -std=c++17 $XWARN -I"$inc" -x c++ $ex/cxx_numeric_fields.c
build_run numeric-clangxx clang++ -std=c++17 $XWARN -I"$inc" -x c++ $ex/cxx_numeric_fields.c
build_run numeric-gcc gcc -std=c11 $XWARN -I"$inc" $ex/cxx_numeric_fields.c

# must_fail NAME CMD...: the compiler must refuse.
must_fail()
{
	name=$1
	shift
	if "$@" -c -o /dev/null >"$work/$name.log" 2>&1; then
		ko "$name: compiled, must not: $*"
	else
		ok
	fi
}

# A class's push helpers (doc/headers.md "Pushing methods"): the dwords worked
# out by hand, C99 and C11; another method's value does not compile.
build_run class-push-gcc-c99 gcc -std=c99 $CWARN -I"$inc" -I$ex $ex/class_push_main.c
build_run class-push-clang-c11 clang -std=c11 $CWARN -I"$inc" -I$ex $ex/class_push_main.c
must_fail class-push-wrong-method gcc -std=c11 -Wall -DWRONG -I"$inc" -I$ex $ex/class_push_main.c
must_fail wrong-register-c gcc -std=c11 -Wall -I"$inc" $ex/wrong_register.c
must_fail wrong-register-c++ g++ -std=c++17 -Wall -I"$inc" -x c++ $ex/wrong_register.c
must_fail wrong-structure-c gcc -std=c11 -Wall -Werror -DSTRUCTURE -I"$inc" $ex/wrong_register.c
must_fail wrong-structure-c++ g++ -std=c++17 -Wall -DSTRUCTURE -I"$inc" -x c++ $ex/wrong_register.c
must_fail enum-field-int-c++ g++ -std=c++17 -Wall -DENUM_FIELD_INT -I"$inc" -x c++ $ex/cxx_numeric_fields.c
must_fail read-only-setter gcc -std=c11 -Wall -Werror -I"$inc" $ex/read_only_setter.c
if gcc -std=c11 $CWARN -DALL -I"$inc" -c -o /dev/null $ex/read_only_setter.c >"$work/ro-all.log" 2>&1; then
	ok
else
	ko "read_only_setter.c with REFGEN_ALL_ACCESSORS does not compile"
	sed -n '1,10p' "$work/ro-all.log"
fi

# A failed check in a debug build names the accessor and the value (with
# its field's width) or says the index is out of range, then aborts; with
# NDEBUG the value is masked to its 12 bits (5000 = 0x1388 -> 0x388).
check_message()
{
	name=$1 want=$2
	shift 2
	if ! "$@" -I"$inc" -o "$work/$name" $ex/range_check.c >"$work/$name.log" 2>&1; then
		ko "$name: range_check.c does not build: $*"; sed -n '1,10p' "$work/$name.log"; return
	fi
	"$work/$name" >"$work/$name.out" 2>&1
	rc=$?
	if [ "$rc" -ne 0 ] && grep -qxF "$want" "$work/$name.out"; then
		ok
	else
		ko "$name: exit $rc, want '$want', got: $(cat "$work/$name.out")"
	fi
}
value_msg="gv100_set_ramrl_entry_chan_chid: 5000 (0x1388) does not fit its 12-bit field"
check_message range-gcc "$value_msg" gcc -std=c99 $CWARN
check_message range-gxx "$value_msg" g++ -std=c++17 $XWARN -x c++
check_message index-clang "gv100_pccsr_channel_inst: index out of range" clang -std=c11 $CWARN -DINDEX
if gcc -std=c11 $CWARN -DNDEBUG -I"$inc" -o "$work/range-ndebug" $ex/range_check.c >"$work/range-ndebug.log" 2>&1 &&
	[ "$("$work/range-ndebug")" = 0x388 ]; then
	ok
else
	ko "range_check.c with NDEBUG: not masked to 0x388"
fi

# The helpers by address space (refgen-headers(7)), as _Static_assert /
# static_assert: a window's BAR0 address and offset, a block's base argument,
# offsets only for spaces that are not BAR0.
for c in "gcc -std=c11 $CWARN" "clang -std=c11 $CWARN" "g++ -std=c++17 $XWARN -x c++"; do
	if [ -d "$inc/tu104" ] && [ -d "$inc/ga100" ]; then
		if $c -I"$inc" -c -o /dev/null $ex/spaces_static.c >"$work/spaces.log" 2>&1; then
			ok
		else
			ko "spaces_static.c does not compile with $c"
			sed -n '1,10p' "$work/spaces.log"
		fi
	fi
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
