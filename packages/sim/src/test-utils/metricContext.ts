import type { MetricContext } from '../base/roles.js';

/** The context of a metric summarising the only method of a one-method study (tests). */
export const SOLO: MetricContext = { methods: ['method'], method: 0 };
