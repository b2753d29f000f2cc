/* SPDX-License-Identifier: MIT */
#include "atomic_file.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* One output written to a temporary file, not yet in place. */
struct atomic_staged {
	char *path;   /* the target (symbolic links resolved) */
	char *tmp;    /* named temporary file, or NULL: fd is an O_TMPFILE */
	int fd;
	char *old;    /* at a commit: a second name of the target's old content */
	bool existed; /* at a commit: the target was there */
	bool found;   /* when staged: the target was there (its mode and content count) */
};

static struct {
	bool active;
	struct atomic_staged *v;
	size_t n, cap;
} atomic_run;

static const char *atomic_file_kind(mode_t m)
{
	return S_ISCHR(m) ? "a character device" : S_ISBLK(m) ? "a block device" :
	       S_ISFIFO(m) ? "a FIFO" : S_ISSOCK(m) ? "a socket" : S_ISDIR(m) ? "a directory" :
	       "not a regular file";
}

const char *atomic_file_target_error(const char *path)
{
	struct stat st;

	if (lstat(path, &st) < 0)
		return NULL;   /* a new path (or one we cannot see: the write says why) */
	if (S_ISLNK(st.st_mode) && stat(path, &st) < 0)
		return "a dangling symbolic link";
	return S_ISREG(st.st_mode) ? NULL : atomic_file_kind(st.st_mode);
}

/* The file to replace: path, or the regular file a symbolic link leads to;
 * *exists says whether there is one (one lstat for a new or plain file). */
static char *atomic_file_resolve(const char *path, bool *exists)
{
	struct stat st;

	*exists = false;
	if (lstat(path, &st) < 0)
		return strdup(path);   /* a new path (or one we cannot see: the write says why) */
	bool link = S_ISLNK(st.st_mode);
	if (link && stat(path, &st) < 0) {
		errno = EPERM;   /* a dangling symbolic link */
		return NULL;
	}
	if (!S_ISREG(st.st_mode)) {
		errno = EPERM;
		return NULL;
	}
	*exists = true;
	return link ? realpath(path, NULL) : strdup(path);
}

