/** The one free-port helper: the dev tools' own (src/dev/ports.ts), under the name the tests use. */
export { findFreePort as freePort } from '../../src/dev/ports';
