// The container's liveness check (Dockerfile HEALTHCHECK): GET /healthz on this container's own port; exit 0
// when it answers 200, else 1. Plain node: slim images have no curl or wget. Another path as the argument, e.g.
// `node deploy/healthcheck.mjs /readyz` to wait, in a rolling restart, until an instance may take traffic.
import http from 'node:http';
import https from 'node:https';

const env = process.env;
const path = process.argv[2] || '/healthz';
// The server speaks HTTPS on PORT when either HTTPS setting is given (config.ts). Its certificate names the
// machine, not 127.0.0.1, and may be its own authority's: this only asks whether the process answers.
const secure = Boolean(env.HTTPS || env.HTTPS_CERT_FILE);
const request = (secure ? https : http).get(
  { host: '127.0.0.1', port: Number(env.PORT || 3000), path, timeout: 4000, rejectUnauthorized: false },
  (response) => {
    response.resume();
    process.exit(response.statusCode === 200 ? 0 : 1);
  },
);
request.on('timeout', () => request.destroy(new Error('no answer within 4 s')));
request.on('error', (error) => {
  console.error(`${path}: ${error.message}`);
  process.exit(1);
});
