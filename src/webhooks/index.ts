/** Webhooks, the pure part: event catalogue, envelope, signature, schedule, destination rules, secrets. */
export * from './events';
export * from './envelope';
export * from './signature';
export * from './schedule';
export * from './destination';
export * from './delivery';
