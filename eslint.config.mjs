import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import jest from 'eslint-plugin-jest';
import regexp from 'eslint-plugin-regexp';

/** The layers above storage: the adapters, the workflows and their activities. */
const ABOVE_STORAGE = [
  '**/api/*',
  '**/settings/*',
  '**/service/*',
  '**/temporal/*',
  '**/workflows/*',
  '**/activities/*',
  '**/cli/*',
];

export default tseslint.config(
  {
    ignores: ['dist/**', 'sdk/dist/**', 'node_modules/**', '.data/**', '.tools/**', 'coverage/**', 'bin/**'],
  },
  js.configs.recommended,
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { module: 'writable', require: 'readonly', __dirname: 'readonly', process: 'readonly' },
    },
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      complexity: ['error', 15],
      'max-depth': ['error', 4],
    },
  },
  {
    // No regular expression may take super-linear time on request data (ReDoS): every pattern in the
    // service is checked for backtracking and for quadratic scans from every start position.
    files: ['src/**/*.ts'],
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
    },
  },
  {
    // Workflow code runs in Temporal's deterministic sandbox: no Node builtins, no I/O libraries,
    // and activities may be imported for their types only.
    files: ['src/workflows/**/*.ts'],
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { prefer: 'type-imports' }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'Workflow code must be deterministic: no Node builtins.' },
            {
              group: ['**/activities', '**/activities/*'],
              allowTypeImports: true,
              message: 'Workflows import only types from activities (to proxy them).',
            },
            {
              group: ['**/db', '**/db/*', '**/api', '**/api/*'],
              message: 'Workflows know nothing of storage or HTTP: the types they need live in src/orders.',
            },
          ],
          paths: [
            'fs',
            'path',
            'crypto',
            'http',
            'https',
            'net',
            'child_process',
            'os',
            'pg',
            'kysely',
            'stripe',
            'koa',
            'pino',
          ].map((name) => ({ name, message: 'Workflow code must be deterministic: no I/O modules.' })),
        },
      ],
    },
  },
  {
    // The layering of issue 14: adapters ask the workflows through src/temporal, never through activities;
    // the client module knows nothing of HTTP.
    files: ['src/api/**/*.ts', 'src/cli/**/*.ts', 'src/settings/**/*.ts', 'src/temporal/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/activities', '**/activities/*'],
              message: 'Start or message workflows through src/temporal, not src/activities.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/temporal/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/activities', '**/activities/*'],
              message: 'The client module does not use activities.',
            },
            { group: ['**/api', '**/api/*'], message: 'The client module knows nothing of HTTP.' },
          ],
        },
      ],
    },
  },
  {
    // The console uses the API's pieces and src/service composes both: the API never reaches up to either.
    files: ['src/api/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/activities', '**/activities/*'],
              message: 'Start or message workflows through src/temporal.',
            },
            {
              group: ['**/settings/*', '**/service/*'],
              message: 'The API does not import the console or the composed service.',
            },
          ],
        },
      ],
    },
  },
  {
    // Storage knows nothing of the layers that use it (the pure key format of src/auth is below it).
    files: ['src/db/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ABOVE_STORAGE,
              message: 'src/db sits below the adapters and the workflows.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/auth/**/*.ts', 'src/web/**/*.ts', 'src/money.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/db/*', '**/db', ...ABOVE_STORAGE],
              message: 'The key format, HTML and money are pure: no storage, no adapters.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['test/**/*.ts'],
    ...jest.configs['flat/recommended'],
    rules: {
      ...jest.configs['flat/recommended'].rules,
      'jest/no-focused-tests': 'error',
      'jest/expect-expect': ['error', { assertFunctionNames: ['expect', 'expect*', 'request.**.expect'] }],
    },
  },
);
