/** JSON lines of `{tool, args, result}`, one recorded call a line (or one such object alone). */
import { dollarPath as dollar, type JsonPathSegment } from '../json-text.js';
import { checkUnicode, describe, isObject, resultText, toValue, type JsonObject, type RawNumber } from './recorded-values.js';
import type { RecordedCall } from './types.js';
import type { Value } from '../../warrant/constraint-value.js';

export function readRecord(record: JsonObject, at: string, raw: RawNumber, problems: string[]): RecordedCall | undefined {
  const unknown = Object.keys(record).filter((k) => k !== 'tool' && k !== 'args' && k !== 'result');
  for (const k of unknown) problems.push(`${at}: ${dollar([k])}: unknown key (a record is {tool, args, result})`);
  if (typeof record.tool !== 'string' || record.tool === '') {
    problems.push(`${at}: $.tool: a record needs the tool's name as a string`);
    return undefined;
  }
  const before = problems.length;
  const bad = (path: readonly JsonPathSegment[], message: string): void => void problems.push(`${at}: ${dollar(path)}: ${message}`);
  if (record.args !== undefined && !isObject(record.args)) {
    problems.push(
      `${at}: $.args: the arguments must be a JSON object of parameter → value, got ${describe(toValue(record.args, ['args'], raw, bad))}`,
    );
    return undefined;
  }
  const args = record.args === undefined ? {} : (toValue(record.args, ['args'], raw, bad) as Record<string, Value>);
  checkUnicode(args, ['args'], bad);
  const result = record.result === undefined ? undefined : resultText(toValue(record.result, ['result'], raw, bad));
  return unknown.length > 0 || problems.length > before ? undefined : { tool: record.tool, args, result, where: at };
}
