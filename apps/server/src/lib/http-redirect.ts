import { createServer, type Server } from 'node:http';

/**
 * Where a plain-HTTP request belongs on the HTTPS port: the same host name the browser used and the same
 * path. Only the host is taken from the request; the path is appended as it came, so that a target like
 * `//elsewhere.example/` stays a path on this server instead of becoming another host. null when the Host
 * header is not a host name.
 */
export function httpsLocation(
  hostHeader: string | undefined,
  path: string | undefined,
  httpsPort: number,
): string | null {
  let hostname: string;
  try {
    // URL parses the name out of "name:port" and "[v6]:port", and keeps IPv6 in its brackets.
    hostname = new URL(`http://${hostHeader ?? 'localhost'}`).hostname;
  } catch {
    return null;
  }
  if (!hostname) return null;
  const port = httpsPort === 443 ? '' : `:${httpsPort}`;
  return `https://${hostname}${port}${path?.startsWith('/') ? path : '/'}`;
}

/**
 * A plain-HTTP listener that answers every request with a 308 to the HTTPS port (HTTP_REDIRECT_PORT), so a
 * tablet that was given http:// lands on https://, where the staff app can work offline. 308 keeps the method
 * and body, should anything POST to it.
 */
export async function listenHttpRedirect(options: { host: string; port: number; httpsPort: number }): Promise<Server> {
  const server = createServer((request, response) => {
    const location = httpsLocation(request.headers.host, request.url, options.httpsPort);
    if (!location) {
      response.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('Bad Host header\n');
      return;
    }
    response.writeHead(308, { location, 'content-type': 'text/plain; charset=utf-8' }).end(`${location}\n`);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}

/** Stops listening and drops kept-alive connections, which would otherwise hold the close open. */
export function closeHttpRedirect(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}
