/**
 * The runner's side of the workflow-command protocol: inputs from `INPUT_*`, outputs through the
 * `GITHUB_OUTPUT` file, log annotations as `::error file=…::` lines, the exit code.
 *
 * Why not @actions/core: it imports its OIDC client and with it undici at load time, which costs
 * about 0.85× a bare Node start on every run; this file is the few lines of it the action uses,
 * written to the documented protocol
 * (https://docs.github.com/actions/reference/workflow-commands-for-github-actions).
 */
import { appendFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { EOL } from 'node:os';

export interface AnnotationProps {
  title?: string;
  file?: string;
  line?: number;
  col?: number;
}

export interface Runner {
  readonly env: NodeJS.ProcessEnv;
  /** The raw input, trimmed; '' when unset. Names are matched as the runner writes them. */
  getInput(name: string): string;
  setOutput(name: string, value: string): void;
  info(message: string): void;
  /** Shown only when the run has debug logging on (ACTIONS_STEP_DEBUG). */
  debug(message: string): void;
  notice(message: string, props?: AnnotationProps): void;
  warning(message: string, props?: AnnotationProps): void;
  error(message: string, props?: AnnotationProps): void;
  setFailed(message: string): void;
}

export function processRunner(env: NodeJS.ProcessEnv = process.env): Runner {
  const write = (line: string): void => {
    process.stdout.write(line + EOL);
  };
  const command = (cmd: string, message: string, props?: AnnotationProps): void => {
    const p: string[] = [];
    if (props?.title) p.push(`title=${escapeProperty(props.title)}`);
    if (props?.file) p.push(`file=${escapeProperty(props.file)}`);
    if (props?.line !== undefined) p.push(`line=${props.line}`);
    if (props?.col !== undefined) p.push(`col=${props.col}`);
    write(`::${cmd}${p.length ? ' ' + p.join(',') : ''}::${escapeData(message)}`);
  };
  return {
    env,
    getInput(name) {
      // The runner upper-cases the name and replaces spaces only: hyphens stay (INPUT_MAX-ASR).
      return (env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] ?? '').trim();
    },
    setOutput(name, value) {
      const file = env['GITHUB_OUTPUT'];
      if (file) {
        const delimiter = `ghadelimiter_${randomUUID()}`;
        appendFileSync(file, `${name}<<${delimiter}${EOL}${value}${EOL}${delimiter}${EOL}`, 'utf8');
      } else {
        // Outside a runner (a local try-out): show the value instead.
        write(`output ${name}=${value}`);
      }
    },
    info: write,
    debug: (m) => command('debug', m),
    notice: (m, p) => command('notice', m, p),
    warning: (m, p) => command('warning', m, p),
    error: (m, p) => command('error', m, p),
    setFailed(message) {
      process.exitCode = 1;
      command('error', message);
    },
  };
}

function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
