/** The package version, written into JSON reports and printed by `envtrace version`. Keep equal to package.json (a unit test checks). */
export const ENVTRACE_VERSION = '0.1.0';
