/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "support/test_support.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ir/expr.h"
#include "parse/ref_parse.h"

extern char **environ;

/* ---- diagnostics ---------------------------------------------------------- */

static void capture_sink(void *ctx, enum diag_level level, const char *line)
{
	struct capture *c = ctx;

	(void)level;
	if (c->n == c->cap) {
		c->cap = c->cap ? c->cap * 2 : 16;
		c->lines = realloc(c->lines, c->cap * sizeof(*c->lines));
		assert_non_null(c->lines);
	}
	c->lines[c->n] = strdup(line);
	assert_non_null(c->lines[c->n]);
	c->n++;
}

void capture_attach(struct capture *c, struct diag *d)
{
	*c = (struct capture){ 0 };
	diag_init(d);
	d->sink = capture_sink;
	d->sink_ctx = c;
}

void capture_free(struct capture *c)
{
	for (size_t i = 0; i < c->n; i++)
		free(c->lines[i]);
	free(c->lines);
	*c = (struct capture){ 0 };
}

long capture_find(const struct capture *c, const char *needle)
{
	for (size_t i = 0; i < c->n; i++)
		if (strstr(c->lines[i], needle))
			return (long)i;
	return -1;
}

void capture_dump(const struct capture *c, const char *why)
{
	fprintf(stderr, "%s; %zu diagnostic(s):\n", why, c->n);
	for (size_t i = 0; i < c->n; i++)
		fprintf(stderr, "  | %s\n", c->lines[i]);
}

void capture_expect_line(const struct capture *c, const char *want)
{
	for (size_t i = 0; i < c->n; i++)
		if (!strcmp(c->lines[i], want))
			return;
	capture_dump(c, "expected diagnostic missing");
	fail_msg("no diagnostic equals \"%s\"", want);
}

void capture_expect_substr(const struct capture *c, const char *want)
{
	if (capture_find(c, want) >= 0)
		return;
	capture_dump(c, "expected diagnostic missing");
	fail_msg("no diagnostic contains \"%s\"", want);
}

/* ---- parsing -------------------------------------------------------------- */

static struct ref_parser *support_parser;

struct ir_manual *parse_mem(const char *path, const char *text, size_t len,
			    struct diag *d)
{
	if (!support_parser)
		support_parser = ref_parser_new();
	assert_non_null(support_parser);
	return ref_parse_text(support_parser, path, text, len, d);
}

struct ir_manual *parse_str(const char *path, const char *text, struct diag *d)
{
	return parse_mem(path, text, strlen(text), d);
}

struct ir_manual *parse_clean(const char *text)
{
	struct capture c;
	struct diag d;

	capture_attach(&c, &d);
	struct ir_manual *m = parse_str("t.ref", text, &d);
	if (!m || c.n) {
		capture_dump(&c, "parse_clean");
		capture_free(&c);
		fail_msg("the text did not parse cleanly");
	}
	capture_free(&c);
	return m;
}

void parse_cleanup(void)
{
	ref_parser_free(support_parser);
	support_parser = NULL;
}

struct ir_def *manual_find(const struct ir_manual *m, const char *name)
{
	for (size_t i = 0; i < m->ndefs; i++)
		if (!strcmp(m->defs[i]->name, name))
			return m->defs[i];
	return NULL;
}

struct ir_def *manual_get(const struct ir_manual *m, const char *name)
{
	struct ir_def *d = manual_find(m, name);

	if (!d)
		fail_msg("no define named %s", name);
	return d;
}

size_t def_child_count(const struct ir_manual *m, const struct ir_def *d)
{
	size_t n = 0;

	for (const struct ir_def *c = d ? d->first_child : m->first_root; c; c = c->next_sibling)
		n++;
	return n;
}

