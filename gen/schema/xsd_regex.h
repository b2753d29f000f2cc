/* SPDX-License-Identifier: MIT */
/*
 * An XSD regular expression (a RELAX NG pattern parameter) as PCRE2
 * syntax, to be compiled with PCRE2_ANCHORED | PCRE2_ENDANCHORED | PCRE2_UTF
 * | PCRE2_UCP: XSD patterns match the whole value.
 */
#ifndef REFGEN_XSD_REGEX_H
#define REFGEN_XSD_REGEX_H

#include <stddef.h>

/* The translation (malloc'd), or NULL with the reason in why. */
char *xsd_regex_to_pcre2(const char *re, char *why, size_t whylen);

#endif
