import { dropDatabase } from './database';

export default async function globalTeardown(): Promise<void> {
  const temporal = (globalThis as { __noticesTemporal?: { stop(): Promise<void> } }).__noticesTemporal;
  await temporal?.stop();
  if (process.env.TEST_DATABASE_NAME) await dropDatabase(process.env.TEST_DATABASE_NAME);
}
