/**
 * The one error model (ARCHITECTURE.md, "Errors"): every error class in src/ is a BenchError with
 * its own name, a stable snake_case code and a kind. The source scan catches a class added later
 * that forgets the model; the table checks what the classes carry when thrown.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BenchError, isBenchError, type ErrorKind } from '../../src/lib/errors.js';
import { HarnessError } from '../../src/model/errors.js';
import { ShellParserNotLoaded } from '../../src/world/shell.js';
import { EnvironmentLimitError } from '../../src/world/limit.js';
import { McpExtractionError } from '../../src/world/mcp-config.js';
import { ArgumentBindingError } from '../../src/world/tools.js';
import { ApiError, LlmInputError } from '../../src/llm/errors.js';
import { CelConversionError } from '../../src/cel/convert.js';
import { CelError, CelEvalError, CostLimitError } from '../../src/cel/errors.js';
import { PipelineInputError } from '../../src/pipeline/pipeline.js';
import { ScenarioError } from '../../src/scenario/errors.js';
import { JsonArgsError } from '../../src/warrant/json-args.js';
import { BoundError } from '../../src/warrant/containment/automata.js';
import { WarrantError } from '../../src/warrant/errors.js';
import { UsageError } from '../../src/cli/io.js';
import { ArtifactFileError } from '../../src/import/file.js';
import { TokenImportError } from '../../src/import/token.js';
import { RegexLimitError } from '../../src/lib/regex.js';
import { InputError } from '../../src/action/inputs.js';

const SRC = join(import.meta.dirname, '../../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

interface ClassDecl {
  readonly file: string;
  readonly name: string;
  readonly base: string;
  readonly body: string;
}

/** Every `class X extends Y` of src/, with the text of its body up to the first closing brace at column 0. */
function classes(): ClassDecl[] {
  const out: ClassDecl[] = [];
  for (const path of sourceFiles(SRC)) {
    const text = readFileSync(path, 'utf8');
    for (const m of text.matchAll(/^(?:export )?(?:abstract )?class (\w+) extends (\w+)[^{]*\{/gm)) {
      const end = text.indexOf('\n}', m.index);
      out.push({ file: relative(SRC, path), name: m[1]!, base: m[2]!, body: text.slice(m.index, end === -1 ? undefined : end) });
    }
  }
  return out;
}

describe('every error class in src/ is a BenchError', () => {
  const all = classes();
  const errorNames = new Set(['BenchError']);
  // Classes derived from the model, through any number of folder bases.
  for (let grew = true; grew;) {
    grew = false;
    for (const c of all) if (errorNames.has(c.base) && !errorNames.has(c.name)) grew = errorNames.add(c.name) !== undefined;
  }
  const modelClasses = all.filter((c) => errorNames.has(c.base));

  it('no class extends Error directly, except BenchError itself', () => {
    const direct = all.filter((c) => c.base === 'Error' && c.name !== 'BenchError').map((c) => `${c.file}: ${c.name}`);
    expect(direct).toEqual([]);
  });

  it('finds the model classes (the scan works)', () => {
    expect(modelClasses.length).toBeGreaterThanOrEqual(25);
  });

  it('each sets its own name, a snake_case code and a kind', () => {
    const wrong = modelClasses
      .filter((c) => !c.body.includes('abstract class'))
      .flatMap((c) => {
        const problems: string[] = [];
        if (!c.body.includes(`override readonly name = '${c.name}'`)) problems.push('name');
        if (!/readonly code\b/.test(c.body)) problems.push('code');
        if (!/readonly kind = '(input|harness|decision)'/.test(c.body)) problems.push('kind');
        const literal = /readonly code(?:: \w+)? = '([^']*)'/.exec(c.body)?.[1];
        if (literal !== undefined && !/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/.test(literal)) problems.push(`code '${literal}' is not snake_case`);
        return problems.length === 0 ? [] : [`${c.file}: ${c.name}: ${problems.join(', ')}`];
      });
    expect(wrong).toEqual([]);
  });
});

describe('what each exported error class carries', () => {
  const cases: Array<[BenchError, string, string, ErrorKind]> = [
    [new HarnessError('x'), 'HarnessError', 'harness_error', 'harness'],
    [new ShellParserNotLoaded(), 'ShellParserNotLoaded', 'shell_parser_not_loaded', 'harness'],
    [new EnvironmentLimitError('x'), 'EnvironmentLimitError', 'environment_limit', 'harness'],
    [new McpExtractionError('x'), 'McpExtractionError', 'mcp_extraction_failed', 'decision'],
    [new ArgumentBindingError('x'), 'ArgumentBindingError', 'argument_binding_error', 'decision'],
    [new ApiError('rate_limited', 'x'), 'ApiError', 'rate_limited', 'decision'],
    [new LlmInputError('bad_shard', 'x'), 'LlmInputError', 'bad_shard', 'input'],
    [new CelConversionError('x'), 'CelConversionError', 'cel_limit', 'harness'],
    [new CelError('x'), 'CelError', 'cel_compile', 'input'],
    [new CelError('x', undefined, undefined, true), 'CelError', 'cel_limit', 'input'],
    [new CelEvalError('x'), 'CelEvalError', 'cel_eval', 'decision'],
    [new CostLimitError('x'), 'CostLimitError', 'cel_limit', 'harness'],
    [new PipelineInputError('x'), 'PipelineInputError', 'pipeline_input_invalid', 'input'],
    [new ScenarioError([{ file: 'a.yaml', line: 1, col: 1, message: 'x' }]), 'ScenarioError', 'scenario_invalid', 'input'],
    [new JsonArgsError('x'), 'JsonArgsError', 'malformed_arguments', 'input'],
    [new BoundError('x'), 'BoundError', 'containment_bound', 'harness'],
    [new WarrantError('pop_failed', 'x'), 'WarrantError', 'pop_failed', 'decision'],
    [new UsageError('x'), 'UsageError', 'usage', 'input'],
    [new ArtifactFileError('file_unreadable', 'x'), 'ArtifactFileError', 'file_unreadable', 'input'],
    [new TokenImportError('not_a_token', 'x'), 'TokenImportError', 'not_a_token', 'input'],
    [new RegexLimitError('x'), 'RegexLimitError', 'regex_limit', 'harness'],
    [new InputError(['x']), 'InputError', 'action_input_invalid', 'input'],
  ];
  it.each(cases)('%s', (error, name, code, kind) => {
    expect(isBenchError(error)).toBe(true);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe(name);
    expect(error.code).toBe(code);
    expect(error.kind).toBe(kind);
  });

  it('a WarrantError (a decision, thrown per denial) still collects no stack trace', () => {
    const stack = new WarrantError('pop_failed', 'denied').stack ?? '';
    expect(stack).not.toMatch(/\n\s+at /);
    expect(new HarnessError('fault').stack).toMatch(/\n\s+at /);
  });
});
