/** Every image a content file names (award badges, carrier marks) is served from public/. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loaders, type ContentId } from '@/generated/content';

function imagePaths(node: unknown): string[] {
  if (typeof node === 'string') return /^\/[a-z0-9/-]+\.(svg|png|jpg|webp)$/.test(node) ? [node] : [];
  if (Array.isArray(node)) return node.flatMap(imagePaths);
  if (node && typeof node === 'object') return Object.values(node).flatMap(imagePaths);
  return [];
}

it('finds every content image under public/', async () => {
  const paths = (await Promise.all((Object.keys(loaders) as ContentId[]).map(async (id) => imagePaths(await loaders[id]())))).flat();
  expect(paths.length).toBeGreaterThan(0);
  expect(paths.filter((p) => !existsSync(join(process.cwd(), 'public', p)))).toEqual([]);
});
