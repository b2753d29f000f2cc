/* SPDX-License-Identifier: MIT */
#include "types.h"
int a_fn(void);
