import net from 'node:net';

/**
 * Process-wide state of a service's life (issue 20 §2): set draining on SIGTERM, so /health/ready answers 503 at once
 * and the gateway stops sending new requests while those in flight finish. Also the S3 endpoints the process uses
 * (each S3Bucket registers its own), checked by readiness.
 */
export const lifecycle = {
  draining: false,
  /** host:port of each S3 endpoint in use (registered by S3Bucket). */
  s3Endpoints: new Set<string>(),
};

/** True when something accepts a TCP connection on host:port within timeoutMs. */
export function tcpReachable(hostPort: string, timeoutMs = 1000): Promise<boolean> {
  const i = hostPort.lastIndexOf(':');
  const host = hostPort.slice(0, i);
  const port = Number(hostPort.slice(i + 1));
  return new Promise((resolve) => {
    const s = net.connect({ host, port });
    const done = (ok: boolean) => { s.destroy(); resolve(ok); };
    s.setTimeout(timeoutMs, () => done(false));
    s.once('connect', () => done(true));
    s.once('error', () => done(false));
  });
}
