/**
 * The Elo scale as LMArena reports ratings (FastChat `scale_and_offset`, lm-sys/FastChat
 * fastchat/serve/monitor/rating_systems.py at 0e6d3e4): scale 400, base 10, initial 1000,
 *
 *   R_i = initial + (scale / ln base)·θ_i + shift,
 *
 * so a 400-point gap is 10:1 odds. θ is the natural-log-odds rating of fitBradleyTerry.ts
 * (Σθ = 0), so without an anchor the mean rating is `initial` (FastChat's ratings when its
 * baseline is absent; arena-rank's). FastChat anchors: when "mixtral-8x7b-instruct-v0.1" is
 * among the models its rating is set to 1114 (`baseline_rating`), `shift` = 1114 − R_anchor.
 *
 * Intervals follow the anchor: unanchored, V is the covariance of θ − mean(θ) (what arena-rank
 * reports); anchored at model a, every rating is a difference to a, Var(R_i) ∝ V_ii − 2V_ia + V_aa
 * (so the anchor's own interval has width 0 and the others widen: FastChat issue #3377).
 */

export interface EloScale {
  /** Points per factor `base` in the odds (400). */
  readonly scale: number;
  readonly base: number;
  /** Rating of the mean model without an anchor (1000). */
  readonly initial: number;
}

export const LMARENA_ELO: EloScale = { scale: 400, base: 10, initial: 1000 };

/** FastChat's anchor: the model and its fixed rating. */
export const FASTCHAT_ANCHOR = { model: 'mixtral-8x7b-instruct-v0.1', rating: 1114 } as const;

/** Elo points per natural-log-odds unit, scale / ln base (173.72 for 400, 10). */
export function eloPerNatural(scale: EloScale = LMARENA_ELO): number {
  return scale.scale / Math.log(scale.base);
}

/** Ratings R (anchor: model index and its rating, or none). */
export function toEloRatings(
  theta: ArrayLike<number>,
  scale: EloScale = LMARENA_ELO,
  anchor?: { readonly index: number; readonly rating: number },
): Float64Array {
  const f = eloPerNatural(scale);
  const out = new Float64Array(theta.length);
  for (let i = 0; i < theta.length; i++) out[i] = scale.initial + f * theta[i];
  if (anchor) {
    const shift = anchor.rating - out[anchor.index];
    for (let i = 0; i < out.length; i++) out[i] += shift;
  }
  return out;
}

/**
 * The covariance of the reported ratings' relative parts (natural units): V itself (θ − mean)
 * without an anchor, else C·V·Cᵀ with C = I − 1e_aᵀ (every θ_i − θ_a).
 */
export function anchoredCovariance(v: Float64Array, m: number, anchorIndex: number | null): Float64Array {
  if (anchorIndex === null) return v;
  const a = anchorIndex;
  const out = new Float64Array(m * m);
  const vaa = v[a * m + a];
  for (let i = 0; i < m; i++) {
    const via = v[i * m + a];
    for (let j = 0; j < m; j++) out[i * m + j] = v[i * m + j] - via - v[a * m + j] + vaa;
  }
  return out;
}
