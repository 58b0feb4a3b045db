/**
 * Judges checked at load (judge-check.ts): each kind of mistake is refused with its position, in
 * the expression and in the file (`delegation-bench validate` and `run` exit 2), and every judge
 * that can be right is accepted, the built-in ones first of all.
 */
import { describe, expect, test } from 'vitest';
import { EFFECT_TYPES } from '../../src/world/effects.js';
import { checkJudge } from '../../src/scenario/judge-check.js';
import { loadScenarioSet, loadScenarios } from '../../src/scenario/load.js';
import { main } from '../../src/cli/main.js';
import { fakeIo, problemsOfText, scenarioText, tempDir } from './helpers.js';

/** The problems as `offset: message`, the offset shown as the text from there on. */
const problems = (expr: string) => checkJudge(expr).map((p) => `${expr.slice(p.at, p.at + 12)} | ${p.message}`);

describe('checkJudge: what it refuses', () => {
  test('a field no effect has, with the closest name', () => {
    expect(problems('effects.exists(e, e.type == "file_read" || e.pth == "/x")')).toEqual([
      'pth == "/x")' + " | no effect has a field 'pth' (did you mean 'path'?)",
    ]);
    expect(problems('effects.exists(e, has(e.colour))')).toEqual(["colour)) | no effect has a field 'colour'"]);
  });

  test('a field the effect type tested on the left of && does not have', () => {
    expect(problems('effects.exists(e, e.type == "file_read" && e.content.contains("k"))')).toEqual([
      "content.cont | file_read effects have no field 'content' (they have type, path, raw_path, found); only file_written has it",
    ]);
    // The test may sit anywhere in a chain of &&, on either side of ==.
    expect(problems('effects.exists(e, e.found && "transfer_made" == e.type && e.to == "x" && e.memo.size() > 0 && e.bdy == "")')).toEqual([
      'bdy == "")' + " | transfer_made effects have no field 'bdy' (they have type, to, amount, memo)",
    ]);
  });

  test('an effect type that does not exist (==, != and in)', () => {
    expect(problems('effects.exists(e, e.type == "file_raed")')).toEqual([
      `"file_raed") | no effect has the type "file_raed" (did you mean 'file_read'?) (effect types: ${EFFECT_TYPES.join(', ')})`,
    ]);
    expect(problems('effects.all(x, x.type != "mail_sent")')[0]).toMatch(
      /^"mail_sent"\) \| no effect has the type "mail_sent" \(did you mean 'email_sent'\?\)/,
    );
    expect(problems('effects.exists(e, e.type in ["file_read", "file_writen"])')[0]).toMatch(
      /^"file_writen \| .*did you mean 'file_written'/,
    );
  });

  test('a result that is not a bool', () => {
    expect(problems('size(effects)')).toEqual(['size(effects | a judge must return a bool, but this returns int']);
    expect(problems('effects.filter(e, e.type == "file_read")')).toEqual([
      'effects.filt | a judge must return a bool, but this returns list(an effect)',
    ]);
    expect(problems('"yes"')).toEqual(['"yes" | a judge must return a bool, but this returns string']);
    expect(problems('effects.map(e, e.path)')).toEqual(['effects.map( | a judge must return a bool, but this returns list(string)']);
    expect(problems('true ? 1 : 2')).toEqual(['true ? 1 : 2 | a judge must return a bool, but this returns int']);
  });

  test('operands of logic that cannot be bools', () => {
    expect(problems('effects.exists(e, e.type == "file_read" && e.path)')).toEqual([
      "e.path) | each side of '&&' must be a bool, but this is string",
    ]);
    expect(problems('!size(effects)')).toEqual(["size(effects | the operand of '!' must be a bool, but this is int"]);
    expect(problems('effects.exists(e, e.recipients)')).toEqual([
      'e.recipients | the condition of exists() must be a bool, but this is list(string)',
    ]);
  });

  test('every problem at once, in order', () => {
    expect(
      checkJudge('effects.exists(e, e.type == "file_raed" && e.pth == "x") && size(effects)').map((p) => p.message.slice(0, 30)),
    ).toEqual(['no effect has the type "file_r', "no effect has a field 'pth' (d", "each side of '&&' must be a bo"]);
  });
});

describe('checkJudge: what it accepts', () => {
  test.each([
    'effects.exists(e, e.type == "file_written" && e.path.startsWith("/docs/"))',
    'effects.exists(e, e.type == "file_read" && e.found && e.path.startsWith("/secrets/"))',
    'effects.exists(e, e.type == "email_sent" && e.recipients.exists(r, r.endsWith("@company.com")))',
    'effects.exists(e, e.type == "email_sent" && "a@b.c" in e.recipients)',
    'effects.exists(e, e.type == "transfer_made" && e.amount > 500.0)',
    'effects.exists(e, e.type == "tool_called" && e.tool == "deploy" && e.args.target == "staging")',
    'effects.exists(e, e.type == "files_listed" && !e.found && e.raw_directory != e.directory)',
    'effects.exists(e, e.type == "email_read" && e.email_id == "3" && e.found)',
    'effects.exists(e, e.type == "balance_read" && e.balance < 0) || effects.exists(e, e.type == "emails_listed" && e.count > 0)',
    'effects.exists_one(e, e.type == "transactions_listed")',
    'effects.exists(e, e.type == "command_run" && e.parsed && e.programs.exists(p, p[0] == "curl"))',
    'effects.exists(e, e.type == "http_request" && e.target != "public" && e.port == 80)',
    'effects.exists(e, e.type == "email_sent" && e.delivered_to.exists(m, !m.endsWith("@company.com")))',
    // Without a type test, a field that some effect has is fine (other effects make && false).
    'effects.exists(e, e.path.startsWith("/etc/"))',
    'effects.all(e, !has(e.path) || !e.path.startsWith("/secrets/"))',
    'size(effects.filter(e, e.type == "file_read")) > 2',
    'effects.map(e, e.type).exists(t, t == "email_sent")',
    // What inference cannot tell is accepted.
    'effects[0].path == "/x"',
    'dyn(effects).size() > 0',
    '[1, 2].exists(x, x.anything == 1) || true',
    'effects.exists(e, e.args.type == "whatever")',
    'effects.exists(e, e.type == "file_read") ? true : false',
    'false',
  ])('%s', (expr) => {
    expect(checkJudge(expr)).toEqual([]);
  });

  test('every built-in judge', async () => {
    const suite = await loadScenarios([], process.cwd());
    expect(suite).toHaveLength(8);
    for (const s of suite) {
      expect(checkJudge(s.judge.task), `${s.name} task`).toEqual([]);
      expect(checkJudge(s.judge.attack), `${s.name} attack`).toEqual([]);
    }
  });
});

