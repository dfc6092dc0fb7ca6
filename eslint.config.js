import eslint from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import { URL } from 'node:url';
import tseslint from 'typescript-eslint';

// Every folder under services/ is a service (the package boundaries below keep them apart), so a new one is
// covered without editing this file.
const services = readdirSync(new URL('./services/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const frontEnds = ['shell', 'mf-finder', 'mf-advertiser', 'mf-admin'];

/** Names of money values (amount, costE4, totalSpentCents...), for the float-money rule below. */
const money = '/(cost|price|spend|spent|budget|amount|revenue|fee|charge|payout|balance|dollars|cents|e4)$/i';
const moneyMessage = 'money is integers converted by @laundry/contracts/money, never through a float';
const moneyFloatSyntax = [
  ...['left', 'right'].flatMap((side) =>
    ['*', '/'].flatMap((operator) =>
      ['name', 'property.name'].map((key) => ({
        selector: `BinaryExpression[operator='${operator}'][${side}.${key}=${money}]:matches([left.value=100], [left.value=10000], [right.value=100], [right.value=10000])`,
        message: `${moneyMessage}: use its conversions instead of ${operator} 100 or 10,000`,
      })),
    ),
  ),
  ...['name', 'property.name'].flatMap((key) => [
    {
      selector: `CallExpression[callee.property.name='toFixed'][callee.object.${key}=${money}]`,
      message: `${moneyMessage}: write it with formatE4 or formatCents`,
    },
    {
      selector: `CallExpression[callee.name='parseFloat'][arguments.0.${key}=${money}]`,
      message: `${moneyMessage}: read it with decimalToE4 or decimalToCents`,
    },
  ]),
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', 'coverage/**'] },
  eslint.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  // The rules of hooks wherever React components live, both errors: an effect's missing dependency is a
  // stale value, so it is fixed (or the effect restructured) rather than left as a warning nobody reads.
  // The plugin's React Compiler checks (render purity, refs, set-state in effects) are not on yet: they
  // doubled the time of a full lint and find 26 places that want changes in the front ends, each to be
  // checked in a browser.
  {
    files: [...frontEnds.map((dir) => `${dir}/src/**/*.{ts,tsx}`), 'packages/ui/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // Package boundaries and import cycles, by resolved path. The import statements name '.ts' files and
  // workspace packages, so Node's resolution (through the workspace links) is all it takes.
  {
    files: ['**/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // A service reaches another only through events and the contracts' clients, never its code.
            ...services.map((service) => ({
              target: `./services/${service}`,
              from: services.filter((other) => other !== service).map((other) => `./services/${other}/src`),
              message: 'a service never imports another service: use an event or a contracts client',
            })),
            {
              target: frontEnds.map((dir) => `./${dir}`),
              from: ['./services', './gateway', './packages/platform'],
              message:
                'the front end talks to the server over HTTP only (types come from packages/contracts)',
            },
            {
              target: './packages',
              from: ['./services', './gateway', ...frontEnds.map((dir) => `./${dir}`)],
              message: 'the shared packages never depend on what is built on them',
            },
          ],
        },
      ],
    },
  },
  // Money is integers (E4, cents) converted only by the contracts' money module, from and to decimal text:
  // a money-named value is never scaled by 100 or 10,000, rounded with toFixed or read with parseFloat.
  {
    files: [
      ...services.map((dir) => `services/${dir}/src/**/*.ts`),
      ...frontEnds.map((dir) => `${dir}/src/**/*.{ts,tsx}`),
    ],
    rules: {
      'no-restricted-syntax': ['error', ...moneyFloatSyntax],
    },
  },
  // Cycles where they break things: in code that runs in the browser, a cycle across federated chunks is a
  // load-order bug (a binding read before its module ran). Checking a file means parsing everything it
  // imports a second time, so the check stays on this code (about half the source) to keep lint fast.
  {
    files: [
      ...frontEnds.map((dir) => `${dir}/src/**/*.{ts,tsx}`),
      'packages/ui/src/**/*.{ts,tsx}',
      'packages/contracts/src/**/*.ts',
    ],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
);
