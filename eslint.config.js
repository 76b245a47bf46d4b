// ESLint flat config: typescript-eslint's type-aware rules that catch real bugs (floating
// promises, unnecessary conditions, unsafe `any`), on the sources, tests and benches.
// Formatting is Prettier's job (`npm run format`), so no stylistic rules live here.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      '.tmp/**',
      'coverage/**',
      'node_modules/**',
      'test/fixtures/**',
      'test/e2e/fixtures/**',
      'test/types/*/**',
      'test/bad-inputs/**/*.js',
      'examples/**/__traces__/**',
    ],
  },
  js.configs.recommended,
  {
    rules: {
      // The escapers and the terminal/JSON tests match control characters on purpose.
      'no-control-regex': 'off',
    },
  },
  // Type-aware rules on everything the root tsconfig type-checks.
  {
    files: ['**/*.ts', '**/*.mts', '**/*.cts'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // Off: under noUncheckedIndexedAccess it calls `xs[i] as number` unnecessary where tsc
      // (the judge of types here) needs it, and its autofix broke the typecheck.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unnecessary-condition': [
        'error',
        { allowConstantLoopConditions: true },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  // Outside the root program: the hand-written declarations, the build and runner configs, the
  // type tests' host projects and the examples (they resolve `envtrace-js` to a built dist/, as a
  // user's project would). They keep the syntactic rules only.
  {
    files: [
      '**/*.d.ts',
      '**/*.d.cts',
      '*.config.ts',
      'scripts/**/*.ts',
      'test/types/**/*.ts',
      'examples/**/*.ts',
    ],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { parserOptions: { projectService: false, project: null } },
    rules: {
      // Declaration merging: `interface Matchers<R> extends EnvTraceMatchers<R> {}` is how a
      // package augments a runner's matcher interfaces.
      '@typescript-eslint/no-empty-object-type': [
        'error',
        { allowInterfaces: 'with-single-extends' },
      ],
    },
  },
  {
    // An augmentation must repeat the runner's own type parameters and defaults (`T = {}`,
    // `T = any`), used or not, or the merge fails.
    files: ['**/*.d.ts', '**/*.d.cts'],
    rules: {
      '@typescript-eslint/no-unused-vars': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-empty-object-type': [
        'error',
        { allowInterfaces: 'with-single-extends', allowObjectTypes: 'always' },
      ],
    },
  },
  {
    // The JSON scanner compares char codes against a numeric `const enum` of code points.
    files: ['src/py/json.ts'],
    rules: { '@typescript-eslint/no-unsafe-enum-comparison': 'off' },
  },
  {
    // Tests write float literals beyond double precision on purpose, to pin how they parse.
    files: ['**/*.test.ts'],
    rules: { 'no-loss-of-precision': 'off' },
  },
  {
    // Tests read reports back with JSON.parse and hand methods to `expect(...)`: the unsafe-any
    // and unbound-method rules guard the sources, where a stray `any` is a bug.
    files: ['**/*.test.ts', 'test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/unbound-method': 'off',
      // Tests throw strings and plain objects on purpose, to check what the code makes of them.
      '@typescript-eslint/only-throw-error': 'off',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/restrict-template-expressions': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    languageOptions: { globals: { ...globals.node } },
    rules: { 'no-unused-vars': ['error', { argsIgnorePattern: '^_', caughtErrors: 'none' }] },
  },
);
