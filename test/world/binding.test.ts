/**
 * Bindings (src/world/binding.ts): what each integration authorizes, and which parameters a strict
 * grant must name under it.
 */
import { describe, expect, it } from 'vitest';
import { alwaysPresent, bindingOf, callArgs, executedArgs, guardArgs, mcpArgs } from '../../src/world/binding.js';
import { signedArgsOf } from '../../src/world/claude-hook.js';
import { customSignature } from '../../src/world/tools.js';
import type { CustomTool } from '../../src/model/scenario.js';

const reply: CustomTool = { params: ['to', 'body', 'cc'], returns: '', defaults: { cc: null } };
const sig = customSignature(reply);

describe('bindings', () => {
  it('guard: bound, defaults applied, then None stripped: a parameter defaulting to None is absent', () => {
    expect(guardArgs(sig, { to: 'a@x', body: 'hi' })).toEqual({ to: 'a@x', body: 'hi' });
    expect(guardArgs(sig, { to: 'a@x', body: 'hi', cc: null })).toEqual({ to: 'a@x', body: 'hi' });
    expect(guardArgs({ ...sig, defaults: { cc: '' } }, { to: 'a@x', body: 'hi' })).toEqual({ to: 'a@x', body: 'hi', cc: '' });
  });

  it('mcp: the arguments as sent, None stripped, no defaults', () => {
    expect(mcpArgs({ to: 'a@x', body: 'hi', cc: null, tags: ['x', null] })).toEqual({ to: 'a@x', body: 'hi', tags: ['x'] });
    const mcp: CustomTool = { ...reply, binding: 'mcp', defaults: { cc: 'boss@x' } };
    const kept = callArgs(customSignature(mcp), mcp, { to: 'a@x', body: 'hi' });
    expect(kept).toEqual({ to: 'a@x', body: 'hi' });
    expect(signedArgsOf({ reply: mcp }, { tool: 'reply', args: kept })).toEqual({ to: 'a@x', body: 'hi' });
    // The server still runs the call with its defaults.
    expect(executedArgs(customSignature(mcp), kept)).toEqual({ to: 'a@x', body: 'hi', cc: 'boss@x' });
  });

  it('a strict grant names what every call carries under the binding', () => {
    expect(bindingOf(undefined)).toBe('guard');
    expect(bindingOf(reply)).toBe('guard');
    expect(alwaysPresent(sig, reply)).toEqual(['to', 'body']);
    const withDefault: CustomTool = { ...reply, defaults: { cc: '' } };
    expect(alwaysPresent(customSignature(withDefault), withDefault)).toEqual(['to', 'body', 'cc']);
    const mcp: CustomTool = { ...withDefault, binding: 'mcp' };
    expect(alwaysPresent(customSignature(mcp), mcp)).toEqual(['to', 'body']);
  });
});