uint64_t expr_text_eval(const struct ir_def *d, const char *text, uint64_t i, uint64_t j)
{
	struct arena a;
	struct expr_body b;
	struct expr_error err;
	uint64_t idx[2] = { i, j }, v = 0;

	assert_non_null(text);
	arena_init(&a);
	if (expr_parse_body(&a, text, strlen(text), d->param, d->nparams, &b, &err) < 0)
		fail_msg("'%s' does not parse: %s", text, err.msg);
	assert_false(b.is_range);
	assert_int_equal(expr_eval(b.hi, idx, &v), EXPR_OK);
	arena_free(&a);
	return v;
}

static bool same_str(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

static bool same_num(const struct ir_num *a, const struct ir_num *b)
{
	return a->known == b->known && (!a->known || a->value == b->value) &&
	       same_str(a->expr, b->expr);
}

#define SAME_CHECK(cond, what) do { \
	if (!(cond)) { \
		snprintf(why, n, "%s: %s differs", a->name, what); \
		return false; \
	} \
} while (0)

static bool same_space(const struct ir_space *a, const struct ir_space *b)
{
	return a->kind == b->kind && a->has_base == b->has_base && a->base == b->base &&
	       same_str(a->via, b->via) && same_str(a->source, b->source);
}

static bool same_source(const struct ir_def *a, const struct ir_def *b, char *why, size_t n)
{
	SAME_CHECK(same_str(a->name, b->name), "name");
	SAME_CHECK(same_str(a->params, b->params), "params");
	SAME_CHECK(same_str(a->body, b->body), "body");
	SAME_CHECK(a->code.present == b->code.present && !strcmp(a->code.c, b->code.c), "code");
	SAME_CHECK(same_str(a->comment, b->comment), "comment");
	SAME_CHECK(a->line == b->line && a->col == b->col, "line:col");
	SAME_CHECK(a->addendum == b->addendum, "addendum");
	SAME_CHECK(same_str(a->prose, b->prose), "prose");
	SAME_CHECK(same_str(a->section, b->section), "section");
	return true;
}

static bool same_meaning(const struct ir_def *a, const struct ir_def *b, char *why, size_t n)
{
	SAME_CHECK(a->kind == b->kind, "kind");
	SAME_CHECK(a->role == b->role, "role");
	SAME_CHECK(a->placed == b->placed, "placed");
	SAME_CHECK(a->nparams == b->nparams, "nparams");
	for (int i = 0; i < a->nparams; i++)
		SAME_CHECK(same_str(a->param[i], b->param[i]), "param");
	SAME_CHECK(a->size[0] == b->size[0] && a->size[1] == b->size[1], "size");
	SAME_CHECK(a->is_range == b->is_range, "is_range");
	SAME_CHECK(same_num(&a->hi, &b->hi) && same_num(&a->lo, &b->lo), "hi:lo");
	SAME_CHECK(same_num(&a->value, &b->value), "value");
	SAME_CHECK(same_str(a->ref, b->ref), "ref");
	SAME_CHECK(same_str(a->string, b->string), "string");
	SAME_CHECK(same_space(&a->space, &b->space), "space");
	SAME_CHECK(same_str(a->parent ? a->parent->name : NULL,
			    b->parent ? b->parent->name : NULL), "parent");
	SAME_CHECK(same_str(a->next_sibling ? a->next_sibling->name : NULL,
			    b->next_sibling ? b->next_sibling->name : NULL), "next sibling");
	return true;
}

