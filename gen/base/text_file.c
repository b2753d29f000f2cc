/* SPDX-License-Identifier: MIT */
#include "base/text_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Inputs larger than this are not manuals (the largest is under 1 MiB). */
#define TEXT_FILE_MAX (256u << 20)

static int text_file_read_all(int fd, char *buf, size_t size)
{
	size_t got = 0;

	while (got < size) {
		ssize_t n = read(fd, buf + got, size - got);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		got += (size_t)n;
	}
	return 0;
}

/* The bytes text_check_ascii accepts anywhere: printable ASCII, tab, CR, LF. */
static bool text_clean[256];

static void text_clean_init(void)
{
	for (int c = 0x20; c < 0x7f; c++)
		text_clean[c] = true;
	text_clean['\t'] = text_clean['\r'] = text_clean['\n'] = true;
}

/* Whether every byte is one of text_clean's, eight at a time (the usual
 * manual: then there is nothing to report and no line or column to count). */
static bool text_all_clean(const char *data, size_t size)
{
	const unsigned char *p = (const unsigned char *)data, *end = p + size;

	if (!text_clean['a'])
		text_clean_init();
	while (end - p >= 8 && (text_clean[p[0]] & text_clean[p[1]] & text_clean[p[2]] & text_clean[p[3]] &
				text_clean[p[4]] & text_clean[p[5]] & text_clean[p[6]] & text_clean[p[7]]))
		p += 8;
	while (p < end && text_clean[*p])
		p++;
	return p == end;
}

int text_check_ascii(const char *path, const char *data, size_t size, struct diag *d)
{
	size_t probe = size < 4096 ? size : 4096, odd = 0;
	unsigned line = 1, col = 1, bad_lines = 0, last_bad_line = 0;

	if (text_all_clean(data, size))
		return 0;

	for (size_t i = 0; i < probe; i++) {
		unsigned char c = (unsigned char)data[i];
		if (c == 0 || (c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f'))
			odd++;
	}
	if (odd * 10 > probe) {
		diag_report(d, DIAG_ERROR, path, 0, 0,
			    "binary file (control or NUL bytes near the start); expected .ref text");
		return -1;
	}
	for (size_t i = 0; i < size; i++) {
		unsigned char c = (unsigned char)data[i];

		if (c == '\n') {
			line++;
			col = 1;
			continue;
		}
		/* XML 1.0 has no way to write C0 controls other than tab, LF, CR:
		 * the IR could be written but never read back; nor does the IR
		 * take DEL, since its text goes into generated C. */
		bool control = (c > 0 && c < 0x20 && c != '\t' && c != '\r') || c == 0x7f;

		if ((c >= 0x80 || c == 0 || control) && last_bad_line != line) {
			last_bad_line = line;
			bad_lines++;
			if (c >= 0x80)
				diag_report(d, DIAG_ERROR, path, line, col,
					    "non-ASCII byte 0x%02X; manuals are ASCII text", c);
			else if (c)
				diag_report(d, DIAG_ERROR, path, line, col,
					    "control character 0x%02X: the XML IR cannot hold it", c);
			else
				diag_report(d, DIAG_ERROR, path, line, col, "NUL byte in text");
		}
		col += c == '\t' ? 8 - (col - 1) % 8 : 1;
	}
	return bad_lines ? -1 : 0;
}

int text_file_load(struct text_file *f, const char *path, struct diag *d)
{
	struct stat st;
	int fd;

	memset(f, 0, sizeof(*f));
	f->path = path;
	/* O_NONBLOCK: opening a FIFO must not wait for a writer (it is refused
	 * below, as is anything but a regular file); reads of a regular file
	 * are unaffected. */
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0) {
		diag_report(d, DIAG_ERROR, path, 0, 0, "cannot open: %s", strerror(errno));
		return -1;
	}
	if (fstat(fd, &st) < 0 || S_ISDIR(st.st_mode) || !S_ISREG(st.st_mode)) {
		diag_report(d, DIAG_ERROR, path, 0, 0, "%s",
			    S_ISDIR(st.st_mode) ? "is a directory, expected a .ref file" :
						  "not a regular file");
		close(fd);
		return -1;
	}
	if (st.st_size == 0 || (size_t)st.st_size > TEXT_FILE_MAX) {
		diag_report(d, DIAG_ERROR, path, 0, 0, st.st_size ? "file too large" :
			    "empty file");
		close(fd);
		return -1;
	}
	f->size = (size_t)st.st_size;
	f->data = malloc(f->size + 1);
	if (!f->data || text_file_read_all(fd, f->data, f->size) < 0) {
		diag_report(d, DIAG_ERROR, path, 0, 0, "cannot read: %s",
			    f->data ? strerror(errno ? errno : EIO) : "out of memory");
		close(fd);
		text_file_release(f);
		return -1;
	}
	close(fd);
	f->data[f->size] = '\0';
	return 0;
}

void text_file_release(struct text_file *f)
{
	free(f->data);
	f->data = NULL;
	f->size = 0;
}

unsigned text_column(const char *line_start, const char *p)
{
	unsigned col = 1;

	/* without a tab the column is the distance (memchr: no byte loop) */
	if (p <= line_start || !memchr(line_start, '\t', (size_t)(p - line_start)))
		return p > line_start ? (unsigned)(p - line_start) + 1 : 1;
	for (const char *q = line_start; q < p; q++)
		col += *q == '\t' ? 8 - (col - 1) % 8 : 1;
	return col;
}
