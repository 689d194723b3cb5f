// SPDX-License-Identifier: MIT
#include "ocean/query_pass.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

#include "gl/error.h"
#include "ocean/simulation.h"

namespace oceanfft::ocean {
namespace {

constexpr int kFloatsPerSample = 12;  // shaders/ocean/query.comp's Results layout
constexpr int kMaxIterations = 32;

void check(bool ok, const std::string& message) {
  if (!ok) throw Error(ErrorCode::InvalidArgument, message);
}

void check_iterations(int n) {
  check(n >= 1 && n <= kMaxIterations, "query_iterations " + std::to_string(n) +
                                           " must be in 1.." + std::to_string(kMaxIterations));
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

bool same_shape(const gl::Texture& a, const gl::Texture& b) {
  return a && b && a.width() == b.width() && a.height() == b.height() && a.layers() == b.layers();
}

}  // namespace

struct QueryPass::Impl {
  const gl::ShaderLibrary* shaders;
  int iterations;
  gl::Program program;
  // Level 0 of the displacement before the last step, for the velocity.
  gl::Texture previous;
  double interval = 0.0;  // seconds between the last two steps
  int steps = 0;
  Slot slots[kInFlight];
  uint64_t next_ticket = 1;

  Impl(const gl::ShaderLibrary& s, int n)
      : shaders(&s), iterations(n), program(s.compute("ocean/query.comp")) {}

  void before_step(const Simulation& sim, double t) {
    const gl::Texture& d = sim.displacement();
    if (!same_shape(previous, d)) {
      previous = gl::Texture(shaders->context(), GL_TEXTURE_2D_ARRAY, GL_RGBA32F, d.width(),
                             d.height(), d.layers(), 1);
      steps = 0;
      interval = 0.0;
    }
    if (steps > 0) {
      glCopyImageSubData(d.id(), GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, previous.id(),
                         GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, d.width(), d.height(), d.layers());
      interval = t - sim.time();
    }
    ++steps;
  }

  Slot& free_slot() {
    for (Slot& s : slots)
      if (s.ticket == 0) return s;
    throw Error(ErrorCode::InvalidArgument,
                "more than " + std::to_string(kInFlight) +
                    " ocean queries in flight: fetch() the earlier ones first");
  }

  void dispatch(const Simulation& sim, Slot& slot, std::span<const std::array<float, 2>> points) {
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
    slot.fence.reset();
    if (n == 0) return;
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, slot.points.id());
    glBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, GLsizeiptr(n * 8), points.data());
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);

    const gl::Program& prog = program;
    glUseProgram(prog.id());
    const Params& p = sim.params();
    glUniform1i(gl::uniform(prog, "uCount"), GLint(n));
    glUniform1i(gl::uniform(prog, "uCascades"), p.cascades);
    glUniform1i(gl::uniform(prog, "uSize"), p.size);
    glUniform1i(gl::uniform(prog, "uIterations"), iterations);
    glUniform1fv(gl::uniform(prog, "uPatch"), kMaxCascades, p.patch_sizes.data());
    // A sea re-made since the last step has no previous maps of its shape: no velocity then.
    const bool have_previous = same_shape(previous, sim.displacement());
    const bool moving = have_previous && steps > 1 && interval != 0.0;
    glUniform1f(gl::uniform(prog, "uInvInterval"), moving ? float(1.0 / interval) : 0.0f);
    glUniform1i(gl::uniform(prog, "uDisplacement"), 0);
    glUniform1i(gl::uniform(prog, "uDerivatives"), 1);
    glUniform1i(gl::uniform(prog, "uPrevious"), 2);
    const GLuint maps[] = {sim.displacement().id(), sim.derivatives().id(),
                           have_previous ? previous.id() : sim.displacement().id()};
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
    slot.fence.sync = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
    // The fence must reach the GPU, or a poll that never flushes could wait for ever.
    glFlush();
  }

  static std::vector<Sample> read(Slot& slot) {
    std::vector<Sample> out(slot.count);
    slot.ticket = 0;
    slot.fence.reset();
    if (slot.count == 0) return out;
    std::vector<float> raw(slot.count * kFloatsPerSample);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, slot.results.id());
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, GLsizeiptr(raw.size() * sizeof(float)),
                       raw.data());
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    for (size_t i = 0; i < slot.count; ++i) {
      const float* r = raw.data() + i * kFloatsPerSample;
      for (int k = 2; k < 10; ++k)
        if (!std::isfinite(r[k]))
          throw Error(ErrorCode::NonFinite, "the ocean query gave a non-finite value");
      Sample& s = out[i];
      s.x = r[0];
      s.z = r[1];
      s.height = r[2];
      s.normal = {r[3], r[4], r[5]};
      s.velocity = {r[6], r[7], r[8]};
      s.residual = r[9];
    }
    return out;
  }
};

QueryPass::QueryPass(const gl::ShaderLibrary& shaders, int iterations) {
  check_iterations(iterations);
  impl_ = std::make_unique<Impl>(shaders, iterations);
}
QueryPass::~QueryPass() = default;
QueryPass::QueryPass(QueryPass&&) noexcept = default;
QueryPass& QueryPass::operator=(QueryPass&&) noexcept = default;

void QueryPass::before_step(const Simulation& sim, double t) { impl_->before_step(sim, t); }
void QueryPass::reset() {
  impl_->steps = 0;
  impl_->interval = 0.0;
}
void QueryPass::set_iterations(int iterations) {
  check_iterations(iterations);
  impl_->iterations = iterations;
}
int QueryPass::iterations() const { return impl_->iterations; }

std::vector<Sample> QueryPass::query(const Simulation& sim,
                                     std::span<const std::array<float, 2>> points) {
  Slot& slot = impl_->free_slot();
  impl_->dispatch(sim, slot, points);
  if (slot.fence.sync) {
    const GLenum r = glClientWaitSync(slot.fence.sync, GL_SYNC_FLUSH_COMMANDS_BIT,
                                      GLuint64(60) * 1000000000u);
    if (r == GL_TIMEOUT_EXPIRED || r == GL_WAIT_FAILED) {
      slot.ticket = 0;
      slot.fence.reset();
      throw Error(ErrorCode::GlRuntime, "the ocean query did not finish within 60 s");
    }
  }
  return Impl::read(slot);
}

Ticket QueryPass::submit(const Simulation& sim, std::span<const std::array<float, 2>> points) {
  Slot& slot = impl_->free_slot();
  impl_->dispatch(sim, slot, points);
  slot.ticket = impl_->next_ticket++;
  return Ticket{slot.ticket};
}

bool QueryPass::fetch(Ticket ticket, std::vector<Sample>& out) {
  for (Slot& slot : impl_->slots) {
    if (ticket.id == 0 || slot.ticket != ticket.id) continue;
    if (slot.fence.sync) {
      const GLenum r = glClientWaitSync(slot.fence.sync, 0, 0);
      if (r == GL_TIMEOUT_EXPIRED) return false;
      if (r == GL_WAIT_FAILED) {
        slot.ticket = 0;
        slot.fence.reset();
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

void QueryPass::cancel(Ticket ticket) {
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
