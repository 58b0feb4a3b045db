/** What the action masks before anything is printed: the model server's key and its URL's password. */
import { describe, expect, it } from 'vitest';
import { maskSecrets, type ActionLlm } from '../../src/action/llm-step.js';

const llm = (o: Partial<ActionLlm>): ActionLlm => ({
  mode: 'llm',
  model: 'm',
  runs: 1,
  shard: undefined,
  gateLlm: false,
  baseURL: undefined,
  apiKey: undefined,
  ...o,
});

const masked = (c: ActionLlm): string[] => {
  const out: string[] = [];
  maskSecrets((s) => out.push(s), c);
  return out;
};

describe('maskSecrets', () => {
  it('masks the key, and a base URL password both as written and as sent', () => {
    expect(masked(llm({ apiKey: 'sk-1' }))).toEqual(['sk-1']);
    expect(masked(llm({ baseURL: 'https://u:p%40ss@llm.example/v1' }))).toEqual(['p%40ss', 'p@ss']);
    expect(masked(llm({ baseURL: 'https://u:plain@llm.example/v1' }))).toEqual(['plain']);
  });

  it('still masks a password whose percent-encoding does not decode', () => {
    expect(masked(llm({ baseURL: 'https://u:bad%zzpass@llm.example/v1' }))).toEqual(['bad%zzpass']);
  });

  it('masks nothing when there is nothing secret', () => {
    expect(masked(llm({ baseURL: 'https://llm.example/v1' }))).toEqual([]);
    expect(masked(llm({}))).toEqual([]);
  });
});
