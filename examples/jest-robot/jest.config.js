/**
 * In your own project (after `npm i -D envtrace-js`) the setup line is just:
 *   setupFilesAfterEnv: ['envtrace-js/jest']
 * This example runs inside the envtrace repository against the built package (npm run build).
 * @type {import('jest').Config}
 */
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }] },
  setupFilesAfterEnv: ['<rootDir>/../../dist/jest.cjs'],
  // In your own project: reporters: ['default', ['envtrace-js/reporters/jest', { html: 'envtrace-report.html' }]]
  reporters: [
    'default',
    ['<rootDir>/../../dist/reporters/jest.cjs', { html: 'envtrace-report.html' }],
  ],
  testMatch: ['<rootDir>/src/**/*.test.ts'],
  // This example runs inside the envtrace repository against the built package; in your own
  // project `envtrace-js` resolves from node_modules and needs no mapping.
  moduleNameMapper: { '^envtrace-js$': '<rootDir>/../../dist/index.cjs' },
};
