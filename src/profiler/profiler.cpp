// SPDX-License-Identifier: MIT
#include "profiler/profiler.h"

#include <glad/gl.h>

#include <algorithm>
#include <chrono>
#include <numeric>

#include "gl/context.h"
#include "profiler/stats.h"

namespace oceanfft::profiler {
namespace {

bool is_fft_pass(std::string_view name) { return name.substr(0, 3) == "fft"; }
// A pass of another kind that runs FFT work inside it ("ocean.spectrum+fft.rows").
bool is_fused_fft_pass(std::string_view name) {
  return !is_fft_pass(name) && name.find("fft") != std::string_view::npos;
}

void push_history(std::vector<float>& h, double v, int limit) {
  h.push_back(float(v));
  if (int(h.size()) > limit) h.erase(h.begin(), h.begin() + (int(h.size()) - limit));
}

}  // namespace

// --- GlTimestampSource -------------------------------------------------------------------

uint32_t GlTimestampSource::create() {
  queries_.push_back(gl::make_query(*context_));
  return uint32_t(queries_.size() - 1);
}

void GlTimestampSource::stamp(uint32_t handle) { glQueryCounter(queries_[handle].id(), GL_TIMESTAMP); }

bool GlTimestampSource::ready(uint32_t handle) {
  GLint available = 0;
  glGetQueryObjectiv(queries_[handle].id(), GL_QUERY_RESULT_AVAILABLE, &available);
  return available != 0;
}

uint64_t GlTimestampSource::read(uint32_t handle) {
  GLuint64 v = 0;
  glGetQueryObjectui64v(queries_[handle].id(), GL_QUERY_RESULT, &v);
  return v;
}

// --- SlidingStats ------------------------------------------------------------------------------

void SlidingStats::add(double v) {
  last_ = v;
  if (values_.size() < capacity_) {
    values_.push_back(v);
  } else {
    values_[next_] = v;
  }
  next_ = (next_ + 1) % capacity_;
}

double SlidingStats::average() const {
  return values_.empty() ? 0.0
                         : std::accumulate(values_.begin(), values_.end(), 0.0) / double(values_.size());
}
double SlidingStats::min() const {
  return values_.empty() ? 0.0 : *std::min_element(values_.begin(), values_.end());
}
double SlidingStats::max() const {
  return values_.empty() ? 0.0 : *std::max_element(values_.begin(), values_.end());
}
double SlidingStats::median() const { return summarize(values_).median; }

// --- Profiler ----------------------------------------------------------------------------

Profiler::Profiler(Options options, std::unique_ptr<TimestampSource> source)
    : options_(options),
      source_(std::move(source)),
      custom_source_(source_ != nullptr),
      fft_total_(options.window),
      fused_total_(options.window),
      frame_total_(options.window),
      cpu_frame_(options.window) {
  options_.frames_in_flight = std::max(options_.frames_in_flight, 1);
  options_.steady_frames = std::max(options_.steady_frames, 1);
  options_.zero_frames = std::max(options_.zero_frames, 1);
  options_.history = std::max(options_.history, 2);
  ring_.resize(size_t(options_.frames_in_flight));
}

Profiler::~Profiler() = default;

double Profiler::now_ms() const {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

const char* Profiler::timer_label() const {
  return kind_ == TimerKind::Gpu ? "GPU timestamp queries" : "CPU with glFinish";
}

int Profiler::frames_pending() const { return int(pending_.size()); }

void Profiler::decide_timer() {
  decided_ = true;
  if (options_.mode == TimerMode::Cpu) {
    kind_ = TimerKind::CpuFinish;
    return;
  }
  kind_ = TimerKind::Gpu;
  gl::Context* ctx = options_.context;
  if (!custom_source_ && !ctx) {
    give_up_gpu("GPU timers unavailable: the profiler was given no GL context");
    return;
  }
  if (options_.mode == TimerMode::Auto && !custom_source_) {
    if (timestamp_bits() == 0)
      give_up_gpu("GPU timers unavailable: the driver has no timestamp counter");
    else if (is_software_renderer(ctx->info().renderer))
      give_up_gpu("GPU timers unavailable: software renderer (" + ctx->info().renderer +
                  "), its timestamps follow the CPU, not the work");
  }
  if (kind_ == TimerKind::Gpu && !source_) source_ = std::make_unique<GlTimestampSource>(*ctx);
}

void Profiler::give_up_gpu(std::string reason) {
  unavailable_reason_ = std::move(reason);
  kind_ = TimerKind::CpuFinish;
  // What GPU frames are still in flight would only mix two clocks into one window.
  for (size_t slot : pending_) ring_[slot].state = Frame::State::Free;
  pending_.clear();
  passes_.clear();
  fft_total_.clear();
  frame_total_.clear();
  steady_count_ = 0;
}

void Profiler::note_config(std::string_view algorithm, int size) {
  config_algorithm_.assign(algorithm);
  config_size_ = size;
  if (open_) {
    open_->algorithm = config_algorithm_;
    open_->size = size;
  }
}

void Profiler::begin_frame() {
  if (open_) end_frame();
  if (!decided_) decide_timer();
  const double now = now_ms();
  if (last_begin_ms_ >= 0) {
    cpu_frame_.add(now - last_begin_ms_);
    push_history(cpu_history_, now - last_begin_ms_, options_.history);
  }
  last_begin_ms_ = now;

  collect();
  Frame& f = ring_[head_];
  if (f.state == Frame::State::Pending) {
    // The ring wrapped before the GPU answered: give that frame up rather than wait for it.
    // Frames complete in order, so it is the oldest pending one.
    if (!pending_.empty() && pending_.front() == head_) pending_.pop_front();
    ++dropped_;
  }
  f.state = Frame::State::Open;
  f.serial = ++frame_serial_;
  f.kind = kind_;
  f.algorithm = config_algorithm_;
  f.size = config_size_;
  f.passes.clear();
  f.used = 0;
  open_ = &f;
  stack_.clear();
}

void Profiler::end_frame() {
  if (!open_) return;
  while (!stack_.empty()) end();  // a pass left open by an exception still closes
  open_->state = Frame::State::Pending;
  pending_.push_back(head_);
  head_ = (head_ + 1) % ring_.size();
  open_ = nullptr;
  collect();
}

size_t Profiler::stamp(Frame& f) {
  if (f.used == f.handles.size()) f.handles.push_back(source_->create());
  source_->stamp(f.handles[f.used]);
  return f.used++;
}

void Profiler::begin(std::string_view name, uint64_t bytes) {
  if (!open_) return;
  Pass p;
  p.name.assign(name);
  p.bytes = bytes;
  p.depth = int(stack_.size());
  if (open_->kind == TimerKind::Gpu) {
    p.begin_stamp = stamp(*open_);
  } else {
    glFinish();  // the work queued before this pass is not this pass's
    p.cpu_begin_ms = now_ms();
  }
  stack_.push_back(open_->passes.size());
  open_->passes.push_back(std::move(p));
}

void Profiler::end() {
  if (!open_ || stack_.empty()) return;
  Pass& p = open_->passes[stack_.back()];
  stack_.pop_back();
  if (open_->kind == TimerKind::Gpu) {
    p.end_stamp = stamp(*open_);
  } else {
    glFinish();
    p.cpu_end_ms = now_ms();
  }
}

bool Profiler::ready(const Frame& f) {
  if (f.kind != TimerKind::Gpu) return true;
  // Results arrive in command order; the last stamp is checked first so that a frame still
  // in flight costs one query.
  if (f.used == 0) return true;
  if (!source_->ready(f.handles[f.used - 1])) return false;
  for (size_t i = 0; i + 1 < f.used; ++i)
    if (!source_->ready(f.handles[i])) return false;
  return true;
}

void Profiler::collect() {
  while (!pending_.empty()) {
    Frame& f = ring_[pending_.front()];
    if (!ready(f)) break;  // later frames cannot be done either: keep the order
    pending_.pop_front();
    f.state = Frame::State::Free;
    ++collected_;
    absorb(f);
  }
}

void Profiler::absorb(Frame& f) {
  if (f.kind != kind_) return;  // measured before the timer changed
  std::vector<double> ms(f.passes.size(), 0.0);
  bool any_nonzero = false;
  for (size_t i = 0; i < f.passes.size(); ++i) {
    const Pass& p = f.passes[i];
    if (f.kind == TimerKind::Gpu) {
      const uint64_t a = source_->read(f.handles[p.begin_stamp]);
      const uint64_t b = source_->read(f.handles[p.end_stamp]);
      ms[i] = b > a ? double(b - a) * 1e-6 : 0.0;
    } else {
      ms[i] = std::max(p.cpu_end_ms - p.cpu_begin_ms, 0.0);
    }
    any_nonzero |= ms[i] > 0;
  }
  if (f.kind == TimerKind::Gpu && !f.passes.empty()) {
    if (!any_nonzero) {
      if (++zero_streak_ >= options_.zero_frames && !gpu_ever_nonzero_)
        give_up_gpu("GPU timers unavailable: the driver returns 0 for timer queries");
      return;  // a frame of zeros says nothing about the passes
    }
    zero_streak_ = 0;
    gpu_ever_nonzero_ = true;
  }
  if (f.passes.empty()) return;

  if (f.algorithm != stats_algorithm_ || f.size != stats_size_) {
    // A new configuration starts its statistics afresh, so the table never averages two
    // algorithms together.
    stats_algorithm_ = f.algorithm;
    stats_size_ = f.size;
    passes_.clear();
    fft_total_.clear();
    fused_total_.clear();
    frame_total_.clear();
    steady_count_ = 0;
  }

  // Totals: outermost passes for the frame; outermost fft.* passes (not inside another fft.*
  // pass) for the FFT, so an axis and its stages are not counted twice.
  // Fused passes the same way: outermost ones holding FFT work with other work.
  double frame = 0, fft = 0, fused = 0;
  bool has_fft = false, has_fused = false;
  std::vector<std::pair<int, bool>> open;  // (depth, inside an fft or fused pass) of enclosing passes
  for (size_t i = 0; i < f.passes.size(); ++i) {
    const Pass& p = f.passes[i];
    while (!open.empty() && open.back().first >= p.depth) open.pop_back();
    const bool inside = !open.empty() && open.back().second;
    if (p.depth == 0) frame += ms[i];
    if (is_fft_pass(p.name) && !inside) fft += ms[i], has_fft = true;
    if (is_fused_fft_pass(p.name) && !inside) fused += ms[i], has_fused = true;
    open.push_back({p.depth, inside || is_fft_pass(p.name) || is_fused_fft_pass(p.name)});
  }
  frame_total_.add(frame);
  if (has_fused) fused_total_.add(fused);
  push_history(gpu_history_, frame, options_.history);

  // Per pass, in this frame's order; a name that ran twice in one frame counts once, summed.
  std::vector<PassStats> next;
  next.reserve(passes_.size() + f.passes.size());
  for (size_t i = 0; i < f.passes.size(); ++i) {
    const Pass& p = f.passes[i];
    auto mine = std::find_if(next.begin(), next.end(), [&](const PassStats& s) { return s.name == p.name; });
    if (mine != next.end()) {
      continue;
    }
    double total = 0;
    uint64_t bytes = 0;
    for (size_t j = i; j < f.passes.size(); ++j)
      if (f.passes[j].name == p.name) total += ms[j], bytes += f.passes[j].bytes;
    auto old = std::find_if(passes_.begin(), passes_.end(), [&](const PassStats& s) { return s.name == p.name; });
    PassStats s;
    if (old != passes_.end()) {
      s = std::move(*old);
      old->name.clear();  // taken
    } else {
      s.name = p.name;
      s.ms = SlidingStats(options_.window);
    }
    s.depth = p.depth;
    s.bytes = bytes;
    s.last_frame = f.serial;
    s.ms.add(total);
    next.push_back(std::move(s));
  }
  // Passes that skipped this frame stay a while (a pass that runs every other frame keeps
  // its row), then go.
  for (PassStats& s : passes_)
    if (!s.name.empty() && f.serial - s.last_frame < options_.window) next.push_back(std::move(s));
  passes_ = std::move(next);

  if (has_fft) {
    fft_total_.add(fft);
    if (++steady_count_ >= options_.steady_frames && !f.algorithm.empty()) {
      Comparison& c = comparisons_[{f.algorithm, f.size}];
      c.algorithm = f.algorithm;
      c.size = f.size;
      c.fft_ms = fft_total_.median();
      c.frames = steady_count_;
      c.timer = f.kind;
    }
  }
}

std::vector<Comparison> Profiler::comparisons() const {
  std::vector<Comparison> out;
  for (const auto& [key, c] : comparisons_) out.push_back(c);
  return out;
}

bool Profiler::fft_in_fused_passes() const {
  int64_t last = -1;
  for (const PassStats& s : passes_) last = std::max(last, s.last_frame);
  for (const PassStats& s : passes_)
    if (s.last_frame == last && is_fused_fft_pass(s.name)) return true;
  return false;
}

}  // namespace oceanfft::profiler
