export {
  hierarchicalBetaBinomialBounds,
  hierarchicalBetaBinomialInterval,
} from './hierarchicalBetaBinomial.js';
