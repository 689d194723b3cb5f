#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# ctest package.example and package.library_only: installs the engine into a scratch prefix,
# then builds examples/ against it twice, once as a CMake project (find_package(oceanfft)) and
# once from `pkg-config --cflags --libs oceanfft`, runs them and checks what they print.
# package.example installs the test's own build tree; package.library_only first configures and
# builds the source tree with -DOCEANFFT_BUILD_APP=OFF (the libraries alone) and installs that.
# Arguments: <build dir> <source dir> <c++ compiler> <tree|library-only> [extra flags...]
set -euo pipefail
build=$1 src=$2 cxx=$3 mode=$4
shift 4
extra=("$@")
scratch=$(mktemp -d "${TMPDIR:-/tmp}/oceanfft-package-XXXXXX")
trap 'rm -rf "$scratch"' EXIT
prefix=$scratch/prefix

launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
flags="${extra[*]:-}"
if [ "$mode" = library-only ]; then
  cmake -S "$src" -B "$scratch/lib-build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DOCEANFFT_BUILD_APP=OFF -DCMAKE_CXX_COMPILER="$cxx" "${launcher[@]}" \
    -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_EXE_LINKER_FLAGS="$flags" | tail -n 3
  # The libraries alone look for none of the application's dependencies.
  if grep -iE '^(glfw3_DIR|nlohmann_json_DIR|CLI11_DIR|IMGUI|STB|FFTW3|JPEG)[A-Z_]*:' \
      "$scratch/lib-build/CMakeCache.txt"; then
    echo "the library-only build looked for an application dependency" >&2
    exit 1
  fi
  cmake --build "$scratch/lib-build"
  build=$scratch/lib-build
fi
cmake --install "$build" --prefix "$prefix" >/dev/null

# Only the engine is installed: gl and fft headers (no window, no layer above fft), and nothing
# that asks for GLFW or ImGui.
headers=$(cd "$prefix/include/oceanfft" && find gl fft ocean -type f | sort | tr '\n' ' ')
expected="fft/bindings.h fft/buffer.h fft/cache.h fft/fft.h fft/fused.h fft/long.h fft/real.h fft/real_volume.h fft/volume.h gl/context.h gl/error.h gl/gl_api.h gl/objects.h gl/shader.h gl/timing.h ocean/floating.h ocean/ocean.h "
if [ "$headers" != "$expected" ]; then
  echo "installed headers: $headers; expected: $expected" >&2
  exit 1
fi
if grep -rlE '#[[:space:]]*include[[:space:]]*[<"](GLFW|imgui)' "$prefix/include"; then
  echo "an installed header includes GLFW or ImGui" >&2
  exit 1
fi
mapfile -t libs < <(find "$prefix" -name 'liboceanfft*.a' | sort)
if [ "${#libs[@]}" -ne 4 ]; then
  echo "expected liboceanfft_{fft,gl,glad,ocean}.a, found: ${libs[*]}" >&2
  exit 1
fi
if nm --undefined-only "${libs[@]}" | grep -iE 'glfw|imgui'; then
  echo "the installed libraries need GLFW or ImGui symbols" >&2
  exit 1
fi

for f in include/oceanfft/version.h share/doc/oceanfft/LICENSE lib/cmake/oceanfft/oceanfftConfigVersion.cmake; do
  [ -f "$prefix/$f" ] || { echo "not installed: $f" >&2; exit 1; }
done
# One version: the header's, the CMake package's and (when built) the executable's.
version=$(sed -n 's/^#define OCEANFFT_VERSION_STRING "\(.*\)"$/\1/p' "$prefix/include/oceanfft/version.h")
grep -q "set(PACKAGE_VERSION \"$version\")" "$prefix/lib/cmake/oceanfft/oceanfftConfigVersion.cmake" ||
  { echo "the CMake package's version is not $version" >&2; exit 1; }
