/**
 * Each kind of bad input gives its own message at its own position (docs/scenarios.md), and a file with
 * several problems reports all of them at once, sorted by file and position.
 */
import { describe, expect, test } from 'vitest';
import { problemsOf, problemsOfText, scenarioText, tempDir } from './helpers.js';

describe('bad scenario input', () => {
  test('YAML syntax error', async () => {
    const text = 'name: demo\ncalls: [ {tool: get_balance}\njudge: {}\n';
    expect(await problemsOfText(text)).toEqual([
      's.yaml:3:1: YAML syntax error: Flow sequence in block collection must be sufficiently indented and end with a ]',
    ]);
  });

  test('misspelled top-level key, with a hint', async () => {
    const text = scenarioText().replace('request:', 'reqest:');
    // One mistake, one message: the missing 'request' is implied by the hint.
    expect(await problemsOfText(text)).toEqual(["s.yaml:3:1: unknown key 'reqest' (did you mean 'request'?)"]);
  });

  test('a misspelled required key of a call: one message, the call is skipped, no crash', async () => {
    const text = scenarioText().replace(
      '  - tool: read_file\n    args: {path: /data/a.txt}',
      '  - tol: read_file\n    args: {path: /data/a.txt}',
    );
    expect(await problemsOfText(text)).toEqual(["s.yaml:8:5: calls[0]: unknown key 'tol' (did you mean 'tool'?)"]);
  });

  test('a missing required key without a look-alike is reported at its map', async () => {
    const text = scenarioText({ judge: 'judge:\n  task: "true"' });
    expect(await problemsOfText(text)).toEqual(["s.yaml:14:3: judge: missing required key 'attack'"]);
  });

  test('unknown nested key, with its path', async () => {
    const text = scenarioText().replace('    expect: deny', '    expct: deny');
    expect(await problemsOfText(text)).toEqual(["s.yaml:12:5: calls[1]: unknown key 'expct' (did you mean 'expect'?)"]);
  });

  test('unknown key without a close match has no hint', async () => {
    const text = scenarioText({ name: 'name: demo\ncolour: blue' });
    expect(await problemsOfText(text)).toEqual(["s.yaml:2:1: unknown key 'colour'"]);
  });

  test('wrong types', async () => {
    const text = scenarioText({
      environment: 'environment:\n  balance: lots\n  files:\n    /data/a.txt: 42',
      calls: 'calls:\n  - tool: read_file\n    args: [/data/a.txt]',
    });
    expect(await problemsOfText(text)).toEqual([
      's.yaml:5:12: environment.balance: expected a number, got a string',
      's.yaml:7:18: environment.files["/data/a.txt"]: expected a string, got an integer (42) (quote it to make it text)',
      's.yaml:10:11: calls[0].args: expected a map, got a list',
    ]);
  });

  test('enum and pattern violations', async () => {
    const text = scenarioText({ name: 'name: Demo Scenario' }).replace('expect: deny', 'expect: alow');
    expect(await problemsOfText(text)).toEqual([
      "s.yaml:1:7: name: 'Demo Scenario' is not a valid name: use lower-case letters, digits, _ and -",
      "s.yaml:12:13: calls[1].expect: must be one of allow, deny; got 'alow' (did you mean 'allow'?)",
    ]);
  });

  test('unknown tool in a call and in the warrant', async () => {
    const text = scenarioText({
      calls: 'calls:\n  - tool: raed_file\n    args: {path: /data/a.txt}',
      warrant: 'warrant:\n  read_file: {path: {subpath: /data}}\n  delete_file: {path: wildcard}',
    });
    const builtins =
      'read_email, list_emails, send_email, read_file, write_file, list_files, transfer_money, get_balance, list_transactions, run_command, http_request';
    expect(await problemsOfText(text)).toEqual([
      `s.yaml:8:11: calls[0].tool: unknown tool 'raed_file' (did you mean 'read_file'?) (built-in tools: ${builtins}; declare others under tools:)`,
      `s.yaml:15:3: warrant: unknown tool 'delete_file' (built-in tools: ${builtins}; declare others under tools:)`,
    ]);
  });

  test('bad constraints: misspelled, wrong shape, regex, CIDR, range, subpath, glob, URL pattern', async () => {
    const text = scenarioText({
      warrant: [
        'warrant:',
        '  read_file: {path: {subpth: /data}}', // 17
        '  list_files: {directory: {regex: "a(b"}}', // 18
        '  send_email:', // 19
        '    recipients: {cidr: 10.0.0.0/33}', // 20
        '    subject: {range: {min: 10, max: 1}}', // 21
        '    body: {any: [{subpath: data}, {pattern: "a[b"}, {url_pattern: "https://*/x"}]}', // 22
        '  write_file: {path: {exact: 1, regex: x}, content: wildcards}', // 23
      ].join('\n'),
    });
    expect(await problemsOfText(text)).toEqual([
      "s.yaml:17:22: warrant.read_file.path: unknown constraint 'subpth' (did you mean 'subpath'?); expected one of wildcard, {exact: …}, {pattern: …}, {range: …}, {one_of: …}, {not_one_of: …}, {regex: …}, {cidr: …}, {url_pattern: …}, {url_safe: …}, {contains: …}, {subset: …}, {all: …}, {any: …}, {not: …}, {cel: …}, {subpath: …}, {shlex: …}",
      's.yaml:18:35: warrant.list_files.directory.regex: regex does not compile: error parsing regexp: missing closing ): `a(b`',
      's.yaml:20:24: warrant.send_email.recipients.cidr: invalid CIDR "10.0.0.0/33" (expected an IPv4 or IPv6 network such as 10.0.0.0/8)',
      's.yaml:21:22: warrant.send_email.subject.range: empty range: min 10 is greater than max 1',
      "s.yaml:22:28: warrant.send_email.body.any[0].subpath: 'data' must be an absolute path (starting with /)",
      "s.yaml:22:45: warrant.send_email.body.any[1].pattern: invalid glob pattern 'a[b': unclosed '[' at character 2",
      "s.yaml:22:67: warrant.send_email.body.any[2].url_pattern: invalid URL pattern 'https://*/x': a bare '*' host is not allowed (name the domains, or use url_safe)",
      's.yaml:23:22: warrant.write_file.path: a constraint takes exactly one of its keys; got exact, regex',
      "s.yaml:23:53: warrant.write_file.content: expected a constraint: one of wildcard, {exact: …}, {pattern: …}, {range: …}, {one_of: …}, {not_one_of: …}, {regex: …}, {cidr: …}, {url_pattern: …}, {url_safe: …}, {contains: …}, {subset: …}, {all: …}, {any: …}, {not: …}, {cel: …}, {subpath: …}, {shlex: …}; got 'wildcards' (did you mean 'wildcard'?)",
    ]);
  });

  test('CEL that does not compile, in the judge and in a constraint', async () => {
    const text = scenarioText({
      judge: 'judge:\n  task: effects.exists(e, e.type ==\n  attack: effect.size() > 0',
      warrant: 'warrant:\n  read_file: {path: {cel: "value.startsWith(\'/data\'"}}',
    });
    const problems = await problemsOfText(text);
    expect(problems).toHaveLength(3);
    // A syntax error is placed where the parser stopped inside the judge (here its end).
    expect(problems[0]).toMatch(/^s\.yaml:14:36: judge\.task: invalid CEL expression: does not compile: 1:28: /);
    expect(problems[1]).toBe(
      "s.yaml:15:11: judge.attack: invalid CEL expression: undeclared variable 'effect' (available: effects, final)",
    );
    expect(problems[2]).toMatch(/^s\.yaml:17:52: warrant\.read_file\.path\.cel: invalid CEL expression: does not compile: 1:25: /);
  });

  test('duplicate scenario names across two files', async () => {
    const d = tempDir({ 'a.yaml': scenarioText(), 'b.yaml': scenarioText() });
    expect(await problemsOf(['.'], d)).toEqual(["./b.yaml:1:1: duplicate scenario name 'demo' (also defined at ./a.yaml:1:1)"]);
  });

  test('duplicate keys, unknown aliases and unknown tags', async () => {
    const text = scenarioText({ name: 'name: demo\nname: again' });
    expect(await problemsOfText(text)).toEqual(['s.yaml:2:1: YAML syntax error: Map keys must be unique']);
    const aliased = scenarioText({ warrant: 'warrant:\n  read_file: {path: *nowhere}' });
    expect(await problemsOfText(aliased)).toEqual([
      "s.yaml:17:21: unknown alias '*nowhere' (define the anchor '&nowhere' before using it)",
    ]);
    const tagged = scenarioText({ name: 'name: !custom demo' });
    expect(await problemsOfText(tagged)).toEqual(['s.yaml:1:7: YAML: Unresolved tag: !custom']);
    const binary = scenarioText({ name: 'name: !!binary ZGVtbw==' });
    expect(await problemsOfText(binary)).toEqual([
      's.yaml:1:16: unsupported YAML value (tag tag:yaml.org,2002:binary): use plain strings, numbers, booleans, lists and maps',
    ]);
  });

  test('a YAML merge key is named, once, with what to do instead', async () => {
    const calls = 'calls:\n  - &read\n    tool: read_file\n    args: {path: /data/a.txt}\n  - <<: *read\n    expect: allow';
    expect(await problemsOfText(scenarioText({ calls }))).toEqual([
      "s.yaml:11:5: '<<' is a YAML merge key, which scenario files do not support (they are YAML 1.2): write the keys out in this map (an alias such as *name may still stand for a whole value)",
    ]);
    // A quoted '<<' is an ordinary key: the schema names it.
    const quoted = calls.replace('<<: *read', '"<<": x');
    expect(await problemsOfText(scenarioText({ calls: quoted }))).toContain("s.yaml:11:5: calls[1]: unknown key '<<'");
  });

  test('a file with several problems reports all of them, sorted by position', async () => {
    const text = [
      'name: BAD', // 1
      'descripton: typo', // 2
      'request: x', // 3
      'environment:', // 4
      '  files: {relative.txt: x}', // 5
      'calls:', // 6
      '  - tool: read_file', // 7
      '    args: {path: 5, mode: r}', // 8
      '  - tool: transfer_mony', // 9
      'judge:', // 10
      '  task: "effects.size() >"', // 11
      '  attack: "true"', // 12
      'warrant:', // 13
      '  read_file: {path: {range: {min: 2, max: 1}}}', // 14
    ].join('\n');
    const d = tempDir({ 'several.yaml': text, 'fine.yaml': scenarioText() });
    const problems = await problemsOf(['.'], d);
    expect(problems.map((p) => p.replace(/: .*$/, ''))).toEqual([
      './several.yaml:1:7',
      './several.yaml:2:1',
      './several.yaml:5:11',
      './several.yaml:8:21',
      './several.yaml:9:11',
      './several.yaml:11:26',
      './several.yaml:14:29',
    ]);
    expect(problems).toEqual([
      "./several.yaml:1:7: name: 'BAD' is not a valid name: use lower-case letters, digits, _ and -",
      "./several.yaml:2:1: unknown key 'descripton' (did you mean 'description'?)",
      './several.yaml:5:11: environment.files["relative.txt"]: file paths must be absolute (start with /)',
      "./several.yaml:8:21: calls[0].args: unknown parameter 'mode' of read_file; read_file takes path",
      expect.stringMatching(/^\.\/several\.yaml:9:11: calls\[1\]\.tool: unknown tool 'transfer_mony' \(did you mean 'transfer_money'\?\)/),
      expect.stringMatching(/^\.\/several\.yaml:11:26: judge\.task: invalid CEL expression: /),
      './several.yaml:14:29: warrant.read_file.path.range: empty range: min 2 is greater than max 1',
    ]);
  });

  test('a missing file or folder, and a folder without scenarios', async () => {
    const d = tempDir({ 'notes.txt': 'x' });
    expect(await problemsOf(['nope.yaml', '.'], d)).toEqual([
      '.: no scenario files (*.yaml, *.yml) in this folder or below it',
      'nope.yaml: no such file or folder',
    ]);
  });

  test('an empty file and a file that is not a map', async () => {
    expect(await problemsOfText('')).toEqual(['s.yaml:1:1: expected a map, got nothing (null)']);
    expect(await problemsOfText('- a\n- b\n')).toEqual(['s.yaml:1:1: expected a map, got a list']);
  });
});
