// A stand-in for a practice's FHIR R4 server, for the browser tests' servers (global-setup.cjs): each
// e2e server delivers its sync outbox to {url}/w{worker}; PUT {type}/{id} answers the status set for
// that worker (200 unless a test set another with POST {url}/__control/w{worker} {"status": 500}).
// It keeps nothing but the last few requests' paths, for a test that wants to see them.
const http = require('node:http');

function startFhirTestServer() {
  const status = new Map();
  const seen = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const control = /^\/__control\/(w\d+)$/.exec(req.url ?? '');
      if (control && req.method === 'POST') {
        const next = Number(JSON.parse(body || '{}').status) || 200;
        status.set(control[1], next);
        res.writeHead(204).end();
        return;
      }
      const worker = /^\/(w\d+)\//.exec(req.url ?? '')?.[1] ?? 'w0';
      const answer = status.get(worker) ?? 200;
      seen.push(`${req.method} ${req.url} → ${answer}`);
      if (seen.length > 200) seen.shift();
      res.writeHead(answer, { 'content-type': 'application/fhir+json' });
      res.end(answer >= 400 ? JSON.stringify({ resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'exception' }] }) : body);
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${server.address().port}` }));
  });
}

module.exports = { startFhirTestServer };
