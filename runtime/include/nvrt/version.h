/* SPDX-License-Identifier: MIT */
/* The project's version: refgen, nvrt, nvrt-submit and the installed .pc files. */
#ifndef NVRT_VERSION_H
#define NVRT_VERSION_H

#define NVRT_VERSION "0.1"

#endif
