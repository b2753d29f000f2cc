/*
 * Minimal stand-in for the kernel's <linux/bug.h>: BUG_ON traps, as a
 * kernel would stop on a broken invariant.  Written for the refgen tests.
 */
#ifndef REFGEN_TEST_LINUX_BUG_H
#define REFGEN_TEST_LINUX_BUG_H

#define BUG_ON(cond) do { if (cond) __builtin_trap(); } while (0)

#endif
