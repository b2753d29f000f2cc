/* SPDX-License-Identifier: MIT */
#include "mem.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "fs.h"

void mem_out_of_memory(void)
{
	/* The program's own name: any tool may use it (not libnvrt).  exit,
	 * not abort: a failure like any other, status 1, and staged outputs
	 * are dropped, never half-written; so are the directories made for
	 * them. */
	fprintf(stderr, "%s: out of memory\n", program_invocation_short_name);
	fs_mkdir_p_undo();
	exit(1);
}

void *mem_realloc(void *p, size_t size)
{
	void *q = realloc(p, size ? size : 1);

	if (!q)
		mem_out_of_memory();
	return q;
}

void *mem_calloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		mem_out_of_memory();
	return p;
}