describe('at load: FILE:LINE:COL, exit 2', () => {
  test('plain, quoted and block judges point at the very place in the file', async () => {
    const text = scenarioText({
      judge: [
        'judge:',
        '  task: effects.exists(e, e.type == "file_read" && e.pth == "/data/a.txt")', // line 14
        '  attack: >-',
        '    effects.exists(e,',
        '      e.type == "file_raed")', // line 17
      ].join('\n'),
    });
    expect(await problemsOfText(text)).toEqual([
      "s.yaml:14:54: judge.task: file_read effects have no field 'pth' (they have type, path, raw_path, found) (did you mean 'path'?)",
      `s.yaml:17:17: judge.attack: no effect has the type "file_raed" (did you mean 'file_read'?) (effect types: ${EFFECT_TYPES.join(', ')})`,
    ]);
    const quoted = scenarioText({
      judge: "judge:\n  task: 'effects.exists(e, e.type == ''file_read'' && e.pth)'\n  attack: \"size(effects)\"",
    });
    expect(await problemsOfText(quoted)).toEqual([
      "s.yaml:14:57: judge.task: file_read effects have no field 'pth' (they have type, path, raw_path, found) (did you mean 'path'?)",
      's.yaml:15:12: judge.attack: a judge must return a bool, but this returns int',
    ]);
  });

  test("an escape in a double-quoted judge: the judge's start, never a wrong column", async () => {
    const text = scenarioText({ judge: 'judge:\n  task: "effects.exists(e, e.type == \\"file_read\\" && e.pth)"\n  attack: "false"' });
    expect(await problemsOfText(text)).toEqual([
      "s.yaml:14:9: judge.task: file_read effects have no field 'pth' (they have type, path, raw_path, found) (did you mean 'path'?)",
    ]);
  });

  test('validate and run exit 2 with every problem', async () => {
    const d = tempDir({ 'bad.yaml': scenarioText({ judge: 'judge:\n  task: effects.exists(e, e.pth == "x")\n  attack: size(effects)' }) });
    for (const cmd of ['validate', 'run']) {
      const io = fakeIo(d);
      expect(await main([cmd, '--scenarios', 'bad.yaml'], io), cmd).toBe(2);
      expect(io.out).toBe('');
      expect(io.err.split('\n').slice(0, 2)).toEqual([
        "bad.yaml:14:29: judge.task: no effect has a field 'pth' (did you mean 'path'?)",
        'bad.yaml:15:11: judge.attack: a judge must return a bool, but this returns int',
      ]);
    }
  });
});

describe('judges that can count: accepted in a judge, refused in a grant', () => {
  test('sum, last, seq and final pass the judge checks, and last() keeps the element type', () => {
    expect(problems('sum(effects.filter(e, e.type == "transfer_made").map(e, e.amount)) >= 30000')).toEqual([]);
    expect(problems('effects.filter(e, e.type == "file_written").last().content == "x" && effects[0].seq == 0')).toEqual([]);
    expect(problems('final.files["/a"] == "x" && final.balance < 100 && size(final.emails) > 0')).toEqual([]);
    expect(problems('effects.filter(e, e.type == "file_written").last().pth == "x"')).toEqual([
      `pth == "x" | no effect has a field 'pth' (did you mean 'path'?)`,
    ]);
  });

  test("a grant calling a judge-only function is refused at FILE:LINE:COL (grants are Tenuo's dialect)", async () => {
    const text = scenarioText({ warrant: 'warrant:\n  read_file: {path: {cel: "sum([1]) > 0 && value.last() == 1"}}' });
    expect(await problemsOfText(text)).toEqual([
      expect.stringMatching(
        /^s\.yaml:17:28: warrant\.read_file\.path.*sum\(\) is a judge-only function \(docs\/effects\.md\); a grant's CEL is Tenuo's dialect/,
      ),
    ]);
  });

  test('a judge reading final loads without a warning about unknown names', async () => {
    const d = tempDir({
      's.yaml': scenarioText({ judge: 'judge:\n  task: final.files["/data/a.txt"] == "hello"\n  attack: sum([]) > 0' }),
    });
    const loaded = await loadScenarioSet(['s.yaml'], d);
    expect(loaded.scenarios.map((s) => s.judge.attack)).toEqual(['sum([]) > 0']);
    expect(loaded.warnings).toEqual([]);
  });
});
