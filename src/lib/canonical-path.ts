/**
 * Whether a POSIX path is already in normal form: `/`, or `/` then segments joined by single
 * slashes, none of them empty, `.` or `..`. Most paths a call carries are; a few substring tests
 * are cheaper than splitting and joining them.
 */
export function isCanonicalPosixPath(path: string): boolean {
  if (path === '/') return true;
  return (
    path.startsWith('/') &&
    !path.endsWith('/') &&
    !path.endsWith('/.') &&
    !path.endsWith('/..') &&
    !path.includes('//') &&
    !path.includes('/./') &&
    !path.includes('/../')
  );
}
