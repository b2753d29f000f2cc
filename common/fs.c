/* SPDX-License-Identifier: MIT */
#include "fs.h"

#include <errno.h>
#include <limits.h>
#include <string.h>
#include <sys/stat.h>

/* mkdir that accepts what is already there (a directory or not: the caller
 * checks the last component). */
static int fs_mkdir_one(const char *path)
{
	return mkdir(path, 0777) < 0 && errno != EEXIST ? -1 : 0;
}

int fs_mkdir_p(const char *dir)
{
	char buf[PATH_MAX];
	size_t n = strlen(dir);
	struct stat st;

	if (n >= sizeof(buf)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	memcpy(buf, dir, n + 1);
	for (char *p = buf + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (fs_mkdir_one(buf) < 0)
			return -1;
		*p = '/';
	}
	if (fs_mkdir_one(buf) < 0 || stat(buf, &st) < 0)
		return -1;
	if (!S_ISDIR(st.st_mode)) {
		errno = ENOTDIR;
		return -1;
	}
	return 0;
}
