/**
 * How many threads a run of the shells uses unless told (`--workers`): every core, but one for a
 * plain run (no probes, no mutants) on 2 cores or fewer, where a second thread costs more than it
 * saves (src/pipeline/matrix.ts says what was measured).
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_ANALYSES, NO_ANALYSES } from '../../src/pipeline/analyses.js';
import { defaultWorkers } from '../../src/pipeline/matrix.js';

const probesOnly = { probes: { enabled: true }, mutants: { enabled: false } };
const mutantsOnly = { probes: { enabled: false }, mutants: { enabled: true } };

describe('defaultWorkers', () => {
  it('runs a plain run on one thread on 2 cores or fewer', () => {
    expect(defaultWorkers(NO_ANALYSES, 2)).toBe(1);
    expect(defaultWorkers(NO_ANALYSES, 1)).toBe(1);
  });

  it('uses every core when an analysis runs, or on more than 2 cores', () => {
    expect(defaultWorkers(DEFAULT_ANALYSES, 2)).toBe(2);
    expect(defaultWorkers(probesOnly, 2)).toBe(2);
    expect(defaultWorkers(mutantsOnly, 2)).toBe(2);
    expect(defaultWorkers(NO_ANALYSES, 4)).toBe(4);
    expect(defaultWorkers(undefined, 2)).toBe(2);
  });
});
