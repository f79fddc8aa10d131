#!/usr/bin/env python3
"""pty_run.py ERRFILE COMMAND... -- runs COMMAND with its stderr on a
pseudo-terminal (stdin from /dev/null, stdout as given), as a terminal user
would see it, and copies everything written there to ERRFILE.  Exits with
the command's status.  For the tests of progress bars (Debian's python3)."""
import os
import pty
import subprocess
import sys

def main():
    if len(sys.argv) < 3:
        sys.stderr.write("usage: pty_run.py ERRFILE COMMAND...\n")
        return 2
    master, slave = pty.openpty()
    proc = subprocess.Popen(sys.argv[2:], stdin=subprocess.DEVNULL, stderr=slave)
    os.close(slave)
    data = bytearray()
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # EIO: the command closed the terminal
            break
        if not chunk:
            break
        data += chunk
    rc = proc.wait()
    with open(sys.argv[1], "wb") as f:
        f.write(data)
    return rc

if __name__ == "__main__":
    sys.exit(main())
