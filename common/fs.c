/* SPDX-License-Identifier: MIT */
#include "fs.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The directories fs_mkdir_p created, in order (fs_mkdir_p_undo). */
static struct {
	char **v;
	size_t n, cap;
} fs_made;

/* Notes path as made by us.  0, or -1 (ENOMEM: the directory is removed). */
static int fs_made_add(const char *path)
{
	char *p = strdup(path);

	if (p && fs_made.n == fs_made.cap) {
		size_t cap = fs_made.cap ? fs_made.cap * 2 : 8;
		char **v = realloc(fs_made.v, cap * sizeof(*v));
		if (!v) {
			free(p);
			p = NULL;
		} else {
			fs_made.v = v;
			fs_made.cap = cap;
		}
	}
	if (!p) {
		rmdir(path);
		errno = ENOMEM;
		return -1;
	}
	fs_made.v[fs_made.n++] = p;
	return 0;
}

void fs_mkdir_p_undo(void)
{
	while (fs_made.n) {
		char *p = fs_made.v[--fs_made.n];
		rmdir(p);   /* only if empty: what a run put there stays */
		free(p);
	}
	free(fs_made.v);
	fs_made.v = NULL;
	fs_made.cap = 0;
}

/* mkdir that accepts what is already there (a directory or not: the caller
 * checks the last component). */
static int fs_mkdir_one(const char *path)
{
	if (mkdir(path, 0777) == 0)
		return fs_made_add(path);
	return errno != EEXIST ? -1 : 0;
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
	/* Most calls name a directory that is there: one stat, not a mkdir a level. */
	if (stat(buf, &st) == 0 && S_ISDIR(st.st_mode))
		return 0;
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
