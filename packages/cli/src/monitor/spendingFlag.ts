/**
 * `--spending obf | pocock | power:ρ` (shared by `evalsim plan --looks` and `evalsim monitor`):
 * the Lan–DeMets alpha-spending function of a group-sequential design (core alphaSpending.ts).
 */
import type { AlphaSpending } from '@evalsim/core';

export const SPENDING_HELP =
  "alpha spending: obf (O'Brien–Fleming type, default), pocock (Pocock type) or power:ρ (α·t^ρ, e.g. power:2)";

export function spendingFlag(value: unknown): AlphaSpending {
  const text = value === undefined ? 'obf' : String(value).trim();
  if (text === 'obf' || text === 'pocock') return { family: text };
  const match = /^power:(.+)$/.exec(text);
  if (match) {
    const rho = Number(match[1]);
    if (Number.isFinite(rho) && rho > 0 && rho <= 100) return { family: 'power', rho };
    throw new Error(`--spending ${text}: ρ must be a number in (0, 100], e.g. power:2`);
  }
  throw new Error(`--spending: expected obf, pocock or power:ρ (e.g. power:2), got "${text}"`);
}

/** The spending as the flag spells it. */
export function spendingText(spending: AlphaSpending): string {
  return spending.family === 'power' ? `power:${spending.rho}` : spending.family;
}
