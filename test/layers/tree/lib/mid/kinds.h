/* SPDX-License-Identifier: MIT */
/* (test/layers/run.sh plants an #include "types.h" here: a circle of headers) */
enum kind { KIND_A, KIND_B };
