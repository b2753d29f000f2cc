/* SPDX-License-Identifier: MIT */
/*
 * Minimal stand-in for the kernel's <linux/bug.h>: BUG_ON traps, as a
 * kernel would stop on a broken invariant; WARN_ON_ONCE and WARN_ONCE only
 * give cond.  Written for the refgen tests.
 */
#ifndef REFGEN_TEST_LINUX_BUG_H
#define REFGEN_TEST_LINUX_BUG_H

#define BUG_ON(cond) do { if (cond) __builtin_trap(); } while (0)
/* The kernel's warns once per call site and gives cond's truth. */
#define WARN_ON_ONCE(cond) (!!(cond))
/* The same with a printk message, whose format is checked as the kernel's
 * printk checks it (the function is never called: sizeof). */
int refgen_test_printk(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
#define WARN_ONCE(cond, ...) ((void)sizeof(refgen_test_printk(__VA_ARGS__)), !!(cond))

#endif
