// SPDX-License-Identifier: MIT
#include "ocean/ocean.h"

#include <cmath>
#include <cstring>
#include <utility>

#include "gl/error.h"
#include "ocean/presets.h"
#include "ocean/simulation.h"

namespace oceanfft::ocean {
namespace {

constexpr int kFloatsPerSample = 12;  // shaders/ocean/query.comp's Results layout
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

// A fence, deleted with its owner (GLsync is a pointer, not a name, so not a gl::Object).
struct Fence {
  GLsync sync = nullptr;
  Fence() = default;
  Fence(Fence&& o) noexcept : sync(std::exchange(o.sync, nullptr)) {}
  Fence& operator=(Fence&& o) noexcept {
    if (this != &o) {
      reset();
      sync = std::exchange(o.sync, nullptr);
    }
    return *this;
  }
  ~Fence() { reset(); }
  void reset() {
    if (sync) glDeleteSync(sync);
    sync = nullptr;
  }
};

// One query's buffers: the points in, the samples out, and the fence after the copy.
struct Slot {
  gl::Buffer points, results;
  size_t capacity = 0;  // points the buffers hold
  size_t count = 0;
  uint64_t ticket = 0;  // 0: free
  Fence fence;
};

}  // namespace

std::vector<std::string> preset_names() {
  std::vector<std::string> names;
  for (const Preset& p : presets()) names.emplace_back(p.name);
  return names;
}

struct Ocean::Impl {
  const gl::ShaderLibrary* shaders;
  Options options;
  Simulation sim;
  gl::Program query_program;
  // Level 0 of the displacement before the last step, for the velocity.
  gl::Texture previous;
  double interval = 0.0;  // seconds between the last two steps
  int steps = 0;
  Slot slots[kQueriesInFlight];
  uint64_t next_ticket = 1;

  Impl(const Options& o, const Params& p, const gl::ShaderLibrary& s)
      : shaders(&s), options(o), sim(s, p),
        query_program(s.compute("ocean/query.comp")) {
    make_previous();
  }

  void make_previous() {
    previous = gl::Texture(shaders->context(), GL_TEXTURE_2D_ARRAY, GL_RGBA32F, sim.size(),
                           sim.size(), sim.cascades(), 1);
    steps = 0;
    interval = 0.0;
  }

  void step(double t) {
    if (steps > 0) {
      const gl::Texture& d = sim.displacement();
      glCopyImageSubData(d.id(), GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, previous.id(),
                         GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, d.width(), d.height(), d.layers());
      interval = t - sim.time();
    }
    sim.step(t);
    ++steps;
  }

  Slot& free_slot() {
    for (Slot& s : slots)
      if (s.ticket == 0) return s;
    throw Error(ErrorCode::InvalidArgument,
                "more than " + std::to_string(kQueriesInFlight) +
                    " ocean queries in flight: fetch() the earlier ones first");
  }

