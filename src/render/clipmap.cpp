// SPDX-License-Identifier: MIT
#include "render/clipmap.h"

#include <algorithm>
#include <cmath>

namespace oceanfft::render {
namespace {

constexpr int kMaxLevels = 24;
// Eye coordinates beyond this are clamped, so the integer snap arithmetic cannot overflow and
// every vertex stays an exact float (|x| / c0 well below 2^24 for the cell sizes we pick).
constexpr double kMaxEye = 1.0e6;

int64_t floor_div(int64_t a, int64_t b) {
  const int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

}  // namespace

Clipmap::Clipmap(int cells, float view_distance) {
  n_ = std::clamp(cells, kMinCells, kMaxCells) / 4 * 4;
  view_distance_ = std::isfinite(view_distance) ? std::max(view_distance, 1.0f) : 1.0f;
  // About 16 m of finest level whatever n is: more cells per level means finer cells, and the
  // level count depends only on the view distance.
  cell0_ = std::exp2(std::round(std::log2(32.0 / double(n_))));
  levels_ = 1;
  while (levels_ < kMaxLevels && reach(levels_ - 1) < double(view_distance_)) ++levels_;

  // One shared grid, five index ranges: the full square and the four hole placements.
  const int n = n_;
  auto v = [n](int i, int j) { return uint32_t(j * (n + 1) + i); };
  for (int hole = -1; hole < 4; ++hole) {
    const int ox = hole < 0 ? 0 : hole & 1, oz = hole < 0 ? 0 : hole >> 1;
    Range r;
    r.first = int(indices_.size());
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i) {
        const bool in_hole = hole >= 0 && i >= n / 4 + ox && i < 3 * n / 4 + ox &&
                             j >= n / 4 + oz && j < 3 * n / 4 + oz;
        if (in_hole) continue;
        // Diagonal (i, j)-(i+1, j+1): with odd vertices collapsed onto their lower even
        // neighbours it becomes the coarser cell's (2a, 2b)-(2a+2, 2b+2) diagonal.
        indices_.insert(indices_.end(), {v(i, j), v(i + 1, j), v(i + 1, j + 1), v(i, j),
                                         v(i + 1, j + 1), v(i, j + 1)});
      }
    r.count = int(indices_.size()) - r.first;
    ranges_[size_t(hole + 1)] = r;
  }
}

double Clipmap::cell(int level) const { return std::ldexp(cell0_, level); }

double Clipmap::reach(int level) const { return (double(n_) / 2.0 - 2.0) * cell(level); }

std::vector<Clipmap::Placement> Clipmap::place(double eye_x, double eye_z,
                                               double eye_height) const {
  auto clamp_eye = [](double e) { return std::isfinite(e) ? std::clamp(e, -kMaxEye, kMaxEye) : 0.0; };
  const int64_t kx = int64_t(std::floor(clamp_eye(eye_x) / cell0_));
  const int64_t kz = int64_t(std::floor(clamp_eye(eye_z) / cell0_));
  const double h = std::isfinite(eye_height) ? std::abs(eye_height) : 0.0;
  int first = 0;
  while (first < levels_ - 1 && reach(first) < 0.5 * h) ++first;

  // Level l's centre snaps to 2 c_l; in units of c0 that is a multiple of 2^(l+1). Nested
  // floors make the finer level's centre differ from it by 0 or c_l on each axis.
  auto center = [](int64_t k, int level) {
    const int64_t step = int64_t(2) << level;
    return floor_div(k, step) * step;
  };
  std::vector<Placement> out;
  for (int l = first; l < levels_; ++l) {
    Placement p;
    p.level = l;
    const int64_t half = int64_t(n_ / 2) << l;  // n/2 cells of c_l, in c0
    const int64_t cx = center(kx, l), cz = center(kz, l);
    p.origin_x = cx - half;
    p.origin_z = cz - half;
    if (l == first) {
      // 0 while the level reaches past the eye's height, 1 when it reaches only half of it.
      const double r = reach(l);
      p.morph_floor = float(std::clamp(1.0 - (r - 0.5 * h) / (0.5 * r), 0.0, 1.0));
    } else {
      const int64_t ox = (center(kx, l - 1) - cx) >> l, oz = (center(kz, l - 1) - cz) >> l;
      p.hole = int(ox + 2 * oz);
    }
    out.push_back(p);
  }
  return out;
}

std::vector<float> Clipmap::grid() const {
  std::vector<float> g;
  g.reserve(size_t(n_ + 1) * (n_ + 1) * 2);
  for (int j = 0; j <= n_; ++j)
    for (int i = 0; i <= n_; ++i) {
      g.push_back(float(i));
      g.push_back(float(j));
    }
  return g;
}

int Clipmap::triangles(const std::vector<Placement>& placements) const {
  int t = 0;
  for (const Placement& p : placements) t += range(p.hole).count / 3;
  return t;
}

glm::vec2 Clipmap::origin(const Placement& p) const {
  return {float(double(p.origin_x) * cell0_), float(double(p.origin_z) * cell0_)};
}

Clipmap::Vertex Clipmap::morphed_vertex(const Placement& p, int i, int j, glm::vec2 eye) const {
  const float c = float(cell(p.level));
  const glm::vec2 idx{float(i), float(j)};
  glm::vec2 xz = origin(p) + idx * c;
  const glm::vec2 dd = glm::abs(xz - eye);
  const float d = std::max(dd.x, dd.y) / c;
  const float morph = std::max(
      std::clamp((d - morph_start()) / (morph_end() - morph_start()), 0.0f, 1.0f), p.morph_floor);
  const glm::vec2 odd = idx - 2.0f * glm::floor(idx * 0.5f);
  xz -= odd * (c * morph);
  return {xz, morph};
}

}  // namespace oceanfft::render
