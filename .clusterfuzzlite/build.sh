#!/bin/bash -eu
# Builds every cargo-fuzz target of graphgo (fuzz/fuzz_targets/*.rs) into $OUT, each with
# its seed corpus (fuzz/seeds/TARGET/) as $OUT/TARGET_seed_corpus.zip, as ClusterFuzzLite
# and OSS-Fuzz expect.
#
# Reads the variables those services set:
#   SRC        the source folder; the repository is $SRC/graphgo (the Dockerfile puts it there)
#   OUT        where the fuzzers and seed corpora go
#   SANITIZER  address (their default), or none for a build without a sanitizer (a stable
#              toolchain, as .ci/run uses); other values are passed to cargo fuzz's -s
# and CARGO_BUILD_TARGET (a target triple) when set; the host's triple otherwise.

repo="$SRC/graphgo"
cd "$repo/fuzz"

# cargo-fuzz needs nightly features; the builder image's toolchain is nightly, a stable
# one (.ci/run) is allowed them this way.
export RUSTC_BOOTSTRAP="${RUSTC_BOOTSTRAP:-1}"

sanitizer="${SANITIZER:-address}"
case "$sanitizer" in
  # The builder image's cargo adds the coverage flags itself.
  coverage | address) flags=() ;;
  *) flags=(-s "$sanitizer") ;;
esac

triple="${CARGO_BUILD_TARGET:-$(rustc -vV | sed -n 's/^host: //p')}"
cargo fuzz build -O "${flags[@]}" --target "$triple"

built="$repo/fuzz/target/$triple/release"
mkdir -p "$OUT"
count=0
for source in fuzz_targets/*.rs; do
  target="$(basename "$source" .rs)"
  if [ ! -x "$built/$target" ]; then
    echo "build.sh: $target was not built (is it a [[bin]] in fuzz/Cargo.toml?)" >&2
    exit 1
  fi
  cp "$built/$target" "$OUT/$target"
  seeds="$repo/fuzz/seeds/$target"
  if [ -d "$seeds" ] && [ -n "$(ls -A "$seeds")" ]; then
    rm -f "$OUT/${target}_seed_corpus.zip"
    if command -v zip >/dev/null 2>&1; then
      zip -j -q "$OUT/${target}_seed_corpus.zip" "$seeds"/*
    else
      python3 -m zipfile -c "$OUT/${target}_seed_corpus.zip" "$seeds"/*
    fi
    echo "build.sh: $target with $(ls "$seeds" | wc -l) seeds"
  else
    echo "build.sh: $target (no fuzz/seeds/$target: no seed corpus)"
  fi
  count=$((count + 1))
done
echo "build.sh: $count fuzzers in $OUT"