  void dispatch(Slot& slot, std::span<const std::array<float, 2>> points) {
    for (const auto& p : points)
      check(std::isfinite(p[0]) && std::isfinite(p[1]), "a query point is not finite");
    gl::Context& ctx = shaders->context();
    const size_t n = points.size();
    if (slot.capacity < n || !slot.points) {
      const size_t cap = std::max<size_t>(n, 64);
      slot.points = gl::make_buffer(ctx, GL_SHADER_STORAGE_BUFFER, cap * 8, nullptr, GL_DYNAMIC_DRAW);
      slot.results = gl::make_buffer(ctx, GL_SHADER_STORAGE_BUFFER,
                                     cap * kFloatsPerSample * sizeof(float), nullptr,
                                     GL_DYNAMIC_READ);
      slot.capacity = cap;
    }
    slot.count = n;
    if (n == 0) return;
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, slot.points.id());
    glBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, GLsizeiptr(n * 8), points.data());
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);

    const gl::Program& prog = query_program;
    glUseProgram(prog.id());
    const Params& p = sim.params();
    glUniform1i(gl::uniform(prog, "uCount"), GLint(n));
    glUniform1i(gl::uniform(prog, "uCascades"), p.cascades);
    glUniform1i(gl::uniform(prog, "uSize"), p.size);
    glUniform1i(gl::uniform(prog, "uIterations"), options.query_iterations);
    glUniform1fv(gl::uniform(prog, "uPatch"), kMaxCascades, p.patch_sizes.data());
    const bool moving = steps > 1 && interval != 0.0;
    glUniform1f(gl::uniform(prog, "uInvInterval"), moving ? float(1.0 / interval) : 0.0f);
    glUniform1i(gl::uniform(prog, "uDisplacement"), 0);
    glUniform1i(gl::uniform(prog, "uDerivatives"), 1);
    glUniform1i(gl::uniform(prog, "uPrevious"), 2);
    const GLuint maps[] = {sim.displacement().id(), sim.derivatives().id(), previous.id()};
    for (GLuint unit = 0; unit < 3; ++unit) {
      glActiveTexture(GL_TEXTURE0 + unit);
      glBindTexture(GL_TEXTURE_2D_ARRAY, maps[unit]);
      glBindSampler(unit, 0);
    }
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, slot.points.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, slot.results.id());
    glDispatchCompute(GLuint((n + 63) / 64), 1, 1);
    // The results are read back with glGetBufferSubData.
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    for (GLuint unit = 3; unit-- > 0;) {
      glActiveTexture(GL_TEXTURE0 + unit);
      glBindTexture(GL_TEXTURE_2D_ARRAY, 0);
    }
    slot.fence.reset();
    slot.fence.sync = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
    // The fence must reach the GPU, or a poll that never flushes could wait for ever.
    glFlush();
  }

  static std::vector<Sample> read(Slot& slot) {
    std::vector<Sample> out(slot.count);
    if (slot.count > 0) {
      std::vector<float> raw(slot.count * kFloatsPerSample);
      glBindBuffer(GL_SHADER_STORAGE_BUFFER, slot.results.id());
      glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, GLsizeiptr(raw.size() * sizeof(float)),
                         raw.data());
      glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
      for (size_t i = 0; i < slot.count; ++i) {
        const float* r = raw.data() + i * kFloatsPerSample;
        Sample& s = out[i];
        s.x = r[0];
        s.z = r[1];
        s.height = r[2];
        s.normal = {r[3], r[4], r[5]};
        s.velocity = {r[6], r[7], r[8]};
        s.residual = r[9];
        for (int k = 2; k < 10; ++k)
          if (!std::isfinite(r[k]))
            throw Error(ErrorCode::NonFinite, "the ocean query gave a non-finite value");
      }
    }
    slot.ticket = 0;
    slot.fence.reset();
    return out;
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
  if (reshaped) impl_->make_previous();
}
const Options& Ocean::options() const { return impl_->options; }

void Ocean::step(double time_seconds) {
  if (!std::isfinite(time_seconds))
    throw Error(ErrorCode::InvalidArgument, "the ocean's time must be finite");
  impl_->step(time_seconds);
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
  Slot& slot = impl_->free_slot();
  impl_->dispatch(slot, points);
  if (slot.fence.sync) {
    const GLenum r = glClientWaitSync(slot.fence.sync, GL_SYNC_FLUSH_COMMANDS_BIT,
                                      GLuint64(60) * 1000000000u);
    if (r == GL_TIMEOUT_EXPIRED || r == GL_WAIT_FAILED) {
      slot.ticket = 0;
      throw Error(ErrorCode::GlRuntime, "the ocean query did not finish within 60 s");
    }
  }
  return Impl::read(slot);
}

Ticket Ocean::submit(std::span<const std::array<float, 2>> points) {
  Slot& slot = impl_->free_slot();
  impl_->dispatch(slot, points);
  slot.ticket = impl_->next_ticket++;
  return Ticket{slot.ticket};
}

bool Ocean::fetch(Ticket ticket, std::vector<Sample>& out) {
  for (Slot& slot : impl_->slots) {
    if (ticket.id == 0 || slot.ticket != ticket.id) continue;
    if (slot.fence.sync) {
      const GLenum r = glClientWaitSync(slot.fence.sync, 0, 0);
      if (r == GL_TIMEOUT_EXPIRED) return false;
      if (r == GL_WAIT_FAILED) {
        slot.ticket = 0;
        throw Error(ErrorCode::GlRuntime, "waiting for an ocean query failed");
      }
    }
    out = Impl::read(slot);
    return true;
  }
  throw Error(ErrorCode::InvalidArgument,
              "unknown ocean query ticket " + std::to_string(ticket.id) +
                  " (already fetched, or from another ocean)");
}

void Ocean::cancel(Ticket ticket) {
  for (Slot& slot : impl_->slots)
    if (ticket.id != 0 && slot.ticket == ticket.id) {
      slot.ticket = 0;
      slot.fence.reset();
      return;
    }
  throw Error(ErrorCode::InvalidArgument,
              "unknown ocean query ticket " + std::to_string(ticket.id));
}

}  // namespace oceanfft::ocean
