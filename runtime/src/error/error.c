/* SPDX-License-Identifier: MIT */
#include "nvrt/error.h"

#include <stdarg.h>
#include <stdio.h>

int nvrt_err_set(struct nvrt_err *err, const char *fmt, ...)
{
	va_list ap;

	if (err) {
		va_start(ap, fmt);
		vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
		va_end(ap);
	}
	return -1;
}
