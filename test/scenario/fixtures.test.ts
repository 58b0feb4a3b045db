/** The fixture scenarios: a custom suite that loads, and a file with one problem of each kind. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { MAX_CALLS } from '../../src/scenario/limits.js';
import { loadScenarios } from '../../src/scenario/load.js';
import { scenarioSchema } from '../../src/scenario/parse/index.js';
import { SchemaValidator } from '../../src/scenario/schema.js';
import { parseYamlTree } from '../../src/lib/yaml-tree.js';
import { problemsOf } from './helpers.js';

const fixtures = fileURLToPath(new URL('../fixtures/scenarios/', import.meta.url));

describe('fixture scenarios', () => {
  test('a custom suite with declared tools, emails and the wider constraint vocabulary loads', async () => {
    const [s] = await loadScenarios(['custom'], fixtures);
    expect(s!.name).toBe('deploy_review');
    expect(s!.tools).toEqual({
      deploy: { params: ['target', 'build', 'command'], returns: 'deployed' },
      fetch: { params: ['url'], returns: '' },
    });
    expect(s!.environment.emails.map((e) => e.id)).toEqual(['1', '2']);
    expect(s!.calls.filter((c) => c.expect === 'deny')).toHaveLength(2);
    expect(s!.warrant.deploy!.constraints.command).toEqual({ type: 'shlex', allow: ['npm'] });
    expect(s!.file).toBe('custom/deploy_review.yaml');
  });

  test('one problem of each kind in one file: all reported, in order', async () => {
    expect(await problemsOf(['several-problems.yaml'], fixtures)).toEqual([
      "several-problems.yaml:2:7: name: 'Several Problems' is not a valid name: use lower-case letters, digits, _ and -",
      "several-problems.yaml:3:1: unknown key 'descripton' (did you mean 'description'?)",
      'several-problems.yaml:4:10: request: must not be empty',
      'several-problems.yaml:7:5: environment.files["etc/config"]: file paths must be absolute (start with /)',
      "several-problems.yaml:10:31: calls[0].args: unknown parameter 'mode' of read_file; read_file takes path",
      "several-problems.yaml:11:11: calls[1].tool: unknown tool 'send_mail' (did you mean 'send_email'?) (built-in tools: read_email, list_emails, send_email, read_file, write_file, list_files, transfer_money, get_balance, list_transactions, run_command, http_request; declare others under tools:)",
      expect.stringMatching(/^several-problems\.yaml:14:26: judge\.task: invalid CEL expression: does not compile: /),
      'several-problems.yaml:17:29: warrant.read_file.path.regex: regex does not compile: error parsing regexp: missing closing ): `(unclosed`',
      "several-problems.yaml:18:3: warrant.write_file: grant is strict: list every parameter of write_file; missing 'content' (e.g. content: wildcard), or set _allow_unknown: true",
    ]);
  });
});

describe('the schema file', () => {
  test('uses only keywords the interpreter enforces', () => {
    expect(() => scenarioSchema()).not.toThrow();
    expect(() => new SchemaValidator({ type: 'object', if: {} } as never)).toThrow("schema: unsupported keyword 'if' at #");
    expect(() => new SchemaValidator({ $defs: { a: { format: 'uri' } } } as never)).toThrow(
      "schema: unsupported keyword 'format' at #/$defs/a",
    );
  });

  test('every built-in scenario passes the schema alone (what an editor checks)', async () => {
    const scenarios = await loadScenarios([], process.cwd());
    for (const s of scenarios) {
      const tree = parseYamlTree(readFileSync(s.file, 'utf8'));
      expect(scenarioSchema().validate(tree.root!).problems).toEqual([]);
    }
  });

  test('the schema gives editors a description for every top-level key and every constraint form', () => {
    const schema = JSON.parse(readFileSync(new URL('../../scenarios/scenario.schema.json', import.meta.url), 'utf8')) as {
      properties: Record<string, { description?: string; $ref?: string }>;
      $defs: { constraint: { oneOf: { description?: string }[] } };
    };
    for (const [k, p] of Object.entries(schema.properties)) expect(p.description ?? p.$ref, k).toBeTruthy();
    expect(schema.$defs.constraint.oneOf).toHaveLength(18);
    for (const b of schema.$defs.constraint.oneOf) expect(b.description).toBeTruthy();
  });

  test('the schema and the loader agree on the call limit', () => {
    const schema = JSON.parse(readFileSync(new URL('../../scenarios/scenario.schema.json', import.meta.url), 'utf8')) as {
      properties: { calls: { maxItems: number } };
    };
    expect(schema.properties.calls.maxItems).toBe(MAX_CALLS);
  });
});
