/**
 * The bound on the fuzz tests' timings. They do not measure speed (bench/ does, against a ceiling
 * measured in the same run): they catch a decoder that believes a lying length or count and loops
 * over what it claims (billions of steps, hours for these inputs), or goes quadratic on a large
 * input, on a test machine that may be running other suites beside them (seconds).
 */
export const RUNAWAY_MS = 20_000;
