/* idset.c — see idset.h. */
#include <stdlib.h>
#include <string.h>
#include "idset.h"

int idset_add(idset *s, uint64_t id)
{
    uint64_t w = id / 64;
    if (id >= IDSET_MAX_ID)
        return -1;
    if (w >= s->nwords) {
        uint64_t n = s->nwords ? s->nwords : 16;
        while (n <= w)
            n *= 2;
        uint64_t *words = realloc(s->words, n * sizeof *words);
        if (!words)
            return -1;
        memset(words + s->nwords, 0, (n - s->nwords) * sizeof *words);
        s->words = words;
        s->nwords = n;
    }
    uint64_t bit = 1ULL << id % 64;
    if (s->words[w] & bit)
        return 0;
    s->words[w] |= bit;
    return 1;
}

bool idset_has(const idset *s, uint64_t id)
{
    return id / 64 < s->nwords && s->words[id / 64] >> id % 64 & 1;
}

void idset_free(idset *s)
{
    free(s->words);
    s->words = NULL;
    s->nwords = 0;
}
