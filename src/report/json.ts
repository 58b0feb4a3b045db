/**
 * `--format json` and the action's results file (docs/results.md). Keys are written in the
 * schema's order (src/results/results.ts) whatever order the object was built in, so equal results
 * are equal bytes.
 */
import { ResultsSchema, type Results } from '../results/results.js';
import { inSchemaOrder } from '../results/key-order.js';

/** The results in canonical key order (conditions in the contract's order), keys the schema does not know left out. */
export function canonicalResults(results: Results): Results {
  return inSchemaOrder(ResultsSchema, results) as Results;
}

export function renderJson(results: Results): string {
  return JSON.stringify(canonicalResults(results), null, 2) + '\n';
}
