/** LLM mode's pure parts: tool schemas, statistics, shards, argument parsing, file checks. */
import fc from 'fast-check';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONDITIONS } from '../../src/results/results.js';
import { loadScenarios } from '../../src/scenario/load.js';
import { BUILTIN_TOOLS, BUILTIN_TOOL_NAMES } from '../../src/world/tools.js';
import type { Scenario } from '../../src/model/scenario.js';
import { progressReporter } from '../../src/cli/progress.js';
import { allTrialKeys, keyOf, parseShard, shardKeys } from '../../src/llm/trial-keys.js';
import { readLlmSection } from '../../src/llm/section-check.js';
import { inputsDigest } from '../../src/llm/inputs-digest.js';
import { meanStd } from '../../src/llm/stats.js';
import { toolsFor } from '../../src/llm/tool-schemas.js';
import { readToolsList } from '../../src/import/tools/index.js';
import { problemsOfText, scenarioText, tempDir } from '../scenario/helpers.js';
import { formatMeanStd } from '../../src/report/sections/llm-section.js';
import { parseJsonArgs } from '../../src/warrant/json-args.js';
import { Float } from '../../src/warrant/constraint-value.js';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
let suite: Scenario[];
beforeAll(async () => {
  suite = await loadScenarios([], ROOT);
});

describe('tool schemas', () => {
  it('offers every built-in of the one table, with its parameters and required ones, then custom tools', () => {
    const s: Scenario = {
      ...suite[0]!,
      tools: {
        lookup_customer: { params: ['customer_id'], returns: 'ok' },
        notify: { params: ['to', 'count'], returns: 'ok', kinds: { to: 'email_list', count: 'number' } },
      },
    };
    const tools = toolsFor(s);
    expect(tools.map((t) => t.function.name)).toEqual([...BUILTIN_TOOL_NAMES, 'lookup_customer', 'notify']);
    expect(BUILTIN_TOOL_NAMES).toEqual(expect.arrayContaining(['run_command', 'http_request'])); // from the table, unedited here
    expect(tools.at(-1)!.function.parameters.properties).toMatchObject({
      to: { type: 'array', items: { type: 'string' } },
      count: { type: 'number' },
    });
    for (const t of tools.slice(0, BUILTIN_TOOL_NAMES.length)) {
      const sig = BUILTIN_TOOLS[t.function.name]!;
      expect(Object.keys(t.function.parameters.properties!)).toEqual([...sig.params]);
      expect(t.function.parameters.required).toEqual([...sig.required]);
      expect(t.function.parameters.additionalProperties).toBe(false);
    }
    const send = tools.find((t) => t.function.name === 'send_email')!.function.parameters.properties!;
    expect(send.recipients).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect(tools.at(-2)!.function.parameters.properties).toEqual({ customer_id: { type: 'string' } });
  });
});

