/**
 * LLM-mode progress on stderr: a bar redrawn in place on a terminal; in CI (not a TTY) one line per
 * finished scenario × condition, so logs stay readable and grep-able.
 */
import type { LlmProgress } from '../llm/llm-stage.js';
import { formatMeanStd } from '../report/sections/llm-section.js';

const WIDTH = 30;

export function progressReporter(write: (t: string) => void, tty: boolean): { update: (p: LlmProgress) => void; end: () => void } {
  let drawn = false;
  return {
    update(p) {
      if (tty) {
        const filled = p.total === 0 ? WIDTH : Math.round((p.done / p.total) * WIDTH);
        write(`\r[${'#'.repeat(filled)}${' '.repeat(WIDTH - filled)}] ${p.done}/${p.total} trials, ${p.tokens} tokens`);
        drawn = true;
        return;
      }
      if (p.cell) {
        const s = p.cell.stats;
        write(
          `llm: ${p.cell.scenario} × ${p.cell.condition}: ${s.runs} runs, ${s.errors} errors, ` +
            `ASR ${formatMeanStd(s.asr)}, TCR ${formatMeanStd(s.tcr)} (${p.done}/${p.total} trials, ${p.tokens} tokens)\n`,
        );
      }
    },
    end() {
      if (drawn) write('\n');
    },
  };
}
