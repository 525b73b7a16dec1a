"""A GTP engine that misbehaves in one way, for the tests of `graphgo verify-gtp`
(tests/conformance/gtp.rs): an engine under test must never take graphgo down.

    python3 misbehaving_gtp.py MODE

MODE is one of
    flood         answers its first command with lines that never end the answer
    drip          the same, one short line every 0.2 s (each line comes well within any
                  timeout; the whole answer never does)
    endless-line  answers its first command with one line that never ends
    garbage       answers its first command with bytes that are not UTF-8
    crash         answers list_commands, then writes a message on its standard error and
                  exits with status 3 at the next command
    hang          answers list_commands, then never answers again

Only the standard library; nothing here depends on graphgo.
"""

import sys
import time

COMMANDS = ["protocol_version", "name", "list_commands", "boardsize", "clear_board",
            "komi", "play", "list_stones", "quit"]


def main():
    mode = sys.argv[1]
    out = sys.stdout.buffer
    first = True
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if first and mode in ("flood", "drip", "endless-line", "garbage"):
            out.write(b"= protocol_version\n")
            if mode == "flood":
                while True:
                    out.write(b"name\n" * 4096)
            elif mode == "drip":
                while True:
                    out.write(b"name\n")
                    out.flush()
                    time.sleep(0.2)
            elif mode == "endless-line":
                while True:
                    out.write(b"x" * 65536)
            else:
                out.write(b"\xff\xfe\x00\x80garbage\x81\n\n")
                out.flush()
                time.sleep(3600)
        first = False
        if words[0] == "list_commands":
            out.write(("= " + "\n".join(COMMANDS) + "\n\n").encode())
            out.flush()
        elif mode == "crash":
            sys.stderr.write("misbehaving_gtp: the ko table is corrupt, giving up\n")
            sys.stderr.flush()
            sys.exit(3)
        elif mode == "hang":
            time.sleep(3600)
        else:
            out.write(b"=\n\n")
            out.flush()


if __name__ == "__main__":
    try:
        main()
    except BrokenPipeError:
        pass
