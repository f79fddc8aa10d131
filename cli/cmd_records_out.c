/* cmd_records_out.c — where the `triad records` subcommands that write text
 * (export, positions) put it: on stdout, or with --out OUT in a temporary
 * file beside OUT renamed into place (core/fileio.h, fio_out), so that OUT
 * is either whole or as it was.  OUT may not be one of the inputs
 * (compared as files, not names), and is not kept when a block of the
 * input was bad: a partial export would pass for the whole.  The
 * subcommands that write records files have their own (cmd_records_write.c:
 * the replaced OUT is locked there too). */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "cmd_records.h"
#include "commands.h"

int records_out_begin(const char *cmd, const char *path, bool force, const char **files, int nfiles,
                      records_out *o)
{
    char err[600];
    o->path = path;
    o->f = stdout;
    if (force && !path)
        return cli_error(cmd, "--force applies to --out only");
    if (!path)
        return 0;
    for (int i = 0; i < nfiles; i++)
        if (fio_same_file(path, files[i]))
            return cli_error(cmd, "refusing to write %s: it is also an input (%s)", path, files[i]);
    if (fio_out_begin(&o->tmp, path, force, err, sizeof err))
        return cli_error(cmd, "%s", err);
    o->f = o->tmp.f;
    return 0;
}

int records_out_end(const char *cmd, records_out *o, int rc, int bad, const char *bad_input)
{
    char err[600];
    if (!o->path) { /* stdout: what was written stays, the exit status says a block was bad */
        if (!rc && fflush(stdout))
            rc = cli_fail(cmd, "cannot write the output: %s", strerror(errno));
        return rc ? rc : bad ? 1 : 0;
    }
    if (rc || bad) {
        fio_out_abort(&o->tmp);
        return rc ? rc : cli_fail(cmd, "%s not written: %s is bad", o->path, bad_input);
    }
    if (fio_out_commit(&o->tmp, err, sizeof err))
        return cli_fail(cmd, "%s", err);
    return 0;
}
