/* cmd_version.c — `triad --version [--json]`: what a report or a bug needs
 * to name this build: the version (VERSION), the git commit it was built
 * from (-dirty: with uncommitted changes), the variant and compiler flags,
 * libtriad's API version, and every game's engine signature (the one
 * records carry: engine/signature.h). */
#include <stdio.h>
#include <string.h>
#include "core/jsonw.h"
#include "engine/game.h"
#include "engine/signature.h"
#include "include/triad.h"
#include "commands.h"
#include "opts.h"
#include "version.h"

int cmd_version(int argc, char **argv)
{
    bool json = false;
    const opt_spec opts[] = { { "json", OPT_FLAG, &json, NULL, "print one JSON object", 0, 0, NULL }, { 0 } };
    const cmd_spec spec = { "--version", "[--json]",
                            "Prints triad's version, the git commit it was built from, the build's variant\n"
                            "and compiler flags, libtriad's API version and every game's engine signature\n"
                            "(what records carry, docs/performance.md).", opts };
    int rc = opts_parse(&spec, argc, argv);
    if (rc)
        return rc == 1 ? 0 : rc;
    const game_def *const *games = game_list();
    if (json) {
        putchar('{');
        jsonw_fkv_str(stdout, "version", TRIAD_VERSION, 1);
        jsonw_fkv_str(stdout, "commit", TRIAD_GIT_COMMIT, 0);
        jsonw_fkv_str(stdout, "build", TRIAD_BUILD_FLAGS, 0);
        jsonw_fkv_int(stdout, "api_version", TRIAD_API_VERSION, 0);
        jsonw_fkey(stdout, "engine_signatures", 0);
        putchar('{');
        for (int i = 0; games[i]; i++) {
            char hex[17];
            snprintf(hex, sizeof hex, "%016llx", (unsigned long long)game_engine_signature(games[i]));
            jsonw_fkv_str(stdout, games[i]->name, hex, i == 0);
        }
        printf("}}\n");
        return 0;
    }
    printf("triad %s\ncommit %s\nbuild %s\nlibtriad API %d\nengine signatures:", TRIAD_VERSION, TRIAD_GIT_COMMIT,
           TRIAD_BUILD_FLAGS, TRIAD_API_VERSION);
    for (int i = 0; games[i]; i++)
        printf(" %s %016llx", games[i]->name, (unsigned long long)game_engine_signature(games[i]));
    printf("\n");
    return 0;
}