static int atomic_file_same(const char *path, const void *data, size_t len)
{
	struct stat st;
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
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

static mode_t atomic_file_mode(const char *path, bool found)
{
	struct stat st;
	mode_t mask;

	if (found && stat(path, &st) == 0)
		return st.st_mode & 07777;
	mask = umask(0);
	umask(mask);
	return 0666 & ~mask;
}

/* dir and base name of path, in a buffer the caller frees (*dir). */
static void atomic_file_split(const char *path, char **dir, const char **base)
{
	const char *slash = strrchr(path, '/');

	if (!slash) {
		*dir = strdup(".");
		*base = path;
	} else {
		*dir = strndup(path, slash == path ? 1 : (size_t)(slash - path));
		*base = slash + 1;
	}
}

/*
 * The names in a directory that may be temporary files (those starting with
 * '.'), read once per directory in a run (atomic_file_begin): a run writes
 * many files to one directory, and a directory read for each is quadratic.
 * Outside a run the directory is read each time.
 */
struct atomic_dir_names {
	char *dir;
	char **names;
	size_t n;
};

static struct {
	struct atomic_dir_names *v;
	size_t n, cap;
	int unnamed;   /* O_TMPFILE usable: -1 not known yet, 0 no, 1 yes */
} atomic_dirs = { NULL, 0, 0, -1 };

static void atomic_dir_names_free(struct atomic_dir_names *d)
{
	for (size_t i = 0; i < d->n; i++)
		free(d->names[i]);
	free(d->names);
	free(d->dir);
	*d = (struct atomic_dir_names){ 0 };
}

static void atomic_dirs_forget(void)
{
	for (size_t i = 0; i < atomic_dirs.n; i++)
		atomic_dir_names_free(&atomic_dirs.v[i]);
	free(atomic_dirs.v);
	atomic_dirs.v = NULL;
	atomic_dirs.n = atomic_dirs.cap = 0;
	atomic_dirs.unnamed = -1;
}

/* Reads dir's dot names into *d.  0, or -1 (unreadable or out of memory). */
static int atomic_dir_names_read(const char *dir, struct atomic_dir_names *d)
{
	DIR *dp = opendir(dir);
	struct dirent *e;
	size_t cap = 0;

	*d = (struct atomic_dir_names){ strdup(dir), NULL, 0 };
	if (!dp || !d->dir)
		goto fail;
	while ((e = readdir(dp))) {
		const char *n = e->d_name;

		if (n[0] != '.' || !strcmp(n, ".") || !strcmp(n, ".."))
			continue;
		if (d->n == cap) {
			size_t c = cap ? cap * 2 : 8;
			char **v = realloc(d->names, c * sizeof(*v));
			if (!v)
				goto fail;
			d->names = v;
			cap = c;
		}
		if (!(d->names[d->n] = strdup(n)))
			goto fail;
		d->n++;
	}
	closedir(dp);
	return 0;
fail:
	if (dp)
		closedir(dp);
	atomic_dir_names_free(d);
	return -1;
}

/* dir's dot names for this run, read at the first use; NULL if unreadable. */
static const struct atomic_dir_names *atomic_dir_names_get(const char *dir)
{
	struct atomic_dir_names d;

	for (size_t i = 0; i < atomic_dirs.n; i++)
		if (!strcmp(atomic_dirs.v[i].dir, dir))
			return &atomic_dirs.v[i];
	if (atomic_dir_names_read(dir, &d) < 0)
		return NULL;
	if (atomic_dirs.n == atomic_dirs.cap) {
		size_t cap = atomic_dirs.cap ? atomic_dirs.cap * 2 : 16;
		struct atomic_dir_names *v = realloc(atomic_dirs.v, cap * sizeof(*v));
		if (!v) {
			atomic_dir_names_free(&d);
			return NULL;
		}
		atomic_dirs.v = v;
		atomic_dirs.cap = cap;
	}
	atomic_dirs.v[atomic_dirs.n] = d;
	return &atomic_dirs.v[atomic_dirs.n++];
}

/* Removes dir/n if it is .<base>.<pid>.XXXXXX and its process is gone. */
static void atomic_file_sweep_one(const char *dir, const char *base, size_t blen, const char *n)
{
	char *end;

	if (n[0] != '.' || strncmp(n + 1, base, blen) || n[1 + blen] != '.')
		return;
	errno = 0;
	long pid = strtol(n + blen + 2, &end, 10);
	if (end == n + blen + 2 || *end != '.' || strlen(end + 1) != 6 || pid <= 0 ||
	    pid == getpid() || errno || pid > INT_MAX)
		return;
	if (kill((pid_t)pid, 0) < 0 && errno == ESRCH) {
		char *p;
		if (asprintf(&p, "%s/%s", dir, n) >= 0) {
			unlink(p);
			free(p);
		}
	}
}

/*
 * Removes .<base>.<pid>.XXXXXX files in dir whose process is gone: the
 * named temporary files of a run that was killed.
 */
static void atomic_file_sweep(const char *dir, const char *base)
{
	size_t blen = strlen(base);
	struct atomic_dir_names once;
	const struct atomic_dir_names *d;

	if (atomic_run.active) {
		d = atomic_dir_names_get(dir);
	} else {
		d = atomic_dir_names_read(dir, &once) < 0 ? NULL : &once;
	}
	for (size_t i = 0; d && i < d->n; i++)
		atomic_file_sweep_one(dir, base, blen, d->names[i]);
	if (d == &once)
		atomic_dir_names_free(&once);
}

/* An unnamed temporary file in dir where the system has them, else -1. */
static int atomic_file_unnamed(const char *dir)
{
#ifdef O_TMPFILE
	/* whether linkat can name it (/proc mounted) is asked once a run */
	if (!atomic_run.active || atomic_dirs.unnamed < 0)
		atomic_dirs.unnamed = access("/proc/self/fd", X_OK) == 0;
	if (atomic_dirs.unnamed)
		return open(dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600);
#endif
	(void)dir;
	return -1;
}

/* A fresh name .<base>.<pid>.XXXXXX in dir (not created). */
static char *atomic_file_tmp_name(const char *dir, const char *base)
{
	static unsigned counter;
	char *p;

	counter = counter * 2654435761u + (unsigned)time(NULL) + (unsigned)getpid() + 1;
	if (asprintf(&p, "%s/.%s.%d.%06x", dir, base, (int)getpid(), counter & 0xffffff) < 0)
		return NULL;
	return p;
}

static void atomic_file_discard(struct atomic_staged *s)
{
	if (s->fd >= 0)
		close(s->fd);
	if (s->tmp)
		unlink(s->tmp);
	if (s->old)
		unlink(s->old);
	free(s->tmp);
	free(s->old);
	free(s->path);
	s->fd = -1;
	s->tmp = s->path = s->old = NULL;
}

/* Creates the temporary file for s->path. 0 or -1 (errno). */
static int atomic_file_stage_open(struct atomic_staged *s)
{
	const char *base;
	char *dir;
	int rc = -1;

	atomic_file_split(s->path, &dir, &base);
	if (!dir)
		return -1;
	atomic_file_sweep(dir, base);
	s->fd = atomic_file_unnamed(dir);
	if (s->fd < 0) {
		if (asprintf(&s->tmp, "%s/.%s.%d.XXXXXX", dir, base, (int)getpid()) < 0) {
			s->tmp = NULL;
			goto out;
		}
		s->fd = mkostemp(s->tmp, O_CLOEXEC);
		if (s->fd < 0) {
			free(s->tmp);
			s->tmp = NULL;
			goto out;
		}
	}
	rc = 0;
out:
	free(dir);
	return rc;
}

/* The temporary file holds everything: its mode, and closed when named. */
static int atomic_file_stage_finish(struct atomic_staged *s)
{
	/* No fsync: rename keeps readers from ever seeing a partial file, which
	 * is the guarantee a build needs; surviving power loss is not. */
	if (fchmod(s->fd, atomic_file_mode(s->path, s->found)) < 0)
		return -1;
	if (s->tmp) {
		int fd = s->fd;
		s->fd = -1;
		if (close(fd) < 0)
			return -1;
	}
	return 0;
}

/* Writes data to a temporary file for s->path. 0 or -1 (errno). */
static int atomic_file_stage(struct atomic_staged *s, const void *data, size_t len)
{
	if (atomic_file_stage_open(s) < 0 || atomic_file_write_all(s->fd, data, len) < 0)
		return -1;
	return atomic_file_stage_finish(s);
}

/* A fresh name .<base>.<pid>.XXXXXX beside path for the file from (a
 * /proc/self/fd path or a file's name), in *name.  0 or -1 (errno). */
static int atomic_file_link_name(const char *path, const char *from, char **name)
{
	const char *base;
	char *dir;

	atomic_file_split(path, &dir, &base);
	if (!dir)
		return -1;
	for (int tries = 0; tries < 100 && !*name; tries++) {
		*name = atomic_file_tmp_name(dir, base);
		if (*name && linkat(AT_FDCWD, from, AT_FDCWD, *name, AT_SYMLINK_FOLLOW) < 0) {
			int err = errno;
			free(*name);
			*name = NULL;
			errno = err;
			if (err != EEXIST)
				break;
		}
	}
	free(dir);
	return *name ? 0 : -1;
}

/* Gives a staged unnamed file its temporary name.  0 or -1 (errno). */
static int atomic_file_name(struct atomic_staged *s)
{
	char fdpath[64];

	if (s->tmp)
		return 0;
	snprintf(fdpath, sizeof(fdpath), "/proc/self/fd/%d", s->fd);
	return atomic_file_link_name(s->path, fdpath, &s->tmp);
}

/* Puts a staged file in place: link the unnamed file in, rename it over. */
static int atomic_file_link_in(struct atomic_staged *s)
{
	if (atomic_file_name(s) < 0 || rename(s->tmp, s->path) < 0)
		return -1;
	free(s->tmp);
	s->tmp = NULL;
	return 0;
}

static int atomic_file_push(struct atomic_staged *s)
{
	if (atomic_run.n == atomic_run.cap) {
		size_t cap = atomic_run.cap ? atomic_run.cap * 2 : 16;
		struct atomic_staged *v = realloc(atomic_run.v, cap * sizeof(*v));
		if (!v)
			return -1;
		atomic_run.v = v;
		atomic_run.cap = cap;
	}
	atomic_run.v[atomic_run.n++] = *s;
	return 0;
}

/* s is complete: staged for the commit, or put in place now. */
static int atomic_file_place(struct atomic_staged *s)
{
	int err;

	if (atomic_run.active ? atomic_file_push(s) < 0 : atomic_file_link_in(s) < 0)
		goto fail;
	if (!atomic_run.active)
		atomic_file_discard(s);
	return 0;
fail:
	err = errno ? errno : EIO;
	atomic_file_discard(s);
	errno = err;
	return -1;
}

int atomic_file_write(const char *path, const void *data, size_t len)
{
	bool found;
	struct atomic_staged s = { .path = atomic_file_resolve(path, &found), .tmp = NULL, .fd = -1 };
	int err;

	s.found = found;
	if (!s.path)
		return -1;
	if (s.found && atomic_file_same(s.path, data, len)) {
		free(s.path);
		return 0;
	}
	if (atomic_file_stage(&s, data, len) < 0) {
		err = errno ? errno : EIO;
		atomic_file_discard(&s);
		errno = err;
		return -1;
	}
	return atomic_file_place(&s);
}

/* ---- streamed ------------------------------------------------------------------- */

static void atomic_stream_forget_old(struct atomic_stream *st)
{
	if (st->old_fd >= 0)
		close(st->old_fd);
	st->old_fd = -1;
}

int atomic_file_stream_open(struct atomic_stream *st, const char *path)
{
	bool found;
	struct atomic_staged s = { .path = atomic_file_resolve(path, &found), .tmp = NULL, .fd = -1 };
	struct stat sb;
	int err;

	*st = (struct atomic_stream){ .fd = -1, .old_fd = -1 };
	if (!s.path)
		return -1;
	if (atomic_file_stage_open(&s) < 0) {
		err = errno ? errno : EIO;
		atomic_file_discard(&s);
		errno = err;
		return -1;
	}
	*st = (struct atomic_stream){ s.path, s.tmp, s.fd, -1 };
	st->old_fd = found ? open(s.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK) : -1;
	if (st->old_fd >= 0 && (fstat(st->old_fd, &sb) < 0 || !S_ISREG(sb.st_mode)))
		atomic_stream_forget_old(st);
	return 0;
}

/* Whether the target's next len bytes are data; forgets it at the first difference. */
static void atomic_stream_compare(struct atomic_stream *st, const char *data, size_t len)
{
	char buf[16384];

	while (len && st->old_fd >= 0) {
		size_t want = len < sizeof(buf) ? len : sizeof(buf);
		ssize_t n = read(st->old_fd, buf, want);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0 || memcmp(buf, data, (size_t)n)) {
			atomic_stream_forget_old(st);
			return;
		}
		data += n;
		len -= (size_t)n;
	}
}

