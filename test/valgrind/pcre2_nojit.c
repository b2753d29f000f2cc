/* SPDX-License-Identifier: MIT */
/*
 * Preloaded into refgen under valgrind (make check-valgrind): PCRE2's JIT
 * compiler always fails, so refgen's parser takes its interpreter path (the
 * one it has for hosts without JIT).  Code PCRE2 JIT-compiles reads memory
 * in ways memcheck reports as uses of uninitialised values unless libpcre2
 * was built with --enable-valgrind, which Debian's is not; the interpreter
 * is clean and gives byte-identical IR.
 */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

int pcre2_jit_compile_8(pcre2_code_8 *code, uint32_t options)
{
	(void)code;
	(void)options;
	return PCRE2_ERROR_JIT_BADOPTION;
}
