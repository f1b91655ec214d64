/**
 * Four projects: fast pure unit tests; the deployment's files checked offline with their own tools
 * (test/deploy); workflow tests (the order workflow on a real Temporal dev server with typed fake
 * activities); and integration tests on real PostgreSQL, Temporal and HTTP. The last two share one global
 * setup (jest runs a setup module once however many projects name it).
 */
const transform = { '^.+\\.ts$': ['@swc/jest', { jsc: { target: 'es2022' } }] };
module.exports = {
  testTimeout: 120000,
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      transform,
      testMatch: ['<rootDir>/test/unit/**/*.test.ts'],
    },
    {
      displayName: 'workflow',
      testEnvironment: 'node',
      transform,
      testMatch: ['<rootDir>/test/workflow/**/*.test.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
    {
      // The deployment checked offline: the Helm chart rendered and validated against the Kubernetes
      // schemas, the Prometheus rules checked and unit-tested, the compose file loaded by Compose's loader.
      displayName: 'deploy',
      testEnvironment: 'node',
      transform,
      testMatch: ['<rootDir>/test/deploy/**/*.test.ts'],
      globalSetup: '<rootDir>/test/support/deploy-setup.ts',
    },
    {
      displayName: 'integration',
      testEnvironment: 'node',
      transform,
      testMatch: ['<rootDir>/test/integration/**/*.test.ts'],
      // Every API response the suite receives is checked against the generated OpenAPI document.
      setupFilesAfterEnv: ['<rootDir>/test/support/contract-setup.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
  ],
};
