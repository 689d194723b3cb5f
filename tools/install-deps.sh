#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Installs the Debian 12 packages oceanfft needs to build, test and run; skips what is present.
set -euo pipefail
packages=(
  build-essential cmake ninja-build pkg-config git ccache
  libglfw3-dev libglm-dev libimgui-dev libstb-dev libfftw3-dev libjpeg62-turbo-dev zlib1g-dev
  libopenexr-dev
  libgtest-dev libgmock-dev libcli11-dev nlohmann-json3-dev
  libegl-dev libgl-dev libegl1 libgl1-mesa-dri
  glslang-tools xvfb xauth python3 python3-matplotlib
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "install-deps: installing ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
