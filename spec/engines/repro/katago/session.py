"""The GTP session every reproduction of this folder opens: KataGo 1.18.1 (target/katago,
installed by adapters/install.sh: the AppImage extracted, its network beside it) answering GTP
directly with graphgo's config (adapters/katago/gtp.cfg and its tuner file), no adapter between.
Run alone, it prints what KataGo says of itself. From the repository's root, as every
reproduction here: python3 spec/engines/repro/katago/session.py
"""

import subprocess

K = "target/katago"


def katago(overrides=""):
    """A KataGo GTP process; `overrides` (",key=value...") is added to its -override-config."""
    return subprocess.Popen(
        [K + "/squashfs-root/AppRun", "gtp", "-model", K + "/b10c384h6nbttflrs.bin.gz",
         "-config", "adapters/katago/gtp.cfg", "-override-config",
         "openclTunerFile=adapters/katago/tuner.txt,logDir=" + K + "/logs" + overrides],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)


def ask(p, command):
    """KataGo's answer to `command`: its lines up to the blank line that ends a GTP answer."""
    p.stdin.write(command + "\n")
    p.stdin.flush()
    lines = []
    while True:
        line = p.stdout.readline()
        if not line:
            raise SystemExit(f"KataGo ended without answering {command!r}")
        if not line.strip() and lines:
            return "\n".join(lines)
        if line.strip():
            lines.append(line.rstrip())


def session(overrides=""):
    """`ask` of a new KataGo process: the answer to a command."""
    p = katago(overrides)
    return lambda command: ask(p, command)


if __name__ == "__main__":
    answer = session()
    for command in ["name", "version", "protocol_version"]:
        print(command + ": " + answer(command).lstrip("= "))
    answer("quit")
