/**
 * A url_pattern that writes its scheme's default port matches every port in Tenuo: UrlPattern::new
 * keeps the url crate's `port()`, None for a default port, and a pattern with no port checks none
 * (tenuo-core constraints.rs). The loader warns at the constraint's FILE:LINE:COL.
 */
import { describe, expect, it } from 'vitest';
import { parseScenarioText } from '../../src/scenario/parse/index.js';
import { parseUrlPattern, urlPatternMatches, type UrlPatternSpec } from '../../src/warrant/constraints/url-pattern.js';
import { scenarioText } from './helpers.js';

function withPattern(pattern: string): string {
  return scenarioText({
    tools: 'tools:\n  fetch: {params: [url], returns: ok}',
    calls: 'calls:\n  - tool: fetch\n    args: {url: "https://x.com/a"}',
    judge: 'judge:\n  task: "true"\n  attack: "false"',
    warrant: `warrant:\n  fetch:\n    url: {url_pattern: "${pattern}"}`,
  });
}

describe('url_pattern with the default port of its scheme', () => {
  it('matches every port, as Tenuo parses it (the reason for the warning)', () => {
    const spec = parseUrlPattern('https://x.com:443/*') as UrlPatternSpec;
    expect(spec.port).toBeUndefined();
    expect(urlPatternMatches(spec, 'https://x.com:8443/a')).toBe(true);
    expect(urlPatternMatches(parseUrlPattern('https://x.com:8443/*') as UrlPatternSpec, 'https://x.com:9443/a')).toBe(false);
  });

  it.each([
    ['https://x.com:443/*', 'https', '443'],
    ['http://x.com:80/api/*', 'http', '80'],
    ['*://x.com:443/*', 'https', '443'],
    ['wss://x.com:0443/*', 'wss', '0443'],
  ])('%s loads with a warning at FILE:LINE:COL', (pattern, scheme, port) => {
    const text = withPattern(pattern);
    const r = parseScenarioText(text, 's.yaml');
    expect(r.problems).toEqual([]);
    const line = text.split('\n').findIndex((l) => l.includes('url_pattern')) + 1;
    const col = text.split('\n')[line - 1]!.indexOf('"') + 1;
    expect(r.warnings).toEqual([
      expect.stringMatching(
        new RegExp(
          `^s\\.yaml:${line}:${col}: warrant\\.fetch\\.url\\.url_pattern: url_pattern '.*': :${port} is ${scheme}'s default port, which Tenuo drops when it parses the pattern.*and a pattern without a port matches every port`,
        ),
      ),
    ]);
  });

  it.each(['https://x.com/*', 'https://x.com:8443/*', 'http://x.com:443/*', 'https://[::1]:8443/*'])('%s loads without one', (pattern) => {
    const r = parseScenarioText(withPattern(pattern), 's.yaml');
    expect(r.problems).toEqual([]);
    expect(r.warnings).toEqual([]);
  });
});