if [ "$mode" = tree ]; then
  got=$(env -u OCEANFFT_SHADER_DIR "$prefix/bin/oceanfft" --version)
  [ "$got" = "oceanfft $version" ] || { echo "oceanfft --version: '$got', want 'oceanfft $version'" >&2; exit 1; }
  # Installed, it runs from anywhere with its shaders built in.
  (cd "$scratch" && env -u OCEANFFT_SHADER_DIR "$prefix/bin/oceanfft" verify --sizes 16 \
     --algorithms stockham-r2 >/dev/null) || { echo "the installed oceanfft failed" >&2; exit 1; }
else
  [ ! -e "$prefix/bin/oceanfft" ] || { echo "the library-only build installed the executable" >&2; exit 1; }
fi

# The installed headers take GL from the program's own loader: GLFW's <GL/gl.h> included first,
# or a header named by OCEANFFT_GL_HEADER.
printf '#include <GLFW/glfw3.h>\n#include <oceanfft/ocean/ocean.h>\nint main() { return 0; }\n' >"$scratch/glfw_first.cpp"
printf '#include <oceanfft/ocean/ocean.h>\nint main() { return GL_COMPUTE_SHADER != 0 ? 0 : 1; }\n' >"$scratch/own_header.cpp"
"$cxx" -std=c++20 -fsyntax-only -I"$prefix/include" -I"$prefix/include/oceanfft" "$scratch/glfw_first.cpp"
"$cxx" -std=c++20 -fsyntax-only -I"$prefix/include" -I"$prefix/include/oceanfft" \
  '-DOCEANFFT_GL_HEADER=<GL/glcorearb.h>' "$scratch/own_header.cpp"

check_height() {  # the ocean example: 1,000 points of a storm sea, no GL error
  local exe=$1 out
  out=$(cd "$scratch" && env -u OCEANFFT_SHADER_DIR "$exe")
  echo "$out" | tail -n 6
  awk '/^points / { if ($2 != 1000) bad = 1; n++ }
       /^gl_errors / { if ($2 != 0) bad = 1; n++ }
       END { exit (bad || n != 2) }' <<<"$out" || { echo "height_query: wrong output" >&2; exit 1; }
}

check_run() {  # the example's exit status and its error lines
  local exe=$1 out
  out=$(cd "$scratch" && env -u OCEANFFT_SHADER_DIR "$exe")
  echo "$out"
  awk '/^(dc_error|round_trip_error|fused_error) / { if ($2 + 0 > 1e-5) bad = 1; n++ }
       /^gl_errors / { if ($2 != 0) bad = 1; n++ }
       END { exit (bad || n != 4) }' <<<"$out" || { echo "errors too large or missing" >&2; exit 1; }
}

cmake -S "$src/examples" -B "$scratch/cmake-build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CXX_COMPILER="$cxx" "${launcher[@]}" -DCMAKE_PREFIX_PATH="$prefix" \
  -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_EXE_LINKER_FLAGS="$flags" | tail -n 3
cmake --build "$scratch/cmake-build"
echo "find_package build:"
check_run "$scratch/cmake-build/fft_roundtrip"
check_height "$scratch/cmake-build/height_query"
# A frame baked by the installed executable, read by bake_reader with OpenEXR alone.
if [ "$mode" = tree ] && [ -x "$scratch/cmake-build/bake_reader" ]; then
  (cd "$scratch" && env -u OCEANFFT_SHADER_DIR "$prefix/bin/oceanfft" bake --quiet --out "$scratch/bake" \
     --frames 2 --fps 2 --size 64 >/dev/null)
  out=$("$scratch/cmake-build/bake_reader" "$scratch/bake/ocean_0000.exr" 10 20)
  echo "$out" | tail -n 2
  grep -q '^label (10.00, 20.00) -> surface' <<<"$out" || { echo "bake_reader: wrong output" >&2; exit 1; }
fi
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
"$cxx" -std=c++20 -O1 ${extra[@]+"${extra[@]}"} "$src/examples/height_query.cpp" $pc \
  -o "$scratch/height_query_pc"
echo "pkg-config build:"
check_run "$scratch/fft_roundtrip_pc"
check_height "$scratch/height_query_pc"
