/**
 * Command-line probes: the warrant reads a command line one way (Tenuo's Shlex: the first
 * whitespace token's basename), a POSIX shell another (assignments before the program, quotes,
 * escapes, lists, pipelines, substitutions). Aimed at the scripted attacks' programs, or `rm`.
 */
import type { FamilyGenerator, ProbeValue } from './family.js';

const WORD = /\S+/;

export const shellProbes: FamilyGenerator = (ctx) => {
  if (typeof ctx.base !== 'string') return [];
  const allowed = WORD.exec(ctx.base)?.[0];
  if (allowed === undefined) return [];
  const name = allowed.slice(allowed.lastIndexOf('/') + 1);
  const targets = ctx.targets.length > 0 ? ctx.targets.slice(0, 2) : ['rm -rf /'];
  const out: ProbeValue[] = [];
  const add = (family: ProbeValue['family'], s: string) => out.push({ family, value: s });
  for (const target of targets) {
    const v = ctx.label().toUpperCase();
    add('shell_assignment', `${v}=/${name} ${target}`);
    add('shell_assignment', `${v}=${ctx.label()}/${name} ${target}`);
    add('shell_assignment', `${name}=1 ${target}`);
    add('shell_metacharacter', `${allowed}; ${target}`);
    add('shell_metacharacter', `${allowed} && ${target}`);
    add('shell_metacharacter', `${allowed} | ${target}`);
    add('shell_metacharacter', `${allowed} $(${target})`);
    add('shell_metacharacter', `${allowed} \`${target}\``);
    add('shell_metacharacter', `${allowed}\n${target}`);
    add('shell_quoting', `${allowed}\u00a0${target}`);
    const [prog, ...rest] = target.split(' ');
    add('shell_quoting', `'${prog}' ${rest.join(' ')}`);
    add('shell_quoting', `${prog}'' ${rest.join(' ')}`);
    add('program_path', `/${ctx.label()}/${name}/../${prog} ${rest.join(' ')}`);
  }
  add('program_path', `./${name}${ctx.base.slice(allowed.length)}`);
  add('program_path', `/tmp/${ctx.label()}/${name}${ctx.base.slice(allowed.length)}`);
  add('nul', `${ctx.base}\0; rm -rf /`);
  return out;
};
