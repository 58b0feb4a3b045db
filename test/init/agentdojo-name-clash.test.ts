import { describe, expect, it } from 'vitest';
import { AgentDojoExportError, readAgentDojoExport } from '../../src/import/agentdojo/read-export.js';
import { importSuite } from '../../src/init/agentdojo/import-suite.js';
import { exportText, miniExport } from '../helpers/agentdojo-export.js';

describe('import agentdojo: scenario names', () => {
  it('refuses two pairs that would make the same scenario file, rather than write one over the other', () => {
    const raw = miniExport() as { user_tasks: { id: string }[]; pairs: { user_task: string }[] };
    const copy = structuredClone(raw.user_tasks.find((t) => t.id === 'user_task_0')!);
    copy.id = 'U0'; // shortId: `user_task_0` → u0, `U0` → u0
    raw.user_tasks.push(copy);
    raw.pairs.push({ ...structuredClone(raw.pairs.find((p) => p.user_task === 'user_task_0')!), user_task: 'U0' });
    const exp = readAgentDojoExport(exportText(raw), 'x.json');
    expect(() => importSuite(exp, 'task-scoped', '/tmp/out')).toThrow(AgentDojoExportError);
    expect(() => importSuite(exp, 'task-scoped', '/tmp/out')).toThrow(/both make scenario 'minibank_u0_i0'/);
  });

  it('imports the export without clashes as before', () => {
    const exp = readAgentDojoExport(exportText(miniExport()), 'x.json');
    const s = importSuite(exp, 'task-scoped', '/tmp/out');
    expect(s.imported).toBe(new Set(s.files.map((f) => f.path)).size - 3);
  });
});
