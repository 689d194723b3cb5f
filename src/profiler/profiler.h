// SPDX-License-Identifier: MIT
#pragma once
// The live profiler: GL_TIMESTAMP queries around every pass, read back from a ring of frames a
// few frames later without ever waiting on the GPU. Where the driver's timers measure nothing
// (0 durations, no counter bits, or a software rasterizer whose timestamps follow the CPU) it
// says so and times passes on the CPU with glFinish on both sides instead.
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "gl/objects.h"
#include "gl/timing.h"
#include "profiler/rep_timer.h"

namespace oceanfft::profiler {

// Where timestamps come from: GL queries in the app, a scripted fake in tests.
class TimestampSource {
 public:
  virtual ~TimestampSource() = default;
  virtual uint32_t create() = 0;               // a new handle, reused frame after frame
  virtual void stamp(uint32_t handle) = 0;     // records "now" in command order
  virtual bool ready(uint32_t handle) = 0;     // the result can be read without waiting
  virtual uint64_t read(uint32_t handle) = 0;  // nanoseconds; only called once ready()
};

// glQueryCounter(GL_TIMESTAMP); ready() asks GL_QUERY_RESULT_AVAILABLE, which never waits.
class GlTimestampSource final : public TimestampSource {
 public:
  // Queries are made in `context`, which must outlive the source.
  explicit GlTimestampSource(gl::Context& context) : context_(&context) {}
  uint32_t create() override;
  void stamp(uint32_t handle) override;
  bool ready(uint32_t handle) override;
  uint64_t read(uint32_t handle) override;

 private:
  gl::Context* context_;
  std::vector<gl::Query> queries_;
};

enum class TimerMode { Auto, Gpu, Cpu };

struct Options {
  int frames_in_flight = 4;  // frames of queries in the ring before the oldest is given up
  int window = 120;          // samples behind each pass's average, min and max
  int history = 240;         // frames in the frame-time graph
  int steady_frames = 30;    // frames of one (algorithm, size) before its FFT time counts
  int zero_frames = 3;       // frames of all-zero GPU durations before timers are declared dead
  TimerMode mode = TimerMode::Auto;
  // The context GL timestamp queries are made in, and whose renderer Auto judges. Null (or a
  // custom TimestampSource) needs no GL: without a source, null means CPU timing.
  gl::Context* context = nullptr;
};

// Last value and statistics over a sliding window of samples (milliseconds).
class SlidingStats {
 public:
  explicit SlidingStats(int capacity = 120) : capacity_(capacity > 0 ? capacity : 1) {}
  void add(double v);
  void clear() { values_.clear(), next_ = 0; }
  int count() const { return int(values_.size()); }
  double last() const { return last_; }
  double average() const;
  double min() const;
  double max() const;
  double median() const;

 private:
  size_t capacity_;
  std::vector<double> values_;
  size_t next_ = 0;
  double last_ = 0;
};

struct PassStats {
  std::string name;
  int depth = 0;       // nesting level (an FFT stage sits inside its axis pass)
  uint64_t bytes = 0;  // what the pass must move at least, as its caller reported
  SlidingStats ms;
  int64_t last_frame = 0;  // serial of the last collected frame that ran it
  // Effective bandwidth from the window's average time.
  double gbps() const {
    const double a = ms.average();
    return a > 0 ? double(bytes) / (a * 1e-3) / 1e9 : 0.0;
  }
};

struct Comparison {
  std::string algorithm;
  int size = 0;
  // Median FFT total over the profiler's window (at most Options::window frames, all of this
  // config), taken once the config has run steady_frames frames in a row.
  double fft_ms = 0;
  int frames = 0;     // frames of that config seen in a row when it was last updated
  TimerKind timer = TimerKind::Gpu;
};

class Profiler final : public gl::PassTimer {
 public:
  // A null source means GL timestamp queries, made on first use in options.context.
  explicit Profiler(Options options = {}, std::unique_ptr<TimestampSource> source = nullptr);
  ~Profiler() override;
  Profiler(const Profiler&) = delete;
  Profiler& operator=(const Profiler&) = delete;

