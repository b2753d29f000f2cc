/* SPDX-License-Identifier: MIT */
/* chipfn.c and chiphelp.c are built once per chip (-DCHIP=gv100, tu104). */
#define CHIP_PASTE(c, n) chip_##c##_##n
#define CHIP_NAME(c, n) CHIP_PASTE(c, n)
#define CHIP_FN(n) CHIP_NAME(CHIP, n)
int CHIP_FN(fn)(void);
int CHIP_FN(helper)(void);
