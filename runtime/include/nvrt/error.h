/* SPDX-License-Identifier: MIT */
/* Errors: a message naming what was wrong and which manual rule it breaks. */
#ifndef NVRT_ERROR_H
#define NVRT_ERROR_H

struct nvrt_err {
	char msg[320];
};

/* Formats the message into err (which may be NULL) and returns -1. */
int nvrt_err_set(struct nvrt_err *err, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif
