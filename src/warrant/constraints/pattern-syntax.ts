/**
 * Why Tenuo would refuse a Pattern (glob) or a UrlPattern at minting, said before a warrant is
 * built: the scenario loader checks a constraint's `pattern:` / `url_pattern:` with these, and the
 * `tenuo.yaml` reader (src/import/tenuo-policy/) its `pattern:`, `urlpattern:` and web domains,
 * so that both refuse the same text with the same words.
 */

/**
 * Why a glob would not compile in the reference (Rust `glob` crate), or undefined: an unclosed
 * `[...]`, or `**` that is not a whole path component.
 */
export function globProblem(pattern: string): string | undefined {
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '[') {
      // `[` opens a class; `]` right after `[` or `[!` is a literal member.
      let j = i + 1;
      if (pattern[j] === '!') j++;
      if (pattern[j] === ']') j++;
      const close = pattern.indexOf(']', j);
      if (close < 0) return `unclosed '[' at character ${i + 1}`;
      i = close;
    } else if (c === '*' && pattern[i + 1] === '*') {
      if (pattern[i + 2] === '*') return `'***' at character ${i + 1}: wildcards are '*' or '**'`;
      const before = i === 0 ? '/' : pattern[i - 1];
      const after = i + 2 >= pattern.length ? '/' : pattern[i + 2];
      if (before !== '/' || after !== '/') {
        return `'**' at character ${i + 1} must be a whole path component (as in a/**/b)`;
      }
      i++;
    }
  }
  return undefined;
}

/** Why a URL pattern would not parse in the reference, or undefined. */
export function urlPatternProblem(pattern: string): string | undefined {
  const sep = pattern.indexOf('://');
  if (sep <= 0) return "missing scheme (expected 'scheme://host[:port][/path]')";
  const scheme = pattern.slice(0, sep);
  if (scheme !== '*' && !/^[A-Za-z][A-Za-z0-9+.-]*$/.test(scheme)) return `invalid scheme '${scheme}'`;
  const rest = pattern.slice(sep + 3);
  const host = rest.split(/[/:?#]/, 1)[0] ?? '';
  if (host === '') return 'missing host';
  if (host === '*') return "a bare '*' host is not allowed (name the domains, or use url_safe)";
  const probe = `https://${rest.replace(/\*\./g, 'wildcard.').replace(/\/\*/g, '/wildcard')}`;
  try {
    new URL(probe);
  } catch {
    return 'not a valid URL';
  }
  return undefined;
}
