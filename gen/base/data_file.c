/* SPDX-License-Identifier: MIT */
#include "base/data_file.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void data_file_exe_dir(char *buf, size_t n)
{
	ssize_t len = readlink("/proc/self/exe", buf, n - 1);
	char *slash;

	if (len <= 0) {
		buf[0] = '\0';
		return;
	}
	buf[len] = '\0';
	slash = strrchr(buf, '/');
	if (slash)
		*slash = '\0';
	else
		buf[0] = '\0';
}

/* path = dir/name when that is a regular file; else dir/name added to tried. */
static int data_file_try(const char *dir, const char *name, char *path, size_t n,
			 char *tried, size_t ntried)
{
	size_t used = strlen(tried);
	struct stat st;

	char real[PATH_MAX];

	if ((size_t)snprintf(path, n, "%s/%s", dir, name) >= n)
		return -1;
	if (stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
		/* Named in messages: without the bin/.. of the lookup. */
		if (realpath(path, real) && strlen(real) < n)
			memcpy(path, real, strlen(real) + 1);
		return 0;
	}
	if (used < ntried)
		snprintf(tried + used, ntried - used, "%s%s", used ? ", " : "", path);
	return -1;
}

int data_file_find(const char *name, char *path, size_t n, char *tried, size_t ntried)
{
	char exe[PATH_MAX], dir[PATH_MAX + 32];

	tried[0] = '\0';
	data_file_exe_dir(exe, sizeof(exe));
	if (exe[0]) {
		snprintf(dir, sizeof(dir), "%s/../share/refgen", exe);
		if (data_file_try(dir, name, path, n, tried, ntried) == 0)
			return 0;
	}
	return data_file_try(REFGEN_DATADIR, name, path, n, tried, ntried);
}
