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
  // Type-aware rules on everything the root tsconfig type-checks.
  {
    files: ['**/*.ts', '**/*.mts', '**/*.cts'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
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
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    languageOptions: { globals: { ...globals.node } },
    rules: { 'no-unused-vars': ['error', { argsIgnorePattern: '^_', caughtErrors: 'none' }] },
  },
);
