/* SPDX-License-Identifier: MIT */
/*
 * Failure injection: the N-th call of one kind fails with a realistic errno
 * (test/failpoint/README.md).  Linked into dedicated builds of refgen, nvrt
 * and nvrt-submit with -Wl,--wrap=SYMBOL for every call below
 * (mk/tests.mk), so every call the project's own code makes (the tools, and
 * librefgen.a and libnvrt.a linked into them) goes through here, under the
 * sanitizers too: a link-time seam sits in front of ASan's interceptors,
 * where an LD_PRELOAD malloc would sit behind them and never be called.
 *
 *   FAILPOINT=KIND:N         the N-th call of KIND fails (counted from 1)
 *   FAILPOINT_COUNTS=FILE    at exit, append "KIND COUNT" per kind to FILE
 *                            (how many calls a run makes: the reachable N)
 *
 * Kinds, and what the failing call does:
 *   open        open, openat, fopen: EACCES
 *   read        read, pread: EIO
 *   write       write, pwrite: ENOSPC
 *   write-short write, pwrite: half the bytes, then every later write
 *               ENOSPC (a disk that fills part-way; counted as write)
 *   fsync       fsync, fdatasync: EIO
 *   link        linkat, link: ENOSPC
 *   rename      rename, renameat: EIO
 *   mkdir       mkdir: ENOSPC
 *   malloc      malloc, strdup, strndup, asprintf: ENOMEM
 *   calloc      calloc: ENOMEM
 *   realloc     realloc: ENOMEM
 *   mmap        mmap: ENOMEM
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/types.h>
#include <unistd.h>

enum failpoint_kind {
	FP_OPEN, FP_READ, FP_WRITE, FP_FSYNC, FP_LINK, FP_RENAME, FP_MKDIR,
	FP_MALLOC, FP_CALLOC, FP_REALLOC, FP_MMAP, FP_KINDS
};

static const char *const failpoint_names[FP_KINDS] = {
	"open", "read", "write", "fsync", "link", "rename", "mkdir",
	"malloc", "calloc", "realloc", "mmap",
};

static struct {
	int armed;              /* FAILPOINT read */
	int kind;               /* the kind that fails, or -1 */
	unsigned long n;        /* at its n-th call */
	int short_write;        /* write-short: half, then ENOSPC for good */
	int disk_full;          /* set once a short write happened */
	unsigned long count[FP_KINDS];
} fp = { .kind = -1 };

static void failpoint_arm(void)
{
	const char *s = getenv("FAILPOINT");
	const char *colon;

	fp.armed = 1;
	if (!s || !(colon = strchr(s, ':')))
		return;
	if (!strncmp(s, "write-short:", 12)) {
		fp.kind = FP_WRITE;
		fp.short_write = 1;
	} else {
		for (int k = 0; k < FP_KINDS; k++)
			if (strlen(failpoint_names[k]) == (size_t)(colon - s) &&
			    !strncmp(s, failpoint_names[k], (size_t)(colon - s)))
				fp.kind = k;
	}
	fp.n = strtoul(colon + 1, NULL, 10);
}

/* Counts a call of kind k: whether this one is to fail. */
static int failpoint_hit(int k)
{
	if (!fp.armed)
		failpoint_arm();
	return ++fp.count[k] == fp.n && fp.kind == k;
}

__attribute__((destructor)) static void failpoint_report(void)
{
	const char *path = getenv("FAILPOINT_COUNTS");
	FILE *f;

	if (!path || !(f = fopen(path, "a")))
		return;
	for (int k = 0; k < FP_KINDS; k++)
		fprintf(f, "%s %lu\n", failpoint_names[k], fp.count[k]);
	fclose(f);
}

static int failpoint_fail(int err)
{
	errno = err;
	return -1;
}

/* ---- open ----------------------------------------------------------------------- */

int __real_open(const char *path, int flags, ...);
int __real_openat(int dirfd, const char *path, int flags, ...);
FILE *__real_fopen(const char *path, const char *mode);

