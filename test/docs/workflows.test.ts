/**
 * Every workflow the documentation shows uses the action with inputs action.yml declares: a
 * renamed or removed input would otherwise leave a copied workflow passing a `with:` key that
 * GitHub only warns about, and the step would run with the default instead.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const ROOT = process.cwd();
const DOCS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const INPUTS = Object.keys((parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as { inputs: Record<string, unknown> }).inputs);

interface Step {
  readonly uses?: string;
  readonly with?: Record<string, unknown>;
}

/** The steps of every YAML block of `markdown` that is a workflow (has `jobs:`). */
function actionSteps(markdown: string): Step[] {
  const steps: Step[] = [];
  for (const block of markdown.matchAll(/^```ya?ml\n([\s\S]*?)^```$/gm)) {
    const doc = parse(block[1]!) as { jobs?: Record<string, { steps?: Step[] }> } | null;
    for (const job of Object.values(doc?.jobs ?? {})) {
      for (const step of job.steps ?? []) if (step.uses?.startsWith('OWNER/delegation-bench@')) steps.push(step);
    }
  }
  return steps;
}

describe('workflows in the docs', () => {
  it('pass the action only inputs it declares', () => {
    let seen = 0;
    for (const file of DOCS) {
      for (const step of actionSteps(readFileSync(join(ROOT, file), 'utf8'))) {
        seen++;
        for (const key of Object.keys(step.with ?? {})) expect(INPUTS, `${file}: with: ${key}`).toContain(key);
      }
    }
    expect(seen).toBeGreaterThanOrEqual(5); // README, action.md, guide.md and llm.md show workflows
  });
});
