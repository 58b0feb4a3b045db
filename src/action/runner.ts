/**
 * What the action says to the runner, behind one small interface: inputs, outputs, secrets to
 * mask, log lines and annotations, groups, the job summary, the failure. `toolkitRunner()` is the
 * real one, every call going through @actions/core (its escaping of workflow commands, its
 * heredoc-delimited GITHUB_OUTPUT records, its job summary writer); tests pass a recording runner.
 */
import * as core from '@actions/core';

export interface AnnotationProps {
  title?: string;
  file?: string;
  line?: number;
  col?: number;
}

/** The job summary: its file (to know how much of GitHub's 1 MiB is left) and an append to it. */
export interface SummarySink {
  readonly file: string;
  append(markdown: string): Promise<void>;
}

export interface Runner {
  readonly env: NodeJS.ProcessEnv;
  /** The raw input, trimmed; '' when unset. */
  getInput(name: string): string;
  setOutput(name: string, value: string): void;
  /** Hides the value in every later log line; a value of several lines, each of its lines. */
  setSecret(value: string): void;
  info(message: string): void;
  /** Shown only when the run has debug logging on (ACTIONS_STEP_DEBUG). */
  debug(message: string): void;
  notice(message: string, props?: AnnotationProps): void;
  warning(message: string, props?: AnnotationProps): void;
  error(message: string, props?: AnnotationProps): void;
  /** The log lines written while `fn` runs fold under `name`. */
  group<T>(name: string, fn: () => Promise<T>): Promise<T>;
  /** Undefined when the runner gives the step no summary file. */
  readonly summary: SummarySink | undefined;
  /** Marks the step failed (exit code 1) with the message as an error annotation. */
  setFailed(message: string): void;
}

/** The runner of this process, through @actions/core (which reads process.env). */
export function toolkitRunner(): Runner {
  const summaryFile = process.env['GITHUB_STEP_SUMMARY'];
  return {
    env: process.env,
    getInput: (name) => core.getInput(name),
    setOutput: (name, value) => core.setOutput(name, value),
    setSecret: (value) => core.setSecret(value),
    info: (message) => core.info(message),
    debug: (message) => core.debug(message),
    notice: (message, props) => core.notice(message, annotation(props)),
    warning: (message, props) => core.warning(message, annotation(props)),
    error: (message, props) => core.error(message, annotation(props)),
    group: (name, fn) => core.group(name, fn),
    summary: summaryFile
      ? {
          file: summaryFile,
          async append(markdown) {
            await core.summary.addRaw(markdown).write();
          },
        }
      : undefined,
    setFailed: (message) => core.setFailed(message),
  };
}

function annotation(props: AnnotationProps | undefined): core.AnnotationProperties {
  if (!props) return {};
  const out: core.AnnotationProperties = {};
  if (props.title !== undefined) out.title = props.title;
  if (props.file !== undefined) out.file = props.file;
  if (props.line !== undefined) out.startLine = props.line;
  if (props.col !== undefined) out.startColumn = props.col;
  return out;
}
