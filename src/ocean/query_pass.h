// SPDX-License-Identifier: MIT
#pragma once
// The water at world points as a GPU pass over a Simulation's maps (shaders/ocean/query.comp):
// what Ocean::query/submit/fetch run, usable on its own by a program that owns its Simulation
// (the window app). Not installed; Ocean is the public face of it.
#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "gl/shader.h"
#include "ocean/ocean.h"

namespace oceanfft::ocean {

class Simulation;

class QueryPass {
 public:
  static constexpr int kInFlight = Ocean::kQueriesInFlight;
  // Needs the shaders' context current. `iterations`: 1..32 (Error(InvalidArgument) otherwise).
  QueryPass(const gl::ShaderLibrary& shaders, int iterations = 8);
  ~QueryPass();
  QueryPass(QueryPass&&) noexcept;
  QueryPass& operator=(QueryPass&&) noexcept;

  // Call just before sim.step(t): keeps the maps the velocity is measured against.
  void before_step(const Simulation& sim, double t);
  // Forget the previous maps (the sea was re-made or jumped in time): velocities are zero until
  // two more steps.
  void reset();
  void set_iterations(int iterations);
  int iterations() const;

  // As Ocean::query / submit / fetch / cancel, on `sim`'s last step.
  std::vector<Sample> query(const Simulation& sim, std::span<const std::array<float, 2>> points);
  Ticket submit(const Simulation& sim, std::span<const std::array<float, 2>> points);
  bool fetch(Ticket ticket, std::vector<Sample>& out);
  void cancel(Ticket ticket);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace oceanfft::ocean
