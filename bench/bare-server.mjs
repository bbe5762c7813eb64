// The baseline: a bare Fastify JSON route, no plugins, in its own process.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/json', () => ({ status: 'ok', mode: 'local', version: '0.0.0' }));
const address = await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.stdout.write(`ready ${address}\n`);