static mode_t failpoint_mode(int flags, va_list ap)
{
	return (flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE ? (mode_t)va_arg(ap, int) : 0;
}

int __wrap_open(const char *path, int flags, ...)
{
	va_list ap;
	mode_t mode;

	va_start(ap, flags);
	mode = failpoint_mode(flags, ap);
	va_end(ap);
	if (failpoint_hit(FP_OPEN))
		return failpoint_fail(EACCES);
	return __real_open(path, flags, mode);
}

int __wrap_openat(int dirfd, const char *path, int flags, ...)
{
	va_list ap;
	mode_t mode;

	va_start(ap, flags);
	mode = failpoint_mode(flags, ap);
	va_end(ap);
	if (failpoint_hit(FP_OPEN))
		return failpoint_fail(EACCES);
	return __real_openat(dirfd, path, flags, mode);
}

FILE *__wrap_fopen(const char *path, const char *mode)
{
	if (failpoint_hit(FP_OPEN)) {
		errno = EACCES;
		return NULL;
	}
	return __real_fopen(path, mode);
}

/* ---- read, write ---------------------------------------------------------------- */

ssize_t __real_read(int fd, void *buf, size_t n);
ssize_t __real_pread(int fd, void *buf, size_t n, off_t off);
ssize_t __real_write(int fd, const void *buf, size_t n);
ssize_t __real_pwrite(int fd, const void *buf, size_t n, off_t off);

ssize_t __wrap_read(int fd, void *buf, size_t n)
{
	if (failpoint_hit(FP_READ))
		return failpoint_fail(EIO);
	return __real_read(fd, buf, n);
}

ssize_t __wrap_pread(int fd, void *buf, size_t n, off_t off)
{
	if (failpoint_hit(FP_READ))
		return failpoint_fail(EIO);
	return __real_pread(fd, buf, n, off);
}

/* How many of n bytes this write may write: n, fewer (short), or -1 (ENOSPC). */
static ssize_t failpoint_write_size(size_t n)
{
	int hit = failpoint_hit(FP_WRITE);

	if (fp.disk_full)
		return failpoint_fail(ENOSPC);
	if (!hit)
		return (ssize_t)n;
	if (!fp.short_write || n < 2)
		return failpoint_fail(ENOSPC);
	fp.disk_full = 1;
	return (ssize_t)(n / 2);
}

ssize_t __wrap_write(int fd, const void *buf, size_t n)
{
	ssize_t m = failpoint_write_size(n);

	return m < 0 ? -1 : __real_write(fd, buf, (size_t)m);
}

ssize_t __wrap_pwrite(int fd, const void *buf, size_t n, off_t off)
{
	ssize_t m = failpoint_write_size(n);

	return m < 0 ? -1 : __real_pwrite(fd, buf, (size_t)m, off);
}

/* ---- fsync, link, rename, mkdir --------------------------------------------------- */

int __real_fsync(int fd);
int __real_fdatasync(int fd);
int __real_linkat(int olddirfd, const char *oldpath, int newdirfd, const char *newpath, int flags);
int __real_link(const char *oldpath, const char *newpath);
int __real_rename(const char *oldpath, const char *newpath);
int __real_renameat(int olddirfd, const char *oldpath, int newdirfd, const char *newpath);
int __real_mkdir(const char *path, mode_t mode);

int __wrap_fsync(int fd)
{
	return failpoint_hit(FP_FSYNC) ? failpoint_fail(EIO) : __real_fsync(fd);
}

int __wrap_fdatasync(int fd)
{
	return failpoint_hit(FP_FSYNC) ? failpoint_fail(EIO) : __real_fdatasync(fd);
}

int __wrap_linkat(int olddirfd, const char *oldpath, int newdirfd, const char *newpath, int flags)
{
	if (failpoint_hit(FP_LINK))
		return failpoint_fail(ENOSPC);
	return __real_linkat(olddirfd, oldpath, newdirfd, newpath, flags);
}

int __wrap_link(const char *oldpath, const char *newpath)
{
	return failpoint_hit(FP_LINK) ? failpoint_fail(ENOSPC) : __real_link(oldpath, newpath);
}

int __wrap_rename(const char *oldpath, const char *newpath)
{
	return failpoint_hit(FP_RENAME) ? failpoint_fail(EIO) : __real_rename(oldpath, newpath);
}

int __wrap_renameat(int olddirfd, const char *oldpath, int newdirfd, const char *newpath)
{
	if (failpoint_hit(FP_RENAME))
		return failpoint_fail(EIO);
	return __real_renameat(olddirfd, oldpath, newdirfd, newpath);
}

int __wrap_mkdir(const char *path, mode_t mode)
{
	return failpoint_hit(FP_MKDIR) ? failpoint_fail(ENOSPC) : __real_mkdir(path, mode);
}

/* ---- memory --------------------------------------------------------------------- */

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t n);
void *__real_mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off);

static void *failpoint_null(void)
{
	errno = ENOMEM;
	return NULL;
}

void *__wrap_malloc(size_t n)
{
	return failpoint_hit(FP_MALLOC) ? failpoint_null() : __real_malloc(n);
}

void *__wrap_calloc(size_t n, size_t size)
{
	return failpoint_hit(FP_CALLOC) ? failpoint_null() : __real_calloc(n, size);
}

void *__wrap_realloc(void *p, size_t n)
{
	return failpoint_hit(FP_REALLOC) ? failpoint_null() : __real_realloc(p, n);
}

/* strdup and friends allocate inside libc, past the seam: done here with malloc. */
char *__wrap_strndup(const char *s, size_t n)
{
	size_t len = strnlen(s, n);
	char *p = __wrap_malloc(len + 1);

	if (p) {
		memcpy(p, s, len);
		p[len] = '\0';
	}
	return p;
}

char *__wrap_strdup(const char *s)
{
	return __wrap_strndup(s, strlen(s));
}

int __wrap_asprintf(char **out, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return -1;
	if (!(*out = __wrap_malloc((size_t)n + 1)))
		return -1;
	va_start(ap, fmt);
	vsnprintf(*out, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return n;
}

void *__wrap_mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	if (failpoint_hit(FP_MMAP)) {
		errno = ENOMEM;
		return MAP_FAILED;
	}
	return __real_mmap(addr, len, prot, flags, fd, off);
}