bool ir_manual_same(const struct ir_manual *a, const struct ir_manual *b,
		    char *why, size_t n)
{
	if (!same_space(&a->space, &b->space)) {
		snprintf(why, n, "the unit's space differs");
		return false;
	}
	if (!same_str(a->source, b->source) || !same_str(a->unit, b->unit) ||
	    !same_str(a->chip, b->chip) || !same_str(a->arch, b->arch)) {
		snprintf(why, n, "source/unit/chip/arch differ");
		return false;
	}
	if (!same_str(a->license, b->license) || !same_str(a->trailer, b->trailer) ||
	    !same_str(a->addendum, b->addendum) ||
	    !same_str(a->addendum_trailer, b->addendum_trailer)) {
		snprintf(why, n, "license, trailer or addendum differs");
		return false;
	}
	if (a->ndefs != b->ndefs) {
		snprintf(why, n, "%zu defines became %zu", a->ndefs, b->ndefs);
		return false;
	}
	if (!same_str(a->first_root ? a->first_root->name : NULL,
		      b->first_root ? b->first_root->name : NULL)) {
		snprintf(why, n, "first root differs");
		return false;
	}
	for (size_t i = 0; i < a->ndefs; i++)
		if (!same_source(a->defs[i], b->defs[i], why, n) ||
		    !same_meaning(a->defs[i], b->defs[i], why, n))
			return false;
	return true;
}

/* ---- the IR as XML -------------------------------------------------------- */

xmlNodePtr xml_find_def(xmlDocPtr doc, const char *name)
{
	xmlNodePtr n = xmlDocGetRootElement(doc);

	/* Iterative pre-order walk. */
	while (n) {
		if (n->type == XML_ELEMENT_NODE && xml_attr(n, "name") &&
		    !strcmp(xml_attr(n, "name"), name))
			return n;
		if (n->children) {
			n = n->children;
			continue;
		}
		while (n && !n->next)
			n = n->parent && n->parent->type == XML_ELEMENT_NODE ? n->parent : NULL;
		if (n)
			n = n->next;
	}
	return NULL;
}

const char *xml_attr(xmlNodePtr n, const char *attr)
{
	static char buf[4][512];
	static unsigned next;
	xmlChar *v = xmlGetProp(n, BAD_CAST attr);
	char *out;

	if (!v)
		return NULL;
	/* A few slots, so two results can be compared in one assertion. */
	out = buf[next++ % 4];
	snprintf(out, sizeof(buf[0]), "%s", (const char *)v);
	xmlFree(v);
	return out;
}

/* ---- files ---------------------------------------------------------------- */

char *tmpdir_create(void)
{
	const char *base = getenv("TMPDIR");
	char *dir;

	if (!base || !*base)
		base = "/tmp";
	assert_true(asprintf(&dir, "%s/refgen-test.XXXXXX", base) > 0);
	assert_non_null(mkdtemp(dir));
	return dir;
}

static int tmpdir_remove_one(const char *path, const struct stat *st, int flag,
			     struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	if (flag == FTW_DP)
		rmdir(path);
	else
		unlink(path);
	return 0;
}