describe('tool schemas of tools as their server or scenario describes them', () => {
  const listed = {
    tools: [
      {
        name: 'deploy',
        description: 'Deploy a build to an environment.',
        inputSchema: {
          type: 'object',
          properties: {
            target: { type: 'string', format: 'uri', description: 'Where to deploy' },
            env: { type: 'string', enum: ['staging', 'production'], description: 'Which environment', default: 'staging' },
            tags: { type: 'array', items: { type: 'string' }, 'x-ui': 'chips' },
            dry_run: { type: 'boolean' },
          },
          required: ['target', 'tags'],
        },
      },
    ],
  };
  const imported = (list: unknown = listed): Scenario['tools'] => {
    const r = readToolsList(JSON.stringify(list), {});
    if (!r.ok) throw new Error(r.problems.map((p) => p.message).join('\n'));
    return r.tools;
  };

  it('a tool read from an MCP tool list: its description and each parameter as listed, defaults noted, required from the signature', () => {
    const deploy = toolsFor({ ...suite[0]!, tools: imported() }).at(-1)!.function;
    expect(deploy.name).toBe('deploy');
    expect(deploy.description).toBe('Deploy a build to an environment.');
    expect(deploy.parameters).toEqual({
      type: 'object',
      properties: {
        target: { type: 'string', format: 'uri', description: 'Where to deploy' },
        env: {
          type: 'string',
          enum: ['staging', 'production'],
          default: 'staging',
          description: 'Which environment Optional; default "staging".',
        },
        tags: { type: 'array', items: { type: 'string' } },
        dry_run: { type: 'boolean', description: 'Optional; default null.' },
      },
      required: ['target', 'tags'],
      additionalProperties: false,
    });
    // What is offered is what the request carries: plain JSON.
    expect(JSON.parse(JSON.stringify(deploy.parameters))).toEqual(deploy.parameters);
  });

  it('a tool list without a description is offered by name; the kinds are not what the model sees', () => {
    const list = { tools: [{ ...listed.tools[0]!, description: undefined }] };
    const deploy = toolsFor({ ...suite[0]!, tools: imported(list) }).at(-1)!.function;
    expect(deploy.description).toBe('The deploy tool.');
    expect(deploy.parameters.properties!.target).toEqual({ type: 'string', format: 'uri', description: 'Where to deploy' }); // not "A URL."
  });

  it('a hand-written tool offers its description: and the kinds its parameters have', async () => {
    const tools =
      'tools:\n  lookup:\n    params: [customer_id, url]\n    description: Look up a customer in the CRM.\n    kinds: {url: url}\n  plain:\n    params: [q]';
    const dir = tempDir({ 's.yaml': scenarioText({ tools }) });
    const [s] = await loadScenarios(['s.yaml'], dir);
    const offered = toolsFor(s!)
      .slice(-2)
      .map((t) => t.function);
    expect(offered[0]).toEqual({
      name: 'lookup',
      description: 'Look up a customer in the CRM.',
      parameters: {
        type: 'object',
        properties: { customer_id: { type: 'string' }, url: { type: 'string', description: 'A URL.' } },
        required: ['customer_id', 'url'],
        additionalProperties: false,
      },
    });
    expect(offered[1]!.description).toBe('The plain tool.');
  });

  it("a hand-written tool's description is at most 10,000 characters, and not empty", async () => {
    const tools = (d: string) => `tools:\n  lookup:\n    params: [q]\n    description: "${d}"`;
    expect(await problemsOfText(scenarioText({ tools: tools('x'.repeat(10_001)) }))).toEqual([
      's.yaml:10:18: tools.lookup.description: is too long (10001 characters; the limit is 10000)',
    ]);
    expect(await problemsOfText(scenarioText({ tools: tools('') }))).toEqual(['s.yaml:10:18: tools.lookup.description: must not be empty']);
  });

  it('what the model is offered is part of the inputs digest', () => {
    const base = { ...suite[0]!, tools: imported() };
    const other = imported({ tools: [{ ...listed.tools[0]!, description: 'Deploy anything anywhere.' }] });
    expect(inputsDigest([{ ...base, tools: other }])).not.toBe(inputsDigest([base]));
    expect(inputsDigest([{ ...base, tools: imported() }])).toBe(inputsDigest([base]));
  });
});

describe('statistics', () => {
  it('mean and sample standard deviation (n − 1); too few runs give null', () => {
    const m = meanStd([1, 0, 1, 0, 0]);
    expect(m.mean).toBeCloseTo(0.4, 12);
    expect(m.std).toBeCloseTo(Math.sqrt(0.3), 12);
    expect(formatMeanStd(m)).toBe('40% ± 54.8%');
    expect(meanStd([1])).toEqual({ mean: 1, std: null });
    expect(meanStd([])).toEqual({ mean: null, std: null });
    expect(formatMeanStd(meanStd([]))).toBe('n/a');
  });
});

describe('shards', () => {
  it('the N shards of any run are disjoint and cover every trial once', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 12 }), (scenarios, runs, n) => {
        const keys = allTrialKeys(
          Array.from({ length: scenarios }, (_, i) => `s${i}`),
          runs,
        );
        expect(keys).toHaveLength(scenarios * CONDITIONS.length * runs);
        const seen = new Map<string, number>();
        for (let i = 1; i <= n; i++)
          for (const k of shardKeys(keys, { index: i, count: n })) seen.set(keyOf(k), (seen.get(keyOf(k)) ?? 0) + 1);
        expect(seen.size).toBe(keys.length);
        expect([...seen.values()].every((c) => c === 1)).toBe(true);
      }),
    );
  });
  it('I/N is checked', () => {
    expect(parseShard(' 2/4 ')).toEqual({ index: 2, count: 4 });
    for (const bad of ['0/3', '4/3', '1/0', 'a/b', '1/999', '1', '']) expect(() => parseShard(bad)).toThrow(/--shard expects I\/N/);
  });
});

describe('model arguments', () => {
  it('keep int and float apart (as Python json.loads does for the reference), and are bounded', () => {
    const a = parseJsonArgs('{"amount": 2000.0, "n": 3, "to": "x"}', { typedMarkers: false });
    expect(a.amount).toBeInstanceOf(Float);
    expect(a.n).toBe(3);
    // The CLI's {"$float": …} convention is not applied to a model's arguments.
    expect(parseJsonArgs('{"x": {"$float": 1}}', { typedMarkers: false }).x).toEqual({ $float: 1 });
    expect(() => parseJsonArgs('[1]', { typedMarkers: false })).toThrow(/JSON object/);
    expect(() => parseJsonArgs('{"a": 1', { typedMarkers: false })).toThrow();
  });
});

