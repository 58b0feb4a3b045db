/**
 * What the runner makes of a step's stdout, for tests: it reads it line by line, takes
 * `::add-mask::DATA` lines as secrets (DATA unescaped; a value of several lines registers each
 * line too, as actions/runner does since 2.285), and prints every other line with the secrets
 * registered so far replaced by `***`.
 */
export interface RunnerLog {
  /** The lines a person sees in the log, masked. */
  shown: string[];
  /** Every value registered by add-mask. */
  secrets: string[];
}

function unescapeData(s: string): string {
  return s.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%');
}

export function readRunnerLog(stdout: string): RunnerLog {
  const secrets: string[] = [];
  const shown: string[] = [];
  for (const line of stdout.split(/\r?\n/)) {
    const mask = /^::add-mask::(.*)$/.exec(line);
    if (mask) {
      const value = unescapeData(mask[1]!);
      secrets.push(value);
      for (const part of value.split(/[\r\n]+/)) if (part.trim() !== '') secrets.push(part.trim());
      continue;
    }
    let masked = line;
    // Longest first, so that a secret containing another is hidden whole.
    for (const s of [...secrets].sort((a, b) => b.length - a.length)) masked = masked.split(s).join('***');
    shown.push(masked);
  }
  return { shown, secrets };
}
