/** `--scenario NAME` (run, validate): the loaded scenarios of those names, or a usage error naming the unknown ones. */
import type { Scenario } from '../model/scenario.js';
import { PipelineInputError, selectScenarios as select } from '../pipeline/pipeline.js';
import { UsageError } from './io.js';

/** The scenarios named in `names`, in load order; all of them when `names` is empty (src/pipeline/pipeline.ts). */
export function selectScenarios(scenarios: readonly Scenario[], names: readonly string[]): Scenario[] {
  try {
    return select(scenarios, names);
  } catch (e) {
    if (e instanceof PipelineInputError) throw new UsageError(e.message);
    throw e;
  }
}
