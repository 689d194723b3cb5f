// SPDX-License-Identifier: MIT
#pragma once
// The sea's mesh: a geometry clipmap (Losasso & Hoppe 2004) with CDLOD-style morphing. Level l
// is a square grid of n x n cells of size c_l = c0 2^l around the eye; every level but the
// innermost drawn one has a hole exactly where the next finer level lies. Each level is snapped
// to 2 c_l, so its outer edge lies on the next coarser grid, and vertices near that edge morph
// onto the coarser grid as a continuous function of the eye's position: the edge vertices of
// one level sit exactly on the vertices of the next, so there are no cracks, and a level that
// moves by a snap step adds and drops vertices only where they coincide with the neighbour's,
// so nothing pops.
//
// Pure CPU: OceanRenderer uploads grid() and indices() and sets per-level uniforms from
// place(); shaders/render/ocean.vert applies the morph that morphed_vertex() mirrors here, so
// tests can check the geometry exactly.
#include <array>
#include <cstdint>
#include <vector>

#include <glm/glm.hpp>

namespace oceanfft::render {

class Clipmap {
 public:
  static constexpr int kMinCells = 32;
  static constexpr int kMaxCells = 1024;

  // cells: grid cells per level side, clamped to [kMinCells, kMaxCells] and rounded down to a
  // multiple of 4 (the snap arithmetic needs n/2 even). Levels are added until every direction
  // reaches `view_distance` metres from the eye.
  Clipmap(int cells, float view_distance);

  int cells() const { return n_; }
  int levels() const { return levels_; }
  float view_distance() const { return view_distance_; }
  // c0: a power of two, so every vertex position is an exact float (see ocean.vert).
  double cell0() const { return cell0_; }
  double cell(int level) const;
  // Distance from the eye (max norm) that level `level` reaches in every direction, metres.
  double reach(int level) const;
  // Morph band in cells of the level, in max-norm distance from the eye: no morph inside
  // morph_start, full morph from morph_end on. Chosen so that a level's hole edge is always
  // unmorphed and its outer edge always fully morphed, for every eye within the snap cell.
  float morph_start() const { return float(n_) / 4.0f + 1.5f; }
  float morph_end() const { return float(n_) / 2.0f - 2.5f; }

  // Where a level lies this frame. origin: world xz of grid vertex (0, 0), in units of c0
  // (integers, so exact). hole: which index range draws it: -1 the full square (the innermost
  // drawn level), else 0..3 = ox + 2 oz, the hole's offset in cells from the centred position.
  // morph_floor: the least morph of every vertex (nonzero only on the innermost drawn level).
  struct Placement {
    int level = 0;
    int64_t origin_x = 0, origin_z = 0;
    int hole = -1;
    float morph_floor = 0.0f;
  };
  // The levels to draw, finest first. A level whose reach is under half the eye's height
  // (eye_height in metres) would be sub-pixel under it and is skipped. As the eye rises the
  // innermost level morphs wholly onto the next grid before it is dropped, so dropping it (or
  // adding it back on the way down) changes nothing on screen.
  std::vector<Placement> place(double eye_x, double eye_z, double eye_height) const;

  // The shared vertex grid: (n+1)^2 integer (i, j) pairs as floats, row-major by j.
  std::vector<float> grid() const;
  // Triangle indices into grid(): range 0 the full square, ranges 1..4 the rings with hole
  // variant 0..3. Every cell is split along the same diagonal, the one that morphing onto the
  // coarser grid turns into that grid's own diagonal.
  const std::vector<uint32_t>& indices() const { return indices_; }
  struct Range {
    int first = 0, count = 0;
  };
  Range range(int hole) const { return ranges_[size_t(hole + 1)]; }
  int triangles(const std::vector<Placement>& placements) const;

  // What ocean.vert computes for grid vertex (i, j) of a placed level, in the same float
  // arithmetic: the world xz after morphing, and the morph factor 0..1.
  struct Vertex {
    glm::vec2 xz;
    float morph;
  };
  Vertex morphed_vertex(const Placement& p, int i, int j, glm::vec2 eye_xz) const;
  // The uniforms ocean.vert takes for a placement.
  glm::vec2 origin(const Placement& p) const;

 private:
  int n_;
  int levels_;
  float view_distance_;
  double cell0_;
  std::vector<uint32_t> indices_;
  std::array<Range, 5> ranges_{};
};

}  // namespace oceanfft::render
