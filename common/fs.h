/* SPDX-License-Identifier: MIT */
/* File-system helpers shared by refgen and nvrt. */
#ifndef COMMON_FS_H
#define COMMON_FS_H

/* Creates dir and its parents (mkdir -p).  0, or -1 with errno: ENOTDIR when
 * dir or a parent exists and is no directory, ENAMETOOLONG past PATH_MAX. */
int fs_mkdir_p(const char *dir);

#endif
