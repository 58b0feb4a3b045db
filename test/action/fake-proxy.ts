/**
 * A forward proxy on 127.0.0.1 for tests, as HTTP(S)_PROXY names one: it answers CONNECT by
 * opening a tunnel, whatever host the client asks for, to one local target (the fake GitHub
 * server), and logs each tunnel's requested host:port. A request that is not a CONNECT is refused
 * with 502 and logged too, so that a client bypassing the tunnel shows in the log.
 */
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

export class FakeProxy {
  /** "host:port" of each CONNECT, in order. */
  readonly tunnels: string[] = [];
  /** "METHOD url" of each request sent to the proxy without a tunnel. */
  readonly refused: string[] = [];
  url = '';
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();

  constructor(private readonly targetPort: number) {}

  async start(): Promise<string> {
    const server = createServer((req, res) => {
      this.refused.push(`${req.method} ${req.url}`);
      res.writeHead(502).end();
    });
    server.on('connect', (req, client: Socket, head: Buffer) => {
      this.tunnels.push(req.url ?? '');
      const upstream = connect(this.targetPort, '127.0.0.1', () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        if (head.length > 0) upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      });
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.server = server;
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }
}
