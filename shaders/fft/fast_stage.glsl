// One Stockham stage of radix STAGE_R in registers, then (unless it is the last stage) the
// exchange through shared memory that gives every invocation its inputs for the next stage.
// Included by fast.comp once per radix, with STAGE_FN (the function's name) and STAGE_R defined;
// no include guard on purpose.
//
// Stage with sub-transform length Ns: butterfly j (< N/R) takes elements j + r*N/R, multiplies
// element r by exp(-2*pi*i*r*k/(Ns*R)) with k = j mod Ns, runs an R-point DFT and writes output
// r to (j - k)*R + k + r*Ns. Invocation t runs butterflies j = t + b*T, b < P/R, whose inputs are
// exactly its registers v[b + r*(P/R)].
void STAGE_FN(int Ns, bool last) {
  const int R = STAGE_R;
  const int B = P / R;
  const int LOGR = R == 2 ? 1 : R == 4 ? 2 : R == 8 ? 3 : 4;
  for (int b = 0; b < B; ++b) {
    int j = t + b * T;
    int k = j & (Ns - 1);
    vec4 a[R];
    for (int r = 0; r < R; ++r) a[r] = v[b + r * B];
    if (Ns > 1) {
      // Twiddles from the table computed in double: index r*k*N/(Ns*R) < N.
      int step = k * (N / (Ns * R));
      for (int r = 1; r < R; ++r) a[r] = cmul(a[r], tw[r * step]);
    }
    // R-point DFT: radix-2 decimation in frequency, outputs in bit-reversed order.
    for (int span = R / 2; span >= 1; span /= 2) {
      for (int blk = 0; blk < R; blk += 2 * span) {
        for (int i = 0; i < span; ++i) {
          vec4 x = a[blk + i], y = a[blk + i + span];
          a[blk + i] = x + y;
          a[blk + i + span] = twiddle16(x - y, i * (8 / span));
        }
      }
    }
    for (int r = 0; r < R; ++r) v[b + r * B] = a[BITREV16[r] >> (4 - LOGR)];
  }
#if STAGES > 1
  if (last) return;

  for (int round = 0; round < 4 / EX; ++round) {
    for (int b = 0; b < B; ++b) {
      int j = t + b * T;
      int k = j & (Ns - 1);
      int o = (j - k) * R + k;
      for (int r = 0; r < R; ++r) sh[sh_index(o + r * Ns)] = part(v[b + r * B], round);
    }
    memoryBarrierShared();
    barrier();
    for (int m = 0; m < P; ++m) set_part(v[m], round, sh[sh_index(t + T * m)]);
    // Nobody may overwrite sh (next round or next stage) before everyone has read it.
    memoryBarrierShared();
    barrier();
  }
#endif
}
