/* SPDX-License-Identifier: MIT */
#include "mem.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

void *mem_realloc(void *p, size_t size)
{
	void *q = realloc(p, size ? size : 1);

	if (!q) {
		/* The program's own name: the same code serves refgen and nvrt. */
		fprintf(stderr, "%s: out of memory\n", program_invocation_short_name);
		abort();
	}
	return q;
}
