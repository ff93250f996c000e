// @ts-check
import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import regexpPlugin from 'eslint-plugin-regexp';
import globals from 'globals';

const features = fs.existsSync('src/features')
  ? fs.readdirSync('src/features', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
  : [];

/**
 * One-way imports (STYLE.md): a feature uses another feature only through its public door, the
 * `index.ts` at the feature's root (`import { selectSessionToken } from '../session'`), never its
 * files; and never the store's composition (store/store.ts, which imports every feature): its types
 * come from store/types.ts. scripts/import-cycles.mjs (run by a unit test) checks that no import
 * circle is left.
 */
const deepImportsOf = (others) =>
  others.flatMap((f) => [`../${f}/*`, `../../${f}/*`, `../../features/${f}/*`, `../../../features/${f}/*`, `**/features/${f}/*`]);
const NOT_THE_COMPOSITION = { group: ['**/store/store', '**/store/store.ts'], message: "Features do not import the store's composition: types from src/store/types.ts, hooks from src/store/hooks.ts." };
const featureBoundaries = features.map((feature) => ({
  files: [`src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: [
          { name: 'react-redux', importNames: ['useSelector', 'useDispatch'], message: 'Use useAppSelector/useAppDispatch from src/store/hooks.' },
        ],
        patterns: [
          {
            group: deepImportsOf(features.filter((f) => f !== feature)),
            message: "Another feature is used through its public door: import from its folder (its index.ts), never its files.",
          },
          NOT_THE_COMPOSITION,
          { group: ['**/app/*', '../../app/*'], message: 'Features must not import from src/app (imports flow shared → features → app).' },
          { group: ['**/server/*'], message: 'The client never imports server code; share pure rules through src/domain.' },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ['dist/**', 'dist-server/**', '.bench-dist/**', 'node_modules/**', 'server/db/migrations/**', 'test-output/**', '.data*/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react-redux', importNames: ['useSelector', 'useDispatch'], message: 'Use useAppSelector/useAppDispatch from src/store/hooks.' },
            { name: 'redux-persist/lib/storage', message: "Breaks the Vite build at run time; import 'redux-persist/es/storage'." },
          ],
          patterns: [{ group: ['**/server/*'], message: 'The client never imports server code; share pure rules through src/domain.' }],
        },
      ],
    },
  },
  ...featureBoundaries,
  {
    // src/api is the bottom layer (STYLE rule 6): one createApi, the base query and the socket client
    // factory. It never depends on the store or a feature, so nothing can import in a circle through it.
    files: ['src/api/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react-redux', importNames: ['useSelector', 'useDispatch'], message: 'Use useAppSelector/useAppDispatch from src/store/hooks.' },
            { name: 'redux-persist/lib/storage', message: "Breaks the Vite build at run time; import 'redux-persist/es/storage'." },
          ],
          patterns: [
            { group: ['**/store', '**/store/*', '**/features', '**/features/*'], message: 'src/api is the bottom layer: it imports nothing from src/store or src/features.' },
            { group: ['**/server/*'], message: 'The client never imports server code; share pure rules through src/domain.' },
          ],
        },
      ],
    },
  },
  {
    // Reducers are pure (STYLE rule 3): time and randomness enter through prepare callbacks or deps.
    files: ['src/features/**/*Slice.ts', 'src/domain/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Pass time in through a prepare callback or injected deps.' },
        { object: 'Math', property: 'random', message: 'Pass ids in through a prepare callback or injected deps.' },
      ],
      'no-restricted-syntax': ['error', { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'Pass time in through a prepare callback.' }],
    },
  },
  {
    // A pattern that backtracks super-linearly lets one request hold the event loop for seconds
    // (ReDoS); inputs are length-bounded before any pattern runs, and the patterns themselves stay
    // linear so a bound of a few kilobytes is cheap.
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'scripts/**/*.{js,mjs,ts}'],
    plugins: { regexp: regexpPlugin },
    rules: {
      ...regexpPlugin.configs['flat/recommended'].rules,
      'regexp/no-super-linear-backtracking': ['error', { report: 'potential' }],
      'regexp/no-super-linear-move': ['error', { report: 'potential', ignorePartial: false }],
    },
  },
  {
    // An async handler that sends and then resolves makes Fastify send a second time ('Reply was
    // already sent', logged as a 500) whenever an async onSend hook is still running: return it.
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ExpressionStatement > CallExpression[callee.property.name='send']:matches([callee.object.name='reply'], [callee.object.callee.object.name='reply'], [callee.object.callee.object.callee.object.name='reply'])",
          message: 'Return the reply (`return reply.send(…)`): a handler that sends and then resolves makes Fastify send again.',
        },
      ],
    },
  },
  {
    // Screens show money, they never compute it (DESIGN "Money"): a line total or a dollars/cents
    // conversion in a component drifts from the server's rule in cents. Use src/domain (money.ts,
    // orderLines.ts, cartLines.ts) and format the cents it returns.
    // A form posts, so pressing Enter before any script has run never puts its fields (a password)
    // in the address, the history or an access log: the server answers that post with the page and
    // what was typed (server/ssr/postedForm.ts); once the app is there, its onSubmit takes over.
    files: ['src/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "BinaryExpression[operator='*']:has(Identifier[name=/price|quantity|qty|amount|cents|total|cost/i])",
          message: 'Screens never multiply prices: compute money in integer cents with a rule in src/domain (e.g. orderLineTotalCents) and format it.',
        },
        {
          selector: "BinaryExpression[operator=/^[*\\/]$/][right.value=100]:has(Identifier[name=/price|quantity|qty|amount|cents|total|cost|unit/i])",
          message: 'Screens never convert dollars and cents: use toCents/toDollars/formatCents from src/domain/money.ts.',
        },
        ...["[name.name='form']", ":has(JSXAttribute[name.name='component'][value.value='form'])"].map((form) => ({
          selector: `JSXOpeningElement${form}:not(:has(JSXAttribute[name.name='method'][value.value='post']))`,
          message: 'Give every form method="post": before the app has started, a GET form sends its fields in the URL.',
        })),
      ],
    },
  },
  {
    files: ['src/store/hooks.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // src/domain is the only client code the server shares (rules, wire types). The server render
    // may name the render entry's types, which erase at build time.
    files: ['server/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/src/**', '!**/src/domain', '!**/src/domain/**', '!**/src/entry-server'],
              message: 'The server imports client code only from src/domain (shared rules and wire types): move what both sides need there.',
            },
            { group: ['**/src/entry-server'], allowTypeImports: true, message: 'Only the types of the render entry: the server runs its build output.' },
          ],
        },
      ],
    },
  },
  {
    // Routes validate and call a service or a repository: SQL lives in server/repositories, and an
    // order's status moves only through the order workflow (server/services/orderWorkflow.ts).
    files: ['server/routes/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'drizzle-orm', message: 'SQL lives in server/repositories: add a repository method and call it.' }],
          patterns: [
            {
              group: ['**/src/**', '!**/src/domain', '!**/src/domain/**'],
              message: 'The server imports client code only from src/domain (shared rules and wire types): move what both sides need there.',
            },
            { group: ['**/db/schema', '**/db/client'], message: 'SQL lives in server/repositories: add a repository method and call it.' },
          ],
        },
      ],
    },
  },
  {
    files: ['server/routes/**/*.ts', 'server/payments/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(setStatus|markPaid|cancelUnpaid)$/]:not([callee.object.property.name=/^(workflow|orderWorkflow)$/])',
          message: 'An order moves only through app.orderWorkflow (server/services/orderWorkflow.ts), which refunds, e-mails, audits and announces with the move.',
        },
      ],
    },
  },
  {
    files: ['tests/**/*.{ts,tsx}', 'scripts/**/*.{js,mjs,ts}', 'server/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
