/**
 * Child process of bench/rest.ts: the baseline, a bare node:http server answering every request with
 * the fixed JSON body in BARE_BODY (a Variant B success body captured from the REST server).
 * Prints one JSON line `{ port }` on stdout when ready.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const body = Buffer.from(process.env['BARE_BODY'] ?? '{}', 'utf8');
const server = createServer({ keepAliveTimeout: 65_000 }, (req, res) => {
  // Consume the request body like the REST server does, then answer.
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': body.length });
    res.end(body);
  });
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
