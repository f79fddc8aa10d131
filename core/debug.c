/* debug.c — the pause of TRIAD_DEBUG's re-derivation checks (debug.h). */
#include "debug.h"

_Thread_local int dbg_paused;

void dbg_pause(void)
{
    dbg_paused++;
}

void dbg_resume(void)
{
    if (dbg_paused > 0)
        dbg_paused--;
}
