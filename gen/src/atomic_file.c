#include "atomic_file.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int atomic_file_same(const char *path, const void *data, size_t len)
{
	struct stat st;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	int same = 0;

	if (fd < 0)
		return 0;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && (size_t)st.st_size == len) {
		char *buf = malloc(len ? len : 1);
		size_t got = 0;
		ssize_t n = 0;

		while (buf && got < len && (n = read(fd, buf + got, len - got)) > 0)
			got += (size_t)n;
		same = buf && got == len && !memcmp(buf, data, len);
		free(buf);
	}
	close(fd);
	return same;
}

static int atomic_file_write_all(int fd, const char *p, size_t len)
{
	while (len) {
		ssize_t n = write(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

static mode_t atomic_file_mode(const char *path)
{
	struct stat st;
	mode_t mask;

	if (stat(path, &st) == 0)
		return st.st_mode & 07777;
	mask = umask(0);
	umask(mask);
	return 0666 & ~mask;
}

int atomic_file_write(const char *path, const void *data, size_t len)
{
	char *copy = strdup(path), *tmp = NULL;
	const char *dir;
	int fd = -1, err;
	int created = 0;

	errno = 0;
	if (!copy)
		goto fail;
	if (atomic_file_same(path, data, len)) {
		free(copy);
		return 0;
	}
	dir = dirname(copy);
	if (asprintf(&tmp, "%s/.%s.XXXXXX", dir, strrchr(path, '/') ? strrchr(path, '/') + 1 : path) < 0) {
		tmp = NULL;
		goto fail;
	}
	fd = mkostemp(tmp, O_CLOEXEC);
	if (fd < 0)
		goto fail;
	created = 1;
	/* No fsync: rename keeps readers from ever seeing a partial file, which
	 * is the guarantee a build needs; surviving power loss is not. */
	if (atomic_file_write_all(fd, data, len) < 0 || fchmod(fd, atomic_file_mode(path)) < 0)
		goto fail;
	if (close(fd) < 0) {
		fd = -1;
		goto fail;
	}
	fd = -1;
	if (rename(tmp, path) < 0)
		goto fail;
	free(tmp);
	free(copy);
	return 0;
fail:
	err = errno ? errno : EIO;
	if (fd >= 0)
		close(fd);
	if (created)
		unlink(tmp);
	errno = err;
	free(tmp);
	free(copy);
	return -1;
}
