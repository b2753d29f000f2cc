/* SPDX-License-Identifier: MIT */
/*
 * Minimal stand-in for the kernel's <linux/bug.h>: BUG_ON traps, as a
 * kernel would stop on a broken invariant; WARN_ON_ONCE only gives cond.  Written for the refgen tests.
 */
#ifndef REFGEN_TEST_LINUX_BUG_H
#define REFGEN_TEST_LINUX_BUG_H

#define BUG_ON(cond) do { if (cond) __builtin_trap(); } while (0)
/* The kernel's warns once per call site and gives cond's truth. */
#define WARN_ON_ONCE(cond) (!!(cond))

#endif
