#!/usr/bin/env bash
# ctest package.example: installs the engine from the build tree into a scratch prefix, then
# builds examples/ against it twice, once as a CMake project (find_package(oceanfft)) and once
# from `pkg-config --cflags --libs oceanfft`, runs both and checks the errors they print.
# Arguments: <build dir> <source dir> <c++ compiler> [extra compile/link flags...]
set -euo pipefail
build=$1 src=$2 cxx=$3
shift 3
extra=("$@")
scratch=$(mktemp -d "${TMPDIR:-/tmp}/oceanfft-package-XXXXXX")
trap 'rm -rf "$scratch"' EXIT
prefix=$scratch/prefix

cmake --install "$build" --prefix "$prefix" >/dev/null

# Only the engine is installed: gl and fft headers (no window, no layer above fft), and nothing
# that asks for GLFW or ImGui.
headers=$(cd "$prefix/include/oceanfft" && find gl fft -type f | sort | tr '\n' ' ')
expected="fft/bindings.h fft/buffer.h fft/cache.h fft/fft.h fft/long.h fft/real.h fft/volume.h gl/context.h gl/error.h gl/objects.h gl/shader.h gl/timing.h "
if [ "$headers" != "$expected" ]; then
  echo "installed headers: $headers; expected: $expected" >&2
  exit 1
fi
if grep -rlE '#[[:space:]]*include[[:space:]]*[<"](GLFW|imgui)' "$prefix/include"; then
  echo "an installed header includes GLFW or ImGui" >&2
  exit 1
fi
mapfile -t libs < <(find "$prefix" -name 'liboceanfft*.a' | sort)
if [ "${#libs[@]}" -ne 3 ]; then
  echo "expected liboceanfft_{fft,gl,glad}.a, found: ${libs[*]}" >&2
  exit 1
fi
if nm --undefined-only "${libs[@]}" | grep -iE 'glfw|imgui'; then
  echo "the installed libraries need GLFW or ImGui symbols" >&2
  exit 1
fi

check_run() {  # the example's exit status and its error lines
  local exe=$1 out
  out=$(cd "$scratch" && env -u OCEANFFT_SHADER_DIR "$exe")
  echo "$out"
  awk '/^(dc_error|round_trip_error) / { if ($2 + 0 > 1e-5) bad = 1; n++ }
       /^gl_errors / { if ($2 != 0) bad = 1; n++ }
       END { exit (bad || n != 3) }' <<<"$out" || { echo "errors too large or missing" >&2; exit 1; }
}

launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
flags="${extra[*]:-}"
cmake -S "$src/examples" -B "$scratch/cmake-build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CXX_COMPILER="$cxx" "${launcher[@]}" -DCMAKE_PREFIX_PATH="$prefix" \
  -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_EXE_LINKER_FLAGS="$flags" | tail -n 3
cmake --build "$scratch/cmake-build"
echo "find_package build:"
check_run "$scratch/cmake-build/fft_roundtrip"
echo "the other transforms:"
out=$(cd "$scratch" && env -u OCEANFFT_SHADER_DIR "$scratch/cmake-build/fft_transforms")
echo "$out"
awk '/^worst_round_trip_error / { if ($2 + 0 > 1e-5) bad = 1; n++ }
     /^gl_errors / { if ($2 != 0) bad = 1; n++ }
     END { exit (bad || n != 2) }' <<<"$out" || { echo "fft_transforms: errors too large or missing" >&2; exit 1; }

pcdir=$(dirname "$(find "$prefix" -name oceanfft.pc)")
pc=$(PKG_CONFIG_PATH="$pcdir" pkg-config --cflags --libs oceanfft)
# shellcheck disable=SC2086  # pkg-config's output is a list of flags
"$cxx" -std=c++20 -O1 ${extra[@]+"${extra[@]}"} "$src/examples/fft_roundtrip.cpp" $pc -lEGL \
  -o "$scratch/fft_roundtrip_pc"
echo "pkg-config build:"
check_run "$scratch/fft_roundtrip_pc"
