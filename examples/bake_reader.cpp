// SPDX-License-Identifier: MIT
// Reads one frame written by `oceanfft bake` with OpenEXR alone (no oceanfft library): lists
// its cascades and patch sizes, then the sea's displaced surface point above a world (x, z)
// label by summing the cascades, as docs/baking.md describes.
//   bake_reader FRAME.exr [x z]
#include <ImfChannelList.h>
#include <ImfFloatAttribute.h>
#include <ImfFrameBuffer.h>
#include <ImfHeader.h>
#include <ImfInputFile.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

int main(int argc, char** argv) try {
  if (argc != 2 && argc != 4) {
    std::fprintf(stderr, "usage: bake_reader FRAME.exr [x z]\n");
    return 2;
  }
  const double x = argc == 4 ? std::atof(argv[2]) : 0.0, z = argc == 4 ? std::atof(argv[3]) : 0.0;
  Imf::InputFile file(argv[1]);
  const Imf::Header& header = file.header();
  const auto window = header.dataWindow();
  const int w = window.max.x - window.min.x + 1, h = window.max.y - window.min.y + 1;
  const int cascades = int(header.typedAttribute<Imf::FloatAttribute>("oceanfft.cascades").value());
  // Every channel as float, whatever it was stored as.
  std::map<std::string, std::vector<float>> planes;
  Imf::FrameBuffer fb;
  for (auto it = header.channels().begin(); it != header.channels().end(); ++it) {
    std::vector<float>& p = planes[it.name()];
    p.resize(size_t(w) * h);
    fb.insert(it.name(), Imf::Slice(Imf::FLOAT, reinterpret_cast<char*>(p.data()), sizeof(float),
                                    sizeof(float) * size_t(w)));
  }
  file.setFrameBuffer(fb);
  file.readPixels(window.min.y, window.max.y);
  std::printf("size %d x %d, %zu channels, %d cascades\n", w, h, planes.size(), cascades);

  // Bilinear with repeat wrapping at texel centres: pixel (i, j) is world (i + 0.5, j + 0.5) L / N.
  auto sample = [&](const std::vector<float>& p, double px, double pz, double patch) {
    const double tx = px / patch * w - 0.5, tz = pz / patch * h - 0.5;
    const double fx = tx - std::floor(tx), fz = tz - std::floor(tz);
    const int x0 = ((int(std::floor(tx)) % w) + w) % w, z0 = ((int(std::floor(tz)) % h) + h) % h;
    const int x1 = (x0 + 1) % w, z1 = (z0 + 1) % h;
    auto at = [&](int i, int j) { return double(p[size_t(j) * w + i]); };
    return (1 - fz) * ((1 - fx) * at(x0, z0) + fx * at(x1, z0)) + fz * ((1 - fx) * at(x0, z1) + fx * at(x1, z1));
  };
  double dx = 0, dy = 0, dz = 0;
  for (int c = 0; c < cascades; ++c) {
    const std::string pre = "cascade" + std::to_string(c) + ".displacement.";
    const double patch =
        header.typedAttribute<Imf::FloatAttribute>("oceanfft.patchSize" + std::to_string(c)).value();
    std::printf("cascade %d: patch %.2f m\n", c, patch);
    dx += sample(planes.at(pre + "x"), x, z, patch);
    dy += sample(planes.at(pre + "y"), x, z, patch);
    dz += sample(planes.at(pre + "z"), x, z, patch);
  }
  std::printf("label (%.2f, %.2f) -> surface (%.4f, %.4f, %.4f)\n", x, z, x + dx, dy, z + dz);
  return std::isfinite(dx + dy + dz) ? 0 : 8;
} catch (const std::exception& e) {
  std::fprintf(stderr, "bake_reader: %s\n", e.what());
  return 3;
}
