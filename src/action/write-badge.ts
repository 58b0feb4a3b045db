/**
 * Writes the badge pair into `badge-path`: NAME.svg (badge-maker, offline) and NAME.json (the
 * shields.io endpoint form). The renderer is imported on demand: badge-maker costs about as much to
 * load as Node itself and most runs ask for no badge.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Results } from '../results/results.js';

export async function writeBadge(dir: string, name: string, results: Results): Promise<{ svg: string; json: string }> {
  const { badgeData, renderBadgeEndpoint, renderBadgeSvg } = await import('../report/badge.js');
  const data = badgeData(results, name);
  await mkdir(dir, { recursive: true });
  const svg = join(dir, `${name}.svg`);
  const json = join(dir, `${name}.json`);
  await writeFile(svg, renderBadgeSvg(data), 'utf8');
  await writeFile(json, renderBadgeEndpoint(data), 'utf8');
  return { svg, json };
}
