/* SPDX-License-Identifier: MIT */
/*
 * The replay driver: a plain main() for a fuzz target, without libFuzzer.
 * `make test` builds one per target (replay_<target>, with the tree's
 * compiler and flags, so `make check-sanitize` replays under ASan+UBSan) and
 * runs it over the target's seed corpus and its regression inputs:
 *
 *   replay_<target> [DIR|FILE]...
 *
 * Without arguments: $FUZZ_DIR/seeds/<target> and $FUZZ_DIR/regress/<target>
 * (FUZZ_DIR defaults to test/fuzz).  Every file (dot files skipped, in name
 * order) runs in a child process under a time limit ($FUZZ_REPLAY_TIMEOUT
 * seconds, default 60), so a crash, an abort or a hang fails that input and
 * the rest still run.  The last line is "N passed, N failed".
 */
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fuzz.h"

#ifndef FUZZ_TARGET
#error "build with -DFUZZ_TARGET=\"name\""
#endif

static unsigned replay_passed, replay_failed, replay_timeout = 60;

static int replay_read(const char *path, uint8_t **data, size_t *size)
{
	FILE *f = fopen(path, "rb");
	size_t cap = 4096, n = 0;
	uint8_t *buf = malloc(cap);

	if (!f || !buf) {
		if (f)
			fclose(f);
		free(buf);
		return -1;
	}
	for (;;) {
		if (n == cap) {
			uint8_t *nb = realloc(buf, cap *= 2);
			if (!nb) {
				free(buf);
				fclose(f);
				return -1;
			}
			buf = nb;
		}
		size_t got = fread(buf + n, 1, cap - n, f);
		n += got;
		if (got == 0)
			break;
	}
	int bad = ferror(f);
	fclose(f);
	if (bad) {
		free(buf);
		return -1;
	}
	*data = buf;
	*size = n;
	return 0;
}

/* One input in a child: 0 passed, else failed (and why is printed). */
static void replay_file(const char *path)
{
	int status;
	pid_t pid;

	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		fprintf(stderr, "replay %s: fork: %s\n", path, strerror(errno));
		replay_failed++;
		return;
	}
	if (pid == 0) {
		uint8_t *data;
		size_t size;

		alarm(replay_timeout);
		if (replay_read(path, &data, &size) < 0) {
			fprintf(stderr, "replay %s: cannot read: %s\n", path, strerror(errno));
			_exit(2);
		}
		/* The target sees exactly size bytes: a copy libFuzzer would make. */
		uint8_t *exact = fuzz_dup(data, size);
		free(data);
		LLVMFuzzerTestOneInput(exact, size);
		free(exact);
		exit(0);   /* exit, not _exit: LeakSanitizer checks at exit */
	}
	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR) {
			fprintf(stderr, "replay %s: waitpid: %s\n", path, strerror(errno));
			replay_failed++;
			return;
		}
	}
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
		replay_passed++;
		return;
	}
	replay_failed++;
	if (WIFSIGNALED(status))
		printf("FAIL %s: %s%s\n", path, strsignal(WTERMSIG(status)),
		       WTERMSIG(status) == SIGALRM ? " (time limit: a hang?)" : "");
	else
		printf("FAIL %s: exit status %d\n", path, WEXITSTATUS(status));
}

static int replay_skip(const struct dirent *e)
{
	return e->d_name[0] != '.';
}

/* A directory's files in name order, or one file; a missing directory is empty. */
static void replay_path(const char *path, int must_exist)
{
	struct dirent **names;
	struct stat st;
	int n;

	if (stat(path, &st) < 0) {
		if (must_exist) {
			printf("FAIL %s: %s\n", path, strerror(errno));
			replay_failed++;
		}
		return;
	}
	if (!S_ISDIR(st.st_mode)) {
		replay_file(path);
		return;
	}
	n = scandir(path, &names, replay_skip, alphasort);
	if (n < 0) {
		printf("FAIL %s: %s\n", path, strerror(errno));
		replay_failed++;
		return;
	}
	for (int i = 0; i < n; i++) {
		size_t len = strlen(path) + strlen(names[i]->d_name) + 2;
		char *file = malloc(len);

		if (!file)
			abort();
		snprintf(file, len, "%s/%s", path, names[i]->d_name);
		if (stat(file, &st) == 0 && S_ISREG(st.st_mode))
			replay_file(file);
		free(file);
		free(names[i]);
	}
	free(names);
}

int main(int argc, char **argv)
{
	const char *t = getenv("FUZZ_REPLAY_TIMEOUT");
	unsigned before;

	if (t && atoi(t) > 0)
		replay_timeout = (unsigned)atoi(t);
	if (argc > 1) {
		for (int i = 1; i < argc; i++)
			replay_path(argv[i], 1);
	} else {
		const char *dir = getenv("FUZZ_DIR") ? getenv("FUZZ_DIR") : "test/fuzz";
		char seeds[4096], regress[4096];

		snprintf(seeds, sizeof(seeds), "%s/seeds/%s", dir, FUZZ_TARGET);
		snprintf(regress, sizeof(regress), "%s/regress/%s", dir, FUZZ_TARGET);
		replay_path(seeds, 1);
		before = replay_passed + replay_failed;
		replay_path(regress, 0);
		printf("fuzz target %s: %u seed and regression inputs replayed (%u regression)\n",
		       FUZZ_TARGET, replay_passed + replay_failed, replay_passed + replay_failed - before);
	}
	if (replay_passed + replay_failed == 0) {
		printf("FAIL: no inputs\n");
		replay_failed++;
	}
	printf("%u passed, %u failed\n", replay_passed, replay_failed);
	return replay_failed ? 1 : 0;
}
