/**
 * Where a file nested too deep is refused must not depend on the thread that parsed it: yaml's own
 * stack overflow comes at a depth set by the thread's stack and the JIT's frames (the main thread
 * overflows on 1,000 `[` where a worker does not, so the same file was refused at 46:805 on one
 * thread and 46:39 on three), so every file that could nest past the pre-pass's bound is decided
 * by the pre-pass, small files included.
 */
import { describe, expect, it } from 'vitest';
import { parseYamlTree, MAX_DEPTH } from '../../src/lib/yaml-tree.js';
import { nestingTooDeep } from '../../src/lib/yaml-nesting.js';

describe('a small file nested too deep', () => {
  it('is refused where the pre-pass finds it, whatever the stack would have allowed', () => {
    for (const depth of [200, 1000, 5000]) {
      const text = `name: x\nnotes: ${'['.repeat(depth)}${']'.repeat(depth)}\ncalls: []\n`;
      expect(text.length).toBeLessThan(16 * 1024); // below the size that always took the pre-pass
      const at = nestingTooDeep(text, 4 * MAX_DEPTH);
      expect(at).toBeDefined();
      const { problems } = parseYamlTree(text);
      expect(problems).toEqual([{ offset: at, message: `YAML nesting deeper than ${MAX_DEPTH} levels; the file is refused` }]);
    }
  });

  it('a file that cannot nest past the bound is not refused for depth', () => {
    const text = `name: x\nnotes: ${'['.repeat(20)}1${']'.repeat(20)}\n`;
    expect(parseYamlTree(text).problems).toEqual([]);
  });
});
