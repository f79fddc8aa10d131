/* interval_json.c — see interval_json.h. */
#include "core/jsonw.h"
#include "interval_json.h"

void interval_json_write(FILE *f, const char *key, interval ci, int first)
{
    jsonw_fkey(f, key, first);
    if (!interval_ok(ci)) {
        fputs("null", f);
        return;
    }
    fputc('[', f);
    jsonw_fkv_num(f, NULL, "%.6g", ci.lo, 1);
    jsonw_fkv_num(f, NULL, "%.6g", ci.hi, 0);
    fputc(']', f);
}

void interval_json_array(FILE *f, const char *key, const interval *ci, int n)
{
    jsonw_fkey(f, key, 0);
    fputc('[', f);
    for (int i = 0; i < n; i++)
        interval_json_write(f, NULL, ci[i], i == 0);
    fputc(']', f);
}
