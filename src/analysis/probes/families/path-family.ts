/**
 * Path probes: the warrant normalizes a path one way (Tenuo's Subpath splits on `/` and `\`), a
 * POSIX file system another (only `/`). Aimed at the scripted attacks' paths, or /etc/passwd.
 */
import type { FamilyGenerator, ProbeValue } from './family.js';

function dirOf(path: string): string {
  const cut = path.lastIndexOf('/');
  return cut <= 0 ? '' : path.slice(0, cut);
}

function depth(dir: string): number {
  return dir.split('/').filter((p) => p !== '').length;
}

export const pathProbes: FamilyGenerator = (ctx) => {
  if (typeof ctx.base !== 'string' || !ctx.base.startsWith('/')) return [];
  const base = ctx.base;
  const dir = dirOf(base);
  const d = depth(dir);
  const targets = ctx.targets.length > 0 ? ctx.targets.slice(0, 2) : ['/etc/passwd'];
  const out: ProbeValue[] = [];
  // A file's parent or, for a directory argument, the directory itself: the deepest place the
  // grant may contain, so the climb out of it is as short as the grant allows.
  const dirs = [...new Set([base.replace(/\/+$/, ''), dir])].filter((x) => x !== '');
  for (const target of targets) {
    const rel = target.replace(/^\/+/, '');
    for (const from of dirs) {
      // One POSIX component holding k = depth+1 backslash-separated names: the warrant climbs back
      // out of them and stays inside `from`; the file system climbs out of `from` itself up to `/`.
      const k = depth(from) + 1;
      const names = Array.from({ length: k }, () => ctx.label());
      const ups = Array(k).fill('..').join('/');
      out.push({ family: 'separator_confusion', value: `${from}/${names.join('\\')}/${ups}/${rel}` });
    }
    const ups = Array(d + 1)
      .fill('..')
      .join('/');
    out.push({ family: 'separator_confusion', value: `${dir}/..\\${ctx.label()}/${ups}/${rel}` });
    out.push({ family: 'traversal', value: `${dir}/${ups}/${rel}` });
    out.push({
      family: 'traversal',
      value: `${dir}/./${ctx.label()}/../${Array(d + 2)
        .fill('..')
        .join('/')}/${rel}`,
    });
    out.push({
      family: 'encoding',
      value: `${dir}/${Array(d + 1)
        .fill('%2e%2e')
        .join('/')}/${rel}`,
    });
    out.push({ family: 'nul', value: `${base}\0/${ups}/${rel}` });
  }
  out.push({ family: 'case', value: base.toUpperCase() });
  out.push({ family: 'trailing_dot', value: `${base}/.` });
  out.push({ family: 'trailing_dot', value: `${dir}/.${base.slice(dir.length)}` });
  out.push({ family: 'type_confusion', value: [base] });
  return out;
};
