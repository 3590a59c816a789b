/**
 * The baseline: a bare Fastify JSON route with no database, no auth, no plugins, in its own
 * process like the real server, so each ratio compares like with like on this machine.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/api/health', async () => ({ status: 'ok', db: 'none' }));
app.get('/bare', async () => ({ status: 'ok', name: 'bare', time: Date.now() }));
await app.listen({ port: Number(process.env.PORT ?? 3999), host: '127.0.0.1' });
const stop = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
