/* SPDX-License-Identifier: MIT */
#include "kinds.h"
struct thing { enum kind k; };
