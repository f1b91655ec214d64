import Koa from 'koa';

/**
 * The HTTP stack's ceiling: a bare Koa app on the same machine answering a static JSON body of the size a
 * quote answers. Run as its own process, like the API.
 */
const size = Number(process.env.BODY_BYTES ?? 400);
// `{"padding":""}` is 14 bytes: pad it to exactly `size`.
const body = JSON.stringify({ padding: 'x'.repeat(Math.max(0, size - 14)) });
const app = new Koa();
app.use((ctx) => {
  ctx.type = 'application/json';
  ctx.body = body;
});
const server = app.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
process.on('disconnect', () => process.exit(0));
