/* SPDX-License-Identifier: MIT */
/* File-system helpers shared by refgen and nvrt. */
#ifndef COMMON_FS_H
#define COMMON_FS_H

/* Creates dir and its parents (mkdir -p).  0, or -1 with errno: ENOTDIR when
 * dir or a parent exists and is no directory, ENAMETOOLONG past PATH_MAX. */
int fs_mkdir_p(const char *dir);

/* Removes the directories fs_mkdir_p created in this process that are
 * still empty, deepest first: a run that fails leaves none behind. */
void fs_mkdir_p_undo(void);

#endif