void tmpdir_remove(const char *dir)
{
	if (dir)
		nftw(dir, tmpdir_remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

char *path_join(const char *dir, const char *name)
{
	char *p;

	assert_true(asprintf(&p, "%s/%s", dir, name) > 0);
	return p;
}

char *file_slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t n = 0, cap = 0;

	if (!f)
		return NULL;
	for (;;) {
		if (cap - n < 65536) {
			cap = cap ? cap * 2 : 65536;
			buf = realloc(buf, cap + 1);
			assert_non_null(buf);
		}
		size_t got = fread(buf + n, 1, cap - n, f);
		n += got;
		if (got == 0)
			break;
	}
	fclose(f);
	buf[n] = '\0';
	if (len)
		*len = n;
	return buf;
}

int file_put(const char *path, const void *data, size_t len)
{
	FILE *f = fopen(path, "wb");

	if (!f)
		return -1;
	size_t put = fwrite(data, 1, len, f);
	return fclose(f) == 0 && put == len ? 0 : -1;
}

long dir_entry_count(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	long n = 0;

	if (!d)
		return -1;
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			n++;
	closedir(d);
	return n;
}

const char *env_require(const char *var)
{
	const char *v = getenv(var);

	if (!v || !*v)
		fail_msg("%s is not set (run the tests through `make test`)", var);
	return v;
}

char *fixture_path(const char *name)
{
	return path_join(env_require("REFGEN_FIXTURES"), name);
}

/* ---- the .ref source ------------------------------------------------------ */

bool refsrc_is_define(const char *line, size_t len)
{
	size_t i = 0;

	while (i < len && (line[i] == ' ' || line[i] == '\t'))
		i++;
	if (i == len || line[i] != '#')
		return false;
	i++;
	while (i < len && (line[i] == ' ' || line[i] == '\t'))
		i++;
	return len - i >= 6 && !memcmp(line + i, "define", 6);
}

size_t refsrc_count_defines(const char *text, size_t len)
{
	size_t n = 0;

	for (const char *s = text, *end = text + len; s < end;) {
		const char *nl = memchr(s, '\n', (size_t)(end - s));
		const char *next = nl ? nl + 1 : end;

		n += refsrc_is_define(s, (size_t)((nl ? nl : end) - s));
		s = next;
	}
	return n;
}

void blanks_normalise(char *s)
{
	char *out = s;
	bool blank = false;

	for (const char *p = s; *p; p++) {
		if (*p == ' ' || *p == '\t') {
			blank = true;
			continue;
		}
		if (blank && out > s && !(p[0] == '/' && p[1] == '*'))
			*out++ = ' ';
		blank = false;
		*out++ = *p;
	}
	*out = '\0';
}

char *refsrc_define_lines(const char *text, size_t len, bool normalise)
{
	char *out = malloc(len + 2), *o = out;

	assert_non_null(out);
	for (const char *s = text, *end = text + len; s < end;) {
		const char *nl = memchr(s, '\n', (size_t)(end - s));
		size_t n = (size_t)((nl ? nl : end) - s);

		if (n && s[n - 1] == '\r')
			n--;
		if (refsrc_is_define(s, n)) {
			memcpy(o, s, n);
			o[n] = '\0';
			if (normalise)
				blanks_normalise(o);
			o += strlen(o);
			*o++ = '\n';
		}
		s = nl ? nl + 1 : end;
	}
	*o = '\0';
	return out;
}

/* ---- subprocesses --------------------------------------------------------- */

static int proc_tmpfile(char *path_template)
{
	int fd = mkstemp(path_template);

	assert_true(fd >= 0);
	unlink(path_template);
	return fd;
}

static char *proc_read_fd(int fd, size_t *len)
{
	char *buf = NULL;
	size_t n = 0, cap = 0;
	ssize_t got;

	lseek(fd, 0, SEEK_SET);
	do {
		if (cap - n < 4096) {
			cap = cap ? cap * 2 : 8192;
			buf = realloc(buf, cap + 1);
			assert_non_null(buf);
		}
		got = read(fd, buf + n, cap - n);
		if (got > 0)
			n += (size_t)got;
	} while (got > 0 || (got < 0 && errno == EINTR));
	buf[n] = '\0';
	*len = n;
	return buf;
}

void proc_run(char *const argv[], struct proc_result *r)
{
	char out_path[] = "/tmp/refgen-out.XXXXXX", err_path[] = "/tmp/refgen-err.XXXXXX";
	int out = proc_tmpfile(out_path), err = proc_tmpfile(err_path), st;
	posix_spawn_file_actions_t fa;
	pid_t pid;

	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_adddup2(&fa, out, 1);
	posix_spawn_file_actions_adddup2(&fa, err, 2);
	int rc = posix_spawn(&pid, argv[0], &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (rc != 0)
		fail_msg("cannot run %s: %s", argv[0], strerror(rc));
	while (waitpid(pid, &st, 0) < 0)
		assert_int_equal(errno, EINTR);
	r->status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
	r->out = proc_read_fd(out, &r->out_len);
	r->err = proc_read_fd(err, &r->err_len);
	close(out);
	close(err);
}

void proc_result_free(struct proc_result *r)
{
	free(r->out);
	free(r->err);
	*r = (struct proc_result){ 0 };
}
