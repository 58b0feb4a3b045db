import { describe, expect, it } from 'vitest';
import { nextLink } from '../../src/action/github-rest.js';

describe('nextLink (Link header pagination)', () => {
  it('finds rel="next" wherever it stands', () => {
    const api = 'http://127.0.0.1:1/repos/o/r/issues/1/comments';
    expect(nextLink(`<${api}?page=2>; rel="next", <${api}?page=5>; rel="last"`)).toBe(`${api}?page=2`);
    expect(nextLink(`<${api}?page=1>; rel="prev", <${api}?page=3>; rel="next"`)).toBe(`${api}?page=3`);
    expect(nextLink(`<${api}?page=3>; rel=next`)).toBe(`${api}?page=3`);
  });

  it('ends pagination when there is no next link', () => {
    expect(nextLink(null)).toBeUndefined();
    expect(nextLink('')).toBeUndefined();
    expect(nextLink('<http://x/?page=1>; rel="prev", <http://x/?page=1>; rel="first"')).toBeUndefined();
    expect(nextLink('garbage')).toBeUndefined();
  });
});
