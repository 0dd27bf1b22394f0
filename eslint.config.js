import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * Server features use each other one way only, from the top of this list down (docs/architecture.md):
 * a session lives in an exercise, which lives in a log, which belongs to a user. An import back up
 * the list, or across to a feature that is not below, fails lint.
 */
const SERVER_FEATURES = ['system', 'portability', 'sessions', 'exercises', 'logs', 'users'];

const serverFeatureBoundaries = SERVER_FEATURES.map((feature, rank) => ({
  files: [`src/server/features/${feature}/**/*.ts`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          { group: ['**/web/**'], message: 'The server does not import the web app.' },
          ...SERVER_FEATURES.slice(0, rank).map((above) => ({
            group: [`**/features/${above}/**`, `../${above}/**`],
            message: `features/${feature} is below features/${above}: move what both need down (docs/architecture.md).`,
          })),
        ],
      },
    ],
  },
}));

const webPatterns = [
  { group: ['**/server/**', 'node:*'], message: 'Web code imports src/contract, never the server or Node.' },
];
const webFeatures = readdirSync(new URL('./src/web/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'screenshots', 'coverage', 'test-results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // Imports point one way: contract ← server, contract ← web (docs/conventions.md).
  {
    files: ['src/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/server/**', '**/web/**', 'node:*', 'react*'] }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: webPatterns }] },
  },
  // Web features do not import each other (bulletproof-react): what two features share lives in
  // src/web/lib or src/web/components (docs/decisions/0013-web-one-way.md). A later block's
  // no-restricted-imports replaces an earlier one's for the same files, so each repeats webPatterns.
  ...webFeatures.map((feature) => ({
    files: [`src/web/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...webPatterns,
            {
              group: webFeatures
                .filter((other) => other !== feature)
                .flatMap((other) => [
                  `../${other}`,
                  `../${other}/**`,
                  `**/features/${other}`,
                  `**/features/${other}/**`,
                ]),
              message:
                'A web feature does not import another feature: move shared code to src/web/lib or src/web/components.',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['src/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/web/**'] }] },
  },
  // The server's layers: plugins/, db/ and lib/ sit below features/ and never import it; app.ts
  // (and the scripts) put the two together, passing what a plugin needs of a feature.
  {
    files: ['src/server/plugins/**/*.ts', 'src/server/db/**/*.ts', 'src/server/lib/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/web/**'], message: 'The server does not import the web app.' },
            {
              group: ['**/features/**', '**/features'],
              message:
                'plugins/, db/ and lib/ do not import features/: take what you need as a parameter (app.ts passes it).',
            },
          ],
        },
      ],
    },
  },
  ...serverFeatureBoundaries,
);
