/** Server renderer for public pages (render: server in specs/routes.yaml), built by `vite build --ssr`. */
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { routeById, type RouteId } from '../generated/routes';
import { App } from './app/App';
import { createAppStore } from './store';
import type { RenderRequest, RenderResult } from './ssr-contract';

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks).toString('utf8');
}

export async function render(request: RenderRequest): Promise<RenderResult> {
  const store = createAppStore();
  const route = routeById[request.routeId as RouteId];
  const { prelude } = await prerenderToNodeStream(
    <App store={store} router={(children) => <StaticRouter location={request.url}>{children}</StaticRouter>} />,
  );
  const html = await streamToString(prelude);
  const head = `<title>${escapeHtml(route.title)}</title>${route.description ? `<meta name="description" content="${escapeHtml(route.description)}">` : ''}`;
  return { status: 200, head, html, state: store.getState() };
}
