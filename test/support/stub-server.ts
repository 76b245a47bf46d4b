import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the stub received: its path and its body as text. */
export interface StubRequest {
  readonly url: string;
  readonly body: string;
}

/** A running stub: where it listens and what it received, in order. */
export interface StubServer {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  readonly origin: string;
  readonly requests: readonly StubRequest[];
  close(): Promise<void>;
}

/**
 * A streamed answer: `text/event-stream` events (`event: name`, `data: JSON`), as a streaming API
 * sends them; an event named `null` has no `event:` line (OpenAI Chat Completions), and `done`
 * ends the body with `data: [DONE]` (the same API's terminator).
 */
export class ServerSentEvents {
  constructor(
    readonly events: ReadonlyArray<readonly [event: string | null, data: unknown]>,
    readonly done = false,
  ) {}

  /** The body as sent. */
  get text(): string {
    const body = this.events.map(
      ([event, data]) =>
        `${event === null ? '' : `event: ${event}\n`}data: ${JSON.stringify(data)}\n\n`,
    );
    return body.join('') + (this.done ? 'data: [DONE]\n\n' : '');
  }
}

/**
 * A JSON HTTP server on 127.0.0.1 for the SDK fixtures (no network): `answer` gets each request
 * with its index and returns the JSON body to send (or `ServerSentEvents` to stream), or
 * `undefined` for a 404. The SDKs under test
 * talk to it through their own base-URL option, so the fixtures are what the real client wrote.
 */
export async function startJsonStub(
  answer: (request: StubRequest, index: number) => unknown,
): Promise<StubServer> {
  const requests: StubRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const request = { url: req.url ?? '', body: Buffer.concat(chunks).toString('utf8') };
      requests.push(request);
      const reply = answer(request, requests.length - 1);
      if (reply instanceof ServerSentEvents) {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.end(reply.text);
        return;
      }
      res.setHeader('content-type', 'application/json');
      if (reply === undefined) res.statusCode = 404;
      res.end(JSON.stringify(reply ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Run `use` against a stub started with `answer`, closing it afterwards whatever happens. */
export async function withJsonStub<T>(
  answer: (request: StubRequest, index: number) => unknown,
  use: (stub: StubServer) => Promise<T>,
): Promise<T> {
  const stub = await startJsonStub(answer);
  try {
    return await use(stub);
  } finally {
    await stub.close();
  }
}
