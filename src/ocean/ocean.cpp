// SPDX-License-Identifier: MIT
#include "ocean/ocean.h"

#include <cmath>
#include <cstring>
#include <utility>

#include "gl/error.h"
#include "ocean/presets.h"
#include "ocean/query_pass.h"
#include "ocean/simulation.h"

namespace oceanfft::ocean {
namespace {

constexpr int kMaxIterations = 32;

void check(bool ok, const std::string& message) {
  if (!ok) throw Error(ErrorCode::InvalidArgument, message);
}

// The simulation's parameters for `o`: the preset's sea, then the overrides.
Params to_params(const Options& o) {
  check(o.query_iterations >= 1 && o.query_iterations <= kMaxIterations,
        "query_iterations " + std::to_string(o.query_iterations) + " must be in 1.." +
            std::to_string(kMaxIterations));
  check(std::isfinite(o.depth) && o.depth > 0, "depth must be a positive number of metres");
  check(std::isfinite(o.time_scale) && o.time_scale >= 0, "time_scale must be finite and >= 0");
  check(std::isfinite(o.loop_period) && o.loop_period >= 0, "loop_period must be finite and >= 0");
  const Preset& preset = find_preset(o.preset);
  Params p;
  p.size = o.size;
  p.seed = o.seed;
  p.depth = o.depth;
  p.time_scale = o.time_scale;
  p.loop_period = o.loop_period;
  p.spectrum = preset.spectrum;
  p.choppiness = preset.choppiness;
  p.cascades = preset.cascades;
  p.patch_sizes = preset.patch_sizes;
  if (o.wind_speed) {
    check(std::isfinite(*o.wind_speed) && *o.wind_speed > 0 && *o.wind_speed <= 100,
          "wind_speed must be in (0, 100] m/s");
    p.spectrum.wind.wind_speed = *o.wind_speed;
    // The patches follow the sea's peak wavelength, as the presets' do.
    const CascadeLayout layout = cascade_layout(p.spectrum);
    p.cascades = layout.cascades;
    p.patch_sizes = layout.patch_sizes;
  }
  if (o.wind_direction_deg) {
    check(std::isfinite(*o.wind_direction_deg), "wind_direction_deg must be finite");
    p.spectrum.wind.direction_deg = *o.wind_direction_deg;
  }
  if (o.choppiness) {
    check(std::isfinite(*o.choppiness) && *o.choppiness >= 0 && *o.choppiness <= 4,
          "choppiness must be in 0..4");
    p.choppiness = *o.choppiness;
  }
  validate(p);
  return p;
}

}  // namespace

std::vector<std::string> preset_names() {
  std::vector<std::string> names;
  for (const Preset& p : presets()) names.emplace_back(p.name);
  return names;
}

struct Ocean::Impl {
  Options options;
  Simulation sim;
  QueryPass queries;

  Impl(const Options& o, const Params& p, const gl::ShaderLibrary& s)
      : options(o), sim(s, p), queries(s, o.query_iterations) {}

  void step(double t) {
    queries.before_step(sim, t);
    sim.step(t);
  }
};

Ocean::Ocean(const Options& options, const gl::ShaderLibrary& shaders)
    : impl_(std::make_unique<Impl>(options, to_params(options), shaders)) {}

Ocean::Ocean(const Params& params, const gl::ShaderLibrary& shaders, int query_iterations) {
  Options o;
  o.preset = "custom";
  o.size = params.size;
  o.seed = params.seed;
  o.depth = params.depth;
  o.time_scale = params.time_scale;
  o.loop_period = params.loop_period;
  o.query_iterations = query_iterations;
  check(query_iterations >= 1 && query_iterations <= kMaxIterations,
        "query_iterations " + std::to_string(query_iterations) + " must be in 1.." +
            std::to_string(kMaxIterations));
  validate(params);
  impl_ = std::make_unique<Impl>(o, params, shaders);
}
Ocean::~Ocean() = default;
Ocean::Ocean(Ocean&&) noexcept = default;
Ocean& Ocean::operator=(Ocean&&) noexcept = default;

void Ocean::set_options(const Options& options) {
  const Params next = to_params(options);  // throws before anything changes
  const bool reshaped =
      next.size != impl_->sim.size() || next.cascades != impl_->sim.cascades();
  impl_->sim.set_params(next);
  impl_->options = options;
  impl_->queries.set_iterations(options.query_iterations);
  if (reshaped) impl_->queries.reset();
}
const Options& Ocean::options() const { return impl_->options; }

void Ocean::step(double time_seconds) {
  if (!std::isfinite(time_seconds))
    throw Error(ErrorCode::InvalidArgument, "the ocean's time must be finite");
  impl_->step(time_seconds);
}
int Ocean::spin_up_foam(double time_seconds) {
  if (!std::isfinite(time_seconds))
    throw Error(ErrorCode::InvalidArgument, "the ocean's time must be finite");
  const int steps = impl_->sim.spin_up_foam(time_seconds);
  impl_->queries.reset();  // a jump in time: velocities are zero until two more steps
  return steps;
}
double Ocean::time() const { return impl_->sim.time(); }
int Ocean::size() const { return impl_->sim.size(); }
int Ocean::cascades() const { return impl_->sim.cascades(); }
float Ocean::patch_size(int cascade) const {
  if (cascade < 0 || cascade >= cascades())
    throw Error(ErrorCode::InvalidArgument, "no cascade " + std::to_string(cascade));
  return impl_->sim.params().patch_sizes[size_t(cascade)];
}
const gl::Texture& Ocean::displacement() const { return impl_->sim.displacement(); }
const gl::Texture& Ocean::derivatives() const { return impl_->sim.derivatives(); }
const gl::Texture& Ocean::foam() const { return impl_->sim.foam_slopes(); }
Simulation& Ocean::simulation() { return impl_->sim; }

std::vector<Sample> Ocean::query(std::span<const std::array<float, 2>> points) {
  return impl_->queries.query(impl_->sim, points);
}
Ticket Ocean::submit(std::span<const std::array<float, 2>> points) {
  return impl_->queries.submit(impl_->sim, points);
}
bool Ocean::fetch(Ticket ticket, std::vector<Sample>& out) { return impl_->queries.fetch(ticket, out); }
void Ocean::cancel(Ticket ticket) { impl_->queries.cancel(ticket); }

}  // namespace oceanfft::ocean
