/**
 * Raw HTTP/1.1 over a socket, for what fetch cannot do: announce a body and never finish sending it,
 * to show the server answers 413 without reading the rest.
 */
import { connect } from 'node:net';
import { budgetMs } from '../../support/time-budget.ts';

export interface RawResponse {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

/**
 * Writes `head` (request line + headers, without the blank line), then `chunks`, and resolves with
 * the first complete response, leaving the request unfinished.
 */
export function rawRequest(
  port: number,
  head: string,
  chunks: readonly (string | Buffer)[],
  timeoutMs = budgetMs(5000),
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('no response before the timeout: the server waited for the body'));
    }, timeoutMs);
    const finish = (response: RawResponse) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(response);
    };
    socket.on('error', (error) => {
      // A reset after the response arrived is the server closing the connection: fine.
      const parsed = parse(received);
      if (parsed) finish(parsed);
      else {
        clearTimeout(timer);
        reject(error);
      }
    });
    socket.on('data', (data: Buffer) => {
      received = Buffer.concat([received, data]);
      const parsed = parse(received);
      if (parsed) finish(parsed);
    });
    socket.on('connect', () => {
      socket.write(`${head}\r\n\r\n`);
      for (const chunk of chunks) socket.write(chunk);
    });
  });
}

function parse(data: Buffer): RawResponse | null {
  const text = data.toString('utf8');
  const end = text.indexOf('\r\n\r\n');
  if (end === -1) return null;
  const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = Number(headers['content-length'] ?? NaN);
  const body = Buffer.from(text.slice(end + 4), 'utf8');
  if (!(body.length >= length)) return null;
  return { status: Number(statusLine.split(' ')[1]), headers, body: body.subarray(0, length).toString('utf8') };
}