int atomic_file_stream_write(struct atomic_stream *st, const void *data, size_t len)
{
	atomic_stream_compare(st, data, len);
	return atomic_file_write_all(st->fd, data, len);
}

int atomic_file_stream_close(struct atomic_stream *st)
{
	/* the target's mode is looked up again (.found): it may be there by now */
	struct atomic_staged s = { .path = st->path, .tmp = st->tmp, .fd = st->fd, .found = true };
	char end;
	int err;

	/* The same bytes, and nothing more: the target keeps them and its mtime. */
	if (st->old_fd >= 0 && read(st->old_fd, &end, 1) == 0) {
		atomic_file_stream_abort(st);
		return 0;
	}
	atomic_stream_forget_old(st);
	*st = (struct atomic_stream){ .fd = -1, .old_fd = -1 };
	if (atomic_file_stage_finish(&s) < 0) {
		err = errno ? errno : EIO;
		atomic_file_discard(&s);
		errno = err;
		return -1;
	}
	return atomic_file_place(&s);
}

void atomic_file_stream_abort(struct atomic_stream *st)
{
	struct atomic_staged s = { .path = st->path, .tmp = st->tmp, .fd = st->fd };
	int err = errno;

	atomic_stream_forget_old(st);
	atomic_file_discard(&s);
	*st = (struct atomic_stream){ .fd = -1, .old_fd = -1 };
	errno = err;
}