  // Brackets one frame. Passes outside a frame are not recorded.
  void begin_frame();
  void end_frame();
  // What the FFT in this frame runs; called every frame (or whenever it changes).
  void note_config(std::string_view algorithm, int size);

  void begin(std::string_view name, uint64_t bytes) override;
  void end() override;

  TimerKind timer() const { return kind_; }
  // True once the profiler has given up on GPU timers (the panel's notice).
  bool gpu_timers_unavailable() const { return !unavailable_reason_.empty(); }
  const std::string& unavailable_reason() const { return unavailable_reason_; }
  // "GPU (timestamp queries)" or "CPU with glFinish", for labels.
  const char* timer_label() const;

  // Passes in the order they ran in the last collected frame of the current configuration.
  const std::vector<PassStats>& passes() const { return passes_; }
  const SlidingStats& fft_total() const { return fft_total_; }    // outermost fft.* passes
  // Whether the last collected frame ran FFT work inside passes of another kind (the ocean's
  // fused "ocean.spectrum+fft.rows"): fft_total() then leaves that share out.
  bool fft_in_fused_passes() const;
  // Outermost passes that hold FFT work with other work (the fused ocean step's passes), summed
  // per frame: the time the FFT's share is inside, for a panel that must not show it as zero.
  const SlidingStats& fused_total() const { return fused_total_; }
  const SlidingStats& frame_total() const { return frame_total_; }  // outermost passes
  const SlidingStats& cpu_frame() const { return cpu_frame_; }   // begin_frame to begin_frame
  // Oldest first, at most Options::history values each.
  const std::vector<float>& cpu_history() const { return cpu_history_; }
  const std::vector<float>& gpu_history() const { return gpu_history_; }
  // Sorted by algorithm, then size.
  std::vector<Comparison> comparisons() const;

  int64_t frames_begun() const { return frame_serial_; }
  int64_t frames_collected() const { return collected_; }
  int64_t frames_dropped() const { return dropped_; }  // still unanswered when the ring wrapped
  int frames_pending() const;
  const Options& options() const { return options_; }

 private:
  struct Pass {
    std::string name;
    uint64_t bytes = 0;
    int depth = 0;
    size_t begin_stamp = 0, end_stamp = 0;  // indices into Frame::handles
    double cpu_begin_ms = 0, cpu_end_ms = 0;
  };
  struct Frame {
    enum class State { Free, Open, Pending } state = State::Free;
    int64_t serial = 0;
    TimerKind kind = TimerKind::Gpu;
    std::string algorithm;
    int size = 0;
    std::vector<Pass> passes;
    std::vector<uint32_t> handles;  // kept between uses: the queries are reused
    size_t used = 0;
  };

  void decide_timer();
  size_t stamp(Frame& f);
  bool ready(const Frame& f);
  void collect();
  void absorb(Frame& f);
  void give_up_gpu(std::string reason);
  double now_ms() const;

  Options options_;
  std::unique_ptr<TimestampSource> source_;
  bool custom_source_ = false;
  bool decided_ = false;
  TimerKind kind_ = TimerKind::Gpu;
  std::string unavailable_reason_;
  int zero_streak_ = 0;
  bool gpu_ever_nonzero_ = false;

  std::vector<Frame> ring_;
  size_t head_ = 0;             // slot of the next frame
  std::deque<size_t> pending_;  // closed frames waiting for results, oldest first
  Frame* open_ = nullptr;
  std::vector<size_t> stack_;  // open passes of the open frame
  int64_t frame_serial_ = 0, collected_ = 0, dropped_ = 0;

  std::string config_algorithm_;
  int config_size_ = 0;
  std::string stats_algorithm_;
  int stats_size_ = -1;
  int steady_count_ = 0;

  std::vector<PassStats> passes_;
  SlidingStats fft_total_, fused_total_, frame_total_, cpu_frame_;
  std::vector<float> cpu_history_, gpu_history_;
  std::map<std::pair<std::string, int>, Comparison> comparisons_;
  double last_begin_ms_ = -1;
};

}  // namespace oceanfft::profiler
