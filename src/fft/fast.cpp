// SPDX-License-Identifier: MIT
#include "fft/fast.h"

#include <algorithm>
#include <bit>
#include <string>

#include "gl/error.h"

namespace oceanfft::fft::detail {
namespace {

int bit_floor_int(int v) { return int(std::bit_floor(unsigned(std::max(v, 1)))); }


// Stages: N = R1 * P^(stages-1) with 2 <= R1 <= P, so the first stage takes the remainder.
struct Stages {
  int r1, count;
};
Stages stages_for(int n, int p) {
  const int ln = std::bit_width(unsigned(n)) - 1, lp = std::bit_width(unsigned(p)) - 1;  // powers of two
  const int rest = (ln - 1) / lp;
  return {1 << (ln - lp * rest), rest + 1};
}

// Shared memory one work group needs for its exchanges (fast.comp's sh[]).
int shared_bytes(int n, int lines, int exchange) { return lines * (n + n / 16) * exchange * 4; }

using Tuned = FastShape;
// The table's shape for length n along `axis`, or nothing where it has no entry. Rows of two
// lines or more use fast.comp's 2D-tile row mapping. Where a group's exchange does not fit the
// driver's shared memory the planner narrows the exchange first.
std::optional<Tuned> tuned(const FastTable& table, int n, int axis) {
  for (const FastTuningEntry& e : table)
    if (e.length == n && e.axis == axis) return e.shape;
  return std::nullopt;
}

// Below 256, where no measurement chose: radix 4 for more invocations, lines grouped up to 64
// invocations, exchanges one vec4 wide.
Tuned fallback_tuning(int n) {
  const int p = std::min(n, 4);
  return {p, std::max(1, 64 / std::max(n / p, 1)), 4};
}

// Options::FastTuning::shuffle: bit 0 rows, bit 1 columns.
int shuffle_axes(const Options& o) {
  if (o.fast.shuffle < 0 || o.fast.shuffle > 3)
    throw Error(ErrorCode::InvalidArgument, "fast.shuffle " + std::to_string(o.fast.shuffle) +
                                                ": expected 0 (off), 1 rows, 2 columns or 3 both");
  return o.fast.shuffle;
}

// The invocations a group may have, as plan_registers counts them.
int group_invocations(const gl::Limits& limits, const Options& o) {
  const int asked = o.invocation_limit > 0 ? o.invocation_limit : limits.max_invocations;
  return bit_floor_int(std::min({asked, limits.max_group_size[0], limits.max_group_size[1]}));
}

int emulated_subgroup(const Options& o) {
  const int v = o.fast.emulate_subgroup;
  if (v != 0 && (v < 1 || v > 1024 || !std::has_single_bit(unsigned(v))))
    throw Error(ErrorCode::InvalidArgument, "fast.emulate_subgroup " + std::to_string(v) +
                                                ": expected 0 or a power of two in 1..1024");
  return v;
}

// plan_fast_axis with `dflt` as the measured choice where Options::FastTuning leaves one open.
std::optional<AxisStrategy> plan_registers(int n, int axis, int lines_total,
                                           const gl::Limits& limits, const Options& o,
                                           const Tuned& dflt) {
  const int shared = o.shared_memory_limit > 0 ? o.shared_memory_limit : limits.max_shared_memory;
  const int invocations = group_invocations(limits, o);

  AxisStrategy s{AxisStrategy::Kind::Registers, n, 2, 0, 1};
  int p = axis == 1 && o.fast.column_per_thread > 0 ? o.fast.column_per_thread
          : o.fast.per_thread > 0 ? bit_floor_int(std::clamp(o.fast.per_thread, 2, 16))
                                  : dflt.per_thread;
  p = std::min(p, n);
  // Too many invocations per line for this driver: hold more elements each.
  while (n / p > invocations && p < 16 && p < n) p *= 2;
  if (n / p > invocations) return std::nullopt;
  s.elements_per_invocation = p;
  s.threads = n / p;
  const bool exchanges = stages_for(n, p).count > 1;

  const int wanted = axis == 0 ? (o.fast.row_lines > 0 ? o.fast.row_lines : dflt.lines)
                               : (o.fast.column_lines > 0 ? o.fast.column_lines : dflt.lines);
  int lines = std::min({bit_floor_int(std::max(wanted, 1)), lines_total, invocations / s.threads});
  lines = std::max(lines, 1);

  int ex = o.fast.exchange == 1 || o.fast.exchange == 2 || o.fast.exchange == 4 ? o.fast.exchange
                                                                                : dflt.exchange;
  if (exchanges) {
    // Narrow the exchange before giving up lines: fewer lines costs coalescing, a narrower
    // exchange only extra barriers.
    while (shared_bytes(n, lines, ex) > shared && ex > 1) ex /= 2;
    while (shared_bytes(n, lines, ex) > shared && lines > 1) lines /= 2;
    if (shared_bytes(n, lines, ex) > shared) return std::nullopt;
  }
  s.lines = lines;
  s.exchange = ex;

  // Subgroup shuffles: the line's T invocations must lie in one subgroup (T <= S, holding more
  // elements each if need be) and a group must be whole subgroups (T * L a multiple of S).
  const int emulate = emulated_subgroup(o);
  const int sg = emulate > 0 ? emulate : limits.subgroup_shuffle ? limits.subgroup_size : 0;
  if ((shuffle_axes(o) >> axis & 1) && sg > 0 && std::has_single_bit(unsigned(sg))) {
    int q = p;
    while (n / q > sg && q < 16 && q < n) q *= 2;
    const int t = n / q;
    const int l = std::max(std::min({bit_floor_int(std::max(wanted, 1)), lines_total, invocations / t}),
                           sg / t);
    // The shuffle exchanges take at most 16 registers (fast.glsl's sg_flip and renames).
    if (t <= sg && q <= 16 && stages_for(n, q).count > 1 && l <= lines_total &&
        t * l <= invocations && (t * l) % sg == 0 && (!emulate || t * l * 16 <= shared)) {
      s.elements_per_invocation = q;
      s.threads = t;
      s.lines = l;
      s.subgroup = sg;
      s.emulated = emulate > 0;
    }
  }
  return s;
}

}  // namespace

void check_fast_options(const Options& o) {
  check_fast_table(o.fast.table);
  const int p = o.fast.column_per_thread;
  if (p != 0 && (p < 2 || p > 32 || !std::has_single_bit(unsigned(p))))
    throw Error(ErrorCode::InvalidArgument, "fast.column_per_thread " + std::to_string(p) +
                                                ": expected 0 or a power of two in 2..32");
  if (o.fast.transpose < 0 || o.fast.transpose > 2)
    throw Error(ErrorCode::InvalidArgument,
                "fast.transpose " + std::to_string(o.fast.transpose) +
                    ": expected 0 (off), 1 (transposed between the axes) or 2 (spectrum "
                    "transposed)");
  if (o.fast.transpose == 2 && o.width != o.height)
    throw Error(ErrorCode::InvalidArgument,
                "fast.transpose 2 (a transposed spectrum) needs a square transform, not " +
                    std::to_string(o.width) + "x" + std::to_string(o.height));
}

void transpose_fast_axes(AxisStrategy& rows, AxisStrategy& columns, const gl::Limits& limits,
                         const Options& o) {
  rows.transposed = columns.transposed = true;
  rows.strip = columns.strip = 1;
  columns.store_transposed = o.fast.transpose == 2;
  if (o.fast.row_lines > 0) return;
  // The row pass's store writes runs of one texel per line of its group: at least 4 lines (64
  // bytes, two whole sectors) where the group's shared memory and size allow it unchanged.
  const int shared = o.shared_memory_limit > 0 ? o.shared_memory_limit : limits.max_shared_memory;
  const int invocations = group_invocations(limits, o);
  const bool exchanges = stages_for(rows.length, rows.elements_per_invocation).count > 1;
  while (rows.lines < 4 && o.height % (rows.lines * 2) == 0 &&
         rows.threads * rows.lines * 2 <= invocations &&
         (!exchanges || shared_bytes(rows.length, rows.lines * 2, rows.exchange) <= shared))
    rows.lines *= 2;
}

std::optional<AxisStrategy> plan_fast_axis(int n, int axis, int lines_total,
                                           const gl::Limits& limits, const Options& o) {
  return plan_registers(n, axis, lines_total, limits, o,
                        tuned(o.fast.table, n, axis).value_or(fallback_tuning(n)));
}

namespace {
// `plans` (the plan's strategy for `axis`) re-planned from `t` for a pass that includes the kernel
// with loads or stores of its own; the buffer between the axes keeps the plan's layout. `plans`
// itself where `t` does not fit.
AxisStrategy replan(const AxisStrategy& plans, int axis, int lines_total, const gl::Limits& limits,
                    const Options& o, const Tuned& t) {
  std::optional<AxisStrategy> s = plan_registers(plans.length, axis, lines_total, limits, o, t);
  if (!s || lines_total % s->lines != 0) return plans;
  s->via_buffer = plans.via_buffer;
  s->width = plans.width;
  s->height = plans.height;
  s->strip = plans.strip;
  return *s;
}
}  // namespace

AxisStrategy plan_fast_fused(const AxisStrategy& plans, int axis, int lines_total,
                             const gl::Limits& limits, const Options& o,
                             const std::optional<FastShape>& shape) {
  const int n = plans.length;
  return replan(plans, axis, lines_total, limits, o,
                shape.value_or(tuned(o.fast.table, n, axis).value_or(fallback_tuning(n))));
}

gl::Defines fast_defines(const AxisStrategy& s, int axis) {
  const Stages st = stages_for(s.length, s.elements_per_invocation);
  gl::Defines d = {{"N", std::to_string(s.length)},      {"AXIS", std::to_string(axis)},
          {"P", std::to_string(s.elements_per_invocation)},       {"T", std::to_string(s.threads)},
          {"L", std::to_string(s.lines)},       {"R1", std::to_string(st.r1)},
          {"STAGES", std::to_string(st.count)}, {"EX", std::to_string(s.exchange)},
          // GLSL 4.30 layouts take literals only, not T * L
          {"TL", std::to_string(s.threads * s.lines)}};
  if (s.via_buffer) {
    d.push_back({axis == 0 ? "FFT_BUFFER_OUT" : "FFT_BUFFER_IN", "1"});
    d.push_back({"WIDTH", std::to_string(s.width)});
    d.push_back({"HEIGHT", std::to_string(s.height)});
    d.push_back({"STRIP", std::to_string(s.strip)});
  }
  if (s.transposed && axis == 0) {
    d.push_back({"ROW_G", "1"});  // lanes across the group's rows: the stores' runs
  } else if (s.transposed) {
    d.push_back({"FFT_COLUMNS_AS_ROWS", "1"});
    d.push_back({"ROW_G", "4"});  // the same image tiles as the column mapping's stores
    if (s.store_transposed) d.push_back({"FFT_STORE_TRANSPOSED", "1"});
  }
  if (s.subgroup > 0) {
    const int log_p = std::bit_width(unsigned(s.elements_per_invocation)) - 1;
    const int log_r1 = std::bit_width(unsigned(st.r1)) - 1;
    if (!s.emulated) {
      d.push_back({"#extension", "GL_KHR_shader_subgroup_basic : enable"});
      d.push_back({"#extension", "GL_KHR_shader_subgroup_shuffle : enable"});
    }
    d.push_back({"FFT_SHUFFLE", "1"});
    d.push_back({"FFT_SHUFFLE_EMULATE", s.emulated ? "1" : "0"});
    d.push_back({"SG", std::to_string(s.subgroup)});
    d.push_back({"LOG_P", std::to_string(log_p)});
    d.push_back({"LOG_R1", std::to_string(log_r1)});
  }
  return d;
}

void fast_dispatch_size(const AxisStrategy& s, int axis, const Options& o, unsigned out[3]) {
  if (axis == 0) {
    out[0] = 1;
    out[1] = unsigned(o.height / s.lines);
  } else {
    out[0] = unsigned(o.width / s.lines);
    out[1] = 1;
  }
  out[2] = unsigned(o.layers);
}

}  // namespace oceanfft::fft::detail