void atomic_file_begin(void)
{
	struct rlimit rl;

	/* Every staged output holds a descriptor until the commit. */
	if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < rl.rlim_max) {
		rl.rlim_cur = rl.rlim_max;
		setrlimit(RLIMIT_NOFILE, &rl);
	}
	atomic_run.active = true;
}

static void atomic_file_end(void)
{
	for (size_t i = 0; i < atomic_run.n; i++)
		atomic_file_discard(&atomic_run.v[i]);
	free(atomic_run.v);
	atomic_run.v = NULL;
	atomic_run.n = atomic_run.cap = 0;
	atomic_run.active = false;
	atomic_dirs_forget();
}

/*
 * All or nothing: every staged file gets its name beside its target and
 * every target that exists a second name holding its old content; only then
 * are they renamed over the targets, and a rename that fails puts back the
 * old content of the ones before it.  Whatever fails, the targets are as
 * they were and no name is left behind (atomic_file_end).
 */
int atomic_file_commit(void)
{
	size_t i, placed = 0;
	int err = 0;
	struct stat st;

	for (i = 0; i < atomic_run.n && !err; i++) {
		struct atomic_staged *s = &atomic_run.v[i];
		if (atomic_file_name(s) < 0) {
			err = errno ? errno : EIO;
			break;
		}
		s->existed = lstat(s->path, &st) == 0;
		/* a filesystem without hard links: committed without the way back */
		if (s->existed && atomic_file_link_name(s->path, s->path, &s->old) < 0 &&
		    errno != EPERM && errno != EOPNOTSUPP)
			err = errno ? errno : EIO;
	}
	for (i = 0; i < atomic_run.n && !err; i++) {
		struct atomic_staged *s = &atomic_run.v[i];
		if (rename(s->tmp, s->path) < 0) {
			err = errno ? errno : EIO;
			break;
		}
		free(s->tmp);
		s->tmp = NULL;
		placed++;
	}
	/* back to the old contents (a target that was not there goes); the
	 * second names left are removed by atomic_file_end */
	for (i = 0; err && i < placed; i++) {
		struct atomic_staged *s = &atomic_run.v[i];
		if (s->old)
			rename(s->old, s->path);
		else if (!s->existed)
			unlink(s->path);
	}
	atomic_file_end();
	errno = err;
	return err ? -1 : 0;
}

void atomic_file_abort(void)
{
	atomic_file_end();
}
