/* SPDX-License-Identifier: MIT */
#include "base/text_distance.h"

size_t text_distance(const char *a, size_t na, const char *b, size_t nb, size_t limit)
{
	size_t row[TEXT_DISTANCE_MAX + 1];

	if (na > TEXT_DISTANCE_MAX || nb > TEXT_DISTANCE_MAX || (na > nb ? na - nb : nb - na) > limit)
		return limit + 1;
	for (size_t j = 0; j <= nb; j++)
		row[j] = j;
	for (size_t i = 1; i <= na; i++) {
		size_t diag = row[0], least;

		row[0] = i;
		least = row[0];
		for (size_t j = 1; j <= nb; j++) {
			size_t up = row[j], best = diag + (a[i - 1] != b[j - 1]);

			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			diag = up;
			row[j] = best;
			if (best < least)
				least = best;
		}
		if (least > limit)   /* every later row is at least this far */
			return limit + 1;
	}
	return row[nb] <= limit ? row[nb] : limit + 1;
}