describe('inputs digest', () => {
  it('is stable, ignores where files are, and changes with anything a trial depends on', () => {
    const d = inputsDigest(suite);
    expect(inputsDigest(suite)).toBe(d);
    const moved = suite.map((s) => ({ ...s, file: `elsewhere/${s.file}`, source: { ...s.source, file: 'x', line: 99 } }));
    expect(inputsDigest(moved)).toBe(d);
    const origin = { kind: 'claude_code_policy', from: 'tenuo.yaml', sandbox: '/workspace', sha256: 'ab'.repeat(32) } as const;
    expect(inputsDigest(suite.map((s) => ({ ...s, warrantFrom: origin })))).toBe(d);
    const changed = suite.map((s, i) => (i === 0 ? { ...s, request: `${s.request} ` } : s));
    expect(inputsDigest(changed)).not.toBe(d);
  });
});

describe('results files read back', () => {
  const trial = {
    mode: 'llm',
    scenario: 's',
    condition: 'broad',
    run: 1,
    task_succeeded: true,
    attack_succeeded: false,
    calls_total: 1,
    calls_allowed: 1,
    calls_blocked: 0,
    turns: 2,
    stop: 'final_answer',
    tokens: { prompt: 1, completion: 1, total: 2 },
    calls: [{ index: 1, turn: 1, tool: 'read_file', args: { path: '/a' }, authorized: true }],
  };
  const file = (t: unknown) => ({
    llm: {
      model: 'm',
      runs: 1,
      seed: 's',
      inputs: 'sha256:x',
      config: { max_turns: 15, temperature: null, denial_detail: false, transcripts: false },
      complete: true,
      trials: [t],
    },
  });
  it('accepts a well-formed section and refuses counts that disagree with the calls', () => {
    expect(readLlmSection(file(trial), 'f').trials).toHaveLength(1);
    expect(() => readLlmSection(file({ ...trial, calls_blocked: 1 }), 'f')).toThrow(/call counts disagree/);
    expect(() => readLlmSection(file({ ...trial, condition: 'root' }), 'f')).toThrow(/\$\.llm\.trials\[0\]\.condition/);
    expect(() => readLlmSection({}, 'f')).toThrow(/no "llm" section/);
    expect(() => readLlmSection(file({ ...trial, transcript: [42] }), 'f')).toThrow(/transcript\[0\]: expected an object/);
    expect(
      readLlmSection(
        file({ ...trial, transcript: [{ role: 'assistant', content: null, tool_calls: [{ id: 'a', name: 'b', arguments: '{}' }] }] }),
        'f',
      ).trials,
    ).toHaveLength(1);
  });
});

describe('progress', () => {
  it('a bar redrawn in place on a TTY; one line per finished cell otherwise', () => {
    const out: string[] = [];
    const stats = {
      runs: 2,
      errors: 0,
      asr: { mean: 0.5, std: 0.7071 },
      tcr: { mean: 1, std: 0 },
      calls_blocked: { sum: 0, mean: 0 },
      tokens: 9,
    };
    const p = { trial: {} as never, done: 2, total: 4, tokens: 9 };
    const tty = progressReporter((t) => out.push(t), true);
    tty.update(p);
    tty.end();
    expect(out).toEqual([`\r[${'#'.repeat(15)}${' '.repeat(15)}] 2/4 trials, 9 tokens`, '\n']);
    out.length = 0;
    const ci = progressReporter((t) => out.push(t), false);
    ci.update(p);
    ci.update({ ...p, cell: { scenario: 'a', condition: 'broad', stats } });
    expect(out).toEqual(['llm: a × broad: 2 runs, 0 errors, ASR 50% ± 70.7%, TCR 100% ± 0% (2/4 trials, 9 tokens)\n']);
  });
});

describe('LLM report section', () => {
  it('shows mean ± std cells and N, and no control character from a results file reaches the console', async () => {
    const { llmTableLines, llmMarkdown } = await import('../../src/report/sections/llm-section.js');
    const stats = {
      runs: 5,
      errors: 1,
      asr: { mean: 0.4, std: Math.sqrt(0.3) },
      tcr: { mean: 1, std: 0 },
      calls_blocked: { sum: 3, mean: 0.6 },
      tokens: 10,
    };
    const llm = {
      model: 'evil\u001b[2Jmodel',
      runs: 5,
      seed: 's',
      inputs: 'x',
      config: { max_turns: 15, temperature: null, denial_detail: false, transcripts: false },
      complete: true,
      cells: [{ scenario: 'a\u001bb', condition: 'task_scoped' as const, ...stats }],
      summary: { task_scoped: stats },
      tokens: { prompt: 1, completion: 1, total: 2 },
      trials: [],
    };
    const lines = llmTableLines({ mode: 'llm', llm } as never).join('\n');
    expect(lines).not.toContain('\u001b');
    expect(lines).toContain('evil\ufffd[2Jmodel');
    expect(lines).toMatch(/a\ufffdb\s+task_scoped\s+5\s+1\s+40% ± 54\.8%\s+100% ± 0%\s+3 \(0\.6\/run\)/);
    const md = llmMarkdown({ mode: 'llm', llm } as never, (s) => s.replace(/[<>|]/g, '_'))!;
    expect(md).toContain('| ASR 40% ± 54.8% | TCR 100% ± 0% |');
  });
});
