/**
 * Declaration of the study validator generated at build time (validatorSource.ts →
 * dist/config/studyValidator.js; tests resolve it there through vitest.config.ts).
 */
import type { ValidateFunction } from 'ajv';

declare const validate: ValidateFunction;
export default validate;
