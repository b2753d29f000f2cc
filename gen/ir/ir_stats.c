/* SPDX-License-Identifier: MIT */
#include "ir/ir_stats.h"

void ir_stats_add(struct ir_stats *s, const struct ir_manual *m)
{
	s->files++;
	s->defines += m->ndefs;
	for (size_t i = 0; i < m->ndefs; i++) {
		s->kind[m->defs[i]->kind]++;
		s->unplaced += !m->defs[i]->placed;
	}
}

void ir_stats_print_header(FILE *out)
{
	fprintf(out, "%-44s %8s", "file", "defines");
	for (int k = 0; k < IR_KIND_COUNT; k++)
		fprintf(out, " %9s", ir_kind_name((enum ir_kind)k));
	fprintf(out, " %9s\n", "unplaced");
}

void ir_stats_print_row(FILE *out, const char *label, const struct ir_stats *s)
{
	fprintf(out, "%-44s %8zu", label, s->defines);
	for (int k = 0; k < IR_KIND_COUNT; k++)
		fprintf(out, " %9zu", s->kind[k]);
	fprintf(out, " %9zu\n", s->unplaced);
}
